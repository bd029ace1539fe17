import Glibc
import VitrineCore
import VitrineKeys
import VitrineKiosk
import VitrineRuntime
import VitrineSystem

/// `vitrine input-debug`: touch frames as they arrive, in logical points, one line each.
enum InputDebugCommand: Command {
    static let name = "input-debug"
    static let summary = "Print touch frames live (like libinput debug-events), in logical screen points."
    static let synopsis = "[--seat NAME] [--rotation DEG] [--size WxH] [--scale N] [--calibration DIR] [--replay FILE [--realtime]] [--seconds N]"
    static let watchesStopSignals = true
    static let options: [OptionSpec] =
        InputArguments.options + [
            OptionSpec("rotation", value: "DEG", help: "0, 90, 180 or 270: the output rotation, which turns touch with the picture [0]"),
            OptionSpec("size", value: "WxH", help: "the screen's native size in pixels [the connected display's current mode, else 1280x800]"),
            OptionSpec("scale", value: "N", help: "pixels per point [1]"),
            OptionSpec("replay", value: "FILE", help: "play a libinput record file or JSON touch script instead of devices"),
            OptionSpec("realtime", help: "with --replay: play at the recorded pace instead of at once"),
            OptionSpec("seconds", value: "N", help: "stop after N seconds [run until interrupted]"),
            OptionSpec("keymap", value: "LAYOUT", help: "the xkb layout keyboards are decoded with, de or de(nodeadkeys) [us]"),
            OptionSpec("scanner", value: "NAME", help: "a device that is a barcode scanner: its name, or vvvv:pppp")
        ]
    static let discussion = """
        Each line starts with milliseconds since the start: `<ms> frame <device>: #<id> <phase>
        (<x>, <y>) …` for a frame (phases began, moved, stationary, ended, cancelled), `<ms> added
        <device> (<node>): <capabilities, size, calibration>`, `<ms> removed <device> (<node>)`,
        `<ms> calibration <device> (<node>): <matrix> (<source>)` when the calibration directory
        changes (input-debug follows it like the kiosk does), `<ms> error: …` and `<ms> warning: …`.
        Lines starting with # describe the setup.
        A mouse is contact #32, down while the left button is. SIGINT or SIGTERM stops.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        self.quietenInfoLogs()
        var configuration = InputArguments.configuration(from: arguments)
        configuration.replayPath = arguments.value("replay")
        if let keymap = arguments.value("keymap") {
            guard let names = KeymapNames(parsing: keymap) else {
                throw CommandLineError.invalidValue(command: self.name, option: "keymap", value: keymap, expected: "an xkb layout such as de or de(nodeadkeys)")
            }
            configuration.keymap = names
        }
        if let scanner = arguments.value("scanner") { configuration.scanners = [try ScannerMatch(parsing: scanner)] }
        let seconds = try arguments.number("seconds", in: 0.001...1e9)
        let scale = try arguments.number("scale", in: 0.25...8) ?? 1
        let rotation = try DisplayArguments.rotation(from: arguments, command: self.name) ?? .none
        var sizeOrigin = "--size"
        var size = try DisplayArguments.size(from: arguments, command: self.name)
        if size == nil {
            let current = InputOpener.currentDisplaySize()
            size = current?.size
            sizeOrigin = current.map { "the current mode of \($0.card)" } ?? "the default: no display shows a mode"
        }
        configuration.transform = TouchTransform(nativeSize: size ?? InputOpener.fallbackSize, rotation: rotation, scale: scale)

        let realtime = configuration.replayPath == nil || arguments.has("realtime")
        let loop: EventLoop = realtime ? try EpollEventLoop() : ManualEventLoop()
        let source = try InputOpener.open(configuration, loop: loop)
        let log = InputDebugLog(origin: loop.now)
        let input = configuration.replayPath.map { "replay of \($0)" } ?? configuration.seat
        StandardStreams.writeOutput(
            "# \(input); screen \(configuration.transform.nativeSize) px (\(sizeOrigin)), rotation \(rotation), scale \(String(fixed: scale, decimals: 2))\n")
        source.onFrame = { StandardStreams.writeOutput(log.line(for: $0) + "\n") }
        source.onDeviceEvent = { StandardStreams.writeOutput(log.line(for: $0, at: loop.now) + "\n") }
        source.onKey = { StandardStreams.writeOutput(log.line(for: $0) + "\n") }
        source.onScan = { StandardStreams.writeOutput(log.line(for: $0) + "\n") }

        if let manual = loop as? ManualEventLoop {
            try source.start()
            manual.runUntilIdle(limit: MonotonicTime(seconds: seconds ?? 1e9))
            return 0
        }
        let epoll = loop as! EpollEventLoop
        let signals = try SignalWatcher(signals: [SIGINT, SIGTERM], loop: epoll)
        signals.on(SIGINT) { _ in epoll.stop() }
        signals.on(SIGTERM) { _ in epoll.stop() }
        InputOpener.whenReplayEnds(source) { epoll.stop() }
        try source.start()
        let calibrationWatch = InputOpener.followCalibrationChanges(of: source, directory: configuration.calibrationDirectory, loop: epoll)
        defer { withExtendedLifetime(calibrationWatch) {} }
        if let seconds { try epoll.run(for: .seconds(seconds)) } else { try epoll.run() }
        return 0
    }

    /// Device lines go to stdout here, so the info-level log lines saying the same on stderr
    /// are left out unless VITRINE_LOG_LEVEL asks for them.
    static func quietenInfoLogs() {
        if Environment.value("VITRINE_LOG_LEVEL") == nil { Log.configure(minimumLevel: .notice) }
    }
}
