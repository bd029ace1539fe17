import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineGraphics

/// The compositor moves a scroll's composited pixels instead of painting them again
/// (`Layer.copiesMovedContent`, `Compositor+Scroll`): every frame must still equal a full render.
@Suite("Scroll copy")
struct ScrollCopyTests {
    static let size = PixelSize(width: 240, height: 200)

    /// A page colour, a clipping scroll layer (with a translucent bar over its top, outside it),
    /// and content of rows: a rounded group clipping them, each row a photo-like drawing, a
    /// label-like bar and a translucent badge.
    struct Scene {
        let root: Layer
        let scroll: Layer
        let content: Layer
        let group: Layer
        var rows: [Layer]
        let bar: Layer
    }

    static func scene() -> Scene {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 240, height: 200), name: "root")
        let page = Layer(frame: root.frame, name: "page")
        page.backgroundColor = Color(hex: "#F2F2F7")!
        root.addSublayer(page)
        let scroll = Layer(frame: Rect(x: 10, y: 30, width: 220, height: 160), name: "scroll")
        scroll.clipsToBounds = true
        scroll.copiesMovedContent = true
        root.addSublayer(scroll)
        let content = Layer(frame: Rect(x: 0, y: 0, width: 220, height: 600), name: "content")
        scroll.addSublayer(content)
        let group = Layer(frame: Rect(x: 8, y: 12, width: 204, height: 560), name: "group")
        group.backgroundColor = .white
        group.cornerRadii = CornerRadii(all: 12)
        group.clipsToBounds = true
        content.addSublayer(group)
        let image = CanvasTests.photo()
        var rows: [Layer] = []
        for index in 0..<14 {
            let row = Layer(frame: Rect(x: 0, y: Double(index) * 40, width: 204, height: 40), name: "row \(index)")
            let thumbnail = Layer(frame: Rect(x: 8, y: 4, width: 32, height: 32), name: "thumbnail")
            thumbnail.cornerRadii = CornerRadii(all: 6)
            thumbnail.clipsToBounds = true
            thumbnail.draw = { canvas in canvas.draw(image, in: Rect(x: 0, y: 0, width: 32, height: 32), mode: .fill) }
            row.addSublayer(thumbnail)
            let title = Layer(frame: Rect(x: 48, y: 12, width: 60 + Double(index % 5) * 20, height: 14), name: "title")
            title.backgroundColor = Color(red: UInt8(40 + index * 10), green: 60, blue: 90)
            row.addSublayer(title)
            let badge = Layer(frame: Rect(x: 170, y: 10, width: 20, height: 20), name: "badge")
            badge.backgroundColor = Color(red: 229, green: 57, blue: 53, alpha: 150)
            badge.cornerRadii = CornerRadii(all: 10)
            row.addSublayer(badge)
            group.addSublayer(row)
            rows.append(row)
        }
        let bar = Layer(frame: Rect(x: 0, y: 0, width: 240, height: 40), name: "bar")
        bar.backgroundColor = Color(red: 250, green: 250, blue: 250, alpha: 200)
        root.addSublayer(bar)
        return Scene(root: root, scroll: scroll, content: content, group: group, rows: rows, bar: bar)
    }

    static func fullRender(_ root: Layer) -> PixelBuffer {
        let fresh = Compositor(root: root, size: size)
        fresh.render()
        return fresh.frame.copy()
    }

    /// Whether the compositor's frame equals a full render of `root`, recorded as an issue naming
    /// the step when it does not.
    static func matchesFullRender(_ compositor: Compositor, _ root: Layer, step: Int) -> Bool {
        let difference = GoldenImage.worstChannelDifference(compositor.frame, Self.fullRender(root))
        #expect(difference == 0, "step \(step)")
        return difference == 0
    }

    @Test("a scroll by whole pixels moves the pixels, paints only the strip that came into view, and equals a full render")
    func scrollMovesPixels() {
        let scene = Self.scene()
        let compositor = Compositor(root: scene.root, size: Self.size)
        compositor.render()
        scene.content.frame.origin.y -= 12
        let damage = compositor.render()
        #expect(damage == Region(PixelRect(x: 10, y: 30, width: 220, height: 160)))
        // The clip less the 12 rows that came in, less the bar over its top 10 rows.
        #expect(compositor.lastMovedArea == 220 * 148)
        #expect(compositor.lastPaintedArea < 220 * 160)
        #expect(GoldenImage.worstChannelDifference(compositor.frame, Self.fullRender(scene.root)) == 0)
    }

    @Test("scrolls, fractional offsets, rows changed, reordered, added and removed, the bar moved: every frame equals a full render", arguments: 0..<6)
    func randomScrolls(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        var scene = Self.scene()
        let compositor = Compositor(root: scene.root, size: Self.size)
        compositor.render()
        var moved = 0
        for step in 0..<40 {
            switch random.next() % 10 {
            case 0...4: scene.content.frame.origin.y = max(-440, min(0, scene.content.frame.origin.y + Double(Int(random.next() % 61) - 30)))
            case 5: scene.content.frame.origin.y += 0.5
            case 6:
                let row = scene.rows[Int(random.next() % UInt64(scene.rows.count))]
                row.sublayers[1].backgroundColor = Color(red: UInt8(truncatingIfNeeded: random.next()), green: 120, blue: 40)
            case 7:
                // A row taken out and put back at the end (a list's reuse), somewhere else.
                let index = Int(random.next() % UInt64(scene.rows.count))
                let row = scene.rows.remove(at: index)
                row.removeFromSuperlayer()
                row.frame.origin.y = Double(random.next() % 520)
                scene.group.addSublayer(row)
                scene.rows.append(row)
            case 8: scene.bar.frame.origin.y = Double(Int(random.next() % 40) - 20)
            default: scene.rows[Int(random.next() % UInt64(scene.rows.count))].isHidden.toggle()
            }
            compositor.render()
            moved += compositor.lastMovedArea
            if !Self.matchesFullRender(compositor, scene.root, step: step) { return }
        }
        #expect(moved > 0)
    }

    @Test("nothing is moved over a background that is not one colour, under a rounded clip, or with the setting off")
    func notMoved() {
        for variant in 0..<3 {
            let scene = Self.scene()
            switch variant {
            case 0:
                let stripe = Layer(frame: Rect(x: 0, y: 100, width: 240, height: 3), name: "stripe")
                stripe.backgroundColor = .black
                scene.root.insertSublayer(stripe, at: 1)
            case 1: scene.scroll.cornerRadii = CornerRadii(all: 10)
            default: scene.scroll.copiesMovedContent = false
            }
            let compositor = Compositor(root: scene.root, size: Self.size)
            compositor.render()
            scene.content.frame.origin.y -= 12
            compositor.render()
            #expect(compositor.lastMovedArea == 0, "variant \(variant)")
            #expect(GoldenImage.worstChannelDifference(compositor.frame, Self.fullRender(scene.root)) == 0)
        }
    }

    /// A navigation-like clip (moving its pixels) holding two opaque pages side by side, each with
    /// a scroll view of rows (moving its own pixels) and a title.
    static func pages() -> (root: Layer, pages: [Layer], scrolls: [Layer]) {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 240, height: 200), name: "root")
        let stack = Layer(frame: root.frame, name: "stack")
        stack.clipsToBounds = true
        stack.copiesMovedContent = true
        root.addSublayer(stack)
        var pages: [Layer] = []
        var scrolls: [Layer] = []
        for index in 0..<2 {
            let page = Layer(frame: Rect(x: Double(index) * 240, y: 0, width: 240, height: 200), name: "page \(index)")
            page.backgroundColor = index == 0 ? Color(hex: "#F2F2F7")! : Color(hex: "#FFF8E1")!
            let title = Layer(frame: Rect(x: 12, y: 8, width: 120, height: 16), name: "title")
            title.backgroundColor = Color(red: 30, green: 30, blue: UInt8(60 + index * 90))
            page.addSublayer(title)
            let scroll = Layer(frame: Rect(x: 0, y: 30, width: 240, height: 170), name: "scroll")
            scroll.clipsToBounds = true
            scroll.copiesMovedContent = true
            let content = Layer(frame: Rect(x: 0, y: 0, width: 240, height: 500), name: "content")
            for row in 0..<12 {
                let band = Layer(frame: Rect(x: 8, y: Double(row) * 40 + 4, width: 224, height: 32), name: "row")
                band.backgroundColor = Color(red: UInt8(200 - row * 10), green: UInt8(100 + index * 60), blue: 120)
                band.cornerRadii = CornerRadii(all: 8)
                content.addSublayer(band)
            }
            scroll.addSublayer(content)
            page.addSublayer(scroll)
            stack.addSublayer(page)
            pages.append(page)
            scrolls.append(scroll)
        }
        return (root, pages, scrolls)
    }

    @Test("two pages sliding together, each scrolling its rows inside: the pages' pixels are moved, every frame equals a full render", arguments: 0..<4)
    func slidingPages(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let scene = Self.pages()
        let compositor = Compositor(root: scene.root, size: Self.size)
        compositor.render()
        var moved = 0
        for step in 0..<30 {
            switch random.next() % 6 {
            case 0...2:
                let dx = -Double(random.next() % 40)
                for page in scene.pages { page.frame.origin.x += dx }
            case 3:
                // A scroll inside a page, in the same frame as a slide or alone.
                let content = scene.scrolls[Int(random.next() % 2)].sublayers[0]
                content.frame.origin.y = max(-330, min(0, content.frame.origin.y + Double(Int(random.next() % 41) - 20)))
                if random.next() % 2 == 0 { for page in scene.pages { page.frame.origin.x -= 7 } }
            case 4: scene.pages[1].frame.origin.x += 3
            default: scene.pages[0].sublayers[0].frame.size.width = 60 + Double(random.next() % 100)
            }
            compositor.render()
            moved += compositor.lastMovedArea
            if !Self.matchesFullRender(compositor, scene.root, step: step) { return }
        }
        #expect(moved > 0)
    }

    @Test(
        "scrolled up and down, painted in bands of 16 rows: each band final when handed over, every frame equal to a full render", arguments: 0..<4)
    func scrollInBands(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let scene = Self.scene()
        let compositor = Compositor(root: scene.root, size: Self.size)
        let recorder = CompositorBandTests.BandRecorder()
        compositor.bandSink = recorder
        compositor.bandBytes = 16 * 4 * Self.size.width
        compositor.render()
        var moved = 0
        for step in 0..<30 {
            recorder.bands = []
            scene.content.frame.origin.y = max(-440, min(0, scene.content.frame.origin.y + Double(Int(random.next() % 81) - 40)))
            if random.next() % 4 == 0 { scene.rows[Int(random.next() % UInt64(scene.rows.count))].sublayers[1].frame.size.width += 5 }
            let damage = compositor.render()
            moved += compositor.lastMovedArea
            // Every damaged row handed over once, though only the strip and what changed were painted.
            let rows = damage.isEmpty ? [] : Array(damage.bounds.minY..<damage.bounds.maxY)
            #expect(recorder.bands.flatMap { Array($0) } == rows, "step \(step)")
            for snapshot in recorder.snapshots {
                #expect(
                    snapshot.pixels == CompositorBandTests.BandRecorder.pixels(of: compositor.frame, rows: snapshot.rows),
                    "step \(step): rows \(snapshot.rows) changed after they were handed over")
            }
            if !Self.matchesFullRender(compositor, scene.root, step: step) { return }
        }
        #expect(moved > 0)
    }
}
