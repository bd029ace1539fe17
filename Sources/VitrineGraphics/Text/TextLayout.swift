import VitrineCore

/// A paragraph (or several, separated by line breaks) shaped, wrapped to a width, aligned, and
/// ready to draw with `Canvas.draw(_:at:color:)` or to measure with `size`.
///
/// ```
/// let fonts = try FontLibrary()
/// let layout = try TextLayout("Hello, world", style: TextStyle(pointSize: 17, maximumLines: 2), width: 320, scale: 2, library: fonts)
/// canvas.draw(layout, at: Point(x: 16, y: 16), color: .black)
/// ```
///
/// Text is UTF-8 (a Swift `String`, or bytes with invalid sequences replaced by U+FFFD). It is
/// split into paragraphs at line breaks (LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029); each is
/// itemised into runs of one font, script and direction (`TextItemizer`), shaped once with
/// HarfBuzz, then cut into lines (`LineBreaker`). Every line's runs are ordered by their bidi
/// levels; alignment applies once all lines are known. Positions are kept in 26.6 fixed-point
/// device pixels (points × `scale`), so glyphs land on quarter pixels when drawn.
///
/// Empty text has no lines and a zero size. Widths that are NaN or infinite mean "unbounded";
/// a zero or negative width puts one cluster on each line.
public struct TextLayout {
    /// One glyph, placed.
    public struct Glyph: Sendable, Equatable {
        /// The glyph id in its font (after shaping, so a ligature or a contextual form).
        public let id: UInt32
        /// Index into `fonts`.
        public let fontIndex: Int
        /// The offset, in Unicode scalars of the text, of the first scalar this glyph shows
        /// (HarfBuzz's cluster). The ellipsis carries the offset where the text was cut.
        public let cluster: Int
        /// Pen position on the baseline plus the glyph's offset, in 26.6 device pixels from the
        /// layout's top left (y down).
        let x: Int
        let y: Int
    }

    /// One line, after wrapping.
    public struct Line: Sendable {
        /// The scalars shown, as offsets in the text (trailing spaces are not part of it).
        public let range: Range<Int>
        /// Those scalars as a string.
        public let text: String
        /// Where the line is, in points from the layout's top left: aligned x, top, the width
        /// of its glyphs' advances, and its height.
        public let frame: Rect
        /// The baseline's distance from the layout's top, in points (a whole device pixel).
        public let baseline: Double
        /// Whether text was cut off here and an ellipsis added.
        public let isTruncated: Bool
        /// The direction of the paragraph the line belongs to.
        public let isRightToLeft: Bool
        /// The line's glyphs in `TextLayout.glyphs`, left to right.
        public let glyphRange: Range<Int>
    }

    /// The text as given (after UTF-8 repair).
    public let text: String
    public let style: TextStyle
    /// The box width the text was wrapped to, in points; nil when unbounded.
    public let width: Double?
    /// Device pixels per point.
    public let scale: Double
    /// The fonts glyphs refer to: the style's font first, then the fallbacks used.
    public let fonts: [Font]
    public let lines: [Line]
    /// Every glyph, line by line, left to right within a line.
    public let glyphs: [Glyph]
    /// The size the text takes, in points: its widest line, and the sum of its line heights.
    /// Finite and non-negative for any input.
    public let size: Size

    /// Lays out `text` in `style`, wrapped to `width` points (nil: one line per paragraph).
    /// - Parameter scale: device pixels per point, as the `Canvas` it will be drawn on has.
    /// - Throws: `VitrineError` when the style's font is a file that cannot be opened.
    public init(_ text: String, style: TextStyle = TextStyle(), width: Double? = nil, scale: Double = 1, library: FontLibrary) throws {
        let safeScale = scale.isFinite && scale > 0 ? scale : 1
        let primary = try library.font(style.font, pointSize: style.pointSize, scale: safeScale)
        var builder = LineBuilder(style: style, width: Self.boxWidth(width, scale: safeScale), scale: safeScale, primary: primary, library: library)
        builder.build(Array(text.unicodeScalars.lazy.map(\.value)))
        self.text = text
        self.style = style
        self.width = builder.boxWidth == nil ? nil : max(0, width ?? 0)
        self.scale = safeScale
        self.fonts = builder.fonts
        self.lines = builder.lines
        self.glyphs = builder.glyphs
        self.size = builder.size
    }

    /// Lays out UTF-8 bytes; invalid sequences become U+FFFD REPLACEMENT CHARACTER.
    public init<Bytes: Collection<UInt8>>(utf8 bytes: Bytes, style: TextStyle = TextStyle(), width: Double? = nil, scale: Double = 1, library: FontLibrary)
        throws
    {
        try self.init(String(decoding: bytes, as: UTF8.self), style: style, width: width, scale: scale, library: library)
    }

    /// The size `text` takes in `style` when wrapped to `width` points: what a layout pass asks
    /// a label ("size that fits").
    public static func size(of text: String, style: TextStyle = TextStyle(), fitting width: Double?, scale: Double = 1, library: FontLibrary) throws -> Size {
        try TextLayout(text, style: style, width: width, scale: scale, library: library).size
    }

    /// The glyphs of `line`.
    public func glyphs(in line: Line) -> ArraySlice<Glyph> { self.glyphs[line.glyphRange] }

    /// Where `glyph` is drawn from: its pen position on the baseline (plus its offset), in points
    /// from the layout's top left.
    public func position(of glyph: Glyph) -> Point {
        Point(x: Double(glyph.x) / 64 / self.scale, y: Double(glyph.y) / 64 / self.scale)
    }

    /// The box width in 26.6 device pixels; nil for unbounded (nil, NaN, infinite, or too large
    /// to matter).
    ///
    /// Rounded to the nearest 1/64 pixel, not down: this is the one place a width in points
    /// becomes the width lines are broken at, and a layout's own width (`size.width`, a whole
    /// number of 26.6 units) must give back the same lines. Views round their frames to 1/1000
    /// point, so a label given exactly its measured width (231.453125 points, kept as 231.453)
    /// was broken 1/128 pixel narrower — one unit short — and drew "Swipe left to" with "start"
    /// on a line nobody made room for (issue 29). 1/1000 point is at most 0.26 units at scale 8,
    /// well inside the half unit rounding forgives.
    static func boxWidth(_ width: Double?, scale: Double) -> Int? {
        guard let width, !width.isNaN else { return nil }
        let pixels = max(0, width) * scale * 64
        guard pixels < 1e15 else { return nil }
        return SaturatingPixels.int(pixels.rounded(.toNearestOrAwayFromZero))
    }
}
