/// How lines sit horizontally in the layout's box.
public enum TextAlignment: Hashable, Sendable {
    /// The paragraph's start edge: left for left-to-right paragraphs, right for right-to-left
    /// ones (a paragraph's direction is that of its first letter with a direction, as in the
    /// Unicode bidi algorithm's rules P2–P3).
    case natural
    case left
    case center
    case right
}

/// The distance from one line's top to the next's.
public enum LineHeight: Hashable, Sendable {
    /// A multiple of the line's natural height: the largest ascent + descent + line gap among
    /// the fonts on that line. 1 is the font's own spacing.
    case multiple(Double)
    /// A fixed height in points; lines never grow to fit a taller fallback font.
    case points(Double)
}

/// Everything about a paragraph's appearance except its width.
public struct TextStyle: Hashable, Sendable {
    /// The primary font; characters it lacks come from fontconfig's fallback fonts.
    public var font: FontDescriptor
    /// Points per em (pixels per em = points × scale, clamped to `Font.pixelSizeRange`).
    public var pointSize: Double
    public var alignment: TextAlignment
    public var lineHeight: LineHeight
    /// The most lines shown; when the text needs more, the last line ends with "…". Nil or a
    /// value below 1 shows every line.
    public var maximumLines: Int?
    /// Extra space after every letter, in ems (negative tightens): −0.0128 is 17-point body
    /// text in Inter's dynamic metrics (`TypeStyle.tracking`). Scripts whose letters join
    /// (Arabic, Syriac, N'Ko, Mongolian) and combining marks are never spaced apart.
    public var tracking: Double

    public init(
        font: FontDescriptor = .default, pointSize: Double = 17, alignment: TextAlignment = .natural,
        lineHeight: LineHeight = .multiple(1), maximumLines: Int? = nil, tracking: Double = 0
    ) {
        self.font = font
        self.pointSize = pointSize
        self.alignment = alignment
        self.lineHeight = lineHeight
        self.maximumLines = maximumLines
        self.tracking = tracking.isFinite ? min(max(tracking, -0.5), 1) : 0
    }
}
