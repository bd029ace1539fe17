import VitrineCore

/// One scrollable value — a scroll offset, a sheet's position — that a finger drags and that
/// settles by a spring or coasts by deceleration when released, interruptible at any time.
///
/// - `beginDrag()` catches whatever animation runs at the value on screen (no jump).
/// - `drag(by:)` moves it with the finger, rubber-banded past `limits` (UIScrollView's
///   `f(x) = x·c·d/(d + c·x)`, c = 0.55, d = `dimension`).
/// - `release(velocity:rate:)` coasts with UIScrollView's deceleration; crossing a limit hands
///   the velocity to a bounce spring. `settle(to:velocity:parameters:)` springs to a target with
///   the finger's velocity.
public final class ScrollMotion {
    /// Flutter's scroll bounce spring (`widgets/scroll_physics.dart`: mass 0.5, stiffness 100,
    /// damping ratio 1.1), standing in for UIScrollView's undocumented bounce.
    public static let bounce = SpringParameters(mass: 0.5, stiffness: 100, damping: 1.1 * 2 * (100 * 0.5).squareRoot())

    /// The value on screen.
    public private(set) var value: Double
    public var limits: ClosedRange<Double>
    /// The length the rubber band is relative to (the viewport).
    public var dimension: Double
    /// False: a drag stops at the limits instead of rubber-banding past them.
    public var rubberBands = true
    /// Called whenever `value` changes.
    public var onChange: ((Double) -> Void)?
    /// Called once when a release or settle comes to rest.
    public var onRest: ((Double) -> Void)?

    /// The animator of the window the value is shown in; nil while off screen, when animations
    /// jump to their end.
    private let animator: () -> Animator?
    private var running: (any FrameAnimation)?
    private weak var runningOn: Animator?
    /// The finger's unresisted position for the drag in progress.
    private var rawValue: Double = 0

    public init(value: Double = 0, limits: ClosedRange<Double>, dimension: Double, animator: @escaping () -> Animator?) {
        self.value = value
        self.limits = limits
        self.dimension = dimension
        self.animator = animator
    }

    public var isAnimating: Bool { self.running != nil }

    /// Moves without animation.
    public func set(_ value: Double) {
        self.stop()
        self.update(value)
    }

    /// A value that goes away takes its animation with it: the animator would otherwise call
    /// the animation's closures, which reach this value unowned (a language change rebuilding the
    /// screens under a sliding sheet aborted the kiosk, issue 29).
    deinit {
        if let running = self.running { self.runningOn?.stop(running) }
    }

    /// Stops any animation where it is on screen.
    public func stop() {
        if let running = self.running { self.runningOn?.stop(running) }
        self.running = nil
        self.settleTarget = nil
    }

    /// Where the running spring (`settle(to:)`, a bounce) goes; nil while coasting or at rest.
    private var settleTarget: Double?

    /// Brings the value back within `limits` after they changed under it (the content shrank,
    /// the viewport grew), outside a drag: at rest it moves to the nearest limit at once; a
    /// spring heading past them turns to the nearest limit, keeping its velocity. A coast
    /// needs nothing: it checks the limits every frame and bounces at them.
    ///
    /// Without it an offset past the new end stays there, and with the content fitting the
    /// scroll view takes no drag that could bring it back (issue 16's soak: the demo's main
    /// pane kept a 108-point scroll after its split sheet hid, its title above the screen).
    public func keepWithinLimits() {
        if let target = self.settleTarget {
            let clamped = min(max(target, self.limits.lowerBound), self.limits.upperBound)
            if clamped != target {
                let velocity = (self.running as? SpringAnimation)?.velocity ?? 0
                self.settle(to: clamped, velocity: velocity, parameters: Self.bounce)
            }
            return
        }
        guard self.running == nil else { return }
        let clamped = min(max(self.value, self.limits.lowerBound), self.limits.upperBound)
        if clamped != self.value { self.update(clamped) }
    }

    /// Runs an animation on the window's animator, or finishes it at once off screen.
    private func run(_ animation: any FrameAnimation, endValue: Double) {
        guard let animator = self.animator() else {
            self.update(endValue)
            animation.complete()
            return
        }
        self.running = animation
        self.runningOn = animator
        animator.run(animation)
    }

    /// Catches the value for a drag: animations stop where they are drawn.
    public func beginDrag() {
        self.stop()
        // Undo the rubber band so a drag that starts in an overscroll continues smoothly.
        let clamped = min(max(self.value, self.limits.lowerBound), self.limits.upperBound)
        self.rawValue = clamped + Self.unresisted(self.value - clamped, dimension: self.dimension)
    }

    /// Moves the value by `delta` of finger travel (rubber-banded past the limits).
    public func drag(by delta: Double) {
        self.rawValue += delta
        if self.rubberBands {
            self.update(rubberBandClamp(self.rawValue, limits: self.limits, dimension: self.dimension))
        } else {
            self.rawValue = min(max(self.rawValue, self.limits.lowerBound), self.limits.upperBound)
            self.update(self.rawValue)
        }
    }

    /// The finger lifted: coast with `velocity` (units/s) at `rate`, bouncing at the limits.
    public func release(velocity: Double, rate: DecelerationRate = .normal, at time: MonotonicTime? = nil) {
        self.stop()
        if self.value < self.limits.lowerBound || self.value > self.limits.upperBound {
            let edge = self.value < self.limits.lowerBound ? self.limits.lowerBound : self.limits.upperBound
            self.settle(to: edge, velocity: velocity, parameters: Self.bounce, at: time)
            return
        }
        let decay = DecayAnimation(value: self.value, velocity: velocity, rate: rate, startTime: time)
        decay.onUpdate = { [unowned self, unowned decay] value in
            if value < self.limits.lowerBound || value > self.limits.upperBound {
                // Crossed an edge: the bounce spring takes the velocity from here.
                let edge = value < self.limits.lowerBound ? self.limits.lowerBound : self.limits.upperBound
                let velocity = decay.velocity
                self.update(value)
                self.runningOn?.stop(decay)
                self.running = nil
                self.settle(to: edge, velocity: velocity, parameters: Self.bounce)
                return
            }
            self.update(value)
        }
        decay.onComplete = { [unowned self] in
            self.running = nil
            self.onRest?(self.value)
        }
        self.run(decay, endValue: min(max(decay.restValue, self.limits.lowerBound), self.limits.upperBound))
    }

    /// Springs to `target`, starting at the value on screen with `velocity` (units/s).
    public func settle(to target: Double, velocity: Double = 0, parameters: SpringParameters, at time: MonotonicTime? = nil, completion: (() -> Void)? = nil) {
        self.stop()
        let spring = SpringAnimation(value: self.value, target: target, velocity: velocity, parameters: parameters, startTime: time)
        spring.onUpdate = { [unowned self] value in self.update(value) }
        spring.onComplete = { [unowned self] in
            self.running = nil
            self.settleTarget = nil
            completion?()
            self.onRest?(self.value)
        }
        self.settleTarget = target
        self.run(spring, endValue: target)
    }

    private func update(_ value: Double) {
        guard value != self.value else { return }
        self.value = value
        self.onChange?(value)
    }

    /// The finger travel that the rubber band turns into `resisted` overshoot (its inverse).
    static func unresisted(_ resisted: Double, dimension: Double) -> Double {
        let c = rubberBandCoefficient
        let f = abs(resisted)
        guard f > 0, dimension > 0 else { return 0 }
        let limited = min(f, dimension * 0.999)
        let x = limited * dimension / (c * (dimension - limited))
        return resisted < 0 ? -x : x
    }
}
