import VitrineCore
import VitrineGraphics

/// Golden images: PNGs kept beside the tests that draw them, compared channel by channel with
/// what the code draws now.
///
/// With `VITRINE_REGENERATE_GOLDENS=1` in the environment the output is written over the golden
/// instead; look at every changed PNG before committing it.
public enum GoldenImage {
    /// The environment variable that turns comparing into rewriting.
    public static let regenerateVariable = "VITRINE_REGENERATE_GOLDENS"

    /// How far `output` is from the PNG at `path`, or nil when regenerating (the PNG was
    /// written). Images of different sizes differ by 255.
    /// - Throws: `VitrineError` when the PNG cannot be read or written.
    public static func difference(_ output: PixelBuffer, goldenAt path: String) throws -> ImageDifference? {
        if Environment.value(self.regenerateVariable) == "1" {
            try PNGCodec.write(output, to: path)
            return nil
        }
        let golden = try PNGCodec.read(path: path)
        guard golden.size == output.size else { return ImageDifference(meanAbsolute: 255, maximumAbsolute: 255) }
        return ImageDifference(output, golden)
    }
}
