import VitrineCore
import VitrineDRM
import VitrineGraphics
import VitrineKiosk
import VitrineRuntime
import VitrineSystem
import VitrineUI

/// `vitrine demo`: the built-in kiosk, on the screen — or headless, writing PNGs of its screens.
enum DemoCommand: Command {
    static let name = "demo"
    static let summary = "Show the built-in demo kiosk (onboarding, split sheet, content sheet); headless, write PNGs of its screens."
    static let synopsis = "[--headless] [--out DIR] [--seconds N] [display options]"
    static let watchesStopSignals = true
    static let options: [OptionSpec] =
        [
            OptionSpec("headless", help: "render without a screen and write PNG files of each screen (the default when there is no display)"),
            OptionSpec("out", value: "DIR", help: "where --headless writes its PNG files [demo-output]"),
            OptionSpec("seconds", value: "N", help: "stop after N seconds [run until SIGINT/SIGTERM]"),
            OptionSpec("scale", value: "N", help: "pixels per point [1]"),
            OptionSpec("report-memory", help: "with --headless, print `rss-kib=N peak-kib=M` after every screen was shown (vitrine bench's rss-demo)")
        ] + DisplayArguments.options
    static let discussion = """
        On a display the demo runs with touch (libinput, seat0). Swipe the onboarding pages, tap
        Start, then try the buttons: "Show sheet" toggles the split sheet (also draggable
        anywhere), "Details" presents a content sheet over a blurred backdrop with a long list.
        Headless (no /dev/dri card or /dev/fb0, or --headless), it drives the same scene through
        each screen and writes 01-onboarding-1.png … 08-content-sheet-expanded.png. The demo is
        the config file Examples/demo/kiosk.json; for PNGs of your own kiosk's screens use
        `vitrine render CONFIG --out DIR`.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        var configuration = KioskDemo.configuration
        configuration.display = try DisplayArguments.configuration(from: arguments, command: self.name)
        configuration.scale = try arguments.number("scale", in: 0.25...8) ?? 1
        // Checked here, before the headless path that does not use it: a bad value is an error
        // whichever way the demo runs.
        let seconds = try arguments.number("seconds", in: 0.1...1e9)
        let hasDisplay =
            !CardDiscovery.candidates(explicit: configuration.display.drm.devicePath, udev: nil).isEmpty || Directory.exists(configuration.display.fbdevPath)
        if arguments.has("headless") || configuration.display.kind == .headless || (!hasDisplay && configuration.display.kind == .auto) {
            let status = try self.renderHeadless(configuration, directory: arguments.value("out") ?? "demo-output")
            if arguments.has("report-memory"), let memory = ProcessMemory.current() {
                StandardStreams.writeOutput("rss-kib=\(memory.residentKiB) peak-kib=\(memory.peakResidentKiB)\n")
            }
            return status
        }
        let runner = Runner(scene: KioskScene(configuration: configuration), settings: configuration.settings, loop: try EpollEventLoop())
        try runner.run(seconds: seconds)
        return 0
    }

    /// Walks the demo through its screens as a visitor would and writes a PNG of each.
    static func renderHeadless(_ configuration: KioskConfiguration, directory: String) throws -> Int32 {
        // No loop watches signals headless: SIGTERM ends it as usual.
        StopSignals.release()
        let size = configuration.display.headlessSize
        let scene = KioskScene(configuration: configuration)
        let headless = try HeadlessRunner(scene: scene, size: size, scale: configuration.scale)
        try Directory.create(directory)
        guard let controller = scene.controller, let pager = controller.onboarding?.pager else { return 1 }
        var written: [String] = []
        func shot(_ name: String) throws {
            headless.settle()
            let path = "\(directory)/\(name).png"
            guard let image = headless.screenshot else { return }
            try PNGCodec.write(image, to: path)
            written.append(path)
        }
        try shot("01-onboarding-1")
        pager.pushNext()
        try shot("02-onboarding-2")
        pager.pushNext()
        try shot("03-onboarding-3")
        pager.pushNext()
        try shot("04-completed")
        controller.perform(.finishOnboarding)
        try shot("05-main")
        controller.perform(.toggleSplitSheet)
        try shot("06-split-sheet")
        controller.perform(.toggleSplitSheet)
        headless.settle()
        if let (_, details) = controller.presenter(of: "exhibits") {
            controller.perform(details)
            try shot("07-content-sheet")
            controller.contentSheet?.move(to: .expanded)
            try shot("08-content-sheet-expanded")
        }
        StandardStreams.writeOutput(
            "no display: rendered the demo headless at \(size) px (`vitrine render CONFIG --out DIR` does the same for your own config)\n"
                + written.map { "wrote \($0)\n" }.joined())
        return 0
    }
}
