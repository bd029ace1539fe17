import Glibc
import VitrineCore

/// Anti-aliased coverage of rounded rectangles (and so circles), in device pixels.
///
/// Coverage of a pixel is `clamp(0.5 − d, 0, 1)`, with `d` the signed distance from the pixel's
/// centre to the shape (the rounded-box distance function). Along straight edges this is the
/// exact area a pixel has inside; at corners it is the usual one-pixel ramp. Rows between the
/// top and bottom corner bands are identical, so one is computed and copied.
public enum ShapeCoverage {
    /// A rounded rectangle in device pixels (fractional edges allowed).
    public struct RoundedRect: Hashable, Sendable {
        public var minX: Double, minY: Double, maxX: Double, maxY: Double
        public var radii: CornerRadii

        public init(minX: Double, minY: Double, maxX: Double, maxY: Double, radii: CornerRadii) {
            self.minX = minX
            self.minY = minY
            self.maxX = maxX
            self.maxY = maxY
            self.radii = radii.fitted(to: Size(width: maxX - minX, height: maxY - minY))
        }

        public var isEmpty: Bool { !(self.maxX > self.minX && self.maxY > self.minY) }

        /// The whole pixels the shape touches.
        public var pixelBounds: PixelRect {
            guard !self.isEmpty, self.minX.isFinite, self.maxX.isFinite, self.minY.isFinite, self.maxY.isFinite else {
                return PixelRect(x: 0, y: 0, width: 0, height: 0)
            }
            return PixelRect(
                minX: SaturatingPixels.int(self.minX.rounded(.down)), minY: SaturatingPixels.int(self.minY.rounded(.down)),
                maxX: SaturatingPixels.int(self.maxX.rounded(.up)), maxY: SaturatingPixels.int(self.maxY.rounded(.up)))
        }

        /// The shape moved inward by `amount` on every side (the inside of a stroke).
        public func inset(by amount: Double) -> RoundedRect {
            RoundedRect(
                minX: self.minX + amount, minY: self.minY + amount, maxX: self.maxX - amount, maxY: self.maxY - amount, radii: self.radii.shrunk(by: amount))
        }

        /// Signed distance from (`x`, `y`) to the outline: negative inside.
        @inline(__always)
        func distance(x: Double, y: Double) -> Double {
            let cx = (self.minX + self.maxX) / 2
            let cy = (self.minY + self.maxY) / 2
            let px = x - cx
            let py = y - cy
            let r: Double
            if px > 0 {
                r = py > 0 ? self.radii.bottomRight : self.radii.topRight
            } else {
                r = py > 0 ? self.radii.bottomLeft : self.radii.topLeft
            }
            let qx = abs(px) - (self.maxX - self.minX) / 2 + r
            let qy = abs(py) - (self.maxY - self.minY) / 2 + r
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            return min(max(qx, qy), 0) + outside - r
        }
    }

    /// The coverage of `shape` over `area` (device pixels): `area`'s top-left is the mask's (0, 0).
    public static func mask(_ shape: RoundedRect, over area: PixelRect) -> AlphaMask {
        let mask = AlphaMask(width: max(0, area.width), height: max(0, area.height))
        guard !shape.isEmpty, !area.isEmpty else { return mask }
        self.accumulate(shape, into: mask, origin: area, sign: 1)
        return mask
    }

    /// The coverage of a stroke of `width` pixels along the inside of `shape`'s outline.
    public static func strokeMask(_ shape: RoundedRect, width: Double, over area: PixelRect) -> AlphaMask {
        let mask = self.mask(shape, over: area)
        let inner = shape.inset(by: width)
        if !inner.isEmpty { self.accumulate(inner, into: mask, origin: area, sign: -1) }
        return mask
    }

    /// Adds (`sign` 1) or subtracts (−1) the shape's coverage to the mask, saturating.
    private static func accumulate(_ shape: RoundedRect, into mask: AlphaMask, origin: PixelRect, sign: Int) {
        let bounds = shape.pixelBounds.intersection(origin)
        guard !bounds.isEmpty else { return }
        let topBand = shape.minY + max(shape.radii.topLeft, shape.radii.topRight) + 1
        let bottomBand = shape.maxY - max(shape.radii.bottomLeft, shape.radii.bottomRight) - 1
        var template: [UInt8]? = nil
        for y in bounds.minY..<bounds.maxY {
            let cy = Double(y) + 0.5
            // Inside the straight band, and a full pixel away from the top and bottom edges, a
            // row depends on x alone: compute it once.
            let straight = cy > topBand && cy < bottomBand && cy - 0.5 >= shape.minY && cy + 0.5 <= shape.maxY
            let row = mask.row(y - origin.minY)
            if straight, let template {
                self.apply(template, to: row, from: bounds.minX - origin.minX, sign: sign)
                continue
            }
            var values = [UInt8](repeating: 0, count: bounds.width)
            for x in bounds.minX..<bounds.maxX {
                let d = shape.distance(x: Double(x) + 0.5, y: cy)
                let coverage = min(1, max(0, 0.5 - d))
                values[x - bounds.minX] = UInt8((coverage * 255).rounded())
            }
            if straight { template = values }
            self.apply(values, to: row, from: bounds.minX - origin.minX, sign: sign)
        }
    }

    private static func apply(_ values: [UInt8], to row: UnsafeMutablePointer<UInt8>, from start: Int, sign: Int) {
        for (i, value) in values.enumerated() {
            let current = Int(row[start + i])
            row[start + i] = UInt8(min(255, max(0, current + sign * Int(value))))
        }
    }
}
