import CFreeType
import CHarfBuzz
import VitrineCore

/// A `FontFace` at one pixel size: the FreeType face that rasterises its glyphs and the
/// HarfBuzz font that shapes with it. Made and cached by `FontLibrary.font(_:pointSize:scale:)`.
///
/// Metrics are in device pixels. HarfBuzz's scale is 64 units per pixel, so every position it
/// returns is 26.6 fixed point, like FreeType's.
public final class Font {
    /// The smallest and largest pixel size (points × scale) a font is made at; sizes outside
    /// are clamped, NaN becomes the smallest. 1,024 px keeps one glyph mask near a megabyte.
    public static let pixelSizeRange: ClosedRange<Double> = 1...1024

    public let face: FontFace
    /// Pixels per em.
    public let pixelSize: Double
    /// Distance from the baseline up to the top of the tallest glyphs, in pixels (hhea/OS/2, via
    /// `hb_font_get_h_extents`).
    public let ascent: Double
    /// Distance from the baseline down to the bottom of the lowest glyphs, in pixels (positive).
    public let descent: Double
    /// Extra space the font asks for between lines, in pixels.
    public let lineGap: Double
    /// Unique within its `FontLibrary`; part of every glyph cache key.
    let id: Int
    let glyphCache: GlyphCache
    private let ftFace: FT_Face
    let hbFont: OpaquePointer
    /// Keeps FreeType alive as long as this face needs it.
    private let freeType: FreeTypeLibrary
    /// `nominalAdvance`'s answers by scalar (`Int32.min`: no glyph).
    var nominalAdvances: [UInt32: Int32] = [:]
    /// The same for ASCII, by scalar (`Int32.max`: not asked yet): most list texts are.
    var asciiAdvances = [Int32](repeating: Int32.max, count: 128)

    init(face: FontFace, pixelSize: Double, id: Int, freeType: FreeTypeLibrary, glyphCache: GlyphCache) throws {
        let size = Self.clampedPixelSize(pixelSize)
        var raw: FT_Face?
        let error = FT_New_Face(freeType.raw, face.path, FT_Long(face.index), &raw)
        guard error == 0, let raw else {
            throw VitrineError(.invalidData, "cannot open font file \(face.path): FreeType \(FreeTypeError.name(error))")
        }
        let units = Int32((size * 64).rounded())
        // At 72 dpi a character size in 26.6 points is a size in 26.6 pixels.
        let sizeError = FT_Set_Char_Size(raw, 0, FT_F26Dot6(units), 72, 72)
        guard sizeError == 0 else {
            FT_Done_Face(raw)
            throw VitrineError(
                .invalidData, "font \(face.familyName) (\(face.path)) cannot be sized to \(size) px: FreeType \(FreeTypeError.name(sizeError))",
                hint: "bitmap-only fonts come in fixed sizes; use a scalable font")
        }
        let font = hb_font_create(face.hbFace)!
        hb_font_set_scale(font, units, units)
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        self.face = face
        self.pixelSize = size
        self.ascent = Double(extents.ascender) / 64
        self.descent = Double(-extents.descender) / 64
        self.lineGap = Double(max(0, extents.line_gap)) / 64
        self.id = id
        self.glyphCache = glyphCache
        self.ftFace = raw
        self.hbFont = font
        self.freeType = freeType
    }

    deinit {
        hb_font_destroy(self.hbFont)
        FT_Done_Face(self.ftFace)
    }

    /// The face's family name.
    public var familyName: String { self.face.familyName }

    /// `ascent + descent + lineGap`: the distance between baselines the font asks for.
    public var lineHeight: Double { self.ascent + self.descent + self.lineGap }

    /// Whether the face maps `scalar` to a glyph (`FT_Get_Char_Index` is not 0).
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { self.hasGlyph(scalar.value) }

    func hasGlyph(_ scalar: UInt32) -> Bool { FT_Get_Char_Index(self.ftFace, FT_ULong(scalar)) != 0 }

    static func clampedPixelSize(_ size: Double) -> Double {
        guard size.isFinite else { return size > 0 ? Self.pixelSizeRange.upperBound : Self.pixelSizeRange.lowerBound }
        return min(Self.pixelSizeRange.upperBound, max(Self.pixelSizeRange.lowerBound, size))
    }

    /// `FT_LOAD_TARGET_LIGHT`, a function-like macro Swift cannot import:
    /// `FT_LOAD_TARGET_(FT_RENDER_MODE_LIGHT)` = `(mode & 15) << 16` (freetype.h). Light hinting
    /// snaps outlines vertically only, so horizontal positions stay HarfBuzz's unhinted ones and
    /// quarter-pixel placement keeps its meaning.
    private static let loadFlags = Int32(bitPattern: (FT_RENDER_MODE_LIGHT.rawValue & 15) << 16) | Int32(FT_LOAD_NO_BITMAP)

    /// Rasterises `glyph` shifted right by `quarter`/4 pixel into an 8-bit coverage mask.
    /// A glyph that fails to load or has no outline (a space) gives an empty image.
    func rasterize(glyph: UInt32, quarter: Int) -> GlyphImage {
        guard FT_Load_Glyph(self.ftFace, glyph, Self.loadFlags) == 0 else { return GlyphImage(mask: nil, left: 0, top: 0) }
        let slot = self.ftFace.pointee.glyph!
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(quarter * 16), 0)
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return GlyphImage(mask: nil, left: 0, top: 0) }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        guard width > 0, height > 0, let source = bitmap.buffer else { return GlyphImage(mask: nil, left: 0, top: 0) }
        let mask = AlphaMask(width: width, height: height)
        let pitch = Int(bitmap.pitch)
        let mode = bitmap.pixel_mode
        for y in 0..<height {
            let from = source + y &* pitch
            let to = mask.row(y)
            if mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
                to.update(from: from, count: width)
            } else if mode == UInt8(FT_PIXEL_MODE_MONO.rawValue) {
                for x in 0..<width {
                    let bit = (from[x >> 3] >> UInt8(7 &- (x & 7))) & 1
                    to[x] = bit == 0 ? 0 : 255
                }
            }
        }
        return GlyphImage(mask: mask, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
    }
}
