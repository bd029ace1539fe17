import Testing
import VitrineCore
import VitrineGraphics

@Suite("Bad input never crashes and always measures finite")
struct BadInputTests {
    let library: FontLibrary

    init() throws { self.library = try FontLibrary() }

    /// Checks what every layout must satisfy, whatever went in.
    func checkInvariants(_ layout: TextLayout, _ context: String) {
        let size = layout.size
        #expect(size.width.isFinite && size.width >= 0 && size.height.isFinite && size.height >= 0, "\(context): size \(size)")
        let scalarCount = layout.text.unicodeScalars.count
        for line in layout.lines {
            #expect(line.range.lowerBound >= 0 && line.range.upperBound <= scalarCount, "\(context): line range \(line.range)")
            #expect(line.frame.minX.isFinite && line.frame.minY.isFinite && line.baseline.isFinite, "\(context): line \(line.frame)")
        }
        #expect(layout.glyphs.allSatisfy { $0.fontIndex >= 0 && $0.fontIndex < layout.fonts.count }, "\(context): font index")
        #expect(layout.lines.map(\.glyphRange.count).reduce(0, +) == layout.glyphs.count, "\(context): glyph ranges")
    }

    @Test("an empty string has no lines, a zero size, and draws nothing")
    func emptyString() throws {
        let layout = try TextLayout("", width: 100, library: self.library)
        #expect(layout.lines.isEmpty)
        #expect(layout.size == .zero)
        let buffer = PixelBuffer(size: PixelSize(width: 8, height: 8))
        buffer.fill(buffer.bounds, with: 0xFFFF_FFFF)
        Canvas(target: buffer).draw(layout, at: .zero, color: .black)
        #expect(buffer[4, 4] == 0xFFFF_FFFF)
    }

    @Test("invalid UTF-8 becomes replacement characters")
    func invalidUTF8() throws {
        let layout = try TextLayout(utf8: [0x61, 0xFF, 0xC3, 0x28, 0x62, 0xED, 0xA0, 0x80], library: self.library)
        #expect(layout.text.unicodeScalars.first == "a")
        #expect(layout.text.unicodeScalars.contains("\u{FFFD}"))
        #expect(layout.lines.count == 1)
        self.checkInvariants(layout, "invalid UTF-8")
    }

    @Test("zero, negative, NaN and infinite widths", arguments: [0.0, -50, .nan, .infinity, -.infinity, 1e300])
    func oddWidths(width: Double) throws {
        let layout = try TextLayout("two words", width: width, library: self.library)
        self.checkInvariants(layout, "width \(width)")
        #expect(!layout.lines.isEmpty)
        if width.isNaN || width == .infinity || width == 1e300 {
            #expect(layout.lines.count == 1, "NaN and infinite widths are unbounded")
        } else {
            #expect(layout.lines.count == "twowords".count, "no width: one cluster per line")
        }
    }

    @Test("NaN, negative and huge point sizes are clamped", arguments: [Double.nan, -3, 0, 1e12, .infinity])
    func oddPointSizes(size: Double) throws {
        let layout = try TextLayout("Size", style: TextStyle(pointSize: size), width: 300, scale: 2, library: self.library)
        self.checkInvariants(layout, "point size \(size)")
        #expect(Font.pixelSizeRange.contains(layout.fonts[0].pixelSize))
    }

    @Test("odd line heights, line limits and scales stay finite")
    func oddStyles() throws {
        for lineHeight in [LineHeight.multiple(.nan), .multiple(-1), .multiple(1e300), .points(.nan), .points(-5), .points(.infinity)] {
            for maximumLines in [nil, 0, -2, 1] {
                let style = TextStyle(lineHeight: lineHeight, maximumLines: maximumLines)
                for scale in [1.0, .nan, 0, -1] {
                    let layout = try TextLayout("a b c\nd e f", style: style, width: 10, scale: scale, library: self.library)
                    self.checkInvariants(layout, "\(lineHeight) \(String(describing: maximumLines)) \(scale)")
                }
            }
        }
    }

    @Test("text wider than any box is broken inside words and truncated to the line limit")
    func textWiderThanAnyBox() throws {
        let layout = try TextLayout(String(repeating: "W", count: 200), style: TextStyle(maximumLines: 2), width: 30, library: self.library)
        #expect(layout.lines.count == 2)
        #expect(layout.lines[1].isTruncated)
        self.checkInvariants(layout, "wide")
    }

    @Test("random bytes lay out and draw without crashing")
    func fuzzBytes() throws {
        var random = SplitMix64(seed: 3)
        let canvas = Canvas(target: PixelBuffer(size: PixelSize(width: 64, height: 48)), scale: 1)
        for iteration in 0..<300 {
            let bytes = (0..<Int.random(in: 0...48, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let width: Double? = [nil, 0, 20, 80, .nan][iteration % 5]
            let style = TextStyle(pointSize: Double.random(in: 4...40, using: &random), maximumLines: iteration % 3)
            let layout = try TextLayout(utf8: bytes, style: style, width: width, library: self.library)
            self.checkInvariants(layout, "bytes \(bytes)")
            canvas.draw(layout, at: Point(x: -5, y: -5), color: .black)
        }
    }

    @Test("random scalars across scripts lay out and draw without crashing")
    func fuzzScripts() throws {
        // Latin, combining marks, Greek, Hebrew, Arabic and its marks, Devanagari, Thai, CJK,
        // kana, Hangul, emoji, joiners, variation selectors, controls, spaces, line breaks.
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x300...0x36F, 0x391...0x3C9, 0x5D0...0x5EA, 0x600...0x6FF, 0x900...0x97F, 0xE00...0xE5B,
            0x4E00...0x4E80, 0x3040...0x30FF, 0xAC00...0xAC80, 0x1F600...0x1F64F, 0x200B...0x200F, 0xFE00...0xFE0F,
            0x0...0x1F, 0x2000...0x200A, 0x2028...0x2029
        ]
        var random = SplitMix64(seed: 11)
        let canvas = Canvas(target: PixelBuffer(size: PixelSize(width: 96, height: 64)), scale: 2)
        for iteration in 0..<300 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) { scalars.append(scalar) }
            }
            let alignment = [TextAlignment.natural, .left, .center, .right][iteration % 4]
            let style = TextStyle(pointSize: 12, alignment: alignment, maximumLines: iteration % 4)
            let layout = try TextLayout(String(scalars), style: style, width: Double(iteration % 7) * 15, scale: 2, library: self.library)
            self.checkInvariants(layout, "scalars \(scalars.map { String($0.value, radix: 16) })")
            canvas.draw(layout, at: Point(x: 2, y: 2), color: .black)
        }
    }
}
