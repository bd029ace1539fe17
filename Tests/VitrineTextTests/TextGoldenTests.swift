import Testing
import VitrineBench
import VitrineCore
import VitrineGraphics
import VitrineTestSupport

/// Golden images of wrapped, truncated text in three scripts, in `Snapshots/` beside this file.
///
/// To regenerate after a deliberate change, run
/// `VITRINE_REGENERATE_GOLDENS=1 swift test --filter TextGoldenTests`, then look at every changed
/// PNG before committing it: Latin wrapped at words, Arabic joined and reading right to left,
/// Devanagari with its conjuncts formed, each ending in "…".
@Suite("Text golden images")
struct TextGoldenTests {
    /// Per-channel tolerance: FreeType's rasteriser is deterministic, so this only absorbs a
    /// rounding change in pixman's blending.
    static let tolerance = 3

    struct Sample: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var alignment: TextAlignment
        var description: String { self.name }
    }

    static let samples = [
        Sample(
            name: "latin-wrapped-ellipsis",
            text:
                "Typography on a kiosk: wrapped at word boundaries, kerned (AV, Wa) and ligated (fi, fl), then cut short with an ellipsis when the lines run out.",
            alignment: .left),
        Sample(
            name: "arabic-wrapped-ellipsis",
            text:
                "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627} \u{0628}\u{0627}\u{0644}\u{0639}\u{0627}\u{0644}\u{0645}\u{060C} \u{0647}\u{0630}\u{0627} \u{0646}\u{0635} \u{0639}\u{0631}\u{0628}\u{064A} \u{0637}\u{0648}\u{064A}\u{0644} \u{064A}\u{064F}\u{0642}\u{0631}\u{0623} \u{0645}\u{0646} \u{0627}\u{0644}\u{064A}\u{0645}\u{064A}\u{0646} \u{0625}\u{0644}\u{0649} \u{0627}\u{0644}\u{064A}\u{0633}\u{0627}\u{0631}\u{060C} \u{0627}\u{0644}\u{0633}\u{0639}\u{0631} 125 \u{062F}\u{0631}\u{0647}\u{0645} \u{0648}\u{0627}\u{0644}\u{062D}\u{0631}\u{0648}\u{0641} \u{0645}\u{062A}\u{0635}\u{0644}\u{0629} \u{0628}\u{0628}\u{0639}\u{0636}\u{0647}\u{0627} \u{0627}\u{0644}\u{0628}\u{0639}\u{0636} \u{0641}\u{064A} \u{0643}\u{0644} \u{0633}\u{0637}\u{0631}",
            alignment: .natural),
        Sample(
            name: "devanagari-wrapped-ellipsis",
            text:
                "\u{0928}\u{092E}\u{0938}\u{094D}\u{0924}\u{0947} \u{0926}\u{0941}\u{0928}\u{093F}\u{092F}\u{093E}\u{0964} \u{0915}\u{094D}\u{0937}\u{0924}\u{094D}\u{0930}\u{093F}\u{092F} \u{0914}\u{0930} \u{0936}\u{094D}\u{0930}\u{0940} \u{091C}\u{0948}\u{0938}\u{0947} \u{0938}\u{0902}\u{092F}\u{0941}\u{0915}\u{094D}\u{0924}\u{093E}\u{0915}\u{094D}\u{0937}\u{0930} \u{0939}\u{093F}\u{0928}\u{094D}\u{0926}\u{0940} \u{092E}\u{0947}\u{0902} \u{0920}\u{0940}\u{0915} \u{0938}\u{0947} \u{092C}\u{0928}\u{0924}\u{0947} \u{0939}\u{0948}\u{0902} \u{0914}\u{0930} \u{0932}\u{0902}\u{092C}\u{0940} \u{092A}\u{0902}\u{0915}\u{094D}\u{0924}\u{093F} \u{0915}\u{093E}\u{091F}\u{0940} \u{091C}\u{093E}\u{0924}\u{0940} \u{0939}\u{0948} \u{0914}\u{0930} \u{092F}\u{0939} \u{0935}\u{093E}\u{0915}\u{094D}\u{092F} \u{0906}\u{0917}\u{0947} \u{092D}\u{0940} \u{091A}\u{0932}\u{0924}\u{093E} \u{0930}\u{0939}\u{0924}\u{093E} \u{0939}\u{0948}",
            alignment: .center)
    ]

    static var snapshots: String {
        let file = #filePath
        return String(file[..<file.lastIndex(of: "/")!]) + "/Snapshots"
    }

    /// The sample laid out in 15 pt text, 220 pt wide, three lines at most, drawn at scale 2 on
    /// a light panel with the box outlined.
    static func render(_ sample: Sample, library: FontLibrary) throws -> PixelBuffer {
        let buffer = PixelBuffer(size: PixelSize(width: 480, height: 150))
        let canvas = Canvas(target: buffer, scale: 2)
        canvas.clear(to: Color(white: 0.96))
        let style = TextStyle(pointSize: 15, alignment: sample.alignment, maximumLines: 3)
        let layout = try TextLayout(sample.text, style: style, width: 220, scale: 2, library: library)
        canvas.stroke(Rect(x: 9, y: 9, width: 222, height: layout.size.height + 2), lineWidth: 0.5, color: Color(white: 0.75))
        canvas.draw(layout, at: Point(x: 10, y: 10), color: Color(red: 20, green: 24, blue: 40))
        return buffer
    }

    @Test("wrapped, truncated text matches its golden image", arguments: Self.samples)
    func golden(sample: Sample) throws {
        let library = try FontLibrary()
        let output = try Self.render(sample, library: library)
        let comparison = GoldenImage.compare(output, name: sample.name, directory: Self.snapshots)
        #expect(comparison.matches(tolerance: Self.tolerance), "\(comparison)")
    }

    @Test("every sample wraps to three lines and ends in an ellipsis", arguments: Self.samples)
    func samplesTruncate(sample: Sample) throws {
        let layout = try TextLayout(sample.text, style: TextStyle(pointSize: 15, maximumLines: 3), width: 220, scale: 2, library: FontLibrary())
        #expect(layout.lines.count == 3)
        #expect(layout.lines.last?.isTruncated == true)
    }
}
