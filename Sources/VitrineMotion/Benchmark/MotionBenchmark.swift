import Glibc
import VitrineCore

/// Measurements `vitrine bench` reports for the motion module.
public enum MotionBenchmark {
    /// Steps `count` springs through `frames` frames of a 60 Hz animator and returns how long each
    /// frame's `Animator.step` took, in milliseconds.
    ///
    /// The springs are varied (responses 0.3–0.8 s, damping ratios 0.5–1.5, so all three closed
    /// forms run) and are sent back the other way whenever they settle, so every frame steps all
    /// `count` of them. Each update feeds a running sum, as a layer property would take it. The
    /// frame times are synthetic; only the measurement reads `CLOCK_MONOTONIC`.
    public static func stepSprings(count: Int = 1000, frames: Int) -> [Double] {
        precondition(count >= 0 && frames >= 0)
        let animator = Animator()
        let sink = UpdateSink()
        var springs: [SpringAnimation] = []
        springs.reserveCapacity(count)
        for index in 0..<count {
            let parameters = SpringParameters(
                response: 0.3 + 0.5 * Double(index % 11) / 10, dampingRatio: 0.5 + Double(index % 3) * 0.5)
            let spring = SpringAnimation(value: 0, target: 100 + Double(index % 900), parameters: parameters)
            spring.onUpdate = { sink.total += $0 }
            spring.onComplete = { [unowned spring, unowned animator] in
                spring.retarget(to: spring.target == 0 ? 100 + Double(index % 900) : 0)
                animator.run(spring)
            }
            springs.append(spring)
            animator.run(spring)
        }
        var milliseconds: [Double] = []
        milliseconds.reserveCapacity(frames)
        let interval = Nanoseconds(16_666_667)
        for frame in 0..<frames {
            let time = MonotonicTime.zero + interval * Int64(frame)
            let start = Self.monotonicNanoseconds()
            animator.step(to: time)
            milliseconds.append(Double(Self.monotonicNanoseconds() - start) / 1e6)
        }
        withExtendedLifetime((springs, sink)) {}
        return milliseconds
    }

    /// Where the updates go, so the optimiser cannot drop them.
    private final class UpdateSink {
        var total = 0.0
    }

    private static func monotonicNanoseconds() -> Int64 {
        MonotonicTime.now().nanoseconds
    }
}
