import VitrineCore

/// One value (a layer's offset, a sheet's height, a progress) pulled towards a target by a
/// damped spring, evaluated in closed form at each frame's presentation time.
///
/// Retargeting re-solves the spring from the current value and velocity, so a new target never
/// makes the value jump and the velocity carries over; a finger that catches the spring reads
/// `value`, the value on screen. The spring is settled when it is within `tolerance` of the
/// target (0.5 px and 20 px/s by default, see `SettleTolerance`); it then snaps exactly to the
/// target, calls `onUpdate` with it and reports `onComplete` once.
///
/// ```swift
/// let offset = SpringAnimation(value: 0, target: 400, parameters: SpringParameters(response: 0.5, dampingRatio: 1))
/// offset.onUpdate = { layer.offsetY = $0 }   // marks that layer's damage, nothing else
/// offset.onComplete = { sheet.state = .shown }
/// animator.run(offset)
/// // later, a fling towards 0 at −1200 px/s:
/// offset.reset(value: fingerOffset, velocity: -1200)
/// offset.retarget(to: 0)
/// animator.run(offset)
/// ```
public final class SpringAnimation: FrameAnimation {
    /// Changing them mid-flight re-solves from the current value and velocity.
    public var parameters: SpringParameters {
        didSet { self.resolve() }
    }
    /// When the spring counts as arrived (0.5 px and 20 px/s by default).
    public var tolerance: SettleTolerance
    /// The value on screen: the last frame's sample (or the start value before the first frame).
    public private(set) var value: Double
    /// Units per second, at `value`'s frame.
    public private(set) var velocity: Double
    public private(set) var target: Double
    /// Called with the new value at every frame; wire it to one layer property.
    public var onUpdate: ((Double) -> Void)?
    /// Called once each time the spring comes to rest on its target.
    public var onComplete: (() -> Void)?

    private var solution: SpringSolution
    private var timeline: AnimationTimeline

    /// A spring from `value`, moving at `velocity` units per second, towards `target`.
    ///
    /// - Parameter startTime: the time t = 0 stands for (a touch-up timestamp); nil means the
    ///   first frame that runs it.
    public init(
        value: Double, target: Double, velocity: Double = 0, parameters: SpringParameters,
        tolerance: SettleTolerance = .pixels, startTime: MonotonicTime? = nil
    ) {
        self.parameters = parameters
        self.tolerance = tolerance
        self.value = value
        self.velocity = velocity
        self.target = target
        self.solution = SpringSolution(parameters: parameters, displacement: value - target, velocity: velocity)
        self.timeline = AnimationTimeline(start: startTime)
    }

    /// The spring UIKit's `UIView.animate(withDuration:delay:usingSpringWithDamping:
    /// initialSpringVelocity:…)` runs, under the parity approximation of
    /// `SpringParameters(uiKitDuration:dampingRatio:)`.
    ///
    /// - Parameter initialSpringVelocity: relative to the distance, as UIKit defines it: "a value
    ///   of 1 corresponds to the total animation distance traversed in one second", so the
    ///   absolute velocity is `initialSpringVelocity × (target − value)`.
    public convenience init(
        uiKitFrom value: Double, to target: Double, duration: Double, dampingRatio: Double,
        initialSpringVelocity: Double = 0, tolerance: SettleTolerance = .pixels, startTime: MonotonicTime? = nil
    ) {
        self.init(
            value: value, target: target, velocity: initialSpringVelocity * (target - value),
            parameters: SpringParameters(uiKitDuration: duration, dampingRatio: dampingRatio),
            tolerance: tolerance, startTime: startTime)
    }

    /// Whether the spring rests on its target (and has reported it).
    public var isSettled: Bool { self.timeline.isFinished }

    /// Pulls towards `target` from the current value and velocity. A running spring continues
    /// from its last frame without a jump; a settled or stopped one moves again once it is run.
    public func retarget(to target: Double) {
        self.target = target
        self.resolve()
    }

    /// Puts the value at `value`, moving at `velocity` (a finger's release), still towards
    /// `target`. Does not call `onUpdate`: the caller already shows that value.
    ///
    /// - Parameter time: when the value was there (a touch-up timestamp); nil means the next frame
    ///   that runs the spring.
    public func reset(value: Double, velocity: Double = 0, at time: MonotonicTime? = nil) {
        self.value = value
        self.velocity = velocity
        self.resolve()
        if let time { self.timeline = AnimationTimeline(start: time) }
    }

    public func advance(to time: MonotonicTime) -> Bool {
        let point = self.timeline.sample(at: time, rest: self.target, tolerance: self.tolerance) { t in
            let spring = self.solution.sample(at: t)
            return (self.target + spring.displacement, spring.velocity)
        }
        self.value = point.value
        self.velocity = point.velocity
        // At rest the closed form is zero, so a restart from here stays put until retargeted.
        if point.arrived { self.solve() }
        self.onUpdate?(point.value)
        return point.arrived
    }

    public func complete() {
        self.onComplete?()
    }

    public func stop() {
        self.timeline.interrupt()
        self.resolve()
    }

    /// Re-solves the closed form from the current value and velocity, as of the last frame.
    private func resolve() {
        self.solve()
        self.timeline.reanchor()
    }

    private func solve() {
        self.solution = SpringSolution(
            parameters: self.parameters, displacement: self.value - self.target, velocity: self.velocity)
    }
}
