import VitrineCore

/// A hand-written touch script for tests and demos: a JSON list of events in screen points,
///
///     [{"t": 0,  "id": 0, "phase": "down", "x": 100, "y": 200},
///      {"t": 16, "id": 0, "phase": "move", "x": 140, "y": 200},
///      {"t": 32, "id": 0, "phase": "up"}]
///
/// `t` is milliseconds from the start (fractions allowed, never decreasing, at most a week:
/// `InputRecording.longestDuration`); events with equal `t` form one frame. `id` is the contact
/// id (0–31), `phase` one of `down`, `move`, `up`, `cancel`; `x` and `y` are logical points (at
/// most `coordinateLimit` from 0), required for `down` and `move` (an `up` or `cancel` without
/// them stays where the contact was). Positions are used as they are: no calibration, rotation
/// or scale applies. Other keys are ignored.
public struct TouchScript: Sendable, Equatable {
    /// What a scripted contact does: lands, moves, lifts, or is taken away (cancelled).
    public enum Phase: String, Sendable, Equatable {
        case down, move, up, cancel
    }

    /// One line of the script, checked: `x`/`y` are present for `down` and `move`.
    public struct Event: Sendable, Equatable {
        public var id: Int
        public var phase: Phase
        public var x: Double?
        public var y: Double?
        public var line: Int
    }

    /// Events that share a time: one `TouchFrame`.
    public struct Frame: Sendable, Equatable {
        /// Microseconds from the start.
        public var time: Int64
        public var events: [Event]
    }

    public var frames: [Frame]

    /// The largest |x| or |y| a script may give, in points: 100,000, about six times the widest
    /// framebuffer DRM drivers allow (16,384 pixels). A touch may leave the screen, but one this
    /// far off is a typo, and bounded positions stay exact through every conversion downstream
    /// (`x: 1e17` trapped in an integer conversion).
    public static let coordinateLimit = 100_000.0

    /// Reads and checks a parsed script: every mistake is an error naming `file` and the line.
    public static func parse(_ root: YAMLNode, file: String) throws(VitrineError) -> TouchScript {
        func fail(_ line: Int, _ what: String) -> VitrineError {
            VitrineError(
                .invalidRecording, "\(file) line \(line): \(what)",
                hint:
                    "a touch script is a JSON list of {\"t\": ms, \"id\": n, \"phase\": \"down|move|up|cancel\", \"x\": points, \"y\": points} (Docs/input.md)")
        }
        guard let items = root.items else { throw fail(root.line, "expected a JSON list of touch events") }
        guard items.count <= InputRecording.maximumEvents else {
            throw fail(root.line, "\(items.count) events; a script holds at most \(InputRecording.maximumEvents)")
        }
        let longestMilliseconds = Double(InputRecording.longestDuration / 1000)
        var frames: [Frame] = []
        var down: Set<Int> = []
        for item in items {
            guard item.pairs != nil else { throw fail(item.line, "each event must be an object") }
            guard let t = item["t"]?.number, t.isFinite, t >= 0 else { throw fail(item.line, "\"t\" must be a number of milliseconds, 0 or more") }
            guard t <= longestMilliseconds else {
                throw fail(item.line, "\"t\" \(t) is more than \(Int64(longestMilliseconds)) ms (a week) after the start")
            }
            guard let id = item["id"]?.integer, (0..<TouchFrame.maximumContacts).contains(id) else {
                throw fail(item.line, "\"id\" must be a whole number from 0 to \(TouchFrame.maximumContacts - 1)")
            }
            guard let phaseText = item["phase"]?.scalar, let phase = Phase(rawValue: phaseText) else {
                throw fail(item.line, "\"phase\" must be \"down\", \"move\", \"up\" or \"cancel\"")
            }
            let x = item["x"]?.number
            let y = item["y"]?.number
            if item["x"] != nil && x?.isFinite != true || item["y"] != nil && y?.isFinite != true {
                throw fail(item.line, "\"x\" and \"y\" must be numbers")
            }
            for (name, value) in [("x", x), ("y", y)] {
                if let value, abs(value) > Self.coordinateLimit {
                    throw fail(item.line, "\"\(name)\" \(value) is more than \(Int(Self.coordinateLimit)) points off the screen's origin")
                }
            }
            if (phase == .down || phase == .move) && (x == nil || y == nil) {
                throw fail(item.line, "a \"\(phase.rawValue)\" needs \"x\" and \"y\"")
            }
            let time = Int64((t * 1000).rounded())
            if let last = frames.last, time < last.time {
                throw fail(item.line, "\"t\" \(t) goes back in time; events must be in order")
            }
            if frames.last?.time != time { frames.append(Frame(time: time, events: [])) }
            if frames[frames.count - 1].events.contains(where: { $0.id == id }) {
                throw fail(item.line, "contact \(id) has two events at t = \(t); one frame holds one event per contact")
            }
            switch phase {
            case .down:
                guard down.insert(id).inserted else { throw fail(item.line, "contact \(id) goes down again without an \"up\" or \"cancel\"") }
            case .move, .up, .cancel:
                guard down.contains(id) else { throw fail(item.line, "contact \(id) has a \"\(phase.rawValue)\" but is not down") }
                if phase != .move { down.remove(id) }
            }
            frames[frames.count - 1].events.append(Event(id: id, phase: phase, x: x, y: y, line: item.line))
        }
        return TouchScript(frames: frames)
    }
}
