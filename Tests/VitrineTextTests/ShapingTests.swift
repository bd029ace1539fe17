import Testing
import VitrineCore
import VitrineGraphics

@Suite("Shaping with HarfBuzz and font fallback")
struct ShapingTests {
    let library: FontLibrary

    init() throws { self.library = try FontLibrary() }

    @Test("Arabic letters take contextual forms: a joined word's glyphs differ from the isolated letter")
    func arabicJoining() throws {
        let isolated = try TextLayout("\u{0628}", library: self.library).glyphIDs
        let joined = try TextLayout("\u{0628}\u{0628}\u{0628}", library: self.library)
        #expect(isolated.count == 1)
        #expect(joined.glyphs.count == 3)
        #expect(Set(joined.glyphIDs).count == 3, "initial, medial and final forms are three glyphs")
        #expect(!joined.glyphIDs.contains(isolated[0]))
    }

    @Test("Arabic reads right to left: the first letter is drawn rightmost")
    func arabicIsRightToLeft() throws {
        let layout = try TextLayout("\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}", library: self.library)
        #expect(layout.lines[0].isRightToLeft)
        let first = try #require(layout.glyphs.first { $0.cluster == 0 })
        let last = try #require(layout.glyphs.first { $0.cluster == 4 })
        #expect(layout.position(of: first).x > layout.position(of: last).x)
        #expect(Set(layout.familyNames()) == ["DejaVu Sans"], "DejaVu Sans covers Arabic; no fallback needed")
    }

    @Test("digits inside Arabic text stay left to right")
    func digitsInArabic() throws {
        let layout = try TextLayout("\u{0627}\u{0644}\u{0633}\u{0639}\u{0631} 123", library: self.library)
        let one = try #require(layout.glyphs.first { $0.cluster == 6 })
        let three = try #require(layout.glyphs.first { $0.cluster == 8 })
        #expect(layout.position(of: one).x < layout.position(of: three).x)
        let word = try #require(layout.glyphs.first { $0.cluster == 0 })
        #expect(layout.position(of: word).x > layout.position(of: three).x, "the number sits left of the word that precedes it")
    }

    @Test("an Arabic word inside English keeps a space on each side")
    func arabicInsideEnglish() throws {
        let layout = try TextLayout("ab \u{0639}\u{0631}\u{0628}\u{064A} cd", library: self.library)
        #expect(!layout.lines[0].isRightToLeft)
        let x = { (cluster: Int) in layout.position(of: layout.glyphs.first { $0.cluster == cluster }!).x }
        // Visual order: a b ␠ [ي ب ر ع] ␠ c d.
        #expect(x(0) < x(2) && x(2) < x(6) && x(6) < x(3) && x(3) < x(7) && x(7) < x(8))
    }

    @Test("Devanagari falls back to Lohit Devanagari and conjuncts shape to fewer glyphs than code points")
    func devanagariConjuncts() throws {
        let conjunct = try TextLayout("\u{0915}\u{094D}\u{0937}", library: self.library)
        #expect(conjunct.glyphs.count < 3)
        #expect(conjunct.familyNames().allSatisfy { $0 == "Lohit Devanagari" })
        let word = try TextLayout("\u{0915}\u{094D}\u{0937}\u{0924}\u{094D}\u{0930}\u{093F}\u{092F}", library: self.library)
        #expect(word.glyphs.count < 8)
    }

    @Test("a space between Devanagari words stays in the Devanagari font")
    func devanagariSpaces() throws {
        let layout = try TextLayout("\u{0928}\u{092E}\u{0938}\u{094D}\u{0924}\u{0947} \u{0926}\u{0941}\u{0928}\u{093F}\u{092F}\u{093E}", library: self.library)
        #expect(Set(layout.familyNames()) == ["Lohit Devanagari"])
        #expect(layout.fonts.count == 2, "DejaVu Sans stays first even when every glyph comes from the fallback")
    }

    @Test("Latin text is kerned and ligated in DejaVu Sans")
    func latinKerningAndLigatures() throws {
        let pair = try singleLineWidth("AV", library: self.library)
        let apart = try singleLineWidth("A", library: self.library) + singleLineWidth("V", library: self.library)
        #expect(pair < apart - 0.5, "AV is kerned: \(pair) against \(apart)")
        let ligature = try TextLayout("fi", library: self.library)
        #expect(ligature.glyphs.count == 1)
        #expect(ligature.glyphs[0].cluster == 0)
    }
}
