/// How the upright, logical screen is turned when it is written to the panel's native scanout.
///
/// `rotation` is the clockwise angle applied to the logical picture to produce the scanout
/// picture. A panel whose native top edge ends up on the viewer's *left* (mounted turned 90°
/// counter-clockwise) needs `.clockwise90`. The same value turns touch: input arrives in native
/// panel coordinates and is mapped back with the inverse (`logicalPoint`), so one setting keeps
/// picture and finger together (see Docs/display.md and Docs/input.md).
public enum Rotation: Int, CaseIterable, Sendable, CustomStringConvertible {
    case none = 0
    case clockwise90 = 90
    case upsideDown = 180
    case clockwise270 = 270

    /// Parses `0`, `90`, `180` or `270`.
    public init?(degrees: Int) {
        self.init(rawValue: degrees)
    }

    public var degrees: Int { self.rawValue }
    public var description: String { "\(self.rawValue)" }

    /// True for the quarter turns, which swap width and height.
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The logical (drawn) size for a native scanout size.
    public func logicalSize(forNative native: PixelSize) -> PixelSize {
        self.swapsAxes ? native.transposed : native
    }

    /// The native scanout size for a logical size.
    public func nativeSize(forLogical logical: PixelSize) -> PixelSize {
        self.swapsAxes ? logical.transposed : logical
    }

    /// The native pixel that shows logical pixel (`x`, `y`) of a logical screen of `logical` size.
    @inline(__always)
    public func nativePixel(x: Int, y: Int, logical: PixelSize) -> (x: Int, y: Int) {
        switch self {
        case .none: return (x, y)
        case .clockwise90: return (logical.height - 1 - y, x)
        case .upsideDown: return (logical.width - 1 - x, logical.height - 1 - y)
        case .clockwise270: return (y, logical.width - 1 - x)
        }
    }

    /// The native rectangle covering exactly the pixels of a logical rectangle.
    public func nativeRect(_ rect: PixelRect, logical: PixelSize) -> PixelRect {
        switch self {
        case .none:
            return rect
        case .clockwise90:
            return PixelRect(x: logical.height - rect.maxY, y: rect.minX, width: rect.height, height: rect.width)
        case .upsideDown:
            return PixelRect(x: logical.width - rect.maxX, y: logical.height - rect.maxY, width: rect.width, height: rect.height)
        case .clockwise270:
            return PixelRect(x: rect.minY, y: logical.width - rect.maxX, width: rect.height, height: rect.width)
        }
    }

    /// The logical point shown at a native point, in continuous coordinates (not pixel indices):
    /// used for touch, where (0, 0) is the panel's native top-left corner and (`native.width`,
    /// `native.height`) its bottom-right corner.
    public func logicalPoint(nativeX: Double, nativeY: Double, native: PixelSize) -> (x: Double, y: Double) {
        let w = Double(native.width)
        let h = Double(native.height)
        switch self {
        case .none: return (nativeX, nativeY)
        case .clockwise90: return (nativeY, w - nativeX)
        case .upsideDown: return (w - nativeX, h - nativeY)
        case .clockwise270: return (h - nativeY, nativeX)
        }
    }

    /// Where a point of the upright screen lies on the panel as it is wired, both as fractions of
    /// their sizes (0…1): the inverse of `logicalPoint`, for placing something the user sees at a
    /// native position (a calibration target, whose matrix lives in native coordinates).
    public func nativeFraction(logicalX: Double, logicalY: Double) -> (x: Double, y: Double) {
        switch self {
        case .none: return (logicalX, logicalY)
        case .clockwise90: return (1 - logicalY, logicalX)
        case .upsideDown: return (1 - logicalX, 1 - logicalY)
        case .clockwise270: return (logicalY, 1 - logicalX)
        }
    }
}
