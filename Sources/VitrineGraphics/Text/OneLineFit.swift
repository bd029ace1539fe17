import CHarfBuzz
import VitrineCore

/// Whether a text certainly fits on one line, found without shaping it: the check a list of
/// 100,000 rows makes instead of laying out every row's texts to learn that they take one line
/// each (issue 29: a 100,000-item data file stalled the loop 1.7 s, 60 % of it in row texts).
///
/// It sums the primary font's nominal advances (HarfBuzz, 26.6 pixels, per character: no
/// kerning, no ligatures) and the style's tracking, and says yes only when that sum with a margin
/// — `relativeMargin` of it and `absoluteMargin` — is within the width. Shaping a line of simple
/// scripts only moves glyphs by kerning (a few hundredths of an em, mostly closer), so a text
/// inside the margin fits on one line when shaped (`OneLineFitTests` checks it against full
/// layouts). Anything else is left to `TextLayout`: characters outside the `simpleRanges`
/// (joining and complex scripts, combining marks, controls and line breaks), characters the
/// primary font lacks (a fallback font would draw them), and texts near the edge.
public enum OneLineFit {
    /// Latin, Greek, Cyrillic, general punctuation and currency signs: scripts shaping does not
    /// reorder, join or stack. Combining marks (U+0300–U+036F) and the invisible format
    /// characters of General Punctuation (U+200B–U+200F, U+2028–U+202E, U+2060–U+206F) are not in.
    static let simpleRanges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0xA0...0x2FF, 0x370...0x3FF, 0x400...0x4FF, 0x2010...0x2027, 0x2030...0x205F, 0x20A0...0x20C0
    ]
    /// The share of the summed width kept free: 3 %, above the kerning of Latin pairs (Inter's
    /// tightest pairs take 1–2 % of a word's width).
    public static let relativeMargin = 0.03
    /// And 2 pixels, for rounding and a single positive kern.
    public static let absoluteMargin = 2.0

    /// True when `text` in `style` certainly takes one line in a box `width` points wide at
    /// `scale`; false when it may not, or when the fast sum cannot tell (lay it out then).
    public static func certainlyFits(_ text: String, style: TextStyle, width: Double, scale: Double, library: FontLibrary) -> Bool {
        guard let font = try? library.font(style.font, pointSize: style.pointSize, scale: scale) else { return false }
        return self.certainlyFits(text, font: font, tracking: style.tracking, width: width, scale: scale)
    }

    /// The same with the style's primary font found already (a list asks for every row).
    public static func certainlyFits(_ text: String, font: Font, tracking ems: Double, width: Double, scale: Double) -> Bool {
        guard width.isFinite, width > 0, !text.isEmpty else { return false }
        let tracking = Int64((ems * font.pixelSize * 64).rounded())
        var sum: Int64 = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            guard value >= 0x20 && value <= 0x7E || Self.simpleRanges.contains(where: { $0.contains(value) }), let advance = font.nominalAdvance(value)
            else { return false }
            sum += Int64(advance) + (advance > 0 ? tracking : 0)
        }
        let box = width * scale * 64
        let needed = Double(max(0, sum)) * (1 + Self.relativeMargin) + Self.absoluteMargin * 64
        return needed <= box
    }
}

extension Font {
    /// The advance of the glyph the primary cmap gives `scalar`, unshaped, in 26.6 pixels; nil
    /// when the font has no glyph for it. Kept per font: a list asks for the same few letters
    /// thousands of times.
    func nominalAdvance(_ scalar: UInt32) -> Int32? {
        if scalar < 128 {
            let known = self.asciiAdvances[Int(scalar)]
            if known != Int32.max { return known == Int32.min ? nil : known }
            let advance = self.lookUpNominalAdvance(scalar)
            self.asciiAdvances[Int(scalar)] = advance ?? Int32.min
            return advance
        }
        if let known = self.nominalAdvances[scalar] { return known == Int32.min ? nil : known }
        let advance = self.lookUpNominalAdvance(scalar)
        self.nominalAdvances[scalar] = advance ?? Int32.min
        return advance
    }

    private func lookUpNominalAdvance(_ scalar: UInt32) -> Int32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(self.hbFont, scalar, &glyph) != 0 ? hb_font_get_glyph_h_advance(self.hbFont, glyph) : nil
    }
}
