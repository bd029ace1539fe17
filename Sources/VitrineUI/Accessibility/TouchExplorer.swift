import VitrineCore

/// Touch exploration in speech mode, the model screen-reader users know from their phones
/// (VoiceOver, TalkBack): one finger on the screen says what is under it as it moves and
/// presses nothing; a double tap anywhere activates what was said last; two fingers scroll, as
/// one finger does without speech.
///
/// It reads touch frames and says what they mean (`Outcome`); the scene speaks and activates.
/// Numbers: a tap is a touch that moves less than `tapSlop` and lifts within `tapTime`; a double
/// tap is a second tap starting within `doubleTapTime` of the first one's lift — Android's
/// `ViewConfiguration` values (TOUCH_SLOP 8 dp, TAP_TIMEOUT 100 ms for a press but 300 ms
/// DOUBLE_TAP_TIMEOUT), which TalkBack's double tap uses; the tap's own limit is the 300 ms of
/// the same double-tap window so a slow press still counts.
public struct TouchExplorer: Sendable {
    /// What a frame means.
    public enum Outcome: Equatable, Sendable {
        /// Nothing to do.
        case none
        /// Say what is at this point (window coordinates), if it is not what was said last.
        case explore(Point)
        /// A double tap: activate the element said last.
        case activate
        /// Two fingers: this one-finger frame goes to the views, so they scroll.
        case scroll(TouchFrame)
    }

    /// How far a tap may move, in points (Android TOUCH_SLOP: 8 dp).
    public static let tapSlop = 8.0
    /// The longest a tap is held, and the longest from a tap's lift to the second tap's touch
    /// (Android DOUBLE_TAP_TIMEOUT: 300 ms).
    public static let tapTime = Nanoseconds.milliseconds(300)
    public static let doubleTapTime = Nanoseconds.milliseconds(300)
    /// The id the two-finger scroll's contact has: past the seat's slots and the mouse's, and
    /// the control socket's tap (48).
    public static let scrollContact = 49

    private enum Mode: Sendable {
        /// No finger down.
        case idle
        /// One finger exploring: where and when it went down, whether it moved past the slop.
        case exploring(id: Int, start: Point, downAt: UInt64, moved: Bool)
        /// Two fingers scrolling: the midpoint contact the views follow.
        case scrolling
        /// Fingers after a scroll or a cancel, ignored until all are up.
        case waiting
    }

    private var mode = Mode.idle
    /// When the last tap lifted (µs), for the double tap.
    private var lastTapEnd: UInt64?

    public init() {}

    /// Reads one frame.
    public mutating func handle(_ frame: TouchFrame) -> Outcome {
        let down = frame.contacts.filter(\.isActive)
        if frame.contacts.contains(where: { $0.phase == .cancelled }) {
            self.lastTapEnd = nil
            return self.finishScroll(frame, phase: .cancelled, next: down.isEmpty ? .idle : .waiting)
        }
        switch self.mode {
        case .idle, .waiting:
            if down.isEmpty {
                self.mode = .idle
                return .none
            }
            if case .waiting = self.mode { return .none }
            if down.count >= 2 { return self.startScroll(frame, down) }
            let finger = down[0]
            self.mode = .exploring(id: finger.id, start: Point(x: finger.x, y: finger.y), downAt: frame.timestamp, moved: false)
            return .explore(Point(x: finger.x, y: finger.y))
        case .exploring(let id, let start, let downAt, let moved):
            if down.count >= 2 {
                self.lastTapEnd = nil
                return self.startScroll(frame, down)
            }
            guard let finger = frame.contacts.first(where: { $0.id == id }) else {
                self.mode = down.isEmpty ? .idle : .waiting
                return .none
            }
            let point = Point(x: finger.x, y: finger.y)
            let offset = point - start
            let farther = moved || (offset.x * offset.x + offset.y * offset.y).squareRoot() > Self.tapSlop
            if finger.phase == .ended {
                self.mode = .idle
                let held = frame.timestamp >= downAt ? frame.timestamp - downAt : 0
                guard !farther, held <= Self.microseconds(Self.tapTime) else {
                    self.lastTapEnd = nil
                    return .none
                }
                // The second tap of a pair activates; the first waits for one.
                if let previous = self.lastTapEnd, downAt >= previous, downAt - previous <= Self.microseconds(Self.doubleTapTime) {
                    self.lastTapEnd = nil
                    return .activate
                }
                self.lastTapEnd = frame.timestamp
                return .none
            }
            self.mode = .exploring(id: id, start: start, downAt: downAt, moved: farther)
            return finger.phase == .moved ? .explore(point) : .none
        case .scrolling:
            if down.count < 2 { return self.finishScroll(frame, phase: .ended, next: down.isEmpty ? .idle : .waiting) }
            return .scroll(self.midpointFrame(frame, down, phase: .moved))
        }
    }

    private static func microseconds(_ time: Nanoseconds) -> UInt64 { UInt64(max(0, time.value / 1000)) }

    private mutating func startScroll(_ frame: TouchFrame, _ down: [TouchContact]) -> Outcome {
        self.mode = .scrolling
        return .scroll(self.midpointFrame(frame, down, phase: .began))
    }

    private mutating func finishScroll(_ frame: TouchFrame, phase: TouchContact.Phase, next: Mode) -> Outcome {
        guard case .scrolling = self.mode else {
            self.mode = next
            return .none
        }
        self.mode = next
        return .scroll(self.midpointFrame(frame, frame.contacts, phase: phase))
    }

    /// One contact at the fingers' midpoint: the views see a one-finger drag.
    private func midpointFrame(_ frame: TouchFrame, _ fingers: [TouchContact], phase: TouchContact.Phase) -> TouchFrame {
        let pair = Array(fingers.prefix(2))
        let x = pair.map(\.x).reduce(0, +) / Double(max(1, pair.count))
        let y = pair.map(\.y).reduce(0, +) / Double(max(1, pair.count))
        return TouchFrame(timestamp: frame.timestamp, contacts: [TouchContact(id: Self.scrollContact, phase: phase, x: x, y: y)], device: frame.device)
    }
}
