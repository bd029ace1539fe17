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
/// Until it begins it watches every finger that lands on its view, not only the first: a visitor's
/// other hand resting on the panel must not block a swipe. The first of them to pass the slop
/// (and win its arena) is the one the pan follows; the others are let go (they leave the pan's
/// arenas at their next event). Once it has begun, fingers landing later are not joined.
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
    /// False: new contacts are not joined (the arena leaves this recognizer out); a pan in
    /// progress carries on.
    public var isEnabled = true
    /// Locked to an axis: when the finger passes the slop having moved further across the axis
    /// than along it, the pan lets the contact go (leaves the arena) instead of claiming it.
    /// A horizontal slider inside a vertical scroll view sets it, so a mostly vertical drag that
    /// also crossed the slop sideways scrolls the page, as UIKit's slider in a scroll view does
    /// (its pan fails unless the drag is mostly along it). False: the axis's slop alone decides.
    public var yieldsToCrossAxisDrags = false

    /// A finger the pan watches before it begins (or follows once it has).
    private struct Candidate {
        var contact: FollowedContact
        var tracker: VelocityTracker
    }

    /// The most fingers watched at once before one begins (a hand flat on the glass is five).
    static let mostCandidates = 10

    /// Fingers down on the view, not yet decided, in landing order.
    private var candidates: [Candidate] = []
    /// The finger the pan follows once it has begun.
    private var followed: Candidate?

    public init(axis: Axis = .free, metrics: GestureMetrics = GestureMetrics()) {
        self.axis = axis
        self.metrics = metrics
    }

    /// The finger the pan describes: the one it follows, else the first candidate.
    private var current: FollowedContact? { self.followed?.contact ?? self.candidates.first?.contact ?? self.finished }

    /// The contact followed, from touch-down until the recognizer is done with it.
    public var contactID: Int? { self.current?.id }
    /// Where the contact came down.
    public var downLocation: GestureVector { self.current?.downLocation ?? .zero }
    /// The contact's latest position, in logical points.
    public var location: GestureVector { self.current?.location ?? .zero }

    /// How far the finger has moved since the pan began; zero unless it began.
    public var translation: GestureVector {
        self.state.isActive || self.state == .ended ? self.location - self.startLocation : .zero
    }

    public func join(_ contact: TouchContact, at time: MonotonicTime) -> Bool {
        guard self.isEnabled, !self.state.isActive, self.followed == nil, self.candidates.count < Self.mostCandidates else { return false }
        var followed = FollowedContact()
        guard followed.join(contact) else { return false }
        if self.candidates.isEmpty {
            self.state = .possible
            self.velocity = .zero
            self.finished = nil
        }
        var tracker = VelocityTracker(maximumVelocity: self.metrics.maximumVelocity)
        tracker.addSample(followed.location, at: time)
        self.candidates.append(Candidate(contact: followed, tracker: tracker))
        self.startLocation = self.location
        self.onDown?(self)
        return true
    }

    public func track(_ contact: TouchContact, at time: MonotonicTime) -> ArenaDecision {
        if var followed = self.followed, followed.contact.follow(contact) {
            self.followed = followed
            return self.trackFollowed(contact, at: time)
        }
        guard let index = self.candidates.firstIndex(where: { $0.contact.id == contact.id }) else {
            // A finger let go when another began: it leaves this pan's arenas.
            return .reject
        }
        _ = self.candidates[index].contact.follow(contact)
        switch contact.phase {
        case .cancelled, .ended:
            self.candidates.remove(at: index)
            if self.candidates.isEmpty { self.finish(contact.phase == .cancelled ? .cancelled : .failed) }
            return .reject
        case .began, .moved, .stationary:
            let location = self.candidates[index].contact.location
            self.candidates[index].tracker.addSample(location, at: time)
            guard self.hasPassedSlop(self.candidates[index].contact) else { return .undecided }
            if self.yieldsToCrossAxisDrags, self.movedMostlyAcross(self.candidates[index].contact) {
                self.candidates.remove(at: index)
                if self.candidates.isEmpty { self.finish(.failed) }
                return .reject
            }
            guard self.candidates[index].contact.standing == .contending else {
                self.begin(with: index)
                return .undecided
            }
            return .claim
        }
    }

    private func trackFollowed(_ contact: TouchContact, at time: MonotonicTime) -> ArenaDecision {
        switch contact.phase {
        case .cancelled:
            self.finish(.cancelled)
            return .reject
        case .ended:
            // A lift repeats the last position (libinput's TOUCH_UP has none), so it is no sample;
            // its time still tells whether the finger had stopped (Android ignores ACTION_UP in
            // VelocityTracker for the same reason).
            self.velocity = self.followed?.tracker.velocity(at: time) ?? .zero
            self.finish(.ended)
            return .undecided
        case .began, .moved, .stationary:
            let location = self.location
            self.followed?.tracker.addSample(location, at: time)
            self.velocity = self.followed?.tracker.velocity ?? .zero
            self.state = .changed
            self.onChange?(self)
            return .undecided
        }
    }

    public func arenaDidAccept(contact id: Int) {
        guard let index = self.candidates.firstIndex(where: { $0.contact.id == id }) else { return }
        self.candidates[index].contact.standing = .accepted
        if self.state == .possible && self.followed == nil && self.hasPassedSlop(self.candidates[index].contact) { self.begin(with: index) }
    }

    public func arenaDidReject(contact id: Int) {
        if self.followed?.contact.id == id {
            if !self.state.isFinished { self.finish(.cancelled) }
            return
        }
        guard let index = self.candidates.firstIndex(where: { $0.contact.id == id }) else { return }
        self.candidates.remove(at: index)
        if self.candidates.isEmpty && self.followed == nil && !self.state.isFinished { self.finish(.cancelled) }
    }

    /// Whether the finger went further across the pan's axis than along it (a locked pan only).
    private func movedMostlyAcross(_ contact: FollowedContact) -> Bool {
        let moved = contact.location - contact.downLocation
        switch self.axis {
        case .free: return false
        case .horizontal: return abs(moved.y) > abs(moved.x)
        case .vertical: return abs(moved.x) > abs(moved.y)
        }
    }

    /// Whether the finger has left the slop around its touch-down point, along the pan's axis.
    private func hasPassedSlop(_ contact: FollowedContact) -> Bool {
        let moved = contact.location - contact.downLocation
        switch self.axis {
        case .free: return moved.magnitude > self.metrics.panSlop
        case .horizontal: return abs(moved.x) > self.metrics.touchSlop
        case .vertical: return abs(moved.y) > self.metrics.touchSlop
        }
    }

    /// The candidate at `index` is the pan's finger from now on; the others are let go.
    private func begin(with index: Int) {
        self.followed = self.candidates[index]
        self.candidates = []
        self.startLocation = self.location
        self.velocity = self.followed?.tracker.velocity ?? .zero
        self.state = .began
        self.onChange?(self)
    }

    private func finish(_ state: GestureState) {
        if state != .ended { self.velocity = .zero }
        // The position stays readable in the callback (a lift's translation).
        let last = self.followed ?? self.candidates.first
        self.state = state
        self.followed = last
        self.candidates = []
        self.onChange?(self)
        self.followed = nil
        var finished = last?.contact
        finished?.release()
        self.finished = finished
    }

    /// The last finger, once the pan finished: its positions stay readable (`translation`
    /// after the end), its id is gone.
    private var finished: FollowedContact?
}
