import Glibc

/// The constants of a damped spring, `m·x″ + c·x′ + k·x = 0`, where x is the displacement from
/// the target.
///
/// Four ways to say the same thing, each the way a platform spells it (research/sheets_physics.md
/// §B1): physical constants (`UISpringTimingParameters(mass:stiffness:damping:)`), response and
/// damping ratio (WWDC 2018 session 803), SwiftUI's `Spring(duration:bounce:)`, and UIKit's
/// `animate(withDuration:usingSpringWithDamping:…)` through `init(uiKitDuration:dampingRatio:)`.
public struct SpringParameters: Equatable, Sendable, CustomStringConvertible {
    /// m, in arbitrary mass units (1 everywhere in UIKit, SwiftUI and Android unless set).
    public var mass: Double
    /// k, force per unit of displacement.
    public var stiffness: Double
    /// c, force per unit of velocity.
    public var damping: Double

    /// A spring from its physical constants.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        precondition(mass > 0 && stiffness > 0 && damping >= 0, "a spring needs m > 0, k > 0, c ≥ 0")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// A spring from its response (the undamped period T, in seconds) and damping ratio ζ:
    /// `k = (2π/T)²·m`, `c = 4πζ·m/T` (WWDC 2018 session 803 "Designing Fluid Interfaces";
    /// jenox/UIKit-Playground, "Demystifying UIKit Spring Animations").
    public init(response: Double, dampingRatio: Double, mass: Double = 1) {
        precondition(response > 0, "the response must be positive")
        let angular = 2 * Double.pi / response
        self.init(mass: mass, stiffness: angular * angular * mass, damping: 4 * Double.pi * dampingRatio * mass / response)
    }

    /// SwiftUI's `Spring(duration:bounce:)`: `k = 4π²m/duration²`,
    /// `ζ = bounce > 0 ? 1 − bounce : 1/(1 + bounce)`, `c = 2ζ√(mk)` (Flutter's port,
    /// `SpringDescription.withDurationAndBounce`, documented as "the same result as SwiftUI").
    /// Apple's example: duration 0.5, bounce 0.3 → mass 1, stiffness 157.9, damping 17.6.
    ///
    /// - Parameters:
    ///   - duration: the perceptual duration in seconds (equal to the response).
    ///   - bounce: −1 < bounce < 1; 0 is critically damped, positive values overshoot, negative
    ///     ones are overdamped.
    public init(duration: Double, bounce: Double = 0, mass: Double = 1) {
        precondition(duration > 0 && bounce > -1 && bounce < 1, "SwiftUI springs need duration > 0 and −1 < bounce < 1")
        let stiffness = 4 * Double.pi * Double.pi * mass / (duration * duration)
        let ratio = bounce > 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(mass: mass, stiffness: stiffness, damping: 2 * ratio * (mass * stiffness).squareRoot())
    }

    /// The spring UIKit's `UIView.animate(withDuration:delay:usingSpringWithDamping:…)` would run
    /// for `duration`, under our parity approximation.
    ///
    /// UIKit does not document how it maps a duration to a stiffness. We take the spring whose
    /// motion decays to `uiKitSettleEpsilon` (0.001) of its start at `duration`
    /// (research/sheets_physics.md §B1):
    /// - ζ < 1: the envelope `e^(−ζω0·D)` reaches ε, so `ω0 = ln(1/ε)/(ζD) ≈ 6.91/(ζD)`;
    /// - ζ = 1 (within 1e-9): `(1 + u)·e^(−u) = ε` with `u = ω0·D`, so `ω0·D ≈ 9.23`;
    /// - ζ > 1 (our extension; UIKit's examples stay at or below 1): the slow root
    ///   `ω0(ζ − √(ζ² − 1))` decays to ε, so `ω0 = ln(1/ε)/((ζ − √(ζ² − 1))·D)`.
    ///
    /// The approximation is discontinuous at ζ = 1 (6.91 vs 9.23): just below it the envelope
    /// reaches ε while the critically damped solution, whose polynomial factor slows it, has not.
    public init(uiKitDuration duration: Double, dampingRatio: Double, mass: Double = 1) {
        precondition(duration > 0 && dampingRatio > 0, "UIKit springs need a positive duration and damping ratio")
        let logInverseEpsilon = -log(Self.uiKitSettleEpsilon)
        let omega: Double
        if abs(dampingRatio - 1) <= Self.criticalBand {
            omega = Self.criticalSettleProduct(epsilon: Self.uiKitSettleEpsilon) / duration
        } else if dampingRatio < 1 {
            omega = logInverseEpsilon / (dampingRatio * duration)
        } else {
            omega = logInverseEpsilon / ((dampingRatio - (dampingRatio * dampingRatio - 1).squareRoot()) * duration)
        }
        self.init(mass: mass, stiffness: omega * omega * mass, damping: 2 * dampingRatio * omega * mass)
    }

    /// The residual our UIKit parity approximation treats as "arrived": 0.001 of the distance,
    /// the ε of SwiftUI's `Spring(settlingDuration:dampingRatio:epsilon:)` default.
    public static let uiKitSettleEpsilon = 0.001

    /// How close to 1 a damping ratio must be to count as critical: inside this band the
    /// under- and overdamped closed forms divide by √|1 − ζ²| ≈ 0 and lose precision.
    static let criticalBand = 1e-9

    /// The u > 1 that solves `(1 + u)·e^(−u) = epsilon` (u = ω0·t at which a critically damped
    /// spring released from rest has decayed to epsilon), by Newton's method. For ε = 0.001 it is
    /// 9.2335.
    public static func criticalSettleProduct(epsilon: Double) -> Double {
        precondition(epsilon > 0 && epsilon < 1)
        var u = -log(epsilon) + 1
        for _ in 0..<50 {
            // f(u) = ln(1 + u) − u − ln ε, f′(u) = 1/(1 + u) − 1: monotone for u > 0.
            let f = log(1 + u) - u - log(epsilon)
            let step = f / (1 / (1 + u) - 1)
            u -= step
            if abs(step) < 1e-14 * u { break }
        }
        return u
    }

    /// ω0 = √(k/m), in radians per second.
    public var naturalFrequency: Double { (self.stiffness / self.mass).squareRoot() }

    /// ζ = c / (2√(km)) (Apple: "damping / (2 * sqrt (stiffness * mass))").
    public var dampingRatio: Double { self.damping / (2 * (self.stiffness * self.mass).squareRoot()) }

    /// The undamped period T = 2π/ω0, in seconds: the inverse of `init(response:dampingRatio:)`.
    public var response: Double { 2 * Double.pi / self.naturalFrequency }

    /// SwiftUI's bounce: `ζ < 1 ? 1 − ζ : 1/ζ − 1`, the inverse of `init(duration:bounce:)`.
    public var bounce: Double {
        let ratio = self.dampingRatio
        return ratio < 1 ? 1 - ratio : 1 / ratio - 1
    }

    public var description: String {
        "spring(m \(String(fixed: self.mass, decimals: 3)), k \(String(fixed: self.stiffness, decimals: 3)), "
            + "c \(String(fixed: self.damping, decimals: 3)), ζ \(String(fixed: self.dampingRatio, decimals: 3)))"
    }
}
