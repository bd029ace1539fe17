import VitrineCore

/// A cubic Bézier timing curve through (0, 0), (x1, y1), (x2, y2), (1, 1), as CSS and Core
/// Animation define them.
public struct TimingCurve: Equatable, Sendable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// UIKit's `.easeInOut` (`kCAMediaTimingFunctionEaseInEaseOut`: 0.42, 0, 0.58, 1).
    public static let easeInOut = TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    public static let linear = TimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)

    /// The eased progress at linear time `t` (0…1): solves x(s) = t by Newton's method with a
    /// bisection fallback, then returns y(s).
    public func value(at t: Double) -> Double {
        let t = min(1, max(0, t))
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var s = t
        for _ in 0..<8 {
            let error = bezier(s, self.x1, self.x2) - t
            if abs(error) < 1e-7 { return bezier(s, self.y1, self.y2) }
            let d = slope(s, self.x1, self.x2)
            if abs(d) < 1e-6 { break }
            s -= error / d
        }
        var low = 0.0
        var high = 1.0
        s = t
        for _ in 0..<40 {
            let x = bezier(s, self.x1, self.x2)
            if abs(x - t) < 1e-7 { break }
            if x < t { low = s } else { high = s }
            s = (low + high) / 2
        }
        return bezier(s, self.y1, self.y2)
    }
}

/// A value moved from `from` to `to` over `duration` seconds along a timing curve: BoardingPass's
/// programmatic push and pop (`UIView.animate(withDuration: 0.4)`, ease-in-out).
public final class CurveAnimation: FrameAnimation {
    public let from: Double
    public let to: Double
    public let duration: Double
    public let curve: TimingCurve
    public private(set) var value: Double
    public var onUpdate: ((Double) -> Void)?
    public var onComplete: (() -> Void)?
    private var start: MonotonicTime?

    public init(from: Double, to: Double, duration: Double, curve: TimingCurve = .easeInOut, startTime: MonotonicTime? = nil) {
        self.from = from
        self.to = to
        self.duration = max(0, duration)
        self.curve = curve
        self.value = from
        self.start = startTime
    }

    public func advance(to time: MonotonicTime) -> Bool {
        let start = self.start ?? time
        self.start = start
        let t = self.duration > 0 ? (time - start).seconds / self.duration : 1
        let arrived = t >= 1
        self.value = arrived ? self.to : self.from + (self.to - self.from) * self.curve.value(at: t)
        self.onUpdate?(self.value)
        return arrived
    }

    public func complete() { self.onComplete?() }

    /// Stopped: the next run starts over from `from` (a curve has no velocity to carry).
    public func stop() { self.start = nil }
}
