import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineRuntime
import VitrineSystem

/// `vitrine soak`: random touches through the built-in demo (or a config), headless, then the
/// checks that it settled, still responds and still draws, and that its memory stayed flat
/// (issues 16 and 29).
enum SoakCommand: Command {
    static let name = "soak"
    static let summary =
        "Play random touches (taps, drags, flicks, several fingers) through the demo or a config headless; check memory stays flat and the kiosk still works."
    static let synopsis = "[--config PATH] [--events N] [--seed N] [--size WxH] [--warm-up N] [--screenshot FILE] [--script-out FILE]"
    static let options: [OptionSpec] = [
        OptionSpec("config", value: "PATH", help: "a kiosk config to soak instead of the built-in demo"),
        OptionSpec("events", value: "N", help: "touch events to play (a down, a move, a lift each) [100000]"),
        OptionSpec("seed", value: "N", help: "the random touches' seed; the same seed plays the same touches [1]"),
        OptionSpec("size", value: "WxH", help: "screen size in pixels [1280x800]"),
        OptionSpec("warm-up", value: "N", help: "events before the memory baseline is taken [10000]"),
        OptionSpec("screenshot", value: "FILE", help: "write the final frame (after the known taps) as PNG"),
        OptionSpec(
            "script-out", value: "FILE",
            help:
                "also write the touches played as a JSON touch script (for `vitrine replay --events`; keeping them costs memory, so the memory figures then mean little)"
        )
    ]
    static let discussion = """
        Time is virtual (a manual clock, frames at 60 Hz), so a seed plays the same soak on every
        machine. Memory is the process's own VmRSS (/proc/self/status), read after the warm-up
        and at the end, each time after handing the allocator's free pages back (malloc_trim);
        growth of 1 MiB or more fails. Whenever nothing moves between gestures
        the demo must be at rest (sheets at a detent, no transition half-way); the first time it
        is not, the soak stops. Afterwards touches alone must bring it to the main screen, a known
        sequence of taps must show and hide the split sheet and present and dismiss the content
        sheet, and the screen must then equal a fresh demo's. With --config, any kiosk: it must
        be at rest whenever nothing moves (every content-sheet callback matched, split sheets at
        a detent) and still draw at the end. Exits 1 with every problem found.
        """

    /// The most events one soak plays: 10^7 (about 25 hours of touches, minutes to hours here).
    static let mostEvents = 10_000_000

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        if let extra = arguments.positionals.first { throw CommandLineError.unexpectedArgument(command: self.name, argument: extra) }
        let events = try arguments.integer("events", in: 1...self.mostEvents) ?? 100_000
        let seed = try arguments.integer("seed", in: 0...Int.max) ?? 1
        let warmUp = try arguments.integer("warm-up", in: 0...self.mostEvents) ?? TouchSoak.defaultWarmUpEvents
        let size = try DisplayArguments.size(from: arguments, command: self.name)
        let demo: KioskSoak
        if let path = arguments.value("config") {
            let loaded = try KioskConfigLoader.load(path: path)
            demo = try KioskSoak(seed: UInt64(seed), size: size, configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        } else {
            demo = try KioskSoak(seed: UInt64(seed), size: size)
        }
        demo.soak.warmUpEvents = warmUp
        let scriptOut = arguments.value("script-out")
        demo.soak.keepsEvents = scriptOut != nil
        let outcome = demo.run(events: events)
        let report = outcome.report
        if let path = scriptOut { try FileBytes.writeAtomically(Array(demo.soak.script().utf8), to: path) }
        if let path = arguments.value("screenshot") { try demo.runner.writeScreenshot(to: path) }
        func kib(_ value: Int?) -> String { value.map { "\($0) KiB" } ?? "unknown" }
        var lines = [
            "soak: \(report.events) events in \(report.gestures) gestures, seed \(report.seed), \(String(fixed: report.simulatedSeconds, decimals: 1)) s of touches",
            "soak: \(String(fixed: report.wallSeconds, decimals: 1)) s here, \(Int(report.eventsPerSecond.rounded())) events/s, \(report.framesPresented) frames presented, \(report.restingChecks) checks at rest",
            "soak: VmRSS after \(demo.soak.warmUpEvents) events \(kib(report.residentAfterWarmUpKiB)), at the end \(kib(report.residentAtEndKiB)) (growth \(kib(report.residentGrowthKiB)), limit \(KioskSoak.residentGrowthLimitKiB) KiB); peak \(kib(report.peakResidentKiB))"
        ]
        if ProcessMemory.runsUnderAddressSanitizer {
            lines.append(
                "soak: built with AddressSanitizer: its quarantine keeps freed blocks resident, so the growth bound is not checked here (the plain build checks it)"
            )
        }
        if let path = scriptOut { lines.append("soak: wrote the touches to \(path)") }
        StandardStreams.writeOutput(lines.joined(separator: "\n") + "\n")
        let problems = outcome.problems + [outcome.memoryProblem].compactMap { $0 }
        guard problems.isEmpty else {
            StandardStreams.writeError(problems.map { "vitrine soak: FAIL: \($0)\n" }.joined())
            return 1
        }
        let memory = ProcessMemory.runsUnderAddressSanitizer ? "(its memory growth is not checked under AddressSanitizer)" : "and its memory stayed flat"
        StandardStreams.writeOutput(
            demo.isDemo
                ? "soak: ok: the demo settled, responded to the known taps, drew the main screen as a fresh demo does \(memory)\n"
                : "soak: ok: the kiosk settled at rest every time, every content-sheet callback matched, it still draws \(memory)\n")
        return 0
    }
}
