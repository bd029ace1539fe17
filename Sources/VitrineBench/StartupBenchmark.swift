import Glibc
import VitrineCore
import VitrineSystem

/// `startup-first-frame` and `rss-demo` (issue 7): how fast the kiosk is on screen and how much
/// memory it holds, headless with the demo config at 1280×800, in child processes of this same
/// binary, next to the targets (150 ms, 48 MB).
struct StartupBenchmark: Benchmark {
    let name = "startup"
    var rowNames: [String] { ["startup-first-frame", "rss-demo"] }

    /// Issue 7's targets: process start to first presented frame, and resident memory after the
    /// demo has shown every screen.
    static let firstFrameTarget = 150.0
    static let residentTarget = 48.0

    func run(_ context: BenchContext) throws -> [BenchRow] {
        let vitrine = try ChildProcess.ownExecutable()
        var rows: [BenchRow] = []
        if context.options.wants("startup-first-frame") {
            context.report("bench: startup: `vitrine run --config demo --output headless` to its first frame")
            var samples = TimingSamples()
            for _ in 0..<context.options.runs(normal: 9) {
                samples.append(try Self.firstFrame(vitrine))
            }
            context.note(
                "startup-first-frame: from posix_spawn of `vitrine run --config demo --output headless --size 1280x800` to the "
                    + "presentation time of its first frame (CLOCK_MONOTONIC in both processes), median of \(samples.milliseconds.count); peer = the 150 ms target"
            )
            rows.append(
                BenchRow(
                    name: "startup-first-frame", oursMilliseconds: samples.median, peer: "target", peerMilliseconds: Self.firstFrameTarget,
                    p50Milliseconds: samples.median, p99Milliseconds: samples.percentile(99)))
        }
        if context.options.wants("rss-demo") {
            context.report("bench: startup: resident memory of the demo after every screen")
            let (resident, peak) = try Self.residentAfterTour(vitrine)
            context.note(
                "rss-demo: VmRSS of `vitrine demo --headless` (1280x800) after it has drawn all eight screens (peak VmHWM "
                    + "\(String(fixed: peak, decimals: 1)) MB); peer = the 48 MB target")
            rows.append(BenchRow(name: "rss-demo", oursMilliseconds: resident, peer: "target", peerMilliseconds: Self.residentTarget, unit: "MB"))
        }
        return rows
    }

    /// One start: milliseconds from just before the spawn to the first frame on the headless screen.
    static func firstFrame(_ vitrine: String) throws(VitrineError) -> Double {
        let started = MonotonicTime.now()
        let result = try ChildProcess.run(
            vitrine, ["run", "--config", "demo", "--output", "headless", "--size", "1280x800", "--exit-after-first-frame", "--report-first-frame"])
        let prefix = "first-frame-monotonic-ns="
        guard result.status == 0,
            let line = result.output.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }),
            let nanoseconds = Int64(line.dropFirst(prefix.count))
        else {
            throw VitrineError(.ioFailure, "`vitrine run` did not report its first frame (exit \(result.status)): \(result.output)")
        }
        return Double(nanoseconds - started.nanoseconds) / 1e6
    }

    /// VmRSS and VmHWM in MB (2^20 bytes) after `vitrine demo --headless` drew every screen.
    static func residentAfterTour(_ vitrine: String) throws(VitrineError) -> (Double, Double) {
        let directory = "/tmp/vitrine-bench-rss-\(getpid())"
        defer { _ = try? ChildProcess.runToStandardError("rm", ["-rf", directory]) }
        let result = try ChildProcess.run(vitrine, ["demo", "--headless", "--out", directory, "--report-memory"])
        guard result.status == 0, let line = result.output.split(separator: "\n").first(where: { $0.hasPrefix("rss-kib=") }) else {
            throw VitrineError(.ioFailure, "`vitrine demo --report-memory` did not report its memory (exit \(result.status)): \(result.output)")
        }
        var values: [String: Double] = [:]
        for field in line.split(separator: " ") {
            let parts = field.split(separator: "=")
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value / 1024 }
        }
        guard let resident = values["rss-kib"], let peak = values["peak-kib"] else {
            throw VitrineError(.invalidData, "cannot read `\(line)` from `vitrine demo --report-memory`")
        }
        return (resident, peak)
    }
}
