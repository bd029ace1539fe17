/// A progress value from 0 to 1 that a finger scrubs and a spring then finishes (to 1) or
/// reverses (to 0), with animations that run alongside it: the onboarding pager's coordinated
/// animations (BoardingPass `perform(coordinatedAnimations:completion:cancellation:)`,
/// research/sheets_physics.md §A3 and §D6).
///
/// Each alongside animation is a closure of the progress; it is called with every new progress,
/// whether from the finger or from the spring, so scrubbing back reverses it. When the spring
/// arrives the completion hooks (at 1) or the cancellation hooks (at 0) run once, and the
/// transition is over. A finger may catch the settling spring: `update(progress:)` stops it where
/// it is on screen.
///
/// ```swift
/// let push = InteractiveTransition(animator: animator, travel: pageWidth)
/// push.addAnimations { p in background.color = blend(from, to, p) }
/// push.addCompletion { pager.didShow(next) }
/// push.addCancellation { pager.restore() }
/// push.update(progress: -translation / pageWidth)          // while dragging
/// push.finish(velocity: -velocityX / pageWidth)            // or cancel(velocity:)
/// ```
public final class InteractiveTransition {
    /// Where the transition is.
    public enum State: Equatable, Sendable {
        /// Following `update(progress:)`.
        case interactive
        /// A spring carries the progress to 1.
        case finishing
        /// A spring carries the progress back to 0.
        case reversing
        /// Arrived at 1; completion hooks ran.
        case completed
        /// Arrived at 0; cancellation hooks ran.
        case cancelled
    }

    public private(set) var state: State = .interactive
    /// The progress shown, clamped to [0, 1].
    public private(set) var progress: Double
    private let animator: Animator
    private let spring: SpringAnimation
    private var animations: [(Double) -> Void] = []
    private var completions: [() -> Void] = []
    private var cancellations: [() -> Void] = []

    /// - Parameters:
    ///   - parameters: the spring that finishes or reverses it; critically damped with a 0.4 s
    ///     response by default (0.4 s is BoardingPass's `transitionDuration`).
    ///   - travel: how many points progress 1 spans (the page width). It scales the settle
    ///     tolerance (`SettleTolerance.pixels` per point), so the spring stops within half a
    ///     pixel of the end.
    public init(
        animator: Animator, progress: Double = 0,
        parameters: SpringParameters = SpringParameters(response: 0.4, dampingRatio: 1), travel: Double
    ) {
        self.animator = animator
        self.progress = min(max(progress, 0), 1)
        self.spring = SpringAnimation(
            value: self.progress, target: self.progress, parameters: parameters,
            tolerance: SettleTolerance.pixels.perUnit(of: travel))
        self.spring.onUpdate = { [unowned self] value in self.show(value) }
        self.spring.onComplete = { [unowned self] in self.arrive() }
    }

    /// Adds a closure of the progress, called at every change from now on.
    public func addAnimations(_ animation: @escaping (Double) -> Void) {
        self.animations.append(animation)
    }

    /// Runs once if the transition finishes at 1.
    public func addCompletion(_ completion: @escaping () -> Void) {
        self.completions.append(completion)
    }

    /// Runs once if the transition is reversed to 0.
    public func addCancellation(_ cancellation: @escaping () -> Void) {
        self.cancellations.append(cancellation)
    }

    /// The finger sets the progress (clamped to [0, 1]); a settling spring is caught where it
    /// stands. Ignored once the transition is over.
    public func update(progress: Double) {
        guard self.catchSpring() else { return }
        self.show(progress)
    }

    /// Lets go towards 1 at `velocity` (progress per second: the finger's velocity over the
    /// travel).
    public func finish(velocity: Double = 0) {
        self.settle(to: 1, velocity: velocity, state: .finishing)
    }

    /// Lets go back towards 0 at `velocity` (progress per second).
    public func cancel(velocity: Double = 0) {
        self.settle(to: 0, velocity: velocity, state: .reversing)
    }

    /// Ends the transition where it is, running no hooks: its owner has moved on (a reset).
    /// The spring stops, and no closure of the transition is called again.
    public func abandon() {
        self.animator.stop(self.spring)
        self.state = .cancelled
        self.animations = []
        self.completions = []
        self.cancellations = []
    }

    private func settle(to end: Double, velocity: Double, state: State) {
        guard self.catchSpring() else { return }
        self.state = state
        self.spring.reset(value: self.progress, velocity: velocity)
        self.spring.retarget(to: end)
        self.animator.run(self.spring)
    }

    /// Stops a settling spring and returns to interactive; false once the transition is over.
    private func catchSpring() -> Bool {
        switch self.state {
        case .completed, .cancelled:
            return false
        case .interactive:
            return true
        case .finishing, .reversing:
            self.animator.stop(self.spring)
            self.state = .interactive
            return true
        }
    }

    private func show(_ progress: Double) {
        // A spring carrying velocity towards an end may overshoot it; the closures see [0, 1].
        self.progress = min(max(progress, 0), 1)
        for animation in self.animations { animation(self.progress) }
    }

    private func arrive() {
        let completed = self.state == .finishing
        self.state = completed ? .completed : .cancelled
        let hooks = completed ? self.completions : self.cancellations
        self.completions = []
        self.cancellations = []
        for hook in hooks { hook() }
    }
}
