import VitrineCore

/// Estimates a finger's velocity from its recent positions, in points per second.
///
/// The LSQ2 strategy Android and Flutter use for touch (research/input.md §5.1–5.2): a
/// least-squares fit of a degree-2 polynomial per axis against the samples' ages, over the last
/// `horizon` (100 ms) and at most `historySize` (20) samples; the velocity is the fit's slope at
/// the newest sample. A pause of `assumeStoppedAfter` (40 ms) between samples clears the history,
/// so a finger that rests before lifting reports no velocity. The result is clamped to
/// `maximumVelocity` in magnitude (direction kept, as Flutter's pan `clampMagnitude`).
///
/// Time comes only from the samples (`TouchFrame.time`), never from a clock.
public struct VelocityTracker: Sendable {
    /// Android `VelocityTracker` `HORIZON` (frameworks/native `include/input/VelocityTracker.h`),
    /// Flutter `_horizonMilliseconds`: 100 ms.
    public static let horizon = Nanoseconds.milliseconds(100)
    /// Android `HISTORY_SIZE`, Flutter `_historySize`: 20 samples.
    public static let historySize = 20
    /// Android `ASSUME_POINTER_STOPPED_TIME`, Flutter `_assumePointerMoveStoppedMilliseconds`: 40 ms.
    public static let assumeStoppedAfter = Nanoseconds.milliseconds(40)
    /// Flutter `kMaxFlingVelocity` (px/s) and Android `MAXIMUM_FLING_VELOCITY` (dp/s): 8000.
    public static let defaultMaximumVelocity = 8000.0

    private struct Sample: Sendable {
        var time: MonotonicTime
        var position: GestureVector
    }

    /// The largest speed reported, in points per second.
    public var maximumVelocity: Double
    /// Oldest first; at most `historySize`.
    private var samples: [Sample] = []

    public init(maximumVelocity: Double = VelocityTracker.defaultMaximumVelocity) {
        precondition(maximumVelocity > 0)
        self.maximumVelocity = maximumVelocity
    }

    /// Records the finger at `position` at `time`. A sample 40 ms or more after the previous one
    /// (or before it: timestamps of different devices need not agree) starts a new history.
    public mutating func addSample(_ position: GestureVector, at time: MonotonicTime) {
        if let newest = self.samples.last, time < newest.time || time - newest.time >= Self.assumeStoppedAfter {
            self.samples.removeAll(keepingCapacity: true)
        }
        if self.samples.count == Self.historySize { self.samples.removeFirst() }
        self.samples.append(Sample(time: time, position: position))
    }

    public mutating func reset() {
        self.samples.removeAll(keepingCapacity: true)
    }

    /// The velocity at the newest sample; zero with fewer than two samples.
    public var velocity: GestureVector {
        guard let newest = self.samples.last else { return .zero }
        var ages: [Double] = []
        var xs: [Double] = []
        var ys: [Double] = []
        for sample in self.samples.reversed() {
            let age = newest.time - sample.time
            if age > Self.horizon { break }
            // Milliseconds keep the fourth powers of the fit near 1e8 rather than 1e-4.
            ages.append(-age.milliseconds)
            xs.append(sample.position.x)
            ys.append(sample.position.y)
        }
        let fit = LeastSquaresFit(times: ages)
        let perMillisecond = GestureVector(x: fit.slope(of: xs), y: fit.slope(of: ys))
        return GestureVector(x: perMillisecond.x * 1000, y: perMillisecond.y * 1000)
            .clamped(toMagnitude: self.maximumVelocity)
    }

    /// The velocity as seen at `now`: zero when the newest sample is 40 ms old or more (the
    /// finger stopped and nothing reported it).
    public func velocity(at now: MonotonicTime) -> GestureVector {
        guard let newest = self.samples.last, now - newest.time < Self.assumeStoppedAfter else { return .zero }
        return self.velocity
    }
}

/// The slope at t = 0 of the least-squares polynomial through (tᵢ, yᵢ): degree 2 from three
/// samples on, degree 1 from two, zero from one.
///
/// Degree 2 uses the centred sums of Android's `solveUnweightedLeastSquaresDeg2`
/// (research/input.md §5.1): `v = (S_xy·S_x2x2 − S_x2y·S_xx2)/(S_xx·S_x2x2 − S_xx2²)`.
private struct LeastSquaresFit {
    let times: [Double]
    let n: Double
    let sumT: Double
    let sumT2: Double
    let sxx: Double
    let sxx2: Double
    let sx2x2: Double

    init(times: [Double]) {
        self.times = times
        self.n = Double(times.count)
        var sumT = 0.0
        var sumT2 = 0.0
        var sumT3 = 0.0
        var sumT4 = 0.0
        for t in times {
            let t2 = t * t
            sumT += t
            sumT2 += t2
            sumT3 += t2 * t
            sumT4 += t2 * t2
        }
        self.sumT = sumT
        self.sumT2 = sumT2
        let n = max(self.n, 1)
        self.sxx = sumT2 - sumT * sumT / n
        self.sxx2 = sumT3 - sumT * sumT2 / n
        self.sx2x2 = sumT4 - sumT2 * sumT2 / n
    }

    func slope(of values: [Double]) -> Double {
        guard self.times.count >= 2 else { return 0 }
        var sumY = 0.0
        var sumTY = 0.0
        var sumT2Y = 0.0
        for (t, y) in zip(self.times, values) {
            sumY += y
            sumTY += t * y
            sumT2Y += t * t * y
        }
        let sxy = sumTY - self.sumT * sumY / self.n
        let sx2y = sumT2Y - self.sumT2 * sumY / self.n
        let denominator = self.sxx * self.sx2x2 - self.sxx2 * self.sxx2
        // Three samples at two distinct times (or fewer than three samples) leave no curvature to
        // fit: fall back to the straight line.
        if self.times.count >= 3, abs(denominator) > 1e-9 * abs(self.sxx * self.sx2x2) {
            return (sxy * self.sx2x2 - sx2y * self.sxx2) / denominator
        }
        return self.sxx > 0 ? sxy / self.sxx : 0
    }
}
