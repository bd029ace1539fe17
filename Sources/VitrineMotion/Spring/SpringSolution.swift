import Glibc

/// The closed-form motion of a damped spring released with displacement x0 and velocity v0 at
/// t = 0 (research/sheets_physics.md §B1; the same three solutions as Flutter's
/// `_Underdamped/_Critical/_OverdampedSolution` and AndroidX `SpringForce.updateValues`).
///
/// Exact at any t, so stepping it at 30, 60 or 144 Hz traces one curve, and re-solving from the
/// current (x, v) at a retarget keeps position and velocity continuous.
enum SpringSolution: Equatable {
    /// ζ < 1: `x(t) = e^(−ζω0t)·[x0·cos ωd·t + ((v0 + ζω0·x0)/ωd)·sin ωd·t]`, `ωd = ω0√(1 − ζ²)`.
    case underdamped(x0: Double, decay: Double, frequency: Double, sine: Double)
    /// ζ = 1: `x(t) = e^(−ω0t)·[x0 + (v0 + ω0·x0)·t]`.
    case critical(x0: Double, omega: Double, slope: Double)
    /// ζ > 1: `x(t) = C1·e^(r1·t) + C2·e^(r2·t)`, `r1,2 = −ω0(ζ ∓ √(ζ² − 1))`,
    /// `C2 = (v0 − r1·x0)/(r2 − r1)`, `C1 = x0 − C2`.
    case overdamped(c1: Double, r1: Double, c2: Double, r2: Double)

    init(parameters: SpringParameters, displacement x0: Double, velocity v0: Double) {
        let omega = parameters.naturalFrequency
        let ratio = parameters.dampingRatio
        if abs(ratio - 1) <= SpringParameters.criticalBand {
            self = .critical(x0: x0, omega: omega, slope: v0 + omega * x0)
        } else if ratio < 1 {
            let decay = ratio * omega
            let frequency = omega * (1 - ratio * ratio).squareRoot()
            self = .underdamped(x0: x0, decay: decay, frequency: frequency, sine: (v0 + decay * x0) / frequency)
        } else {
            let root = (ratio * ratio - 1).squareRoot()
            let r1 = -omega * (ratio - root)
            let r2 = -omega * (ratio + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            self = .overdamped(c1: x0 - c2, r1: r1, c2: c2, r2: r2)
        }
    }

    /// The displacement from the target and the velocity, `t` seconds after release.
    func sample(at t: Double) -> (displacement: Double, velocity: Double) {
        switch self {
        case .underdamped(let x0, let decay, let frequency, let sine):
            let envelope = exp(-decay * t)
            let cosine = cos(frequency * t)
            let sineValue = sin(frequency * t)
            let displacement = envelope * (x0 * cosine + sine * sineValue)
            let velocity =
                envelope * ((sine * frequency - decay * x0) * cosine - (decay * sine + x0 * frequency) * sineValue)
            return (displacement, velocity)
        case .critical(let x0, let omega, let slope):
            let envelope = exp(-omega * t)
            let linear = x0 + slope * t
            return (envelope * linear, envelope * (slope - omega * linear))
        case .overdamped(let c1, let r1, let c2, let r2):
            let e1 = c1 * exp(r1 * t)
            let e2 = c2 * exp(r2 * t)
            return (e1 + e2, r1 * e1 + r2 * e2)
        }
    }
}
