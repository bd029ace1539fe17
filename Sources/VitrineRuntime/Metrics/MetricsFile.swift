import Glibc
import VitrineCore
import VitrineSystem

/// The metrics file `vitrine run --metrics FILE` keeps (issue 30; Docs/fleet.md, "Metrics"):
/// rewritten every `interval` on the loop, atomically (`AtomicFile`: a temporary
/// `<name>.tmp-<pid>`, which node_exporter's `*.prom` pattern never reads, renamed over it), and
/// once more with `vitrine_up 0` when the kiosk stops cleanly.
///
/// It is written without fsync: a reader never sees half a file either way, and a file
/// rewritten four times a minute on a Pi's SD card should not force a flash write each time; after
/// a power cut it is the previous one, or none, until the first write 0 s after the start.
///
/// A file that cannot be written (no folder, no permission, a read-only file system) is logged
/// once with what to do, and tried again at every interval; the kiosk runs on regardless.
public final class MetricsFile {
    /// node_exporter's textfile collector reads on every scrape, Prometheus's default scrape
    /// interval is 1 min and the issue asks for "at most every 15 s": one write per 15 s keeps
    /// every scrape within 15 s of the kiosk and costs nothing measurable.
    public static let interval = Nanoseconds.seconds(15)
    /// The render times kept between two writes: 15 s at up to 240 Hz is 3,600; beyond this the
    /// oldest are overwritten.
    static let keptFrameTimes = 8192

    public let path: String
    private let logger: Logger
    /// The current boot's identity (nil where `/proc` does not tell).
    public let bootID: String?
    /// Starts in this boot, this one included: one more than the previous file says when it was
    /// written in the same boot.
    public let starts: Int
    private var frameTimes: [Nanoseconds] = []
    private var nextFrameTime = 0
    /// The last write's error message, so each different one is logged once.
    private var lastFailure: String?
    /// How many times the file was written.
    public private(set) var writes = 0

    /// - Parameter bootID: the boot the file belongs to; by default `/proc/sys/kernel/random/boot_id`.
    public init(path: String, logger: Logger = Logger("metrics"), bootID: String? = MetricsFile.currentBootID()) {
        self.path = path
        self.logger = logger
        self.bootID = bootID
        var starts = 1
        if let bootID, let previous = try? FileReader.readText(path, limit: 1 << 16, what: "a metrics file"),
            let counted = MetricsSnapshot.starts(inPrevious: previous, bootID: bootID)
        {
            starts = counted + 1
        }
        self.starts = starts
    }

    /// Keeps one frame's render time for the next write's percentile.
    public func record(renderTime: Nanoseconds) {
        if self.frameTimes.count < Self.keptFrameTimes {
            self.frameTimes.append(renderTime)
        } else {
            self.frameTimes[self.nextFrameTime] = renderTime
            self.nextFrameTime = (self.nextFrameTime + 1) % Self.keptFrameTimes
        }
    }

    /// The 99th percentile (nearest rank) of the render times kept since the last call, in
    /// seconds, and forgets them; 0 when there were none.
    public func takeFrameTimeP99() -> Double {
        defer {
            self.frameTimes.removeAll(keepingCapacity: true)
            self.nextFrameTime = 0
        }
        return Self.percentile99(self.frameTimes)
    }

    /// The nearest-rank 99th percentile of `times` in seconds (0 for none): the smallest time
    /// that at least 99 % of them do not exceed.
    static func percentile99(_ times: [Nanoseconds]) -> Double {
        guard !times.isEmpty else { return 0 }
        let sorted = times.map(\.value).sorted()
        let rank = (sorted.count * 99 + 99) / 100  // ceil(0.99 × n)
        return Double(sorted[rank - 1]) / 1e9
    }

    /// Writes `snapshot` (with this file's boot and starts) over the file.
    /// - Returns: whether it was written.
    @discardableResult
    public func write(_ snapshot: MetricsSnapshot) -> Bool {
        var snapshot = snapshot
        snapshot.bootID = self.bootID
        snapshot.starts = self.starts
        do {
            try AtomicFile.write(Array(snapshot.text.utf8), to: self.path, mode: 0o644, durable: false)
        } catch {
            let message = "\(error)"
            if message != self.lastFailure {
                self.logger.warning(
                    "--metrics: \(message); the kiosk runs on without its metrics and tries again every \(Int(Self.interval.seconds)) s (Docs/fleet.md, \"Metrics\": the folder must exist and be writable by the kiosk's user)"
                )
                self.lastFailure = message
            }
            return false
        }
        if self.lastFailure != nil {
            self.logger.notice("--metrics: writing \(self.path) again")
            self.lastFailure = nil
        }
        self.writes += 1
        return true
    }

    /// This boot's identity from the kernel, nil where it cannot be read.
    public static func currentBootID() -> String? {
        guard let text = try? FileReader.readText("/proc/sys/kernel/random/boot_id", limit: 4096, what: "the boot id") else { return nil }
        let id = text.split(separator: "\n").first.map(String.init) ?? ""
        return id.isEmpty || id.contains(" ") ? nil : id
    }
}
