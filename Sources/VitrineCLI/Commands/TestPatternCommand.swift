import Glibc
import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineSystem

/// `vitrine test-pattern`: shows a moving pattern and reports the measured frame interval.
enum TestPatternCommand: Command {
    static let name = "test-pattern"
    static let summary = "Show a test pattern with a moving square and print the measured frame interval."
    static let synopsis = "[--seconds N] [--png FILE] [--frame N] [display options]"
    static let watchesStopSignals = true
    static let options: [OptionSpec] =
        [
            OptionSpec("seconds", value: "N", help: "how long to animate [10]"),
            OptionSpec("png", value: "FILE", help: "write the last frame shown to FILE (headless, or --frame)"),
            OptionSpec("frame", value: "N", help: "render frame N headless to --png and exit (what the QEMU test compares with)"),
            OptionSpec("native", help: "write --png in the panel's native orientation instead of upright")
        ] + DisplayArguments.options
    static let discussion = """
        The pattern has colour bars, a grey ramp, a red corner marker at the top left, an upward
        arrow, a square that moves 8 px per frame and the frame number as a 24-bit barcode. Only
        the square and the barcode are redrawn each frame, so the copy to the screen is small.
        The interval is measured between frame callbacks on CLOCK_MONOTONIC; it should equal the
        mode's refresh interval. SIGINT or SIGTERM stops early and restores the screen.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        var configuration = try DisplayArguments.configuration(from: arguments, command: self.name)
        let seconds = try arguments.number("seconds", in: 0.1...86_400) ?? 10
        if let frame = try arguments.integer("frame", in: 1...(1 << TestPattern.barcodeBits) - 1) {
            guard let path = arguments.value("png") else { throw CommandLineError.missingArgument(command: self.name, name: "--png FILE for --frame") }
            configuration.kind = .headless
            return try self.renderSingleFrame(UInt64(frame), configuration: configuration, path: path, native: arguments.has("native"))
        }
        if configuration.kind == .headless {
            return try self.runHeadless(configuration: configuration, seconds: seconds, png: arguments.value("png"), native: arguments.has("native"))
        }
        let loop = try EpollEventLoop()
        let display = try DisplayOpener.open(configuration, loop: loop)
        let output = display.output
        StandardStreams.writeOutput("showing the test pattern on \(output.name) for \(String(fixed: seconds, decimals: 1)) s\n")
        let run = TestPatternRun(output: output, clock: loop)
        let signals = try SignalWatcher(signals: [SIGINT, SIGTERM], loop: loop)
        signals.on(SIGINT) { _ in loop.stop() }
        signals.on(SIGTERM) { _ in loop.stop() }
        run.start()
        try loop.run(for: .seconds(seconds))
        run.stop()
        self.report(run, output: output)
        output.shutdown()
        return 0
    }

    /// Renders one frame through a headless output (the same copy and rotation code as DRM).
    static func renderSingleFrame(_ frame: UInt64, configuration: DisplayConfiguration, path: String, native: Bool) throws -> Int32 {
        let loop = ManualEventLoop()
        let output = HeadlessOutput(nativeSize: configuration.headlessSize, rotation: configuration.rotation, loop: loop)
        let buffer = PixelBuffer(size: output.size)
        TestPattern(size: output.size).draw(into: buffer, frame: frame)
        output.present(buffer, damage: Region(buffer.bounds))
        loop.advance(by: .seconds(0.1))
        try output.writePNG(to: path, native: native)
        return 0
    }

    static func runHeadless(configuration: DisplayConfiguration, seconds: Double, png: String?, native: Bool) throws -> Int32 {
        let loop = ManualEventLoop()
        let display = try DisplayOpener.open(configuration, loop: loop)
        let run = TestPatternRun(output: display.output, clock: loop)
        run.start()
        loop.advance(by: .seconds(seconds))
        run.stop()
        loop.advance(by: .seconds(0.1))
        self.report(run, output: display.output)
        if let png, let headless = display.output as? HeadlessOutput {
            try headless.writePNG(to: png, native: native)
            StandardStreams.writeOutput("wrote \(png)\n")
        }
        return 0
    }

    static func report(_ run: TestPatternRun, output: DisplayOutput) {
        let refresh = output.frameClock.refreshInterval
        var text = "frames presented: \(run.frameNumber)\n"
        if let stats = run.intervalStatistics() {
            text += "frame interval: median \(String(format3: stats.median)) ms, mean \(String(format3: stats.mean)) ms, "
            text += "min \(String(format3: stats.minimum)) ms, max \(String(format3: stats.maximum)) ms over \(stats.count) frames\n"
        }
        text += "refresh interval: \(String(format3: refresh.milliseconds)) ms (\(String(fixed: 1e9 / Double(refresh.value), decimals: 2)) Hz)\n"
        let queue = output.presentQueue
        let pacing = queue.pacing == .timer ? "virtual vsync (a timer at the refresh rate)" : "page-flip events"
        text += "pacing: \(pacing); flips submitted \(queue.flipsSubmitted), failed \(queue.flipsFailed)\n"
        StandardStreams.writeOutput(text)
    }
}
