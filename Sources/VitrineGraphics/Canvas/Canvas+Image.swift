import VitrineCore

/// How an image fills a rectangle of another shape.
public enum ScaleMode: String, Sendable, CaseIterable {
    /// Scaled uniformly to cover the whole rectangle, centred, the overflow cut off
    /// (UIKit's `.scaleAspectFill`).
    case fill
    /// Scaled uniformly to fit inside, centred, letterboxed (`.scaleAspectFit`).
    case fit
    /// Scaled on each axis to the rectangle exactly (`.scaleToFill`).
    case stretch
}

extension Canvas {
    /// Draws `image` into `rect` with `mode`, sampled bilinearly by pixman, at `opacity`.
    public func draw(_ image: PixelBuffer, in rect: Rect, mode: ScaleMode = .fill, opacity: Double = 1) {
        guard !rect.isEmpty, image.width > 0, image.height > 0, opacity > 0 else { return }
        let d = self.deviceRect(rect)
        let boxWidth = d.maxX - d.minX
        let boxHeight = d.maxY - d.minY
        let iw = Double(image.width)
        let ih = Double(image.height)
        var sx = boxWidth / iw
        var sy = boxHeight / ih
        switch mode {
        case .fill: sx = max(sx, sy); sy = sx
        case .fit: sx = min(sx, sy); sy = sx
        case .stretch: break
        }
        // The scaled image's top-left, centred in the box.
        let originX = d.minX + (boxWidth - iw * sx) / 2
        let originY = d.minY + (boxHeight - ih * sy) / 2
        let drawn = (mode == .fit)
            ? PixelRect(minX: Int(originX.rounded()), minY: Int(originY.rounded()), maxX: Int((originX + iw * sx).rounded()), maxY: Int((originY + ih * sy).rounded()))
            : PixelRect(minX: Int(d.minX.rounded()), minY: Int(d.minY.rounded()), maxX: Int(d.maxX.rounded()), maxY: Int(d.maxY.rounded()))
        let area = drawn.intersection(self.clipBounds)
        guard !area.isEmpty else { return }
        let source = PixmanImage(buffer: image)
        let identity = sx == 1 && sy == 1 && originX == originX.rounded() && originY == originY.rounded()
        if identity {
            source.setSampling(sourceFromDestination: nil)
        } else {
            // Destination pixel centres map to source coordinates: src = (dst − origin) / s.
            source.setSampling(sourceFromDestination: AffineTransform(a: 1 / sx, b: 0, c: 0, d: 1 / sy, tx: -originX / sx, ty: -originY / sy))
        }
        let op: CompositeOperator = (image.format == .xrgb8888 && opacity >= 1) ? .copy : .over
        let mask = opacity < 1 ? PixmanImage(solid: Color(white: 1, alpha: opacity)) : nil
        // With a transform pixman samples the source at destination coordinates, so the source
        // origin equals the destination origin; without one, it is the offset into the image.
        let sourceOrigin = identity ? (area.x - Int(originX), area.y - Int(originY)) : (area.x, area.y)
        Pixman.composite(op, source: source, mask: mask, destination: self.targetImage, sourceOrigin: sourceOrigin, destinationRect: area)
    }
}
