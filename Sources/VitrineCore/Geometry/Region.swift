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
    public func intersection(_ rect: PixelRect) -> Region { self.intersection(Region(rect)) }

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

    /// Sweeps both regions' band edges top to bottom and combines the spans of each slice.
    private static func combine(_ a: Region, _ b: Region, _ op: Operation) -> Region {
        switch op {
        case .union:
            if a.isEmpty { return b }
            if b.isEmpty { return a }
        case .intersection:
            if a.isEmpty || b.isEmpty { return Region() }
        case .subtraction:
            if a.isEmpty || b.isEmpty { return a }
        }
        var edges: [Int] = []
        edges.reserveCapacity(2 * (a.bands.count + b.bands.count))
        for band in a.bands {
            edges.append(band.y0)
            edges.append(band.y1)
        }
        for band in b.bands {
            edges.append(band.y0)
            edges.append(band.y1)
        }
        edges.sort()
        var result = Region()
        var ia = 0
        var ib = 0
        var previous: Int? = nil
        for edge in edges {
            defer { previous = edge }
            guard let y0 = previous, edge > y0 else { continue }
            while ia < a.bands.count && a.bands[ia].y1 <= y0 { ia += 1 }
            while ib < b.bands.count && b.bands[ib].y1 <= y0 { ib += 1 }
            let spansA = ia < a.bands.count && a.bands[ia].y0 <= y0 ? a.bands[ia].spans : []
            let spansB = ib < b.bands.count && b.bands[ib].y0 <= y0 ? b.bands[ib].spans : []
            let spans = Region.combineSpans(spansA, spansB, op)
            result.appendBand(y0: y0, y1: edge, spans: spans)
        }
        return result
    }

    /// Appends a band below the last one, merging it when it continues the last band exactly.
    private mutating func appendBand(y0: Int, y1: Int, spans: [Span]) {
        guard !spans.isEmpty else { return }
        if var last = self.bands.last, last.y1 == y0, last.spans == spans {
            last.y1 = y1
            self.bands[self.bands.count - 1] = last
        } else {
            self.bands.append(Band(y0: y0, y1: y1, spans: spans))
        }
    }

    /// Combines two sorted, disjoint span lists with a 1-D sweep over their edges.
    private static func combineSpans(_ a: [Span], _ b: [Span], _ op: Operation) -> [Span] {
        var xs: [Int] = []
        xs.reserveCapacity(2 * (a.count + b.count))
        for s in a {
            xs.append(s.x0)
            xs.append(s.x1)
        }
        for s in b {
            xs.append(s.x0)
            xs.append(s.x1)
        }
        xs.sort()
        var result: [Span] = []
        var ia = 0
        var ib = 0
        var previous: Int? = nil
        for x in xs {
            defer { previous = x }
            guard let x0 = previous, x > x0 else { continue }
            while ia < a.count && a[ia].x1 <= x0 { ia += 1 }
            while ib < b.count && b[ib].x1 <= x0 { ib += 1 }
            let inA = ia < a.count && a[ia].x0 <= x0
            let inB = ib < b.count && b[ib].x0 <= x0
            let keep: Bool
            switch op {
            case .union: keep = inA || inB
            case .intersection: keep = inA && inB
            case .subtraction: keep = inA && !inB
            }
            guard keep else { continue }
            if let last = result.last, last.x1 == x0 {
                result[result.count - 1].x1 = x
            } else {
                result.append(Span(x0: x0, x1: x))
            }
        }
        return result
    }
}
