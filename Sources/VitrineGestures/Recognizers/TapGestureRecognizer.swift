import VitrineCore

/// Recognizes a tap: a contact that lifts within the touch slop of where it landed and wins its
/// arena. A button's press.
///
/// `onDown` fires at touch-down (show the pressed look); `onChange` fires when the tap ends
/// (`ended`: act), is cancelled (another recognizer won the contact, or the contact was
/// cancelled) or fails (the finger slid more than `metrics.touchSlop` away: Flutter's
/// `preAcceptSlopTolerance = kTouchSlop`). A tap does not claim: a lift before any drag claimed
/// gives it the contact (the arena's sweep), so taps on buttons inside pagers and sheets work.
/// There is no upper time limit. With `minimumDuration` it is a hold: a lift sooner than that
/// after the touch-down fails it, judged at the lift from the frames' times (a finger held still
/// sends no frames, and recognizers read no clock); the error page's staff hold is 3 s.
public final class TapGestureRecognizer: GestureRecognizer {
    /// The slop past which the tap fails.
    public var metrics: GestureMetrics
    /// Seconds the finger must stay down (0: any press is a tap).
    public var minimumDuration: Double
    public private(set) var state: GestureState = .possible
    /// Called at touch-down: the pressed look goes here.
    public var onDown: ((TapGestureRecognizer) -> Void)?
    /// Called when the tap ends, is cancelled or fails.
    public var onChange: ((TapGestureRecognizer) -> Void)?

    private var followed = FollowedContact()
    private var lifted = false
    private var downTime: MonotonicTime?

    public init(minimumDuration: Double = 0, metrics: GestureMetrics = GestureMetrics()) {
        self.minimumDuration = minimumDuration
        self.metrics = metrics
    }

    /// The contact followed, from touch-down until the tap is done with it.
    public var contactID: Int? { self.followed.id }
    /// Where the contact came down.
    public var downLocation: GestureVector { self.followed.downLocation }
    /// The contact's latest position.
    public var location: GestureVector { self.followed.location }

    public func join(_ contact: TouchContact, at time: MonotonicTime) -> Bool {
        guard self.followed.join(contact) else { return false }
        self.state = .possible
        self.lifted = false
        self.downTime = time
        self.onDown?(self)
        return true
    }

    public func track(_ contact: TouchContact, at time: MonotonicTime) -> ArenaDecision {
        guard self.followed.follow(contact) else { return .undecided }
        switch contact.phase {
        case .cancelled:
            self.finish(.cancelled)
            return .reject
        case .ended:
            if self.minimumDuration > 0, let down = self.downTime, (time - down).seconds < self.minimumDuration {
                self.finish(.failed)
                return .reject
            }
            self.lifted = true
            if self.followed.standing == .accepted { self.finish(.ended) }
            return .undecided
        case .began, .moved, .stationary:
            guard (self.location - self.downLocation).magnitude > self.metrics.touchSlop else { return .undecided }
            self.finish(.failed)
            return .reject
        }
    }

    public func arenaDidAccept(contact id: Int) {
        guard id == self.followed.id else { return }
        self.followed.standing = .accepted
        if self.lifted && self.state == .possible { self.finish(.ended) }
    }

    public func arenaDidReject(contact id: Int) {
        guard id == self.followed.id else { return }
        guard !self.state.isFinished else { return }
        self.finish(.cancelled)
    }

    private func finish(_ state: GestureState) {
        self.state = state
        self.followed.release()
        self.onChange?(self)
    }
}
