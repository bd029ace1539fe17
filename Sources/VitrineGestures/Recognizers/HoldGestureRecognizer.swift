import VitrineCore

/// Recognizes a press held still for `minimumDuration` and then lifted: the staff's way to the
/// details behind a visitor-facing page (`ErrorPage`), which a passing visitor's tap never takes.
///
/// It is judged at the lift, from the touch frames' times (a finger held still sends no frames,
/// and recognizers read no clock): a lift within `metrics.touchSlop` of the touch-down, at least
/// `minimumDuration` after it, ends the hold (`ended`); an earlier lift fails it, and so does a
/// finger sliding past the slop. Like a tap it never claims the contact.
public final class HoldGestureRecognizer: GestureRecognizer {
    public var metrics: GestureMetrics
    /// How long the finger must stay down: 3 s, long past any tap or scroll.
    public var minimumDuration: Double
    public private(set) var state: GestureState = .possible
    /// Called when the hold ends, fails or is cancelled.
    public var onChange: ((HoldGestureRecognizer) -> Void)?

    private var followed = FollowedContact()
    private var downTime: MonotonicTime?
    private var liftTime: MonotonicTime?

    public init(minimumDuration: Double = 3, metrics: GestureMetrics = GestureMetrics()) {
        self.minimumDuration = minimumDuration
        self.metrics = metrics
    }

    public func join(_ contact: TouchContact, at time: MonotonicTime) -> Bool {
        guard self.followed.join(contact) else { return false }
        self.state = .possible
        self.downTime = time
        self.liftTime = nil
        return true
    }

    public func track(_ contact: TouchContact, at time: MonotonicTime) -> ArenaDecision {
        guard self.followed.follow(contact) else { return .undecided }
        switch contact.phase {
        case .cancelled:
            self.finish(.cancelled)
            return .reject
        case .ended:
            guard let down = self.downTime, (time - down).seconds >= self.minimumDuration else {
                self.finish(.failed)
                return .reject
            }
            self.liftTime = time
            if self.followed.standing == .accepted { self.finish(.ended) }
            return .undecided
        case .began, .moved, .stationary:
            guard (self.followed.location - self.followed.downLocation).magnitude > self.metrics.touchSlop else { return .undecided }
            self.finish(.failed)
            return .reject
        }
    }

    public func arenaDidAccept(contact id: Int) {
        guard id == self.followed.id else { return }
        self.followed.standing = .accepted
        if self.liftTime != nil && self.state == .possible { self.finish(.ended) }
    }

    public func arenaDidReject(contact id: Int) {
        guard id == self.followed.id, !self.state.isFinished else { return }
        self.finish(.cancelled)
    }

    private func finish(_ state: GestureState) {
        self.state = state
        self.followed.release()
        self.onChange?(self)
    }
}
