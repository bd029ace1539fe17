import Glibc
import Testing
import VitrineCore
import VitrineMotion

/// Integrates `m·x″ + c·x′ + k·x = 0` with classic fourth-order Runge–Kutta in `step`-second
/// steps: an independent reference for the closed forms.
private func integrateSpring(
    _ spring: SpringParameters, displacement: Double, velocity: Double, until t: Double, step: Double = 1e-5
) -> (displacement: Double, velocity: Double) {
    func acceleration(_ x: Double, _ v: Double) -> Double {
        -(spring.damping * v + spring.stiffness * x) / spring.mass
    }
    var x = displacement
    var v = velocity
    let steps = Int((t / step).rounded())
    for _ in 0..<steps {
        let k1x = v
        let k1v = acceleration(x, v)
        let k2x = v + 0.5 * step * k1v
        let k2v = acceleration(x + 0.5 * step * k1x, v + 0.5 * step * k1v)
        let k3x = v + 0.5 * step * k2v
        let k3v = acceleration(x + 0.5 * step * k2x, v + 0.5 * step * k2v)
        let k4x = v + step * k3v
        let k4v = acceleration(x + step * k3x, v + step * k3v)
        x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (x, v)
}

/// A tolerance so tight the spring never snaps during a comparison.
private let neverSettles = SettleTolerance(distance: 1e-12, velocity: 1e-12)

@Suite("Springs")
struct SpringTests {
    @Test(
        "position and velocity follow a numerical integration for under-, critically and overdamped springs",
        arguments: [0.5, 1.0, 1.5])
    func closedFormsMatchIntegration(dampingRatio: Double) {
        let parameters = SpringParameters(response: 0.5, dampingRatio: dampingRatio)
        // Released 300 px short of the target, already moving away from it at 500 px/s.
        let spring = SpringAnimation(value: 0, target: 300, velocity: -500, parameters: parameters, tolerance: neverSettles)
        for millisecond in stride(from: 0, through: 1200, by: 50) {
            let t = Double(millisecond) / 1000
            _ = spring.advance(to: MonotonicTime(seconds: t))
            let reference = integrateSpring(parameters, displacement: -300, velocity: -500, until: t)
            #expect(abs(spring.value - (300 + reference.displacement)) < 1e-7, "x at \(t) s, ζ \(dampingRatio)")
            #expect(abs(spring.velocity - reference.velocity) < 1e-6, "v at \(t) s, ζ \(dampingRatio)")
        }
    }

    @Test("the three damping regimes behave as their names say")
    func regimes() {
        func crossesTarget(_ ratio: Double) -> Bool {
            let spring = SpringAnimation(
                value: 0, target: 100, parameters: SpringParameters(response: 0.5, dampingRatio: ratio), tolerance: neverSettles)
            return stride(from: 0.01, through: 2, by: 0.01).contains { t in
                _ = spring.advance(to: MonotonicTime(seconds: t))
                return spring.value > 100
            }
        }
        #expect(crossesTarget(0.5))
        #expect(!crossesTarget(1))
        #expect(!crossesTarget(1.5))
    }

    @Test("SwiftUI's duration 0.5 and bounce 0.3 give Apple's documented mass 1, stiffness 157.9, damping 17.6")
    func swiftUIExample() {
        let spring = SpringParameters(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 157.9) < 0.05)
        #expect(abs(spring.damping - 17.6) < 0.05)
        #expect(abs(spring.response - 0.5) < 1e-12)
        #expect(abs(spring.bounce - 0.3) < 1e-12)
        // Negative bounce is overdamped: ζ = 1/(1 + bounce).
        #expect(abs(SpringParameters(duration: 0.5, bounce: -0.5).dampingRatio - 2) < 1e-12)
        #expect(abs(SpringParameters(duration: 0.5, bounce: -0.5).bounce + 0.5) < 1e-12)
    }

    @Test("SwiftUI's default spring (response 0.5, damping fraction 0.825) has k 157.91 and c 20.73")
    func responseForm() {
        let spring = SpringParameters(response: 0.5, dampingRatio: 0.825)
        #expect(abs(spring.stiffness - 157.91) < 0.005)
        #expect(abs(spring.damping - 20.73) < 0.005)
        #expect(abs(spring.dampingRatio - 0.825) < 1e-12)
    }

    @Test("a UIKit-style spring decays to 0.001 of its distance at its duration", arguments: [0.5, 0.75, 1.0, 1.5])
    func uiKitParity(dampingRatio: Double) {
        let duration = 0.6
        let parameters = SpringParameters(uiKitDuration: duration, dampingRatio: dampingRatio)
        #expect(abs(parameters.dampingRatio - dampingRatio) < 1e-12)
        let decayedBy: Double
        if dampingRatio == 1 {
            // Released from rest, a critically damped spring is (1 + ω0t)·e^(−ω0t) of its distance.
            let u = parameters.naturalFrequency * duration
            decayedBy = (1 + u) * exp(-u)
        } else if dampingRatio < 1 {
            decayedBy = exp(-dampingRatio * parameters.naturalFrequency * duration)
        } else {
            let slowRoot = parameters.naturalFrequency * (dampingRatio - (dampingRatio * dampingRatio - 1).squareRoot())
            decayedBy = exp(-slowRoot * duration)
        }
        #expect(abs(decayedBy - 0.001) < 1e-12)
    }

    @Test("the critical product solves (1 + u)·e^(−u) = 0.001 at u ≈ 9.2335")
    func criticalProduct() {
        let u = SpringParameters.criticalSettleProduct(epsilon: 0.001)
        #expect(abs((1 + u) * exp(-u) - 0.001) < 1e-15)
        #expect(abs(u - 9.2335) < 0.0001)
        #expect(abs(-log(0.001) - 6.9078) < 0.0001)
    }

    @Test("UIKit's relative initial velocity is a fraction of the distance per second (SplitSheet's show)")
    func uiKitRelativeVelocity() {
        // SplitSheet: duration 0.6, damping 1, initialSpringVelocity 1, offset 0 → 400.
        let spring = SpringAnimation(
            uiKitFrom: 0, to: 400, duration: 0.6, dampingRatio: 1, initialSpringVelocity: 1, tolerance: neverSettles)
        #expect(spring.velocity == 400)
        _ = spring.advance(to: .zero)
        _ = spring.advance(to: MonotonicTime(seconds: 0.6))
        let reference = integrateSpring(spring.parameters, displacement: -400, velocity: 400, until: 0.6)
        #expect(abs(spring.value - (400 + reference.displacement)) < 1e-7)
        // Pushed towards the target it arrives a little sooner than from rest: under 0.001 × 400 away.
        #expect(abs(spring.value - 400) < 0.4)
    }

    @Test("retargeting mid-flight keeps position and velocity continuous")
    func retargetIsContinuous() {
        let spring = SpringAnimation(value: 0, target: 400, parameters: SpringParameters(response: 0.5, dampingRatio: 0.8))
        let retargetAt = MonotonicTime(seconds: 0.2)
        _ = spring.advance(to: .zero)
        _ = spring.advance(to: retargetAt)
        let before = (value: spring.value, velocity: spring.velocity)
        #expect(before.velocity > 500)  // well under way towards 400
        spring.retarget(to: 100)
        // One microsecond later the value has moved by about v·1 µs and the velocity is unchanged
        // but for the new pull (≈ k·300 px/s² × 1 µs ≈ 0.05 px/s).
        _ = spring.advance(to: retargetAt + .microseconds(1))
        #expect(abs(spring.value - (before.value + before.velocity * 1e-6)) < 1e-4)
        #expect(abs(spring.velocity - before.velocity) < 0.1)
        // And it still gets there, exactly.
        var t = retargetAt
        while !spring.advance(to: t) { t = t + .milliseconds(16) }
        #expect(spring.value == 100)
        #expect(spring.velocity == 0)
    }

    @Test("completion fires exactly once, on the frame the spring snaps exactly onto its target")
    func completionOnce() {
        let motion = HeadlessMotion()
        let spring = SpringAnimation(value: 0, target: 250, parameters: SpringParameters(response: 0.4, dampingRatio: 0.6))
        var completions = 0
        var updates: [Double] = []
        spring.onUpdate = { updates.append($0) }
        spring.onComplete = { completions += 1 }
        motion.animator.run(spring)
        #expect(motion.loop.runUntilIdle(limit: MonotonicTime(seconds: 10)))
        motion.loop.advance(by: .seconds(1))
        #expect(completions == 1)
        #expect(updates.last == 250)
        #expect(updates.dropLast().allSatisfy { $0 != 250 })
        #expect(spring.isSettled)
        // Before the snap it was within the tolerance: 0.5 px and 20 px/s.
        #expect(abs(updates[updates.count - 2] - 250) < 0.5 + 20 / 60.0)
    }

    @Test("the same curve sampled at 30, 60 and 144 Hz agrees")
    func frameRateIndependence() {
        struct Run {
            var samples: [Int64: Double] = [:]
            var completedAt: Int64?
        }
        func run(rate: Int64) -> Run {
            let animator = Animator()
            let spring = SpringAnimation(value: 0, target: 500, velocity: 900, parameters: SpringParameters(response: 0.45, dampingRatio: 0.5))
            var result = Run()
            var frame: Int64 = 0
            var now = Int64(0)
            spring.onUpdate = { result.samples[now] = $0 }
            spring.onComplete = { result.completedAt = now }
            animator.run(spring)
            while !animator.isIdle {
                now = frame * 1_000_000_000 / rate
                animator.step(to: MonotonicTime(nanoseconds: now))
                frame += 1
            }
            return result
        }
        let runs = [run(rate: 30), run(rate: 60), run(rate: 144)]
        let firstSettle = runs.compactMap(\.completedAt).min()!
        // Every sixth of a second is a frame at all three rates.
        var compared = 0
        for k in Int64(0)... {
            let t = k * 1_000_000_000 / 6
            guard t < firstSettle else { break }
            let values = runs.map { $0.samples[t]! }
            #expect(abs(values[0] - values[1]) < 1e-9 && abs(values[0] - values[2]) < 1e-9, "at \(t) ns: \(values)")
            compared += 1
        }
        #expect(compared >= 6)
        // All come to rest on the target, each within one 30 Hz frame of the others.
        for run in runs {
            #expect(run.samples[run.completedAt!] == 500)
            #expect(abs(run.completedAt! - firstSettle) <= 1_000_000_000 / 30)
        }
    }
}
