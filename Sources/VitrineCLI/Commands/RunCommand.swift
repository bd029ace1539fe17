import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineSystem
import VitrineUI

/// `vitrine run`: the kiosk from a config file, on the display and touchscreen, until stopped —
/// what `Systemd/vitrine.service` starts at boot (Docs/deployment.md).
enum RunCommand: Command {
    static let name = "run"
    static let summary = "Run the kiosk from a config file (default \(KioskConfigLoader.defaultPath); the built-in demo when it does not exist)."
    static let synopsis =
        "[--config PATH|demo] [--control PATH|none] [--metrics FILE] [--seconds N] [--screenshot FILE] [--scale N] [display options] [--seat NAME]"
    static let watchesStopSignals = true
    static let options: [OptionSpec] =
        [
            OptionSpec("config", value: "PATH", help: "the kiosk config, or `demo` for the built-in one [\(KioskConfigLoader.defaultPath)]"),
            OptionSpec(
                "control", value: "PATH|none", help: "the control socket (Docs/operations.md) [$RUNTIME_DIRECTORY/control.sock under systemd, none otherwise]"),
            OptionSpec(
                "metrics", value: "FILE",
                help:
                    "keep FILE (e.g. /var/lib/prometheus/node-exporter/vitrine.prom) in Prometheus's text format for node_exporter: frame time, frames, starts, the last touch, blank, config and data versions, control clients (Docs/fleet.md)"
            ),
            OptionSpec("seconds", value: "N", help: "stop after N seconds [run until SIGINT/SIGTERM]"),
            OptionSpec("screenshot", value: "FILE", help: "when stopping, write what is on screen as PNG"),
            OptionSpec("exit-after-first-frame", help: "stop once the first frame is on screen (start-up measurements)"),
            OptionSpec("error-details", help: "a config that cannot be loaded shows its errors on the panel, not the visitors' out-of-order page"),
            OptionSpec(
                "report-first-frame",
                help:
                    "print `first-frame-monotonic-ns=N`: when the first frame reached the screen (CLOCK_MONOTONIC), and `first-frame-peak-kib=N`: the peak resident memory (VmHWM) by then"
            ),
            OptionSpec("seat", value: "NAME", help: "libinput seat [the config's input.seat, seat0]"),
            OptionSpec("scale", value: "N", help: "pixels per point [the config's theme.scale, 1]")
        ] + DisplayArguments.options
    static let discussion = """
        Without --config it reads \(KioskConfigLoader.defaultPath), and runs the built-in demo when
        that file does not exist. A config that cannot be loaded (syntax, a wrong field, a missing
        image, no permission) is shown on the screen as an error page and logged; the kiosk keeps
        running. SIGHUP (`systemctl reload vitrine`) reads the file again: a good one replaces
        the screen, a bad one is logged and the last good one stays. Display options given here
        override the config's `display` section. Under systemd it reports READY, STATUS and
        WATCHDOG through NOTIFY_SOCKET. Docs/config.md describes the file, Docs/deployment.md
        the service. To see every screen of a config as PNG files without a display:
        `vitrine render CONFIG --out DIR`. The control socket lets the integrator's software
        steer the kiosk and hear its events (`vitrine ctl`, Docs/operations.md). With --metrics
        it rewrites FILE every 15 s, atomically, for node_exporter's textfile collector, and
        once more with vitrine_up 0 when it stops (Docs/fleet.md, "Metrics").
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        if arguments.positionals.count > 1 {
            throw CommandLineError.unexpectedArgument(command: self.name, argument: arguments.positionals[1])
        }
        // `vitrine run PATH` reads the same as `--config PATH`.
        let explicit = arguments.value("config") ?? arguments.positionals.first
        let path = explicit ?? KioskConfigLoader.defaultPath
        var fallback = RuntimeSettings()
        fallback.display = try DisplayArguments.apply(arguments, to: fallback.display, command: self.name)
        if let seat = arguments.value("seat") { fallback.input.seat = seat }
        let scale = try arguments.number("scale", in: 0.25...8)
        if let scale { fallback.scale = scale }
        let logger = Logger("config")
        // The config's SHA-256 is for the metrics only: hashed at each load when they are on.
        let digest = arguments.value("metrics") != nil
        let brand = WeakRunner()
        let load = { () throws(VitrineError) -> LoadedScene in
            let configuration: KioskConfiguration
            let base: String?
            let source: ConfigVersion
            do throws(VitrineError) {
                (configuration, base, source) = try self.load(path: path, explicit: explicit != nil, logger: logger, digest: digest)
            } catch {
                // The out-of-order page in the file's own brand colour when its theme is sound.
                if let theme = Self.soundTheme(path: path) { brand.runner?.errorPageTheme = theme }
                throw error
            }
            var settings = configuration.settings
            settings.display = try self.overridden(configuration.display, arguments)
            if let seat = arguments.value("seat") { settings.input.seat = seat }
            if let scale { settings.scale = scale }
            return LoadedScene(settings: settings, scene: KioskScene(configuration: configuration, baseDirectory: base), source: source)
        }
        let runner = Runner(loop: try EpollEventLoop(), load: load)
        brand.runner = runner
        runner.fallback = fallback
        runner.errorPageShowsDetails = arguments.has("error-details")
        // Speech through the panel's sound card, started by its headphone jack (issue 33).
        runner.speaks = true
        runner.followsHeadset = true
        if let control = arguments.value("control") {
            guard control == "none" || control.hasPrefix("/") || control.hasPrefix(".") else {
                throw VitrineError(
                    .invalidArgument, "run: --control takes a socket path or none, not \(QuotedValue.quoted(control))",
                    hint: "e.g. --control /run/vitrine/control.sock")
            }
            runner.controlPath = control == "none" ? nil : control
        }
        if let metrics = arguments.value("metrics") {
            guard !metrics.isEmpty, !metrics.hasSuffix("/") else {
                throw VitrineError(
                    .invalidArgument, "run: --metrics takes a file, not \(QuotedValue.quoted(metrics))",
                    hint: "e.g. --metrics /var/lib/prometheus/node-exporter/vitrine.prom (Docs/fleet.md)")
            }
            runner.metricsPath = metrics
        }
        let stopAfterFirst = arguments.has("exit-after-first-frame")
        let report = arguments.has("report-first-frame")
        runner.onFirstFrame = { [unowned runner] time in
            if report {
                StandardStreams.writeOutput("first-frame-monotonic-ns=\(time.nanoseconds)\n")
                if let memory = ProcessMemory.current() { StandardStreams.writeOutput("first-frame-peak-kib=\(memory.peakResidentKiB)\n") }
            }
            if stopAfterFirst { runner.loop.stop() }
        }
        try runner.run(seconds: try arguments.number("seconds", in: 0.01...1e9))
        if let screenshot = arguments.value("screenshot") {
            do {
                try runner.writeScreenshot(to: screenshot)
            } catch {
                // Stopped by a signal before anything was drawn: the stop is what was asked for,
                // as without --screenshot (it exited 1 with "nothing was drawn" when SIGTERM came
                // early). Any other failure is the command's.
                guard runner.stoppedBySignal != nil, !runner.hasPresentedFrame else { throw error }
                Logger("kiosk").notice("no screenshot written to \(screenshot): stopped before the first frame reached the screen")
            }
        }
        return 0
    }

    /// The configuration at `path` and its folder; the built-in demo for `demo`, or when the
    /// default path does not exist (an explicit path that does not exist is an error: most
    /// likely a typo).
    /// The configuration's `source` names the file and, with `digest`, its content's SHA-256 (the
    /// metrics' `vitrine_config_info`); `demo` with an empty digest for the built-in one.
    static func load(path: String, explicit: Bool, logger: Logger, digest: Bool = false) throws(VitrineError) -> (KioskConfiguration, String?, ConfigVersion) {
        let demo = ConfigVersion(path: "demo", sha256: "")
        if path == "demo" { return (KioskDemo.configuration, nil, demo) }
        do {
            let loaded = try KioskConfigLoader.load(path: path, digest: digest)
            for line in loaded.warningLines { logger.warning(line) }
            return (loaded.configuration, loaded.baseDirectory, ConfigVersion(path: path, sha256: loaded.sha256 ?? ""))
        } catch  where error.code == .notFound && !explicit {
            logger.notice("no kiosk config at \(path): showing the built-in demo (put a config there, Docs/config.md, and reload)")
            return (KioskDemo.configuration, nil, demo)
        }
    }

    /// The theme of the config at `path` when the file parses and nothing in its `theme` is
    /// wrong (the rest may be): what the error page takes its brand colour and font from.
    static func soundTheme(path: String) -> Theme? {
        guard let check = try? KioskConfigLoader.check(path: path) else { return nil }
        let themeSound = check.errors.allSatisfy { issue in
            guard let field = issue.field else { return false }
            return field != "theme" && !field.hasPrefix("theme.")
        }
        return themeSound ? check.configuration.theme : nil
    }

    /// The runner, for the load closure it holds (weakly: no cycle).
    final class WeakRunner {
        weak var runner: Runner?
    }

    private static func overridden(_ display: DisplayConfiguration, _ arguments: ParsedArguments) throws(VitrineError) -> DisplayConfiguration {
        do {
            return try DisplayArguments.apply(arguments, to: display, command: self.name)
        } catch {
            // Checked once already, before the runner started.
            throw VitrineError(.invalidArgument, error.description)
        }
    }
}
