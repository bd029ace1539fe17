import CHarfBuzz
import VitrineCore

/// Builds a `TextLayout`: paragraphs → shaped runs → lines → glyphs in visual order, aligned.
struct LineBuilder {
    /// Largest `LineHeight.multiple` honoured; more is taken as this.
    static let maximumLineHeightMultiple = 100.0
    /// Largest `LineHeight.points` honoured, in points.
    static let maximumLineHeightPoints = 10_000.0
    /// U+2026 HORIZONTAL ELLIPSIS, the character truncated lines end with.
    static let ellipsis: UInt32 = 0x2026

    let style: TextStyle
    /// 26.6 device pixels; nil is unbounded.
    let boxWidth: Int?
    let scale: Double
    let library: FontLibrary
    var fonts: [Font]
    var lines: [TextLayout.Line] = []
    var glyphs: [TextLayout.Glyph] = []
    var size = Size.zero
    private let shaper = TextShaper()
    /// The top of the next line, in device pixels.
    private var top = 0.0
    /// Per line: its paragraph's direction, for alignment once the widest line is known.
    private var lineWidths: [(width: Int, rightToLeft: Bool)] = []

    init(style: TextStyle, width: Int?, scale: Double, primary: Font, library: FontLibrary) {
        self.style = style
        self.boxWidth = width
        self.scale = scale
        self.library = library
        self.fonts = [primary]
    }

    /// A piece of a line: glyphs of one run (or the ellipsis) with their font and bidi level.
    private struct Piece {
        var glyphs: ArraySlice<ShapedGlyph>
        var fontIndex: Int
        var level: UInt8
        /// Offset added to clusters to make them offsets in the whole text (the ellipsis was
        /// shaped alone, so its cluster is 0 and this is where the text was cut).
        var clusterBase: Int
    }

    mutating func build(_ original: [UInt32]) {
        guard !original.isEmpty else { return }
        let shaping = original.map(Self.shapingScalar)
        let paragraphs = Self.paragraphs(original)
        let maximumLines = (self.style.maximumLines ?? 0) > 0 ? self.style.maximumLines! : Int.max
        outer: for (p, range) in paragraphs.enumerated() {
            let scalars = Array(shaping[range])
            let paragraph = scalars.withUnsafeBufferPointer {
                ShapedParagraph($0, fonts: &self.fonts, library: self.library, shaper: self.shaper, tracking: self.style.tracking)
            }
            let breaks = LineBreaker.opportunities(scalars, clusterStart: paragraph.clusterStart)
            var start = 0
            var cursor = 0
            repeat {
                let end = scalars.isEmpty ? 0 : LineBreaker.lineEnd(paragraph, scalars, breaks: breaks, from: start, cursor: &cursor, maxWidth: self.boxWidth)
                let more = end < scalars.count || p < paragraphs.count - 1
                if self.lines.count == maximumLines - 1 && more {
                    let ellipsis = self.shapeEllipsis(paragraph, scalars, near: start)
                    let width = ellipsis.glyphs.reduce(0) { $0 &+ Int($1.advance) }
                    let contentEnd = LineBreaker.truncatedEnd(paragraph, scalars, from: start, to: scalars.count, maxWidth: self.boxWidth, reserve: width)
                    self.appendLine(paragraph, original, paragraphStart: range.lowerBound, start..<contentEnd, ellipsis: ellipsis)
                    break outer
                }
                self.appendLine(paragraph, original, paragraphStart: range.lowerBound, start..<LineBreaker.contentEnd(scalars, start, end), ellipsis: nil)
                start = end
            } while start < scalars.count
        }
        self.align()
    }

    /// Tabs shape as spaces; other control characters as U+200B ZERO WIDTH SPACE (invisible,
    /// a break opportunity), so stray bytes never draw as boxes.
    private static func shapingScalar(_ s: UInt32) -> UInt32 {
        if s == 0x09 { return 0x20 }
        if s < 0x20 || (0x7F...0x9F).contains(s) { return 0x200B }
        return s
    }

    /// The paragraphs' scalar ranges, separators excluded; text ending in a break ends with an
    /// empty paragraph.
    private static func paragraphs(_ scalars: [UInt32]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if (0x0A...0x0D).contains(s) || s == 0x85 || s == 0x2028 || s == 0x2029 {
                ranges.append(start..<i)
                if s == 0x0D && i + 1 < scalars.count && scalars[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
        ranges.append(start..<scalars.count)
        return ranges
    }

    /// "…" shaped in the font of the text it follows when that font has it, else the primary
    /// font, else a fallback.
    private mutating func shapeEllipsis(_ paragraph: ShapedParagraph, _ scalars: [UInt32], near start: Int) -> Piece {
        let run = paragraph.runs.last { $0.range.lowerBound <= start } ?? paragraph.runs.first
        var fontIndex = run?.fontIndex ?? 0
        if !self.fonts[fontIndex].hasGlyph(Self.ellipsis) {
            fontIndex = 0
            if !self.fonts[0].hasGlyph(Self.ellipsis), let fallback = self.library.fallbackFont(for: Self.ellipsis, primary: self.fonts[0]) {
                fontIndex = self.fonts.firstIndex { $0 === fallback } ?? self.fonts.count
                if fontIndex == self.fonts.count { self.fonts.append(fallback) }
            }
        }
        var glyphs: [ShapedGlyph] = []
        let text: [UInt32] = [Self.ellipsis]
        text.withUnsafeBufferPointer {
            self.shaper.shape($0, range: 0..<1, font: self.fonts[fontIndex], script: HB_SCRIPT_COMMON, rightToLeft: paragraph.rightToLeft, into: &glyphs)
        }
        return Piece(glyphs: glyphs[...], fontIndex: fontIndex, level: paragraph.rightToLeft ? 1 : 0, clusterBase: 0)
    }

    private mutating func appendLine(_ paragraph: ShapedParagraph, _ original: [UInt32], paragraphStart: Int, _ range: Range<Int>, ellipsis: Piece?) {
        var pieces: [Piece] = []
        for run in paragraph.runs where run.range.overlaps(range) {
            let all = paragraph.glyphs[run.glyphs]
            guard let first = all.firstIndex(where: { range.contains(Int($0.cluster)) }),
                let last = all.lastIndex(where: { range.contains(Int($0.cluster)) })
            else { continue }
            pieces.append(Piece(glyphs: all[first...last], fontIndex: run.fontIndex, level: run.level, clusterBase: paragraphStart))
        }
        if var ellipsis {
            ellipsis.clusterBase = paragraphStart + range.upperBound
            pieces.append(ellipsis)
        }

        // Vertical metrics: the tallest font on the line, or the primary one on an empty line.
        var ascent = self.fonts[0].ascent
        var descent = self.fonts[0].descent
        var natural = self.fonts[0].lineHeight
        for piece in pieces {
            let font = self.fonts[piece.fontIndex]
            ascent = max(ascent, font.ascent)
            descent = max(descent, font.descent)
            natural = max(natural, font.lineHeight)
        }
        let height: Double
        switch self.style.lineHeight {
        case .multiple(let m): height = natural * (m.isNaN ? 1 : min(Self.maximumLineHeightMultiple, max(0, m)))
        case .points(let p): height = p.isNaN ? natural : min(Self.maximumLineHeightPoints, max(0, p)) * self.scale
        }
        let baseline = (self.top + (height - ascent - descent) / 2 + ascent).rounded()
        let baseline26 = Int(baseline) &* 64

        let firstGlyph = self.glyphs.count
        var pen = 0
        for index in Self.visualOrder(pieces.map(\.level)) {
            let piece = pieces[index]
            for glyph in piece.glyphs {
                let cluster = piece.clusterBase &+ Int(glyph.cluster)
                self.glyphs.append(
                    TextLayout.Glyph(
                        id: glyph.id, fontIndex: piece.fontIndex, cluster: cluster, x: pen &+ Int(glyph.offsetX),
                        y: baseline26 &- Int(glyph.offsetY)))
                pen &+= Int(glyph.advance)
            }
        }
        let width = max(0, pen)
        let text = String(
            String.UnicodeScalarView(original[(paragraphStart + range.lowerBound)..<(paragraphStart + range.upperBound)].compactMap(Unicode.Scalar.init)))
        self.lines.append(
            TextLayout.Line(
                range: (paragraphStart + range.lowerBound)..<(paragraphStart + range.upperBound), text: text,
                frame: Rect(x: 0, y: self.top / self.scale, width: Double(width) / 64 / self.scale, height: height / self.scale),
                baseline: baseline / self.scale, isTruncated: ellipsis != nil, isRightToLeft: paragraph.rightToLeft,
                glyphRange: firstGlyph..<self.glyphs.count))
        self.lineWidths.append((width, paragraph.rightToLeft))
        self.top += height
    }

    /// UAX #9 rule L2: from the highest level down to the lowest odd one, reverse every maximal
    /// sequence of pieces at that level or higher. Returns piece indices left to right.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0 else { return order }
        let lowestOdd = levels.map { $0 | 1 }.min()!
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else {
                    i += 1
                    continue
                }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }

    /// Moves each line to its alignment within the box (or within the widest line when the
    /// width is unbounded) and sets the layout's size.
    private mutating func align() {
        let widest = self.lineWidths.map(\.width).max() ?? 0
        let box = self.boxWidth ?? widest
        for (i, line) in self.lines.enumerated() {
            let (width, rightToLeft) = self.lineWidths[i]
            let offset: Int
            switch self.style.alignment {
            case .left: offset = 0
            case .right: offset = box &- width
            case .center: offset = (box &- width) / 2
            case .natural: offset = rightToLeft ? box &- width : 0
            }
            guard offset != 0 else { continue }
            for g in line.glyphRange {
                let glyph = self.glyphs[g]
                self.glyphs[g] = TextLayout.Glyph(id: glyph.id, fontIndex: glyph.fontIndex, cluster: glyph.cluster, x: glyph.x &+ offset, y: glyph.y)
            }
            var frame = line.frame
            frame.origin.x = Double(offset) / 64 / self.scale
            self.lines[i] = TextLayout.Line(
                range: line.range, text: line.text, frame: frame, baseline: line.baseline, isTruncated: line.isTruncated,
                isRightToLeft: line.isRightToLeft, glyphRange: line.glyphRange)
        }
        self.size = Size(width: Double(widest) / 64 / self.scale, height: self.top / self.scale)
    }
}
