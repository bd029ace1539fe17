import VitrineGraphics

/// Where a caret stands in laid-out text: the x of each scalar offset on the first line, from the
/// glyphs' clusters (HarfBuzz keeps a base and its combining marks in one cluster), on the
/// leading edge of the character after it — its left edge in a left-to-right line, its right
/// edge in a right-to-left one.
public struct TextCaretGeometry {
    /// Each cluster's left and right edge, in points from the layout's left.
    private var spans: [Int: (left: Double, right: Double)] = [:]
    private let rightToLeft: Bool
    private let start: Double
    private let end: Double

    public init(_ layout: TextLayout?) {
        guard let layout, let line = layout.lines.first else {
            self.rightToLeft = false
            self.start = 0
            self.end = 0
            return
        }
        self.rightToLeft = line.isRightToLeft
        self.start = line.frame.minX
        self.end = line.frame.maxX
        let glyphs = Array(layout.glyphs(in: line))
        for (index, glyph) in glyphs.enumerated() {
            let left = layout.position(of: glyph).x
            let right = index + 1 < glyphs.count ? layout.position(of: glyphs[index + 1]).x : line.frame.maxX
            let span = (left: min(left, right), right: max(left, right))
            if let known = self.spans[glyph.cluster] {
                self.spans[glyph.cluster] = (min(known.left, span.left), max(known.right, span.right))
            } else {
                self.spans[glyph.cluster] = span
            }
        }
    }

    /// Whether the line runs right to left.
    public var isRightToLeft: Bool { self.rightToLeft }

    /// The caret's x before the character at scalar `offset` (the text's scalar count: after the
    /// last one).
    public func x(atScalarOffset offset: Int) -> Double {
        if let span = self.spans[offset] { return self.rightToLeft ? span.right : span.left }
        // Inside a ligature, or at the end: the next cluster's leading edge, else the line's end.
        if let next = self.spans.keys.filter({ $0 > offset }).min(), let span = self.spans[next] {
            return self.rightToLeft ? span.right : span.left
        }
        return self.rightToLeft ? self.start : self.end
    }

    /// The index in `stops` (scalar offsets, in order) whose caret is nearest `x`.
    public func nearestStop(to x: Double, stops: [Int]) -> Int {
        var best = 0
        var distance = Double.infinity
        for (index, stop) in stops.enumerated() {
            let d = abs(self.x(atScalarOffset: stop) - x)
            if d < distance {
                distance = d
                best = index
            }
        }
        return best
    }
}
