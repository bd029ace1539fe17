/// A size in whole device pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The number of pixels covered, or 0 for a degenerate size.
    public var area: Int { self.width > 0 && self.height > 0 ? self.width * self.height : 0 }
    public var isEmpty: Bool { self.width <= 0 || self.height <= 0 }
    /// The same size turned a quarter turn.
    public var transposed: PixelSize { PixelSize(width: self.height, height: self.width) }
    public var description: String { "\(self.width)x\(self.height)" }
}

/// An axis-aligned rectangle in whole device pixels; `x`/`y` is the top-left corner, edges are
/// half-open (`x ..< x + width`).
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(size: PixelSize) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// A rectangle from its two corners (`maxX`/`maxY` exclusive).
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var minX: Int { self.x }
    public var minY: Int { self.y }
    public var maxX: Int { self.x + self.width }
    public var maxY: Int { self.y + self.height }
    public var size: PixelSize { PixelSize(width: self.width, height: self.height) }
    public var isEmpty: Bool { self.width <= 0 || self.height <= 0 }
    public var area: Int { self.isEmpty ? 0 : self.width * self.height }

    /// The overlap of two rectangles; empty (zero size) when they do not overlap.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(self.minX, other.minX)
        let y0 = max(self.minY, other.minY)
        let x1 = min(self.maxX, other.maxX)
        let y1 = min(self.maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return PixelRect(x: x0, y: y0, width: 0, height: 0) }
        return PixelRect(minX: x0, minY: y0, maxX: x1, maxY: y1)
    }

    public func intersects(_ other: PixelRect) -> Bool { !self.intersection(other).isEmpty }

    /// The smallest rectangle containing both; an empty operand is ignored.
    public func boundingUnion(_ other: PixelRect) -> PixelRect {
        if self.isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(
            minX: min(self.minX, other.minX), minY: min(self.minY, other.minY),
            maxX: max(self.maxX, other.maxX), maxY: max(self.maxY, other.maxY))
    }

    public func contains(x: Int, y: Int) -> Bool {
        x >= self.minX && x < self.maxX && y >= self.minY && y < self.maxY
    }

    public func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: self.x + dx, y: self.y + dy, width: self.width, height: self.height)
    }

    /// Grows (or, with negative values, shrinks) every edge by `amount`.
    public func insetBy(_ amount: Int) -> PixelRect {
        PixelRect(x: self.x + amount, y: self.y + amount, width: self.width - 2 * amount, height: self.height - 2 * amount)
    }

    public var description: String { "(\(self.x),\(self.y) \(self.width)x\(self.height))" }
}
