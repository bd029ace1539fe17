import Testing
import VitrineCore
import VitrineUI

/// A window on a manual clock with no output: frames run every 1/60 s while anything asks.
struct TestScreen {
    let loop = ManualEventLoop()
    let window: Window
    var time = 0.0

    init(width: Double = 400, height: Double = 600) {
        self.window = Window(
            pixelSize: PixelSize(width: Int(width), height: Int(height)), frameClock: FrameClock(loop: self.loop, refreshInterval: .seconds(1.0 / 60)))
    }

    /// A straight drag sampled every 8 ms, then (optionally) held still, then lifted.
    mutating func drag(from: Point, to: Point, ms: Double, holdMs: Double = 0, lift: Bool = true) {
        let steps = max(1, Int(ms / 8))
        self.send(.began, from)
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            self.send(.moved, Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))
        }
        // A still finger sends nothing: only time passes.
        if holdMs > 0 { self.run(holdMs / 1000) }
        if lift { self.send(.ended, to) }
    }

    mutating func tap(_ point: Point) {
        self.send(.began, point)
        self.send(.ended, point)
    }

    mutating func send(_ phase: TouchContact.Phase, _ point: Point) {
        self.time += 0.008
        self.loop.advance(to: MonotonicTime(seconds: self.time))
        self.window.handle(TouchFrame(timestamp: UInt64(self.time * 1e6), contacts: [TouchContact(id: 0, phase: phase, x: point.x, y: point.y)]))
    }

    mutating func run(_ seconds: Double) {
        self.time += seconds
        self.loop.advance(to: MonotonicTime(seconds: self.time))
    }
}

@Suite("View toolkit")
struct ToolkitTests {
    @Test("hit testing finds the deepest visible, interactive view")
    func hitTesting() {
        let screen = TestScreen()
        let outer = View(frame: Rect(x: 50, y: 50, width: 200, height: 200))
        let inner = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        screen.window.root.addSubview(outer)
        outer.addSubview(inner)
        #expect(screen.window.view(at: Point(x: 70, y: 70)) === inner)
        #expect(screen.window.view(at: Point(x: 150, y: 150)) === outer)
        inner.isHidden = true
        #expect(screen.window.view(at: Point(x: 70, y: 70)) === outer)
        outer.isUserInteractionEnabled = false
        #expect(screen.window.view(at: Point(x: 70, y: 70)) === screen.window.root)
    }

    @Test("a button acts on a tap, highlights while pressed, and lets go when a drag takes over")
    func buttonTapAndCancel() {
        var screen = TestScreen()
        var taps = 0
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        scroll.contentHeight = 2000
        let button = Button(title: "Go", frame: Rect(x: 100, y: 100, width: 200, height: 60)) { taps += 1 }
        scroll.contentView.addSubview(button)
        screen.window.root.addSubview(scroll)
        screen.run(0.05)
        screen.send(.began, Point(x: 200, y: 130))
        #expect(button.isHighlighted)
        screen.send(.ended, Point(x: 200, y: 130))
        #expect(!button.isHighlighted && taps == 1)
        // A vertical drag that starts on the button scrolls instead, and the button lets go.
        screen.drag(from: Point(x: 200, y: 130), to: Point(x: 200, y: 30), ms: 200, holdMs: 80)
        #expect(!button.isHighlighted && taps == 1)
        screen.run(1)
        #expect(scroll.contentOffset > 70)
    }

    @Test("a flick coasts with deceleration and comes to rest; past the end it rubber-bands back")
    func scrollPhysics() {
        var screen = TestScreen()
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        scroll.contentHeight = 5000
        screen.window.root.addSubview(scroll)
        screen.run(0.05)
        screen.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 300), ms: 100)
        let atRelease = scroll.contentOffset
        screen.run(0.3)
        let coasting = scroll.contentOffset
        #expect(coasting > atRelease + 100)
        screen.run(5)
        let rest = scroll.contentOffset
        screen.run(1)
        #expect(scroll.contentOffset == rest)
        // Pull down past the top: resisted, then springs back to 0.
        scroll.scroll(to: 0, animated: false)
        screen.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 400), ms: 300, holdMs: 80, lift: false)
        #expect(scroll.contentOffset < 0 && scroll.contentOffset > -300 * 0.55)
        screen.send(.ended, Point(x: 200, y: 400))
        screen.run(2)
        #expect(scroll.contentOffset == 0)
    }

    @Test("an offset past the end comes back when the view grows, at rest or bouncing (the soak's lost title)")
    func offsetFollowsShrinkingEnd() {
        var screen = TestScreen()
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        scroll.alwaysBounces = false
        scroll.contentHeight = 500
        screen.window.root.addSubview(scroll)
        screen.run(0.05)
        // Scrolled to the end (200), then the view gets the content's height: nothing to scroll.
        screen.drag(from: Point(x: 200, y: 280), to: Point(x: 200, y: 20), ms: 200, holdMs: 80)
        screen.run(2)
        #expect(scroll.contentOffset == 200)
        scroll.frame.size.height = 500
        screen.run(0.05)
        #expect(scroll.maximumOffset == 0 && !scroll.pan.isEnabled)
        #expect(scroll.contentOffset == 0)
        #expect(scroll.contentView.frame.origin.y == 0)
        // Pulled past the end and let go: the bounce heads for 200 when the view grows under it.
        scroll.frame.size.height = 300
        screen.run(0.05)
        scroll.scroll(to: 200, animated: false)
        screen.drag(from: Point(x: 200, y: 280), to: Point(x: 200, y: 80), ms: 200, holdMs: 80)
        screen.run(0.05)
        #expect(scroll.contentOffset > 200)
        scroll.frame.size.height = 450
        screen.run(3)
        #expect(scroll.contentOffset == 50)
    }

    @Test("a touch catches a coasting scroll where it is drawn")
    func catchCoast() {
        var screen = TestScreen()
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        scroll.contentHeight = 5000
        screen.window.root.addSubview(scroll)
        screen.run(0.05)
        screen.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 300), ms: 100)
        screen.run(0.2)
        screen.send(.began, Point(x: 200, y: 300))
        let caught = scroll.contentOffset
        screen.run(0.5)
        #expect(scroll.contentOffset == caught)
        screen.send(.ended, Point(x: 200, y: 300))
    }

    @Test("views pinned to their superview follow its size")
    func pinning() {
        var screen = TestScreen()
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View()
        parent.addSubview(child)
        child.pinToEdges(insets: EdgeInsets(all: 10))
        screen.window.root.addSubview(parent)
        screen.run(0.05)
        #expect(child.frame == Rect(x: 10, y: 10, width: 80, height: 80))
        parent.frame = Rect(x: 0, y: 0, width: 300, height: 50)
        screen.run(0.05)
        #expect(child.frame == Rect(x: 10, y: 10, width: 280, height: 30))
    }
}
