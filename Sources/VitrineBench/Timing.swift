import Glibc
import VitrineCore

/// Repeated wall-clock measurements of one piece of work, in milliseconds.
public struct TimingSamples: Sendable, Equatable {
    public private(set) var milliseconds: [Double] = []

    public init(_ milliseconds: [Double] = []) { self.milliseconds = milliseconds }

    /// Runs `work` once untimed (to warm caches and fault in memory), then `runs` times timed.
    public static func measure(runs: Int, _ work: () -> Void) -> TimingSamples {
        work()
        var samples = TimingSamples()
        for _ in 0..<runs {
            let start = self.now()
            work()
            samples.milliseconds.append(self.now() - start)
        }
        return samples
    }

    public mutating func append(_ milliseconds: Double) {
        self.milliseconds.append(milliseconds)
    }

    public mutating func append(contentsOf other: TimingSamples) {
        self.milliseconds.append(contentsOf: other.milliseconds)
    }

    /// The nearest-rank percentile (`p` from 0 to 100); nil without samples.
    public func percentile(_ p: Double) -> Double? {
        guard !self.milliseconds.isEmpty else { return nil }
        let sorted = self.milliseconds.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }

    public var median: Double? { self.percentile(50) }

    /// The CPU time this thread spends in `work`, in milliseconds: on a shared machine it leaves
    /// out time the scheduler gave to other processes.
    public static func cpuTime(_ work: () -> Void) -> Double {
        let start = self.threadCPUNow()
        work()
        return self.threadCPUNow() - start
    }

    /// This thread's CPU time in milliseconds (excludes time it was not scheduled).
    static func threadCPUNow() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }

    /// CLOCK_MONOTONIC in milliseconds.
    static func now() -> Double {
        MonotonicTime.now().milliseconds
    }
}
