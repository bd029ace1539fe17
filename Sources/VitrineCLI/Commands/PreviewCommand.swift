import VitrineCore
import VitrineKiosk
import VitrineRuntime
import VitrineSystem

/// `vitrine preview`: the kiosk in a desktop window, reloaded on every save — the laptop side
/// of designing a kiosk (Docs/preview.md).
enum PreviewCommand: Command {
    static let name = "preview"
    static let summary = "Show a kiosk config in a desktop window that reloads on every save (mouse = finger)."
    static let synopsis = "CONFIG|demo [--size WxH] [--scale N] [--rotation DEG] [--screenshots DIR] [--control PATH] [--seconds N] [--screenshot FILE]"
    static let watchesStopSignals = true
    static let options: [OptionSpec] = [
        OptionSpec("size", value: "WxH", help: "the panel in pixels, as wired [the config's display.headlessSize, 1280x800]"),
        OptionSpec("scale", value: "N", help: "pixels per point [the config's theme.scale, 1]"),
        OptionSpec("rotation", value: "DEG", help: "0, 90, 180 or 270: how the panel is mounted [the config's display.rotation, 0]"),
        OptionSpec("screenshots", value: "DIR", help: "where the S key writes vitrine-preview-N.png [.]"),
        OptionSpec("control", value: "PATH", help: "open the control socket here, as on a panel (`vitrine ctl --socket PATH`) [none]"),
        OptionSpec("seconds", value: "N", help: "close the window after N seconds [when closed]"),
        OptionSpec("screenshot", value: "FILE", help: "when closing, write what the window shows as PNG")
    ]
    static let discussion = """
        The window runs the same scene and runtime code as a panel: the mouse with its button down
        is a finger, a touchscreen's touches are fingers. The config file, every file in its folder
        and in the folders beside it (images/, data/) and the data files are followed: a save
        draws the new version at once, on the screen that was showing when it still exists; a
        save with a mistake shows the error page in the window, and the next good save replaces
        it. Keys: R reload, S screenshot (--screenshots DIR), O turn the panel by 90°, P the next
        panel size (800x480, 1024x600, 1280x800, 1920x1080), Q or Escape close. Needs a desktop
        (X11 or Wayland; `xvfb-run vitrine preview ...` without one). The same pictures without
        a window: `vitrine render CONFIG --out DIR`.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let path = arguments.positionals.first else { throw CommandLineError.missingArgument(command: self.name, name: "CONFIG") }
        if arguments.positionals.count > 1 { throw CommandLineError.unexpectedArgument(command: self.name, argument: arguments.positionals[1]) }
        let size = try DisplayArguments.size(from: arguments, command: self.name)
        let rotation = try DisplayArguments.rotation(from: arguments, command: self.name)
        let scale = try arguments.number("scale", in: 0.25...8)
        let screenshots = arguments.value("screenshots") ?? "."
        guard Directory.isDirectory(screenshots) else {
            throw VitrineError(.notFound, "preview --screenshots \(screenshots): no such folder", hint: "create it, or name another")
        }
        if let size, !(16...8192).contains(size.width) || !(16...8192).contains(size.height) {
            throw VitrineError(
                .invalidArgument, "preview --size \(size.width)x\(size.height): a window is 16 to 8192 pixels a side", hint: "e.g. --size 1280x800")
        }
        func shaped(_ settings: RuntimeSettings) -> RuntimeSettings {
            var settings = settings
            if let size { settings.display.headlessSize = size }
            if let rotation { settings.display.rotation = rotation }
            if let scale { settings.scale = scale }
            return settings
        }
        let logger = Logger("config")
        let load = { () throws(VitrineError) -> LoadedScene in
            let (configuration, base, _) = try RunCommand.load(path: path, explicit: true, logger: logger)
            return LoadedScene(settings: shaped(configuration.settings), scene: KioskScene(configuration: configuration, baseDirectory: base))
        }
        let runner = Runner(loop: try EpollEventLoop(), notifier: nil, load: load)
        runner.controlPath = arguments.value("control")
        runner.fallback = shaped(RuntimeSettings())
        // The laptop's speakers say what a panel's headset would (F6 turns speech on).
        runner.speaks = true
        let session = PreviewSession(path: path, runner: runner, screenshotDirectory: screenshots)
        try runner.run(seconds: try arguments.number("seconds", in: 0.01...1e9))
        if let screenshot = arguments.value("screenshot") {
            try runner.writeScreenshot(to: screenshot)
        }
        StandardStreams.writeOutput("preview: closed after \(session.reloads) reload\(session.reloads == 1 ? "" : "s")\n")
        return 0
    }
}
