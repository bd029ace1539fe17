import Glibc
import VitrineCore

extension Canvas {
    /// Strokes an arc of a circle with round caps, anti-aliased: the circle of `radius` points
    /// around `center`, from `start` for `sweep` radians clockwise (0 is twelve o'clock), a line
    /// `lineWidth` points wide centred on it. A sweep of 2π or more is the whole ring.
    ///
    /// Coverage is the signed distance to the arc (Inigo Quilez's `sdArc`, "2D distance
    /// functions") through one pixel's width, as `ShapeCoverage` does for rounded rectangles.
    public func strokeArc(center: Point, radius: Double, lineWidth: Double, start: Double, sweep: Double, color: Color) {
        guard radius > 0, lineWidth > 0, sweep > 0, color.alpha > 0, radius.isFinite, lineWidth.isFinite, start.isFinite, sweep.isFinite else { return }
        let c = self.devicePoint(center)
        let r = radius * self.scale
        let half = lineWidth * self.scale / 2
        let reach = r + half + 1
        // Far beyond any screen (65,536 points at scale 4 is 262,144 pixels): nothing to draw.
        guard abs(c.x) + reach < 1e7, abs(c.y) + reach < 1e7 else { return }
        let area = PixelRect(
            minX: Int((c.x - reach).rounded(.down)), minY: Int((c.y - reach).rounded(.down)), maxX: Int((c.x + reach).rounded(.up)),
            maxY: Int((c.y + reach).rounded(.up))
        ).intersection(self.clipBounds)
        guard !area.isEmpty else { return }
        let aperture = min(Double.pi, sweep / 2)
        let middle = start + sweep / 2
        let (cosM, sinM) = (cos(middle), sin(middle))
        // The arc's end, in the frame where the arc is symmetric about +y.
        let endX = sin(aperture) * r
        let endY = cos(aperture) * r
        let mask = AlphaMask(width: area.width, height: area.height)
        for y in area.minY..<area.maxY {
            let row = mask.row(y - area.minY)
            let dy = Double(y) + 0.5 - c.y
            for x in area.minX..<area.maxX {
                let dx = Double(x) + 0.5 - c.x
                // Turn the middle of the arc to twelve o'clock, then flip so it points along +y.
                let qx = abs(cosM * dx + sinM * dy)
                let qy = sinM * dx - cosM * dy
                let distance: Double
                if endY * qx > endX * qy {
                    let ex = qx - endX
                    let ey = qy - endY
                    distance = (ex * ex + ey * ey).squareRoot() - half
                } else {
                    distance = abs((qx * qx + qy * qy).squareRoot() - r) - half
                }
                let coverage = min(1, max(0, 0.5 - distance))
                row[x - area.minX] = UInt8((coverage * 255).rounded())
            }
        }
        self.composite(color: color, mask: mask, at: area)
    }

    /// Fills whole device pixels: `area` is in pixels from the canvas's origin (its translation
    /// rounded to a pixel), with no scaling and no anti-aliasing — for pictures that must land
    /// on the pixel grid exactly, such as a QR code's modules.
    public func fillPixels(_ area: PixelRect, color: Color) {
        let origin = self.devicePoint(.zero)
        let shifted = PixelRect(x: area.minX + Int(origin.x.rounded()), y: area.minY + Int(origin.y.rounded()), width: area.width, height: area.height)
        let clipped = shifted.intersection(self.clipBounds)
        guard !clipped.isEmpty, color.alpha > 0 else { return }
        if color.isOpaque {
            self.target.fill(clipped, with: color.argbPremultiplied)
        } else {
            Pixman.composite(.over, source: PixmanImage(solid: color), destination: self.targetImage, destinationRect: clipped)
        }
    }
}
