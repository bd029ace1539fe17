import Glibc

extension MonotonicTime {
    /// Reads `CLOCK_MONOTONIC`: the one place the process reads it. The run loop's `now`, fbdev's
    /// vsync times and every measurement (`vitrine bench`, the motion benchmark) come from here;
    /// animations never call it (they get frame times from the `FrameClock`).
    public static func now() -> MonotonicTime {
        var ts = timespec()
        // Cannot fail: CLOCK_MONOTONIC exists on every Linux and `ts` is valid memory.
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return MonotonicTime(nanoseconds: Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec))
    }
}
