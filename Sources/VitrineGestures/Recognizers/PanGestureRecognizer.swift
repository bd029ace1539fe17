import VitrineCore

/// Recognizes a drag: in any direction, or locked to one axis for a horizontal pager or a
/// vertical sheet.
///
/// It claims its contact once the finger has moved past the slop from where it landed (along its
/// axis when locked: `metrics.touchSlop`; in any direction: `metrics.panSlop`), and begins when it
/// wins. `translation` counts from the point where it began, not from touch-down, so content
/// picked up mid-animation does not jump by the slop (Flutter's `DragStartBehavior.start`).
/// `velocity` comes from a `VelocityTracker` fed with the frames' timestamps; it is zero after a
/// cancellation, so a cancelled contact never flings.
///
/// ```swift
/// let sheetDrag = PanGestureRecognizer(axis: .vertical, metrics: metrics)
/// sheetDrag.onDown = { _ in grabbed = sheet.catchOffset() }      // stop a settle where it is
/// sheetDrag.onChange = { pan in
///     switch pan.state {
///     case .began, .changed: sheet.offset = grabbed + pan.translation.y
///     case .ended: sheet.release(velocity: pan.velocity.y)
///     case .cancelled, .failed: sheet.resumeSettling()
///     case .possible: break
///     }
/// }
/// ```
public final class PanGestureRecognizer: GestureRecognizer {
    /// The directions a pan responds to.
    public enum Axis: String, Equatable, Sendable {
        case free
        case horizontal
        case vertical
    }

    public let axis: Axis
    /// The slop and the velocity limit.
    public var metrics: GestureMetrics
    public private(set) var state: GestureState = .possible
    /// Where the pan began (the contact's position when it won past the slop).
    public private(set) var startLocation: GestureVector = .zero
    /// In points per second: while changing, the current estimate; when ended, the release
    /// velocity; zero when cancelled or failed.
    public private(set) var velocity: GestureVector = .zero
    /// Called at touch-down, before anyone has won: stop what the finger may be catching.
    public var onDown: ((PanGestureRecognizer) -> Void)?
    /// Called at every state change and at every move while began or changed.
    public var onChange: ((PanGestureRecognizer) -> Void)?

    private var followed = FollowedContact()
    private var tracker: VelocityTracker

    public init(axis: Axis = .free, metrics: GestureMetrics = GestureMetrics()) {
        self.axis = axis
        self.metrics = metrics
        self.tracker = VelocityTracker(maximumVelocity: metrics.maximumVelocity)
    }

    /// The contact followed, from touch-down until the recognizer is done with it.
    public var contactID: Int? { self.followed.id }
    /// Where the contact came down.
    public var downLocation: GestureVector { self.followed.downLocation }
    /// The contact's latest position, in logical points.
    public var location: GestureVector { self.followed.location }

    /// How far the finger has moved since the pan began; zero unless it began.
    public var translation: GestureVector {
        self.state.isActive || self.state == .ended ? self.location - self.startLocation : .zero
    }

    public func join(_ contact: TouchContact, at time: MonotonicTime) -> Bool {
        guard self.followed.join(contact) else { return false }
        self.state = .possible
        self.startLocation = self.location
        self.velocity = .zero
        self.tracker = VelocityTracker(maximumVelocity: self.metrics.maximumVelocity)
        self.tracker.addSample(self.location, at: time)
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
            // A lift repeats the last position (libinput's TOUCH_UP has none), so it is no sample;
            // its time still tells whether the finger had stopped (Android ignores ACTION_UP in
            // VelocityTracker for the same reason).
            guard self.state.isActive else {
                self.finish(.failed)
                return .reject
            }
            self.velocity = self.tracker.velocity(at: time)
            self.finish(.ended)
            return .undecided
        case .began, .moved, .stationary:
            self.tracker.addSample(self.location, at: time)
            if self.state.isActive {
                self.velocity = self.tracker.velocity
                self.state = .changed
                self.onChange?(self)
                return .undecided
            }
            guard self.hasPassedSlop else { return .undecided }
            guard self.followed.standing == .contending else {
                self.begin()
                return .undecided
            }
            return .claim
        }
    }

    public func arenaDidAccept() {
        self.followed.standing = .accepted
        if self.state == .possible && self.hasPassedSlop { self.begin() }
    }

    public func arenaDidReject() {
        guard !self.state.isFinished else { return }
        self.finish(.cancelled)
    }

    /// Whether the finger has left the slop around its touch-down point, along the pan's axis.
    private var hasPassedSlop: Bool {
        let moved = self.location - self.downLocation
        switch self.axis {
        case .free: return moved.magnitude > self.metrics.panSlop
        case .horizontal: return abs(moved.x) > self.metrics.touchSlop
        case .vertical: return abs(moved.y) > self.metrics.touchSlop
        }
    }

    private func begin() {
        self.startLocation = self.location
        self.velocity = self.tracker.velocity
        self.state = .began
        self.onChange?(self)
    }

    private func finish(_ state: GestureState) {
        if state != .ended { self.velocity = .zero }
        self.state = state
        self.followed.release()
        self.onChange?(self)
    }
}
