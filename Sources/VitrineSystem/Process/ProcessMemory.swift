import Glibc

/// This process's memory as the kernel counts it (`/proc/self/status`), for `vitrine bench`'s
/// `rss-demo` row and for logs.
public struct ProcessMemory: Sendable, Equatable {
    /// Resident set size now (`VmRSS`), in KiB.
    public var residentKiB: Int
    /// The highest resident set size so far (`VmHWM`), in KiB.
    public var peakResidentKiB: Int

    /// Reads `/proc/self/status`; nil where there is no procfs.
    public static func current() -> ProcessMemory? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var resident: Int?
        var peak: Int?
        // procfs files report size 0: read line by line.
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmRSS:") { resident = Self.kibibytes(text) }
            if text.hasPrefix("VmHWM:") { peak = Self.kibibytes(text) }
        }
        guard let resident, let peak else { return nil }
        return ProcessMemory(residentKiB: resident, peakResidentKiB: peak)
    }

    /// Hands the allocator's free pages back to the kernel (glibc's `malloc_trim(0)`, found
    /// with `dlsym`; nothing where the C library has none). glibc keeps freed memory for reuse:
    /// after a burst of large buffers (a blurred backdrop, a screen's pictures) `VmRSS` stays
    /// up to the peak although nothing holds it. Called before a reading that should count
    /// what is in use, not what the allocator keeps (the soak's). True when pages were given back.
    @discardableResult
    public static func releaseFreeMemory() -> Bool {
        // RTLD_DEFAULT is the null handle in glibc's dlfcn.h.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return false }
        let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        return trim(0) != 0
    }

    /// True when this process runs under AddressSanitizer (its runtime's `__asan_init` is
    /// there). ASan keeps freed blocks in a quarantine (256 MiB by default, its
    /// `quarantine_size_mb`) to catch use after free, so `VmRSS` then counts freed memory too
    /// and a growth bound on it means nothing.
    public static var runsUnderAddressSanitizer: Bool {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
    }

    /// "VmRSS:     12345 kB" → 12345.
    static func kibibytes(_ line: String) -> Int? {
        line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
    }
}
