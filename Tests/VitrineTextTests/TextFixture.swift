import VitrineCore
import VitrineGraphics

/// Shorthands the text tests share.
extension TextLayout {
    /// Each line's text.
    var lineTexts: [String] { self.lines.map(\.text) }

    /// The glyph ids, left to right.
    var glyphIDs: [UInt32] { self.glyphs.map(\.id) }

    /// The family of the font each glyph comes from.
    func familyNames() -> [String] { self.glyphs.map { self.fonts[$0.fontIndex].familyName } }
}

/// The width `text` takes on one line, in points.
func singleLineWidth(_ text: String, style: TextStyle = TextStyle(), library: FontLibrary) throws -> Double {
    try TextLayout(text, style: style, library: library).size.width
}
