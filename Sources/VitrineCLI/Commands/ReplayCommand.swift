import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineRuntime

/// `vitrine replay`: runs a scene headless, feeds it touches from a file, lets it settle, and
/// writes the final frame and a JSON state dump.
enum ReplayCommand: Command {
    static let name = "replay"
    static let summary = "Play a touch script or libinput recording into a scene headless; write the final frame and a JSON state dump."
    static let synopsis = "--events FILE [--scene demo|CONFIG] [--size WxH] [--scale N] [--screenshot OUT.png] [--state-out STATE.json]"
    static let options: [OptionSpec] = [
        OptionSpec("scene", value: "demo|FILE", help: "the built-in demo, or a kiosk config file [demo]"),
        OptionSpec("events", value: "FILE", help: "a JSON touch script or a libinput record file"),
        OptionSpec("size", value: "WxH", help: "screen size in pixels [the config's display.headlessSize, 1280x800]"),
        OptionSpec("scale", value: "N", help: "pixels per point [the config's theme.scale, 1]"),
        OptionSpec("screenshot", value: "FILE", help: "write the final frame as PNG"),
        OptionSpec("state-out", value: "FILE", help: "write the state dump (JSON, schema \(KioskScene.stateSchema)) here; - for stdout [-]")
    ]
    static let discussion = """
        Time is virtual: frames run at 60 Hz on a manual clock, so the result is the same on every
        machine. After the last event, animations settle before the dump is written. The state
        dump's schema (vitrine-state/2) is documented in Docs/components.md. `vitrine render`
        writes a PNG of every screen of a config.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let events = arguments.value("events") else { throw CommandLineError.missingArgument(command: self.name, name: "--events FILE") }
        let sceneName = arguments.value("scene") ?? "demo"
        guard !sceneName.isEmpty else {
            throw CommandLineError.invalidValue(command: self.name, option: "scene", value: sceneName, expected: "demo or a kiosk config file")
        }
        let (configuration, base) = try SceneArguments.configuration(sceneName)
        let size = try DisplayArguments.size(from: arguments, command: self.name) ?? configuration.display.headlessSize
        // The config's theme.scale, as `vitrine run` uses it, unless the command line says otherwise.
        let scale = try arguments.number("scale", in: 0.25...8) ?? configuration.scale
        let headless = try HeadlessRunner(scene: KioskScene(configuration: configuration, baseDirectory: base), size: size, scale: scale)
        try headless.replay(events, input: configuration.settings.input)
        if let path = arguments.value("screenshot"), let image = headless.screenshot {
            try PNGCodec.write(image, to: path)
        }
        let state = headless.scene.state().serialized() + "\n"
        let out = arguments.value("state-out") ?? "-"
        if out == "-" {
            StandardStreams.writeOutput(state)
        } else {
            try FileBytes.writeAtomically(Array(state.utf8), to: out)
        }
        return 0
    }
}

/// `--scene demo` or a kiosk config file.
enum SceneArguments {
    /// The configuration and the folder its relative image paths start from (nil for the demo,
    /// whose images are built in). The file's warnings are logged; its errors are thrown.
    static func configuration(_ scene: String, logger: Logger = Logger("config")) throws(VitrineError) -> (KioskConfiguration, String?) {
        if scene == "demo" { return (KioskDemo.configuration, nil) }
        let loaded = try KioskConfigLoader.load(path: scene)
        for line in loaded.warningLines { logger.warning(line) }
        return (loaded.configuration, loaded.baseDirectory)
    }
}
