import VitrineCore
import VitrineGraphics
import VitrineKiosk

/// `vitrine replay`: runs a scene headless, feeds it touches from a file, lets it settle, and
/// writes the final frame and a JSON state dump.
enum ReplayCommand: Command {
    static let name = "replay"
    static let summary = "Play a touch script or libinput recording into a scene headless; write the final frame and a JSON state dump."
    static let synopsis = "--events FILE [--scene demo|CONFIG] [--size WxH] [--scale N] [--screenshot OUT.png] [--state-out STATE.json]"
    static let options: [OptionSpec] = [
        OptionSpec("scene", value: "demo|FILE", help: "the built-in demo, or a kiosk config file [demo]"),
        OptionSpec("events", value: "FILE", help: "a JSON touch script or a libinput record file"),
        OptionSpec("size", value: "WxH", help: "screen size in points [1280x800]"),
        OptionSpec("scale", value: "N", help: "pixels per point [1]"),
        OptionSpec("screenshot", value: "FILE", help: "write the final frame as PNG"),
        OptionSpec("state-out", value: "FILE", help: "write the state dump (JSON, schema vitrine-state/1) here; - for stdout [-]"),
    ]
    static let discussion = """
        Time is virtual: frames run at 60 Hz on a manual clock, so the result is the same on every
        machine. After the last event, animations settle before the dump is written. The state
        dump's schema is documented in Docs/components.md.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let events = arguments.value("events") else { throw CommandLineError.missingArgument(command: self.name, name: "--events FILE") }
        let scale = try arguments.number("scale", in: 0.25...8) ?? 1
        var size = Size(width: 1280, height: 800)
        if let text = arguments.value("size") {
            let parts = text.lowercased().split(separator: "x")
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1, w <= 8192, h <= 8192 else {
                throw CommandLineError.invalidValue(command: self.name, option: "size", value: text, expected: "WIDTHxHEIGHT in points, e.g. 1280x800")
            }
            size = Size(width: w, height: h)
        }
        let (configuration, base) = try SceneArguments.configuration(arguments.value("scene") ?? "demo")
        let headless = try HeadlessScene(configuration: configuration, size: size, scale: scale, baseDirectory: base)
        try headless.replay(events)
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
        if scene == "demo" { return (.demo, nil) }
        let loaded = try KioskConfigLoader.load(path: scene)
        for line in loaded.warningLines { logger.warning(line) }
        return (loaded.configuration, loaded.baseDirectory)
    }
}
