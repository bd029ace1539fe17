/// How far a flick at `velocity` (units per second) carries at deceleration `rate`, to pick a
/// target from a release: `(v0/1000)·r/(1 − r)`.
///
/// From WWDC 2018 session 803 "Designing Fluid Interfaces": the per-millisecond sum
/// Σ (v0/1000)·rⁿ, slightly short of the continuous rest distance (0.4990·v0 against 0.4995·v0
/// for `.normal`). Choose the detent nearest `position + project(velocity: v, rate: r)`, then
/// hand `v` to the spring.
public func project(velocity: Double, rate: DecelerationRate = .normal) -> Double {
    let r = rate.perMillisecond
    return (velocity / 1000) * r / (1 - r)
}

/// UIScrollView's rubber-band coefficient, 0.55 (research/sheets_physics.md §B4; the
/// `originell/RubberBand.md` gist of @chpwn's formula).
public let rubberBandCoefficient = 0.55

/// How far content follows a finger that has pulled it `offset` past an edge of a viewport
/// `dimension` long: `x·c·d/(d + c·x)`, which starts at c = 55 % of the finger's movement and
/// approaches `dimension` without reaching it. Odd in `offset`, so it works past either edge.
///
/// For d = 960: x = 100 → 52.0, x = 400 → 179.0, x = 960 → 340.7 (the gist's table).
public func rubberBand(_ offset: Double, dimension: Double, coefficient: Double = rubberBandCoefficient) -> Double {
    precondition(dimension > 0 && coefficient > 0)
    let overshoot = abs(offset)
    let resisted = overshoot * coefficient * dimension / (dimension + coefficient * overshoot)
    return offset < 0 ? -resisted : resisted
}

/// `value` inside `limits` unchanged; past an edge, the edge plus the rubber-banded overshoot
/// (the common `rubberBandClamp(_:coeff:dim:limits:)`), applied per edge.
public func rubberBandClamp(
    _ value: Double, limits: ClosedRange<Double>, dimension: Double, coefficient: Double = rubberBandCoefficient
) -> Double {
    let clamped = min(max(value, limits.lowerBound), limits.upperBound)
    return clamped + rubberBand(value - clamped, dimension: dimension, coefficient: coefficient)
}
