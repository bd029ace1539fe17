import Testing
import VitrineCore
import VitrineGestures

/// Feeds `position(t)` (t in seconds) sampled every 8 ms from 0 to `until` ms.
private func track(
    until milliseconds: Int, every step: Int = 8, quantum: Double = 0, _ position: (Double) -> (Double, Double)
) -> VelocityTracker {
    var tracker = VelocityTracker()
    for ms in stride(from: 0, through: milliseconds, by: step) {
        var (x, y) = position(Double(ms) / 1000)
        if quantum > 0 {
            x = (x / quantum).rounded() * quantum
            y = (y / quantum).rounded() * quantum
        }
        tracker.addSample(GestureVector(x: x, y: y), at: MonotonicTime(nanoseconds: Int64(ms) * 1_000_000))
    }
    return tracker
}

private func relativeError(_ measured: Double, _ expected: Double) -> Double {
    abs(measured - expected) / abs(expected)
}

@Suite("Velocity tracker")
struct VelocityTrackerTests {
    @Test("a constant-velocity drag reads its velocity within 2 %, even on a whole-pixel panel", arguments: [0.0, 1.0])
    func constantVelocity(quantum: Double) {
        let tracker = track(until: 240, quantum: quantum) { t in (100 + 1200 * t, 500 - 450 * t) }
        #expect(relativeError(tracker.velocity.x, 1200) < 0.02)
        #expect(relativeError(tracker.velocity.y, -450) < 0.02)
        if quantum == 0 {
            #expect(abs(tracker.velocity.x - 1200) < 1e-6)
        }
    }

    @Test("an accelerating drag reads the speed at the newest sample, not the average")
    func accelerating() {
        // x = ½·a·t² with a = 20 000 pt/s²: 3000 pt/s at 150 ms, while the mean over the last
        // 100 ms is 2000 pt/s.
        let tracker = track(until: 152) { t in (10_000 * t * t, 0) }
        let expected = 20_000 * 0.152
        #expect(relativeError(tracker.velocity.x, expected) < 0.02)
        #expect(abs(tracker.velocity.y) < 1e-9)
        // Decelerating the same way reads low.
        let braking = track(until: 152) { t in (4000 * t - 10_000 * t * t, 0) }
        #expect(relativeError(braking.velocity.x, 4000 - 20_000 * 0.152) < 0.02)
    }

    @Test("only the last 100 ms count")
    func horizon() {
        // 200 ms at 3000 pt/s, then 104 ms at 500 pt/s: only the slow part is within the horizon.
        let tracker = track(until: 304) { t in t <= 0.2 ? (3000 * t, 0) : (600 + 500 * (t - 0.2), 0) }
        #expect(relativeError(tracker.velocity.x, 500) < 0.02)
    }

    @Test("a finger that rests before lifting has no velocity")
    func pauseBeforeRelease() {
        var tracker = track(until: 160) { t in (1500 * t, 800 * t) }
        #expect(relativeError(tracker.velocity.x, 1500) < 0.02)
        // No new sample for 60 ms (the finger held still), then it lifts.
        let lift = MonotonicTime(nanoseconds: 220_000_000)
        #expect(tracker.velocity(at: lift) == .zero)
        #expect(tracker.velocity(at: MonotonicTime(nanoseconds: 190_000_000)) != .zero)
        // A sample after a 40 ms pause starts a new history.
        tracker.addSample(GestureVector(x: 240, y: 128), at: lift)
        #expect(tracker.velocity == .zero)
        tracker.addSample(GestureVector(x: 244, y: 128), at: lift + .milliseconds(8))
        #expect(abs(tracker.velocity.x - 500) < 1e-9)
    }

    @Test("velocity is clamped to 8000 pt/s, keeping its direction")
    func clamped() {
        let tracker = track(until: 80) { t in (30_000 * t, -40_000 * t) }
        #expect(abs(tracker.velocity.magnitude - 8000) < 1e-6)
        #expect(abs(tracker.velocity.x / tracker.velocity.y + 0.75) < 1e-9)
    }

    @Test("one sample has no velocity; two give the straight line")
    func fewSamples() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity == .zero)
        tracker.addSample(GestureVector(x: 0, y: 0), at: .zero)
        #expect(tracker.velocity == .zero)
        tracker.addSample(GestureVector(x: 8, y: -4), at: MonotonicTime(nanoseconds: 8_000_000))
        #expect(abs(tracker.velocity.x - 1000) < 1e-9 && abs(tracker.velocity.y + 500) < 1e-9)
    }
}
