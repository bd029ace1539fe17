import VitrineCore
import VitrineUI

/// What one finger does, in words: lands, drags in a straight line sampled every 8 ms (a
/// touchscreen at 125 Hz), holds still (a touchscreen sends nothing then), lifts or is
/// cancelled. Times are milliseconds from when the script is played.
final class Finger {
    struct Event {
        var t: Double
        var id: Int
        var phase: TouchContact.Phase
        var point: Point
    }

    static let step = 8.0
    let id: Int
    private(set) var t: Double
    private(set) var point = Point.zero
    private(set) var events: [Event] = []
    /// How many events a `Stage` has played, and when the finger's time 0 was: a finger played
    /// in parts continues where it stopped.
    var played = 0
    var origin: MonotonicTime?

    init(id: Int = 0, startingAt t: Double = 0) {
        self.id = id
        self.t = t
    }

    @discardableResult
    func down(_ point: Point) -> Self {
        self.point = point
        self.events.append(Event(t: self.t, id: self.id, phase: .began, point: point))
        return self
    }

    @discardableResult
    func drag(to target: Point, ms: Double) -> Self {
        let steps = max(1, Int(ms / Self.step))
        let start = self.point
        for i in 1...steps {
            self.t += Self.step
            let f = Double(i) / Double(steps)
            self.point = Point(x: start.x + (target.x - start.x) * f, y: start.y + (target.y - start.y) * f)
            self.events.append(Event(t: self.t, id: self.id, phase: .moved, point: self.point))
        }
        return self
    }

    /// Drags by an offset.
    @discardableResult
    func drag(by dx: Double, _ dy: Double, ms: Double) -> Self {
        self.drag(to: Point(x: self.point.x + dx, y: self.point.y + dy), ms: ms)
    }

    /// The finger stays still: time passes, no events.
    @discardableResult
    func hold(_ ms: Double) -> Self {
        self.t += ms
        return self
    }

    @discardableResult
    func wait(_ ms: Double) -> Self { self.hold(ms) }

    @discardableResult
    func up() -> Self {
        self.t += Self.step
        self.events.append(Event(t: self.t, id: self.id, phase: .ended, point: self.point))
        return self
    }

    @discardableResult
    func cancel() -> Self {
        self.t += Self.step
        self.events.append(Event(t: self.t, id: self.id, phase: .cancelled, point: self.point))
        return self
    }

    @discardableResult
    func tap(_ point: Point) -> Self {
        self.down(point).hold(40).up()
    }
}

/// A window on a manual clock, frames every 1/60 s while anything asks, at half a pixel per
/// point (the layout and gestures of a 1280×800-point screen, a quarter of the pixels to draw).
/// Components go on `root`; fingers are played through the window's gesture arena, exactly as
/// a touchscreen's frames are.
final class Stage {
    let loop = ManualEventLoop()
    let window: Window

    init(width: Double = 1280, height: Double = 800, scale: Double = 0.5) {
        self.window = Window(
            pixelSize: PixelSize(width: Int(width * scale), height: Int(height * scale)), scale: scale,
            frameClock: FrameClock(loop: self.loop, refreshInterval: .seconds(1.0 / 60)))
    }

    var root: View { self.window.root }
    var bounds: Rect { self.root.bounds }

    /// Adds `view` filling the window, and lets it settle.
    @discardableResult
    func show<V: View>(_ view: V) -> V {
        self.root.addSubview(view)
        view.pinToEdges()
        self.settle()
        return view
    }

    /// Runs frames until nothing moves.
    @discardableResult
    func settle(limit: Double = 10) -> Bool {
        self.loop.runUntilIdle(limit: self.loop.now + .seconds(limit))
    }

    func advance(ms: Double) {
        self.loop.advance(by: .milliseconds(ms))
    }

    /// Plays the fingers' events not played yet at their times (events at the same time form
    /// one frame; a finger's time 0 is when it is first played), then lets everything settle
    /// unless `settle` is false.
    func play(_ fingers: Finger..., settle: Bool = true) {
        let now = self.loop.now
        var timed: [(at: MonotonicTime, event: Finger.Event)] = []
        for finger in fingers {
            let origin = finger.origin ?? now
            finger.origin = origin
            for event in finger.events[finger.played...] { timed.append((max(now, origin + .milliseconds(event.t)), event)) }
            finger.played = finger.events.count
        }
        timed.sort { $0.at < $1.at }
        var index = 0
        while index < timed.count {
            let at = timed[index].at
            var contacts: [TouchContact] = []
            while index < timed.count && timed[index].at == at {
                let e = timed[index].event
                contacts.append(TouchContact(id: e.id, phase: e.phase, x: e.point.x, y: e.point.y))
                index += 1
            }
            self.loop.advance(to: at)
            self.window.handle(TouchFrame(timestamp: UInt64(at.nanoseconds / 1000), contacts: contacts))
        }
        if settle { self.settle() }
    }

    /// A point inside `view`, as fractions of its size (0.5, 0.5 is its centre), in window points.
    func point(in view: View, _ fx: Double = 0.5, _ fy: Double = 0.5) -> Point {
        let frame = view.windowFrame
        return Point(x: frame.minX + frame.width * fx, y: frame.minY + frame.height * fy)
    }
}
