import VitrineCore

/// Recognizes a tap: a contact that lifts within the touch slop of where it landed and wins its
/// arena. A button's press.
///
/// `onDown` fires at touch-down (show the pressed look); `onChange` fires when the tap ends
/// (`ended`: act), is cancelled (another recognizer won the contact, or the contact was
/// cancelled) or fails (the finger slid more than `metrics.touchSlop` away: Flutter's
/// `preAcceptSlopTolerance = kTouchSlop`). A tap does not claim: a lift before any drag claimed
/// gives it the contact (the arena's sweep), so taps on buttons inside pagers and sheets work.
/// There is no time limit; a long press is another recognizer.
public final class TapGestureRecognizer: GestureRecognizer {
    /// The slop past which the tap fails.
    public var metrics: GestureMetrics
    public private(set) var state: GestureState = .possible
    /// Called at touch-down: the pressed look goes here.
    public var onDown: ((TapGestureRecognizer) -> Void)?
    /// Called when the tap ends, is cancelled or fails.
    public var onChange: ((TapGestureRecognizer) -> Void)?

    private var followed = FollowedContact()
    private var lifted = false

    public init(metrics: GestureMetrics = GestureMetrics()) {
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
