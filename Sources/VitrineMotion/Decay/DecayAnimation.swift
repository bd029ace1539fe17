import VitrineCore

/// A flicked value coasting to a stop the way UIScrollView decelerates: its velocity shrinks by
/// `rate` every millisecond (see `DecelerationRate`), evaluated in closed form at each frame's
/// presentation time.
///
/// It rests at `restValue = value + v0/(−1000·ln r)` and finishes once within `tolerance` of it
/// (0.5 px and 20 px/s by default), snapping onto it. A finger that catches it reads `value`.
///
/// ```swift
/// let scroll = DecayAnimation(value: offset, velocity: -2400, rate: .fast)
/// scroll.onUpdate = { list.contentOffset = $0 }
/// animator.run(scroll)
/// ```
public final class DecayAnimation: FrameAnimation {
    public let rate: DecelerationRate
    /// When the value counts as at rest (0.5 px and 20 px/s by default).
    public var tolerance: SettleTolerance
    /// The value on screen: the last frame's sample (or the start value before the first frame).
    public private(set) var value: Double
    /// Units per second, at `value`'s frame.
    public private(set) var velocity: Double
    /// Where the motion comes to rest.
    public private(set) var restValue: Double
    /// Called with the new value at every frame; wire it to one layer property.
    public var onUpdate: ((Double) -> Void)?
    /// Called once when the value comes to rest.
    public var onComplete: (() -> Void)?

    private var originValue: Double
    private var originVelocity: Double
    private var timeline: AnimationTimeline

    /// - Parameter startTime: the time the release happened (a touch-up timestamp); nil means
    ///   the first frame that runs it.
    public init(
        value: Double, velocity: Double, rate: DecelerationRate = .normal, tolerance: SettleTolerance = .pixels,
        startTime: MonotonicTime? = nil
    ) {
        self.rate = rate
        self.tolerance = tolerance
        self.value = value
        self.velocity = velocity
        self.restValue = value + rate.restDistance(initial: velocity)
        self.originValue = value
        self.originVelocity = velocity
        self.timeline = AnimationTimeline(start: startTime)
    }

    /// Whether the value rests (and has reported it).
    public var isSettled: Bool { self.timeline.isFinished }

    public func advance(to time: MonotonicTime) -> Bool {
        let point = self.timeline.sample(at: time, rest: self.restValue, tolerance: self.tolerance) { t in
            (
                self.originValue + self.rate.distance(initial: self.originVelocity, after: t),
                self.rate.velocity(initial: self.originVelocity, after: t)
            )
        }
        self.value = point.value
        self.velocity = point.velocity
        if point.arrived { self.reanchor() }
        self.onUpdate?(point.value)
        return point.arrived
    }

    public func complete() {
        self.onComplete?()
    }

    public func stop() {
        self.timeline.interrupt()
        self.reanchor()
    }

    /// Restarts the closed form from the current value and velocity.
    private func reanchor() {
        self.originValue = self.value
        self.originVelocity = self.velocity
        self.restValue = self.value + self.rate.restDistance(initial: self.velocity)
    }
}
