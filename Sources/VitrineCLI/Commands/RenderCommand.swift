import VitrineCore
import VitrineKiosk
import VitrineScene
import VitrineSystem
import VitrineUI

/// `vitrine render`: every screen of a kiosk config, and every sheet in each of its states, as
/// PNG files with an index, headless.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Draw every screen of a kiosk config (and each sheet in each state) to PNG files, with an index."
    static let synopsis = "CONFIG|demo --out DIR [--size WxH] [--scale N] [--language CODE] [--palette light|dark] [--larger-text] [--high-contrast]"
    static let options: [OptionSpec] = [
        OptionSpec("out", value: "DIR", help: "where the PNG files, index.html and index.json go (created if needed)"),
        OptionSpec("size", value: "WxH", help: "screen size in pixels [the config's display.headlessSize, 1280x800]"),
        OptionSpec("scale", value: "N", help: "pixels per point [the config's theme.scale, 1]"),
        OptionSpec("language", value: "CODE", help: "draw the texts in this language (one of the config's languages) [defaultLanguage]"),
        OptionSpec("palette", value: "light|dark", help: "draw with this built-in palette's colours instead of the theme's own [the theme]"),
        OptionSpec("larger-text", help: "draw as a visitor who chose Larger text on the accessibility sheet sees it (the type scale x 1.5)"),
        OptionSpec("high-contrast", help: "draw as a visitor who chose High contrast sees it (7:1 for every text)"),
        OptionSpec("report-memory", help: "print `peak-kib=N` at the end: the peak resident memory (VmHWM; vitrine bench's big-photos-peak-rss)")
    ]
    static let discussion = """
        No display is needed. Each screen is drawn on its own as the visitor would see it; a screen
        with a split sheet also with the sheet shown and expanded; a screen that a button presents
        in a content sheet, presented over that screen, collapsed and expanded. Open DIR/index.html
        to look at them all. The same file at another --size shows how the layout follows the
        panel (one file works at 1280x800 and 1920x1080). --palette dark shows the screens in the
        dark palette (scripts/render-gallery.sh draws Docs/gallery this way). --larger-text and
        --high-contrast draw what a visitor who chose them on the accessibility sheet sees
        (Docs/accessibility.md, "The visitor's settings"): look for words cut off and crowded rows.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let config = arguments.positionals.first else { throw CommandLineError.missingArgument(command: self.name, name: "CONFIG") }
        if arguments.positionals.count > 1 { throw CommandLineError.unexpectedArgument(command: self.name, argument: arguments.positionals[1]) }
        guard let out = arguments.value("out") else { throw CommandLineError.missingArgument(command: self.name, name: "--out DIR") }
        var (configuration, base) = try SceneArguments.configuration(config)
        if let language = arguments.value("language") {
            guard configuration.scene.languages.contains(language) else {
                throw VitrineError(
                    .invalidArgument,
                    "render --language \(language): \(config) is written in \(configuration.scene.languages.isEmpty ? "one language (it has no \"languages\")" : configuration.scene.languages.joined(separator: ", "))"
                )
            }
            configuration.scene.defaultLanguage = language
        }
        if let name = arguments.value("palette") {
            guard let palette = Theme.Palette(rawValue: name) else {
                throw CommandLineError.invalidValue(command: self.name, option: "palette", value: name, expected: "light or dark")
            }
            configuration.theme = configuration.theme.withColours(of: palette)
        }
        let size = try DisplayArguments.size(from: arguments, command: self.name) ?? configuration.display.headlessSize
        let scale = try arguments.number("scale", in: 0.25...8) ?? configuration.scale
        var renderer = KioskRenderer(configuration: configuration, baseDirectory: base)
        renderer.visitorSettings = VisitorSettings(largerText: arguments.has("larger-text"), highContrast: arguments.has("high-contrast"))
        let shots = try renderer.render(size: size, scale: scale, into: out)
        StandardStreams.writeOutput(
            "rendered \(shots.count) picture\(shots.count == 1 ? "" : "s") of \(config) at \(size.width)x\(size.height) px, scale \(JSONValue.number(scale).serialized()): \(out)/index.html\n"
        )
        if arguments.has("report-memory"), let memory = ProcessMemory.current() {
            StandardStreams.writeOutput("peak-kib=\(memory.peakResidentKiB)\n")
        }
        return 0
    }
}
