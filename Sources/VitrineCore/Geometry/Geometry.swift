import Glibc

/// A point in logical points (UI coordinates; a `scale` maps points to pixels).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public var description: String { "(\(String(fixed: self.x, decimals: 2)), \(String(fixed: self.y, decimals: 2)))" }
}

/// A size in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
    public var isEmpty: Bool { !(self.width > 0 && self.height > 0) }
    public var description: String { "\(String(fixed: self.width, decimals: 2))x\(String(fixed: self.height, decimals: 2))" }
}

/// A rectangle in points; `origin` is the top-left corner. Rectangles with a negative or NaN
/// size are treated as empty everywhere (`isEmpty`), never as a crash.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public init(size: Size) { self.init(origin: .zero, size: size) }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { self.origin.x }
    public var minY: Double { self.origin.y }
    public var maxX: Double { self.origin.x + self.size.width }
    public var maxY: Double { self.origin.y + self.size.height }
    public var midX: Double { self.origin.x + self.size.width / 2 }
    public var midY: Double { self.origin.y + self.size.height / 2 }
    public var width: Double { self.size.width }
    public var height: Double { self.size.height }
    public var center: Point { Point(x: self.midX, y: self.midY) }
    public var isEmpty: Bool { self.size.isEmpty }

    public func contains(_ point: Point) -> Bool {
        point.x >= self.minX && point.x < self.maxX && point.y >= self.minY && point.y < self.maxY
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: self.minX + dx, y: self.minY + dy, width: self.width, height: self.height)
    }

    /// The rectangle shrunk by `insets` (grown when they are negative).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: self.minX + insets.left, y: self.minY + insets.top,
            width: self.width - insets.left - insets.right, height: self.height - insets.top - insets.bottom)
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: self.minX + dx, y: self.minY + dy, width: self.width - 2 * dx, height: self.height - 2 * dy)
    }

    /// The overlap; `.zero`-sized at the first rectangle's origin when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(self.minX, other.minX)
        let y0 = max(self.minY, other.minY)
        let x1 = min(self.maxX, other.maxX)
        let y1 = min(self.maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return Rect(origin: self.origin, size: .zero) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func intersects(_ other: Rect) -> Bool { !self.intersection(other).isEmpty }

    /// The smallest rectangle containing both (an empty operand is ignored).
    public func union(_ other: Rect) -> Rect {
        if self.isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(self.minX, other.minX)
        let y0 = min(self.minY, other.minY)
        return Rect(x: x0, y: y0, width: max(self.maxX, other.maxX) - x0, height: max(self.maxY, other.maxY) - y0)
    }

    /// The whole pixels this rectangle touches at `scale` pixels per point (outward rounding).
    public func pixelBounds(scale: Double = 1) -> PixelRect {
        guard !self.isEmpty, scale > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let x0 = (self.minX * scale).rounded(.down)
        let y0 = (self.minY * scale).rounded(.down)
        let x1 = (self.maxX * scale).rounded(.up)
        let y1 = (self.maxY * scale).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, abs(x0) < 1e9, abs(y0) < 1e9, abs(x1) < 1e9, abs(y1) < 1e9 else {
            return PixelRect(x: 0, y: 0, width: 0, height: 0)
        }
        return PixelRect(minX: Int(x0), minY: Int(y0), maxX: Int(x1), maxY: Int(y1))
    }

    public var description: String { "(\(self.origin) \(self.size))" }
}

/// Distances inward from each edge, in points.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }
    public static let zero = EdgeInsets()
}

/// The radii of a rounded rectangle's four corners, in points.
public struct CornerRadii: Hashable, Sendable {
    public var topLeft: Double
    public var topRight: Double
    public var bottomRight: Double
    public var bottomLeft: Double

    public init(topLeft: Double = 0, topRight: Double = 0, bottomRight: Double = 0, bottomLeft: Double = 0) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    public init(all radius: Double) { self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius) }
    /// Only the top corners rounded (a bottom sheet).
    public static func top(_ radius: Double) -> CornerRadii { CornerRadii(topLeft: radius, topRight: radius) }
    public static let zero = CornerRadii()

    public var maximum: Double { max(max(self.topLeft, self.topRight), max(self.bottomRight, self.bottomLeft)) }
    public var isZero: Bool { self.maximum <= 0 }

    /// Radii no larger than half the rectangle's sides (CSS's rule: scale all down together).
    public func fitted(to size: Size) -> CornerRadii {
        let clean = CornerRadii(
            topLeft: max(0, self.topLeft.isFinite ? self.topLeft : 0), topRight: max(0, self.topRight.isFinite ? self.topRight : 0),
            bottomRight: max(0, self.bottomRight.isFinite ? self.bottomRight : 0), bottomLeft: max(0, self.bottomLeft.isFinite ? self.bottomLeft : 0))
        var factor = 1.0
        let w = max(0, size.width)
        let h = max(0, size.height)
        for (sum, side) in [
            (clean.topLeft + clean.topRight, w), (clean.bottomLeft + clean.bottomRight, w),
            (clean.topLeft + clean.bottomLeft, h), (clean.topRight + clean.bottomRight, h)
        ] where sum > side {
            factor = min(factor, sum > 0 ? side / sum : 0)
        }
        return CornerRadii(
            topLeft: clean.topLeft * factor, topRight: clean.topRight * factor, bottomRight: clean.bottomRight * factor, bottomLeft: clean.bottomLeft * factor)
    }

    public func scaled(by factor: Double) -> CornerRadii {
        CornerRadii(
            topLeft: self.topLeft * factor, topRight: self.topRight * factor, bottomRight: self.bottomRight * factor, bottomLeft: self.bottomLeft * factor)
    }

    /// Each radius reduced by `amount`, not below zero (the inner edge of a stroke).
    public func shrunk(by amount: Double) -> CornerRadii {
        CornerRadii(
            topLeft: max(0, self.topLeft - amount), topRight: max(0, self.topRight - amount),
            bottomRight: max(0, self.bottomRight - amount), bottomLeft: max(0, self.bottomLeft - amount))
    }
}

/// An affine transform `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (CoreGraphics' layout).
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static func translation(x: Double, y: Double) -> AffineTransform { AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    public static func scale(x: Double, y: Double) -> AffineTransform { AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }
    public static func rotation(radians: Double) -> AffineTransform {
        let cosine = cos(radians)
        let sine = sin(radians)
        return AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    public func apply(_ point: Point) -> Point {
        Point(x: self.a * point.x + self.c * point.y + self.tx, y: self.b * point.x + self.d * point.y + self.ty)
    }

    /// `self` then `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: self.a * other.a + self.b * other.c, b: self.a * other.b + self.b * other.d,
            c: self.c * other.a + self.d * other.c, d: self.c * other.b + self.d * other.d,
            tx: self.tx * other.a + self.ty * other.c + other.tx, ty: self.tx * other.b + self.ty * other.d + other.ty)
    }

    public var determinant: Double { self.a * self.d - self.b * self.c }

    /// The inverse, or nil when the transform is singular (or not finite).
    public var inverted: AffineTransform? {
        let det = self.determinant
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        return AffineTransform(
            a: self.d / det, b: -self.b / det, c: -self.c / det, d: self.a / det,
            tx: (self.c * self.ty - self.d * self.tx) / det, ty: (self.b * self.tx - self.a * self.ty) / det)
    }
}
