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

/// A deterministic generator (SplitMix64) so fuzzing runs the same inputs every time.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        self.state &+= 0x9E37_79B9_7F4A_7C15
        var z = self.state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
