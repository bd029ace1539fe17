import Glibc
import Testing
import VitrineBench
import VitrineCLI
import VitrineCore
import VitrineGraphics
import VitrineTestSupport

/// Golden images of blurred patterns, in `Snapshots/` beside this file.
///
/// To regenerate after a deliberate change, run
/// `VITRINE_REGENERATE_GOLDENS=1 swift test --filter BlurGoldenTests`, then look at every
/// changed PNG before committing it.
@Suite("Blur golden images and the vitrine blur command")
struct BlurGoldenTests {
    /// Per-channel tolerance: the blur is integer arithmetic, so only a real change moves it.
    static let tolerance = 2

    /// Colour bars, a white disc, thin black stripes and a checkerboard: edges of every kind.
    static func pattern() -> PixelBuffer {
        let buffer = PixelBuffer(size: PixelSize(width: 192, height: 128))
        let bars: [UInt32] = [0xFFE0_3030, 0xFF30_C040, 0xFF30_50E0, 0xFFF0_D020, 0xFF20_2020, 0xFFF0_F0F0]
        for y in 0..<128 {
            for x in 0..<192 {
                var word = bars[x / 32]
                let dx = x - 120
                let dy = y - 64
                if dx * dx + dy * dy < 30 * 30 { word = 0xFFFF_FFFF }
                if y >= 96 && x < 96 { word = (x / 8 + y / 8) % 2 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF }
                if y < 24 && x % 6 < 2 { word = 0xFF00_0000 }
                buffer[x, y] = word
            }
        }
        return buffer
    }

    static var snapshots: String {
        let file = #filePath
        return String(file[..<file.lastIndex(of: "/")!]) + "/Snapshots"
    }

    @Test(
        "blurred pattern matches its golden image",
        arguments: [
            (4.0, BlurStyle.none, "pattern-sigma4"), (12.0, .none, "pattern-sigma12"), (12.0, .dark, "pattern-sigma12-dark"),
            (12.0, .extraLight, "pattern-sigma12-extralight")
        ])
    func golden(sigma: Double, style: BlurStyle, name: String) throws {
        let output = BackdropBlur.blurred(Self.pattern(), sigma: sigma, style: style)
        let comparison = GoldenImage.compare(output, name: name, directory: Self.snapshots)
        #expect(comparison.matches(tolerance: Self.tolerance), "\(comparison)")
    }

    @Test("vitrine blur writes what BackdropBlur computes, and rejects a bad style")
    func commandRoundTrip() throws {
        var template = Array("/tmp/vitrine-blur-test-XXXXXX".utf8CString)
        let directory = String(cString: try #require(mkdtemp(&template)))
        defer {
            unlink(directory + "/in.png")
            unlink(directory + "/out.png")
            rmdir(directory)
        }
        let input = Self.pattern()
        try PNGCodec.write(input, to: directory + "/in.png")
        let status = CommandLineTool.run(["blur", "--sigma", "6", "--style", "light", directory + "/in.png", directory + "/out.png"])
        #expect(status == 0)
        let written = try PNGCodec.read(path: directory + "/out.png")
        let expected = BackdropBlur.blurred(try PNGCodec.read(path: directory + "/in.png"), sigma: 6, style: .light)
        #expect(written.hasSamePixels(as: expected))
        #expect(CommandLineTool.run(["blur", "--sigma", "6", "--style", "frosted", directory + "/in.png", directory + "/x.png"]) == 2)
        #expect(CommandLineTool.run(["blur", directory + "/in.png", directory + "/x.png"]) == 2)
    }

    @Test("the four-pixel upsample gives the same pixels as the one-pixel path", arguments: [1, 2, 4, 8])
    func quadsMatchSinglePixels(factor: Int) {
        let source = Self.pattern()
        let blur = BackdropBlur(source: source, sigma: 10, style: .dark, downsampleFactor: factor)
        let full = PixelBuffer(size: source.size)
        blur.draw(into: full, rect: source.bounds)
        // Rects narrower than four pixels never take the four-pixel path.
        let columns = PixelBuffer(size: source.size)
        for x in 0..<source.width {
            blur.draw(into: columns, rect: PixelRect(x: x, y: 0, width: 1, height: source.height))
        }
        #expect(full.hasSamePixels(as: columns))
    }
}
