/// A point on `CLOCK_MONOTONIC`, in nanoseconds.
///
/// Page-flip timestamps (with `DRM_CAP_TIMESTAMP_MONOTONIC`), libinput event times and timerfd
/// deadlines all live on this clock, so they compare directly. Animations never read it
/// themselves: they receive frame times from the `FrameClock`.
public struct MonotonicTime: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    public static let zero = MonotonicTime(nanoseconds: 0)

    public init(microseconds: Int64) { self.nanoseconds = microseconds * 1_000 }
    public init(seconds: Double) { self.nanoseconds = Int64((seconds * 1e9).rounded()) }

    public var seconds: Double { Double(self.nanoseconds) / 1e9 }
    public var milliseconds: Double { Double(self.nanoseconds) / 1e6 }
    public var microseconds: Int64 { self.nanoseconds / 1_000 }

    public static func < (a: MonotonicTime, b: MonotonicTime) -> Bool { a.nanoseconds < b.nanoseconds }

    public static func + (a: MonotonicTime, b: Nanoseconds) -> MonotonicTime {
        MonotonicTime(nanoseconds: a.nanoseconds + b.value)
    }

    public static func - (a: MonotonicTime, b: Nanoseconds) -> MonotonicTime {
        MonotonicTime(nanoseconds: a.nanoseconds - b.value)
    }

    /// The interval from `b` to `a`.
    public static func - (a: MonotonicTime, b: MonotonicTime) -> Nanoseconds {
        Nanoseconds(a.nanoseconds - b.nanoseconds)
    }

    public var description: String { String(format3: self.seconds) + " s" }
}

/// A signed interval in nanoseconds.
public struct Nanoseconds: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var value: Int64

    public init(_ value: Int64) { self.value = value }
    public static func seconds(_ s: Double) -> Nanoseconds { Nanoseconds(Int64((s * 1e9).rounded())) }
    public static func milliseconds(_ ms: Double) -> Nanoseconds { Nanoseconds(Int64((ms * 1e6).rounded())) }
    public static func microseconds(_ us: Int64) -> Nanoseconds { Nanoseconds(us * 1_000) }
    public static let zero = Nanoseconds(0)

    public var seconds: Double { Double(self.value) / 1e9 }
    public var milliseconds: Double { Double(self.value) / 1e6 }

    public static func < (a: Nanoseconds, b: Nanoseconds) -> Bool { a.value < b.value }
    public static func + (a: Nanoseconds, b: Nanoseconds) -> Nanoseconds { Nanoseconds(a.value + b.value) }
    public static func - (a: Nanoseconds, b: Nanoseconds) -> Nanoseconds { Nanoseconds(a.value - b.value) }
    public static func * (a: Nanoseconds, b: Int64) -> Nanoseconds { Nanoseconds(a.value * b) }
    public static func / (a: Nanoseconds, b: Int64) -> Nanoseconds { Nanoseconds(a.value / b) }

    public var description: String { String(format3: self.milliseconds) + " ms" }
}

extension String {
    /// A number with three decimals, without Foundation's formatter.
    public init(format3 value: Double) {
        self.init(fixed: value, decimals: 3)
    }

    /// A number with a fixed count of decimals (rounded half away from zero), without Foundation.
    public init(fixed value: Double, decimals: Int) {
        guard value.isFinite else {
            self = value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf")
            return
        }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        // Past Int64 (about 9.2e18, decimals included) the digits below are not computed: Swift's
        // own shortest form instead ("5.5e+61"). The fuzz target for expressions trapped here on a
        // 62-digit number.
        guard scaled < 9.0e18 else {
            self = "\(value)"
            return
        }
        let whole = Int64(scaled / scale)
        var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let frac = Int64(scaled) - whole * Int64(scale)
            var digits = String(frac)
            while digits.count < decimals { digits = "0" + digits }
            text += "." + digits
        }
        self = text
    }
}
