/// A set of pixels, stored as y-sorted bands of x-sorted, non-overlapping spans.
///
/// The representation is canonical: two regions covering the same pixels compare equal, which is
/// what damage bookkeeping and its tests rely on ("the copied region is exactly damage ∪ missed").
/// It is the same banded model pixman and X11 use, written in Swift so `VitrineCore` imports
/// nothing; `VitrineGraphics` converts to `pixman_region32_t` where pixman does the work.
public struct Region: Hashable, Sendable, CustomStringConvertible {
    /// One horizontal band `[y0, y1)` and its spans `[x0, x1)`, sorted and disjoint.
    struct Band: Hashable, Sendable {
        var y0: Int
        var y1: Int
        var spans: [Span]
    }

    struct Span: Hashable, Sendable {
        var x0: Int
        var x1: Int
    }

    private(set) var bands: [Band] = []

    /// The empty region.
    public init() {}

    /// The pixels of one rectangle (nothing when it is empty).
    public init(_ rect: PixelRect) {
        if !rect.isEmpty {
            self.bands = [Band(y0: rect.minY, y1: rect.maxY, spans: [Span(x0: rect.minX, x1: rect.maxX)])]
        }
    }

    /// The union of several rectangles.
    public init<S: Sequence>(rects: S) where S.Element == PixelRect {
        for rect in rects { self.formUnion(Region(rect)) }
    }

    public var isEmpty: Bool { self.bands.isEmpty }

    /// The rectangles of the region, one per span per band, top to bottom, left to right.
    public var rects: [PixelRect] {
        var result: [PixelRect] = []
        for band in self.bands {
            for span in band.spans {
                result.append(PixelRect(minX: span.x0, minY: band.y0, maxX: span.x1, maxY: band.y1))
            }
        }
        return result
    }

    /// The smallest rectangle covering the region (empty rect for an empty region).
    public var bounds: PixelRect {
        guard let first = self.bands.first, let last = self.bands.last else {
            return PixelRect(x: 0, y: 0, width: 0, height: 0)
        }
        var x0 = Int.max
        var x1 = Int.min
        for band in self.bands {
            x0 = min(x0, band.spans.first!.x0)
            x1 = max(x1, band.spans.last!.x1)
        }
        return PixelRect(minX: x0, minY: first.y0, maxX: x1, maxY: last.y1)
    }

    /// The number of pixels in the region.
    public var area: Int {
        var total = 0
        for band in self.bands {
            for span in band.spans { total += (span.x1 - span.x0) * (band.y1 - band.y0) }
        }
        return total
    }

    public func contains(x: Int, y: Int) -> Bool {
        for band in self.bands where y >= band.y0 && y < band.y1 {
            return band.spans.contains { x >= $0.x0 && x < $0.x1 }
        }
        return false
    }

    public func union(_ other: Region) -> Region { Region.combine(self, other, .union) }
    public func intersection(_ other: Region) -> Region { Region.combine(self, other, .intersection) }
    public func subtracting(_ other: Region) -> Region { Region.combine(self, other, .subtraction) }
    public mutating func formUnion(_ other: Region) { self = self.union(other) }
    public mutating func formUnion(_ rect: PixelRect) { self = self.union(Region(rect)) }
    public func intersection(_ rect: PixelRect) -> Region {
        guard let first = self.bands.first, let last = self.bands.last, !rect.isEmpty else { return Region() }
        // Most callers cut a small region by a rectangle that holds all of it or none of it.
        if self.bands.count == 1, first.spans.count == 1 {
            let only = PixelRect(minX: first.spans[0].x0, minY: first.y0, maxX: first.spans[0].x1, maxY: first.y1)
            return Region(only.intersection(rect))
        }
        if last.y1 <= rect.minY || first.y0 >= rect.maxY { return Region() }
        let bounds = self.bounds
        if bounds.intersection(rect) == bounds { return self }
        if !bounds.intersects(rect) { return Region() }
        return self.intersection(Region(rect))
    }

    /// The region moved by a whole-pixel offset.
    public func offsetBy(dx: Int, dy: Int) -> Region {
        var moved = self
        for i in moved.bands.indices {
            moved.bands[i].y0 += dy
            moved.bands[i].y1 += dy
            for j in moved.bands[i].spans.indices {
                moved.bands[i].spans[j].x0 += dx
                moved.bands[i].spans[j].x1 += dx
            }
        }
        return moved
    }

    public var description: String {
        self.isEmpty ? "Region(empty)" : "Region(" + self.rects.map(\.description).joined(separator: ", ") + ")"
    }

    // MARK: - Band sweep

    private enum Operation { case union, intersection, subtraction }

    /// Sweeps both regions' bands top to bottom, slice by slice (a slice ends where a band of
    /// either starts or ends), and combines the spans of each slice.
    ///
    /// Both band lists are sorted already, so the slices come from a merge of the two, not a
    /// sort of their edges; rows only one side covers are settled without a span merge, and an
    /// intersection stops where either side ends. (The compositor combines regions for every
    /// layer of every band it paints: sorting edge arrays was most of a 1080p list fling's
    /// instructions.)
    private static func combine(_ a: Region, _ b: Region, _ op: Operation) -> Region {
        switch op {
        case .union:
            if a.isEmpty { return b }
            if b.isEmpty { return a }
        case .intersection:
            if a.isEmpty || b.isEmpty { return Region() }
            if a.bands.last!.y1 <= b.bands[0].y0 || b.bands.last!.y1 <= a.bands[0].y0 { return Region() }
        case .subtraction:
            if a.isEmpty || b.isEmpty { return a }
            if a.bands.last!.y1 <= b.bands[0].y0 || b.bands.last!.y1 <= a.bands[0].y0 { return a }
        }
        let na = a.bands.count
        let nb = b.bands.count
        var result = Region()
        result.bands.reserveCapacity(max(na, nb))
        var ia = 0
        var ib = 0
        var y = Int.min
        while true {
            while ia < na && a.bands[ia].y1 <= y { ia += 1 }
            while ib < nb && b.bands[ib].y1 <= y { ib += 1 }
            let aLeft = ia < na
            let bLeft = ib < nb
            switch op {
            case .union: if !aLeft && !bLeft { return result }
            case .intersection: if !aLeft || !bLeft { return result }
            case .subtraction: if !aLeft { return result }
            }
            // The slice starts at y, or past a gap where neither side has a band.
            let top = max(y, min(aLeft ? a.bands[ia].y0 : Int.max, bLeft ? b.bands[ib].y0 : Int.max))
            let inA = aLeft && a.bands[ia].y0 <= top
            let inB = bLeft && b.bands[ib].y0 <= top
            var bottom = Int.max
            if aLeft { bottom = min(bottom, inA ? a.bands[ia].y1 : a.bands[ia].y0) }
            if bLeft { bottom = min(bottom, inB ? b.bands[ib].y1 : b.bands[ib].y0) }
            let spans: [Span]
            switch (inA, inB) {
            case (true, true): spans = Region.combineSpans(a.bands[ia].spans, b.bands[ib].spans, op)
            case (true, false): spans = op == .intersection ? [] : a.bands[ia].spans
            case (false, true): spans = op == .union ? b.bands[ib].spans : []
            case (false, false): spans = []
            }
            result.appendBand(y0: top, y1: bottom, spans: spans)
            y = bottom
        }
    }

    /// Appends a band below the last one, merging it when it continues the last band exactly.
    private mutating func appendBand(y0: Int, y1: Int, spans: [Span]) {
        guard !spans.isEmpty else { return }
        if let last = self.bands.last, last.y1 == y0, last.spans == spans {
            self.bands[self.bands.count - 1].y1 = y1
        } else {
            self.bands.append(Band(y0: y0, y1: y1, spans: spans))
        }
    }

    /// Combines two sorted, disjoint span lists in one merge of both (spans that touch are
    /// joined, so the result is canonical too).
    private static func combineSpans(_ a: [Span], _ b: [Span], _ op: Operation) -> [Span] {
        var result: [Span] = []
        result.reserveCapacity(a.count + b.count)
        func add(_ x0: Int, _ x1: Int) {
            guard x1 > x0 else { return }
            if let last = result.last, last.x1 >= x0 {
                result[result.count - 1].x1 = max(last.x1, x1)
            } else {
                result.append(Span(x0: x0, x1: x1))
            }
        }
        var ia = 0
        var ib = 0
        switch op {
        case .union:
            while ia < a.count || ib < b.count {
                if ib >= b.count || (ia < a.count && a[ia].x0 <= b[ib].x0) {
                    add(a[ia].x0, a[ia].x1)
                    ia += 1
                } else {
                    add(b[ib].x0, b[ib].x1)
                    ib += 1
                }
            }
        case .intersection:
            while ia < a.count && ib < b.count {
                add(max(a[ia].x0, b[ib].x0), min(a[ia].x1, b[ib].x1))
                if a[ia].x1 < b[ib].x1 { ia += 1 } else { ib += 1 }
            }
        case .subtraction:
            for span in a {
                var x0 = span.x0
                while ib < b.count && b[ib].x1 <= x0 { ib += 1 }
                var k = ib
                while k < b.count && b[k].x0 < span.x1 {
                    add(x0, b[k].x0)
                    x0 = max(x0, b[k].x1)
                    k += 1
                }
                add(x0, span.x1)
            }
        }
        return result
    }
}
