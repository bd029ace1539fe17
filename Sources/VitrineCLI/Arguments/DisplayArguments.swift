import VitrineCore
import VitrineDRM
import VitrineKiosk
import VitrineRuntime

/// The display options shared by every command that opens a screen.
enum DisplayArguments {
    static let options: [OptionSpec] = [
        OptionSpec("output", value: "KIND", help: "auto (DRM, else fbdev), drm, fbdev or headless [auto]"),
        OptionSpec("device", value: "PATH", help: "DRM card (/dev/dri/cardN) or, with --output fbdev, /dev/fbN; also VITRINE_DRM_DEVICE"),
        OptionSpec("connector", value: "NAME", help: "connector to use, e.g. HDMI-A-1 [first connected]"),
        OptionSpec("mode", value: "WxH[@HZ]", help: "display mode, e.g. 1280x800@60 [preferred, else largest]"),
        OptionSpec("rotation", value: "DEG", help: "0, 90, 180 or 270: turns picture and touch together [0]"),
        OptionSpec("buffers", value: "N", help: "scanout buffers, 1 to 3 [2]"),
        OptionSpec("size", value: "WxH", help: "headless screen size in pixels [the config's display.headlessSize, 1280x800]")
    ]

    static func configuration(from arguments: ParsedArguments, command: String) throws(CommandLineError) -> DisplayConfiguration {
        try self.apply(arguments, to: DisplayConfiguration(), command: command)
    }

    /// `base` (a kiosk config's `display` section) with the options given on the command line
    /// laid over it; options not given keep the base's settings.
    static func apply(_ arguments: ParsedArguments, to base: DisplayConfiguration, command: String) throws(CommandLineError) -> DisplayConfiguration {
        var configuration = base
        if let kind = arguments.value("output") {
            guard let parsed = OutputKind(rawValue: kind) else {
                throw CommandLineError.invalidValue(command: command, option: "output", value: kind, expected: "auto, drm, fbdev or headless")
            }
            configuration.kind = parsed
        }
        if let device = arguments.value("device") {
            if configuration.kind == .fbdev || device.contains("/fb") {
                configuration.fbdevPath = device
                if configuration.kind == .auto { configuration.kind = .fbdev }
            } else {
                configuration.drm.devicePath = device
            }
        }
        if let connector = arguments.value("connector") { configuration.drm.connectorName = connector }
        if let mode = arguments.value("mode") {
            guard let request = ModeRequest(parsing: mode) else {
                throw CommandLineError.invalidValue(
                    command: command, option: "mode", value: mode, expected: "WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 1280x800@60")
            }
            configuration.drm.mode = request
        }
        if let rotation = try self.rotation(from: arguments, command: command) { configuration.rotation = rotation }
        if let buffers = try arguments.integer("buffers", in: 1...3) { configuration.drm.bufferCount = buffers }
        if let size = try self.size(from: arguments, command: command) { configuration.headlessSize = size }
        return configuration
    }

    /// `--rotation DEG`, shared with the input commands (one setting turns screen and touch).
    static func rotation(from arguments: ParsedArguments, command: String) throws(CommandLineError) -> Rotation? {
        guard let degrees = try arguments.integer("rotation") else { return nil }
        guard let rotation = Rotation(degrees: degrees) else {
            throw CommandLineError.invalidValue(command: command, option: "rotation", value: String(degrees), expected: "0, 90, 180 or 270")
        }
        return rotation
    }

    /// The largest `--size` side: `DisplayConfiguration.largestHeadlessSide` (8192 pixels).
    static let largestSide = DisplayConfiguration.largestHeadlessSide

    /// `--size WxH`: 1 to `largestSide` pixels a side.
    static func size(from arguments: ParsedArguments, command: String) throws(CommandLineError) -> PixelSize? {
        guard let size = arguments.value("size") else { return nil }
        guard let request = ModeRequest(parsing: size), request.refreshRate == nil else {
            throw CommandLineError.invalidValue(command: command, option: "size", value: size, expected: "WIDTHxHEIGHT, e.g. 1280x800")
        }
        guard request.width <= Self.largestSide, request.height <= Self.largestSide else {
            throw CommandLineError.invalidValue(
                command: command, option: "size", value: size, expected: "at most \(Self.largestSide) pixels a side, e.g. 1920x1080")
        }
        return PixelSize(width: request.width, height: request.height)
    }
}
