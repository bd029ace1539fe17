import VitrineCore
import VitrineMotion

/// A run from 0 to 1 on the appear spring (`Appear.spring`) that can be put at its end at once:
/// what an `AppearView` moves and fades its content by, and what an `AlertView` fades in by.
/// `update` is told each value, already clamped to 0–1 (the spring is critically damped, but its
/// last step may land a hair past 1).
final class AppearProgress {
    private let update: (Double) -> Void
    private var spring: SpringAnimation?
    private weak var animator: Animator?

    init(update: @escaping (Double) -> Void) {
        self.update = update
    }

    /// Whether it runs (or waits for its start).
    var isRunning: Bool { self.spring != nil }

    /// Puts the value at 0 now and springs it to 1 from `startTime` (nil: the next frame),
    /// settled within `tolerance`.
    func play(animator: Animator, tolerance: SettleTolerance, startTime: MonotonicTime? = nil) {
        self.finish()
        self.update(0)
        let spring = SpringAnimation(value: 0, target: 1, parameters: Appear.spring, tolerance: tolerance, startTime: startTime)
        spring.onUpdate = { [weak self] value in self?.update(min(1, max(0, value))) }
        spring.onComplete = { [weak self] in
            self?.spring = nil
            self?.update(1)
        }
        self.spring = spring
        self.animator = animator
        animator.run(spring)
    }

    /// At 1 now, if it was running.
    func finish() {
        guard let spring = self.spring else { return }
        self.animator?.stop(spring)
        self.spring = nil
        self.update(1)
    }
}
