import Glibc

/// How fast a flicked value slows down: the fraction of its velocity it keeps each millisecond,
/// the way `UIScrollView.decelerationRate` is defined.
///
/// With r per millisecond, `v(t) = v0·r^(1000t)` and `x(t) = x0 + v0·(r^(1000t) − 1)/(1000·ln r)`
/// (research/sheets_physics.md §B3; Flutter's `FrictionSimulation` with drag `r^1000` is the
/// same curve).
public struct DecelerationRate: Equatable, Sendable, CustomStringConvertible {
    /// The velocity kept per millisecond, 0 < r < 1.
    public var perMillisecond: Double

    public init(perMillisecond: Double) {
        precondition(perMillisecond > 0 && perMillisecond < 1, "a deceleration rate is a factor in (0, 1)")
        self.perMillisecond = perMillisecond
    }

    /// `UIScrollView.DecelerationRate.normal`, 0.998 per ms. Apple names the constant without its
    /// value; the value comes from bindings such as pub.dev's `IOSUIScrollViewDecelerationRate`.
    public static let normal = DecelerationRate(perMillisecond: 0.998)
    /// `UIScrollView.DecelerationRate.fast`, 0.99 per ms (same source); SplitSheet's rate.
    public static let fast = DecelerationRate(perMillisecond: 0.99)

    /// 1000·ln r: the exponent per second, negative.
    var logPerSecond: Double { 1000 * log(self.perMillisecond) }

    /// The velocity `seconds` after release at `initial` units per second.
    public func velocity(initial: Double, after seconds: Double) -> Double {
        initial * exp(self.logPerSecond * seconds)
    }

    /// How far a value released at `initial` units per second has travelled after `seconds`.
    public func distance(initial: Double, after seconds: Double) -> Double {
        initial * (exp(self.logPerSecond * seconds) - 1) / self.logPerSecond
    }

    /// Where the continuous motion comes to rest, relative to the release: `−v0/(1000·ln r)`.
    public func restDistance(initial: Double) -> Double {
        -initial / self.logPerSecond
    }

    /// How long until the speed falls to `minimum`: `ln(minimum/|v0|)/(1000·ln r)`; zero when it
    /// is already that slow.
    public func duration(initial: Double, until minimum: Double) -> Double {
        precondition(minimum > 0)
        guard abs(initial) > minimum else { return 0 }
        return log(minimum / abs(initial)) / self.logPerSecond
    }

    public var description: String { "\(self.perMillisecond)/ms" }
}
