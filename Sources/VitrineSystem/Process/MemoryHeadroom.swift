import Glibc
import VitrineCore

/// How much more memory this process may take, and what limits it: checked before the few
/// allocations whose size a user chooses (a headless screen of up to 8192×8192 pixels, a PNG to
/// decode, blur or encode), so that one too large for the machine is a clear error naming the
/// size and the limit (issue 29: `replay --size 8192x8192` under a 2 GiB limit stopped on the
/// pixel buffer's out-of-memory precondition instead).
///
/// The smallest of what applies:
/// - the address-space limit (`ulimit -v`, `RLIMIT_AS`) less the address space in use (`VmSize`);
/// - the data limit (`ulimit -d`, `RLIMIT_DATA`, which counts private writable mappings since
///   Linux 4.7, setrlimit(2)) less the data in use (`VmData`);
/// - the memory cgroup's `memory.max` less its `memory.current`, for this process's cgroup and
///   each above it (a service's `MemoryMax=`; Documentation/admin-guide/cgroup-v2.rst);
/// - the machine's `MemAvailable` plus `SwapFree` (/proc/meminfo, proc(5)): more than that is
///   granted by overcommit and taken back by the OOM killer.
///
/// It is an estimate taken before the work starts, not a reservation: it refuses what certainly
/// cannot fit, and leaves the rest to the allocator.
public struct MemoryHeadroom: Sendable, Equatable {
    /// Bytes the process may still take.
    public var bytes: Int
    /// What sets it, for messages ("its address-space limit (ulimit -v) is 2.0 GiB").
    public var limit: String

    public init(bytes: Int, limit: String) {
        self.bytes = bytes
        self.limit = limit
    }

    /// The headroom now; nil when nothing limits it that can be read (no procfs).
    public static func current() -> MemoryHeadroom? {
        let status = Self.fields(of: "/proc/self/status")
        var candidates: [MemoryHeadroom] = []
        if let limit = Self.softLimit(__rlimit_resource_t(RLIMIT_AS.rawValue)), let used = status["VmSize"] {
            candidates.append(MemoryHeadroom(bytes: limit - used, limit: "its address-space limit (ulimit -v) is \(Self.size(limit))"))
        }
        if let limit = Self.softLimit(__rlimit_resource_t(RLIMIT_DATA.rawValue)), let used = status["VmData"] {
            candidates.append(MemoryHeadroom(bytes: limit - used, limit: "its data limit (ulimit -d) is \(Self.size(limit))"))
        }
        candidates += Self.cgroupHeadroom()
        let memory = Self.fields(of: "/proc/meminfo")
        if let available = memory["MemAvailable"] {
            let swap = memory["SwapFree"] ?? 0
            candidates.append(MemoryHeadroom(bytes: available + swap, limit: "the machine has \(Self.size(available + swap)) free (MemAvailable and SwapFree)"))
        }
        return Self.smallest(candidates)
    }

    /// The tightest of `candidates` (nil for none).
    public static func smallest(_ candidates: [MemoryHeadroom]) -> MemoryHeadroom? {
        candidates.min { $0.bytes < $1.bytes }.map { MemoryHeadroom(bytes: max(0, $0.bytes), limit: $0.limit) }
    }

    /// Throws when `bytes` are more than the headroom (`current()` unless one is given).
    /// - Parameters:
    ///   - what: the work and what its bytes are, for the message ("a headless screen of
    ///     8192x8192 pixels needs about 2.8 GiB (11 frames of 256 MiB)").
    ///   - hint: what to do instead ("give a smaller --size").
    /// - Throws: `.invalidArgument` naming the need, the headroom, what limits it and the hint.
    public static func require(
        _ bytes: Int, for what: String, hint: String, headroom: MemoryHeadroom? = MemoryHeadroom.current()
    ) throws(VitrineError) {
        guard let headroom, bytes > headroom.bytes else { return }
        throw VitrineError(
            .invalidArgument, "\(what), but this process may take \(Self.size(headroom.bytes)) more: \(headroom.limit)",
            hint: hint + ", or raise the limit")
    }

    /// `bytes` in GiB or MiB, one decimal for GiB ("2.6 GiB", "256 MiB").
    public static func size(_ bytes: Int) -> String {
        let mebibytes = Double(bytes) / (1024 * 1024)
        if mebibytes >= 1024 { return String(fixed: mebibytes / 1024, decimals: 1) + " GiB" }
        return "\(Int(mebibytes.rounded())) MiB"
    }

    /// A soft resource limit in bytes; nil when unlimited (`RLIM_INFINITY` is all ones).
    private static func softLimit(_ resource: __rlimit_resource_t) -> Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(Int.max) else { return nil }
        return Int(limit.rlim_cur)
    }

    /// The headroom of this process's memory cgroup and each above it that has a `memory.max`.
    private static func cgroupHeadroom() -> [MemoryHeadroom] {
        guard let text = Self.readSmall("/proc/self/cgroup"),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("0::") })
        else { return [] }
        var path = String(line.dropFirst(3))
        var found: [MemoryHeadroom] = []
        while true {
            let folder = "/sys/fs/cgroup" + (path == "/" ? "" : path)
            if let maximum = Self.readSmall(folder + "/memory.max").flatMap(Self.number),
                let current = Self.readSmall(folder + "/memory.current").flatMap(Self.number)
            {
                found.append(MemoryHeadroom(bytes: maximum - current, limit: "its cgroup \(path) has a memory.max (MemoryMax=) of \(Self.size(maximum))"))
            }
            guard path != "/", let slash = path.lastIndex(of: "/") else { break }
            path = slash == path.startIndex ? "/" : String(path[..<slash])
        }
        return found
    }

    /// A cgroup file's one number ("max" is none).
    private static func number(_ text: String) -> Int? { Int(text.split(separator: "\n").first ?? "") }

    /// "Name:   123 kB" lines of a procfs file, in bytes.
    private static func fields(of path: String) -> [String: Int] {
        guard let text = Self.readSmall(path) else { return [:] }
        var fields: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let words = line[line.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count == 2, words[1] == "kB", let kibibytes = Int(words[0]) else { continue }
            fields[String(line[..<colon])] = kibibytes * 1024
        }
        return fields
    }

    /// A small procfs or cgroupfs file (they report size 0: read to the end).
    private static func readSmall(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
