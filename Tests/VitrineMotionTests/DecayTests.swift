import Glibc
import Testing
import VitrineCore
import VitrineMotion

@Suite("Deceleration, projection and rubber band")
struct DecayTests {
    @Test("velocity keeps r of itself every millisecond", arguments: [DecelerationRate.normal, .fast])
    func velocityPerMillisecond(rate: DecelerationRate) {
        for milliseconds in [1, 16, 100, 500] {
            let expected = 1000 * pow(rate.perMillisecond, Double(milliseconds))
            #expect(abs(rate.velocity(initial: 1000, after: Double(milliseconds) / 1000) - expected) < 1e-9)
        }
    }

    @Test("the closed-form position is the integral of the velocity", arguments: [DecelerationRate.normal, .fast])
    func positionIntegratesVelocity(rate: DecelerationRate) {
        // Trapezoidal integration of v0·r^(1000t) in 1 µs steps, independent of the closed form.
        let step = 1e-6
        var travelled = 0.0
        var t = 0.0
        for _ in 0..<300_000 {
            travelled += step / 2 * (rate.velocity(initial: 2400, after: t) + rate.velocity(initial: 2400, after: t + step))
            t += step
        }
        #expect(abs(rate.distance(initial: 2400, after: 0.3) - travelled) < 1e-6)
    }

    @Test("the rest point is 0.4995·v0 at the normal rate and 0.0995·v0 at the fast one")
    func restDistance() {
        #expect(abs(DecelerationRate.normal.restDistance(initial: 1000) - 499.5) < 0.05)
        #expect(abs(DecelerationRate.fast.restDistance(initial: 1000) - 99.5) < 0.05)
        #expect(abs(DecelerationRate.normal.restDistance(initial: 1000) + 1000 / (1000 * log(0.998))) < 1e-9)
        #expect(abs(DecelerationRate.fast.restDistance(initial: -1000) - 1000 / (1000 * log(0.99))) < 1e-9)
    }

    @Test("the time to slow to a speed inverts the velocity curve")
    func durationUntilSlow() {
        let rate = DecelerationRate.normal
        let seconds = rate.duration(initial: -3000, until: 20)
        #expect(abs(abs(rate.velocity(initial: -3000, after: seconds)) - 20) < 1e-9)
        #expect(rate.duration(initial: 10, until: 20) == 0)
    }

    @Test("WWDC18's projection is (v0/1000)·r/(1 − r): 0.499·v0 normal, 0.099·v0 fast")
    func projection() {
        #expect(abs(project(velocity: 1000, rate: .normal) - 499) < 1e-9)
        #expect(abs(project(velocity: 1000, rate: .fast) - 99) < 1e-9)
        #expect(abs(project(velocity: -2000) + 998) < 1e-9)
        // It is the per-millisecond sum of the decaying velocity.
        var sum = 0.0
        var v = 1000.0 / 1000
        for _ in 0..<20_000 {
            v *= 0.998
            sum += v
        }
        #expect(abs(project(velocity: 1000, rate: .normal) - sum) < 1e-6)
    }

    @Test("a flick coasts along the curve and snaps onto its rest point once")
    func decayAnimation() {
        let motion = HeadlessMotion()
        let decay = DecayAnimation(value: 100, velocity: -2000, rate: .fast)
        #expect(abs(decay.restValue - (100 - 2000 * 0.0995)) < 0.02)
        var samples: [(MonotonicTime, Double)] = []
        var completions = 0
        decay.onUpdate = { samples.append((motion.loop.now, $0)) }
        decay.onComplete = { completions += 1 }
        motion.animator.run(decay)
        #expect(motion.loop.runUntilIdle(limit: MonotonicTime(seconds: 5)))
        #expect(completions == 1)
        #expect(samples.last?.1 == decay.restValue)
        for (time, value) in samples.dropLast() {
            #expect(abs(value - (100 + DecelerationRate.fast.distance(initial: -2000, after: time.seconds))) < 1e-9)
        }
        // Monotone: a decay never turns back.
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.1 >= $1.1 })
    }

    @Test("rubber band: d = 960 gives 52.0 at 100, 179.0 at 400, 340.7 at 960")
    func rubberBandTable() {
        #expect(abs(rubberBand(100, dimension: 960) - 52.0) < 0.05)
        #expect(abs(rubberBand(400, dimension: 960) - 179.0) < 0.05)
        // 960·0.55·960/(960 + 0.55·960) = 340.645…; the table rounds it twice (340.65 → 340.7).
        #expect(abs(rubberBand(960, dimension: 960) - 340.7) < 0.06)
        #expect(abs(rubberBand(960, dimension: 960) - 506_880.0 / 1488) < 1e-9)
        #expect(rubberBand(-400, dimension: 960) == -rubberBand(400, dimension: 960))
        // It starts at 55 % of the finger and never reaches the dimension.
        #expect(abs(rubberBand(0.001, dimension: 960) / 0.001 - 0.55) < 1e-5)
        #expect(rubberBand(1e9, dimension: 960) < 960)
    }

    @Test("rubber banding applies per edge and leaves the inside alone")
    func rubberBandClampPerEdge() {
        let limits = 0.0...400.0
        #expect(rubberBandClamp(250, limits: limits, dimension: 960) == 250)
        #expect(abs(rubberBandClamp(-100, limits: limits, dimension: 960) + 52.0) < 0.05)
        #expect(abs(rubberBandClamp(500, limits: limits, dimension: 960) - 452.0) < 0.05)
    }
}

@Suite("Timing curves")
struct TimingCurveTests {
    @Test("ease-in-out is symmetric, starts and ends flat, and matches CSS at sampled points")
    func easeInOut() {
        let curve = TimingCurve.easeInOut
        #expect(curve.value(at: 0) == 0 && abs(curve.value(at: 1) - 1) < 1e-9)
        #expect(abs(curve.value(at: 0.5) - 0.5) < 1e-6)
        for t in stride(from: 0.05, to: 1, by: 0.05) {
            #expect(abs(curve.value(at: t) + curve.value(at: 1 - t) - 1) < 1e-6)
        }
        // cubic-bezier(0.42, 0, 0.58, 1) at 25% time is about 12.9% progress.
        #expect(abs(curve.value(at: 0.25) - 0.1291) < 0.001)
        #expect(curve.value(at: 0.05) < 0.02)
    }

    @Test("a curve animation arrives exactly at its end after its duration")
    func curveAnimation() {
        let animation = CurveAnimation(from: 0, to: 100, duration: 0.4, startTime: .zero)
        #expect(!animation.advance(to: MonotonicTime(seconds: 0.2)))
        #expect(abs(animation.value - 50) < 1e-6)
        #expect(animation.advance(to: MonotonicTime(seconds: 0.4)))
        #expect(animation.value == 100)
    }
}
