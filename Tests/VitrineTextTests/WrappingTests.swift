import Testing
import VitrineCore
import VitrineGraphics

@Suite("Wrapping, truncation and paragraphs")
struct WrappingTests {
    let library: FontLibrary

    init() throws { self.library = try FontLibrary() }

    @Test("words wrap at spaces: the first line holds what fits, trailing spaces hang")
    func wordsWrap() throws {
        let width = try singleLineWidth("three four", library: self.library) + 1
        #expect(try singleLineWidth("one two three", library: self.library) > width)
        let layout = try TextLayout("one two three four", width: width, library: self.library)
        #expect(layout.lineTexts == ["one two", "three four"])
        #expect(layout.lines[0].frame.width < width)
        #expect(layout.lines[0].range == 0..<7)
        #expect(layout.lines[1].range == 8..<18)
    }

    @Test("a word wider than the box breaks inside, and no line is wider than the box")
    func longWordBreaks() throws {
        let layout = try TextLayout("Supercalifragilisticexpialidocious", width: 60, library: self.library)
        #expect(layout.lines.count > 3)
        #expect(layout.lineTexts.joined() == "Supercalifragilisticexpialidocious")
        #expect(layout.lines.allSatisfy { $0.frame.width <= 60 })
    }

    @Test("a long word after a short one starts a new line before it breaks")
    func longWordStartsNewLine() throws {
        let layout = try TextLayout("a Supercalifragilisticexpialidocious", width: 80, library: self.library)
        #expect(layout.lineTexts.first == "a")
    }

    @Test("the last allowed line ends with an ellipsis when text remains")
    func ellipsis() throws {
        let ellipsisID = try TextLayout("\u{2026}", library: self.library).glyphIDs[0]
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
        let layout = try TextLayout(text, style: TextStyle(maximumLines: 2), width: 120, library: self.library)
        #expect(layout.lines.count == 2)
        #expect(!layout.lines[0].isTruncated)
        #expect(layout.lines[1].isTruncated)
        #expect(layout.glyphs(in: layout.lines[1]).last?.id == ellipsisID)
        #expect(layout.lines[1].frame.width <= 120)
        let full = try TextLayout(text, width: 120, library: self.library)
        #expect(full.lines.count > 2)
        #expect(full.lines.allSatisfy { !$0.isTruncated })
    }

    @Test("text that fits in the allowed lines gets no ellipsis")
    func noEllipsisWhenItFits() throws {
        let layout = try TextLayout("short text", style: TextStyle(maximumLines: 1), width: 300, library: self.library)
        #expect(layout.lines.count == 1)
        #expect(!layout.lines[0].isTruncated)
    }

    @Test("an ellipsis follows the last shown paragraph when more paragraphs remain")
    func ellipsisAcrossParagraphs() throws {
        let layout = try TextLayout("first\nsecond\nthird", style: TextStyle(maximumLines: 2), width: 300, library: self.library)
        #expect(layout.lineTexts == ["first", "second"])
        #expect(layout.lines[1].isTruncated)
    }

    @Test("a right-to-left truncated line has its ellipsis at the left")
    func arabicEllipsis() throws {
        let word = "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}"
        let text = Array(repeating: word, count: 12).joined(separator: " ")
        let layout = try TextLayout(text, style: TextStyle(maximumLines: 1), width: 150, library: self.library)
        let line = layout.lines[0]
        #expect(line.isTruncated)
        let ellipsis = try #require(layout.glyphs(in: line).first)
        #expect(ellipsis.cluster == line.range.upperBound, "the ellipsis is the leftmost glyph")
    }

    @Test("lines break between CJK ideographs without spaces")
    func cjkBreaks() throws {
        let text = "\u{6F22}\u{5B57}\u{6F22}\u{5B57}\u{6F22}\u{5B57}\u{3002}\u{6F22}\u{5B57}"
        let layout = try TextLayout(text, width: 35, library: self.library)
        #expect(layout.lines.count > 1)
        #expect(layout.lineTexts.joined() == text)
        #expect(layout.lineTexts.allSatisfy { !$0.hasPrefix("\u{3002}") }, "closing punctuation never starts a line")
    }

    @Test("a narrow box never splits a Devanagari conjunct between lines")
    func conjunctsStayWhole() throws {
        let text = "\u{0915}\u{094D}\u{0937}\u{0924}\u{094D}\u{0930}\u{093F}\u{092F}"
        let layout = try TextLayout(text, width: 1, library: self.library)
        #expect(layout.lines.count > 1)
        #expect(layout.lineTexts.joined() == text)
        for line in layout.lines {
            let first = line.text.unicodeScalars.first!.value
            #expect(first != 0x094D && first != 0x093F, "a line starts with a virama or vowel sign: \(layout.lineTexts)")
            #expect(line.text.unicodeScalars.last!.value != 0x094D, "a line ends inside a conjunct: \(layout.lineTexts)")
        }
    }

    @Test("line breaks make paragraphs; an empty one is an empty line")
    func paragraphs() throws {
        let layout = try TextLayout("a\n\nb\r\nc", library: self.library)
        #expect(layout.lineTexts == ["a", "", "b", "c"])
        #expect(layout.lines[1].frame.height > 0)
        #expect(layout.lines[3].range == 6..<7)
    }
}
