import Glibc
import VitrineCore

/// One touch event of a generated script, as a JSON touch script line says it
/// (`{"t": ms, "id": n, "phase": "down|move|up|cancel", "x": points, "y": points}`, Docs/input.md).
public struct ScriptedTouch: Equatable, Sendable {
    public enum Phase: String, Equatable, Sendable {
        case down, move, up, cancel
    }

    /// Microseconds from the start of the run.
    public var time: Int64
    public var id: Int
    public var phase: Phase
    /// Logical points (where the contact is for `down` and `move`; where it lifted otherwise).
    public var x: Double
    public var y: Double

    public init(time: Int64, id: Int, phase: Phase, x: Double, y: Double) {
        self.time = time
        self.id = id
        self.phase = phase
        self.x = x
        self.y = y
    }

    /// The line of a JSON touch script, with `t` in milliseconds `offset` microseconds earlier.
    public func scriptLine(from offset: Int64 = 0) -> String {
        let t = String(fixed: Double(self.time - offset) / 1000, decimals: 3)
        let position =
            self.phase == .down || self.phase == .move ? #", "x": \#(String(fixed: self.x, decimals: 2)), "y": \#(String(fixed: self.y, decimals: 2))"# : ""
        return #"{"t": \#(t), "id": \#(self.id), "phase": "\#(self.phase.rawValue)"\#(position)}"#
    }
}

/// Random visitors' hands on a screen, from a seed: taps, slow drags, fast flicks, two or three
/// fingers at once, a finger resting while another swipes, contacts the device cancels, with
/// pauses short enough to catch animations mid-flight and long enough to let them settle.
/// The same seed gives the same touches on every machine (`SplitMix64`).
///
/// Each call of `next(after:)` returns one gesture's events, sorted by time, every contact
/// going down once and ending once (`up` or `cancel`), ids 0–9, positions on the screen.
public struct RandomTouches {
    /// The screen, in points.
    public let size: Size
    private var random: SplitMix64

    /// Moves are sampled every 8 ms: a 125 Hz touch controller (common on kiosk panels, and what
    /// the tests' recordings use).
    public static let sampleInterval: Int64 = 8_000
    /// Fingers at once in a multi-finger gesture (a hand's worth; the pan watches at most 10).
    public static let mostFingers = 3

    public init(size: Size, seed: UInt64) {
        self.size = size
        self.random = SplitMix64(seed: seed)
    }

    /// The kinds of gesture, with how often each comes (out of 100).
    enum Kind: CaseIterable {
        case tap, drag, flick, fingers, resting, cancelled

        var weight: Int {
            switch self {
            case .tap: 34
            case .drag: 22
            case .flick: 22
            case .fingers: 10
            case .resting: 6
            case .cancelled: 6
            }
        }
    }

    /// The next gesture, starting a random pause after `time` (microseconds).
    public mutating func next(after time: Int64) -> [ScriptedTouch] {
        let start = time + self.pause()
        var events: [ScriptedTouch]
        switch self.kind() {
        case .tap: events = self.tap(id: 0, at: start)
        case .drag: events = self.stroke(id: 0, at: start, fast: false, cancel: false)
        case .flick: events = self.stroke(id: 0, at: start, fast: true, cancel: false)
        case .cancelled: events = self.stroke(id: 0, at: start, fast: self.chance(50), cancel: true)
        case .fingers:
            events = []
            for id in 0..<self.integer(2...Self.mostFingers) {
                let offset = start + self.milliseconds(0...120)
                events += self.chance(40) ? self.tap(id: id, at: offset) : self.stroke(id: id, at: offset, fast: self.chance(50), cancel: false)
            }
        case .resting:
            let moving = self.stroke(id: 1, at: start + self.milliseconds(40...200), fast: self.chance(50), cancel: false)
            let point = self.point()
            let lift = (moving.last?.time ?? start) + self.milliseconds(0...300)
            events =
                [ScriptedTouch(time: start, id: 0, phase: .down, x: point.x, y: point.y)] + moving
                + [ScriptedTouch(time: lift, id: 0, phase: .up, x: point.x, y: point.y)]
        }
        // Stable: a finger's own events keep their order when two share a time.
        return events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    // MARK: - Gestures

    private mutating func tap(id: Int, at start: Int64) -> [ScriptedTouch] {
        let point = self.point()
        let held = self.milliseconds(20...160)
        var events = [ScriptedTouch(time: start, id: id, phase: .down, x: point.x, y: point.y)]
        if self.chance(30) {
            // A finger that rolls a little while it presses (inside the slop).
            events.append(
                ScriptedTouch(
                    time: start + held / 2, id: id, phase: .move, x: self.clampX(point.x + self.double(-4...4)), y: self.clampY(point.y + self.double(-4...4))))
        }
        events.append(ScriptedTouch(time: start + held, id: id, phase: .up, x: events.last!.x, y: events.last!.y))
        return events
    }

    /// A straight stroke: a slow drag (150–900 ms, up to half the screen) or a flick (50–150 ms,
    /// 100–700 points), mostly along one axis as people swipe, sometimes held still at the end.
    private mutating func stroke(id: Int, at start: Int64, fast: Bool, cancel: Bool) -> [ScriptedTouch] {
        let from = self.point()
        let duration = fast ? self.milliseconds(50...150) : self.milliseconds(150...900)
        let length = fast ? self.double(100...700) : self.double(20...max(21, self.size.height / 2))
        let angle: Double
        if self.chance(80) {
            // Along an axis, give or take 15°.
            angle = Double(self.integer(0...3)) * Double.pi / 2 + self.double(-0.26...0.26)
        } else {
            angle = self.double(0...(2 * Double.pi))
        }
        let dx = length * cos(angle)
        let dy = length * sin(angle)
        var events = [ScriptedTouch(time: start, id: id, phase: .down, x: from.x, y: from.y)]
        let steps = max(1, Int(duration / Self.sampleInterval))
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            // Ease in and out a little, as a finger does.
            let eased = f * f * (3 - 2 * f)
            events.append(
                ScriptedTouch(
                    time: start + Int64(step) * Self.sampleInterval, id: id, phase: .move, x: self.clampX(from.x + dx * eased),
                    y: self.clampY(from.y + dy * eased)))
        }
        var end = start + Int64(steps) * Self.sampleInterval
        if !fast && self.chance(25) { end += self.milliseconds(50...400) }  // held still, then lifted
        let last = events.last!
        events.append(ScriptedTouch(time: end + Self.sampleInterval, id: id, phase: cancel ? .cancel : .up, x: last.x, y: last.y))
        return events
    }

    // MARK: - Random numbers

    /// A pause before the next gesture: 40% 8–60 ms (catching what the last one set moving; at
    /// least one sample, so a lift and the next touch-down are never one frame), 40% 60–600 ms,
    /// 20% 0.6–2.5 s (everything settles).
    private mutating func pause() -> Int64 {
        let roll = self.integer(0...99)
        if roll < 40 { return self.milliseconds(8...60) }
        if roll < 80 { return self.milliseconds(60...600) }
        return self.milliseconds(600...2500)
    }

    private mutating func kind() -> Kind {
        var roll = self.integer(0...99)
        for kind in Kind.allCases {
            if roll < kind.weight { return kind }
            roll -= kind.weight
        }
        return .tap
    }

    private mutating func point() -> Point {
        Point(x: self.double(0...(self.size.width - 1)).rounded(), y: self.double(0...(self.size.height - 1)).rounded())
    }

    /// On the screen, in hundredths of a point (what a touch script's two decimals carry, so a
    /// written script replays exactly).
    private func clampX(_ x: Double) -> Double { (min(max(x, 0), self.size.width - 1) * 100).rounded() / 100 }
    private func clampY(_ y: Double) -> Double { (min(max(y, 0), self.size.height - 1) * 100).rounded() / 100 }

    private mutating func chance(_ percent: Int) -> Bool { self.integer(0...99) < percent }
    private mutating func integer(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self.random) }
    /// Milliseconds in `range`, as microseconds.
    private mutating func milliseconds(_ range: ClosedRange<Int>) -> Int64 { Int64(self.integer(range)) * 1000 }
    private mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self.random) }
}
