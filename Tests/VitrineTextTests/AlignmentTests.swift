import Testing
import VitrineCore
import VitrineGraphics

@Suite("Alignment, line height and measuring")
struct AlignmentTests {
    let library: FontLibrary

    init() throws { self.library = try FontLibrary() }

    /// Half a 26.6 unit at scale 1.
    let epsilon = 1.0 / 64

    @Test("left, centre and right put a line's free space after, around and before it", arguments: [1.0, 2.0])
    func alignments(scale: Double) throws {
        let width = 200.0
        for alignment in [TextAlignment.left, .center, .right] {
            let layout = try TextLayout("short", style: TextStyle(alignment: alignment), width: width, scale: scale, library: self.library)
            let frame = layout.lines[0].frame
            let free = width - frame.width
            let expected = alignment == .left ? 0 : (alignment == .center ? free / 2 : free)
            #expect(abs(frame.minX - expected) <= self.epsilon, "\(alignment): \(frame)")
            let firstGlyph = layout.position(of: layout.glyphs[0]).x
            #expect(abs(firstGlyph - frame.minX) <= 1, "glyphs move with the line")
        }
    }

    @Test("natural alignment is left for English and right for Arabic")
    func naturalAlignment() throws {
        let english = try TextLayout("hello", width: 200, library: self.library)
        #expect(english.lines[0].frame.minX == 0)
        let arabic = try TextLayout("\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}", width: 200, library: self.library)
        #expect(abs(arabic.lines[0].frame.maxX - 200) <= self.epsilon)
    }

    @Test("without a width, lines align within the widest line")
    func unboundedAlignment() throws {
        let layout = try TextLayout("a much longer line\nshort", style: TextStyle(alignment: .right), library: self.library)
        #expect(layout.lines[0].frame.minX == 0)
        #expect(abs(layout.lines[1].frame.maxX - layout.size.width) <= self.epsilon)
    }

    @Test("measured size: the widest line by the sum of line heights, and narrower boxes make taller text")
    func measuring() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let one = try TextLayout.size(of: text, fitting: nil, library: self.library)
        let font = try self.library.font(.default, pointSize: 17)
        #expect(abs(one.height - font.lineHeight) < 0.01)
        let narrow = try TextLayout.size(of: text, fitting: 100, library: self.library)
        #expect(narrow.width <= 100)
        #expect(narrow.height > one.height * 3)
        let layout = try TextLayout(text, width: 100, library: self.library)
        #expect(narrow.width == layout.lines.map(\.frame.width).max())
        #expect(abs(narrow.height - layout.lines.map(\.frame.height).reduce(0, +)) < 1e-9)
    }

    @Test("measuring at scale 2 gives the same size in points")
    func scaleIndependentSize() throws {
        let text = "Measure me, please"
        let one = try TextLayout.size(of: text, fitting: 80, scale: 1, library: self.library)
        let two = try TextLayout.size(of: text, fitting: 80, scale: 2, library: self.library)
        #expect(abs(one.width - two.width) < 0.5)
        #expect(abs(one.height - two.height) < 0.5)
    }

    @Test("line height is a multiple of the font's or a fixed number of points")
    func lineHeights() throws {
        let text = "one\ntwo\nthree"
        let natural = try TextLayout.size(of: text, fitting: nil, library: self.library).height
        let double = try TextLayout.size(of: text, style: TextStyle(lineHeight: .multiple(2)), fitting: nil, library: self.library).height
        #expect(abs(double - 2 * natural) < 1e-6)
        let fixed = try TextLayout(text, style: TextStyle(lineHeight: .points(30)), library: self.library)
        #expect(fixed.size.height == 90)
        #expect(fixed.lines.map(\.frame.minY) == [0, 30, 60])
        #expect(fixed.lines.allSatisfy { $0.baseline > $0.frame.minY && $0.baseline < $0.frame.maxY })
    }

    @Test("a line with a taller fallback font is taller")
    func fallbackLineHeight() throws {
        let latin = try TextLayout("abc", library: self.library).size.height
        let devanagari = try TextLayout("\u{0915}\u{0916}", library: self.library).size.height
        #expect(devanagari > latin)
    }
}
