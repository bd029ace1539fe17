import VitrineCore
import VitrineGraphics
import VitrineSystem

/// `vitrine blur`: the backdrop blur on a PNG, to look at and compare with other tools.
enum BlurCommand: Command {
    static let name = "blur"
    static let summary = "Blur a PNG with the backdrop blur (the ContentSheet's frosted glass)."
    static let synopsis = "--sigma S [--style none|dark|light|extraLight] IN.png OUT.png"
    static let options: [OptionSpec] = [
        OptionSpec("sigma", value: "S", help: "Gaussian standard deviation in pixels, 0 to 200"),
        OptionSpec("style", value: "STYLE", help: "none, dark, light or extraLight: the tint over the blur [none]"),
        OptionSpec("factor", value: "F", help: "downsample factor 1, 2, 4 or 8 [chosen from σ]")
    ]
    static let discussion = """
        Runs exactly what the compositor runs: area average down by the factor, three box
        passes per axis, saturation and tint, bilinear upsample; below a blur radius of 10 px
        the sharp image is cross-faded in, as Android's compositor does. Prints the plan (factor,
        box widths, effective σ). Docs/rendering.md describes the pipeline and its error budget.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let sigma = try arguments.number("sigma", in: 0...200) else {
            throw CommandLineError.missingArgument(command: self.name, name: "--sigma S")
        }
        var style = BlurStyle.none
        if let text = arguments.value("style") {
            guard let parsed = BlurStyle(rawValue: text) else {
                throw CommandLineError.invalidValue(command: self.name, option: "style", value: text, expected: "none, dark, light or extraLight")
            }
            style = parsed
        }
        let factor = try arguments.integer("factor", in: 1...8)
        if let factor, ![1, 2, 4, 8].contains(factor) {
            throw CommandLineError.invalidValue(command: self.name, option: "factor", value: String(factor), expected: "1, 2, 4 or 8")
        }
        let files = arguments.positionals
        guard files.count >= 2 else {
            throw CommandLineError.missingArgument(command: self.name, name: files.isEmpty ? "IN.png and OUT.png" : "OUT.png")
        }
        guard files.count == 2 else { throw CommandLineError.unexpectedArgument(command: self.name, argument: files[2]) }
        let source = try PNGCodec.read(path: files[0])
        // The blurred copy, and encoding it (its packed rows and compressed bytes): 3 frames more.
        let frame = source.height * source.bytesPerRow
        try MemoryHeadroom.require(
            3 * frame, for: "\(files[0]): blurring a \(source.width)x\(source.height) image needs about \(MemoryHeadroom.size(3 * frame)) more",
            hint: "blur a smaller image")
        let blur = BackdropBlur(source: source, sigma: sigma, style: style, downsampleFactor: factor)
        let output = PixelBuffer(size: source.size, format: source.format)
        blur.draw(into: output, rect: source.bounds)
        try PNGCodec.write(output, to: files[1])
        let fade = blur.crossFade < 1 ? ", cross-faded \(String(fixed: blur.crossFade, decimals: 2))" : ""
        StandardStreams.writeOutput("\(files[1]): \(source.size), \(blur.plan), style \(style.rawValue)\(fade)\n")
        return 0
    }
}
