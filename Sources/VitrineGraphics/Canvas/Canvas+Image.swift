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
    /// One image pixel per device pixel, centred, cut off where larger (`.center`).
    case center
}

extension Canvas {
    /// Draws `image` into `rect` with `mode`, sampled bilinearly by pixman, at `opacity`.
    ///
    /// - Parameter focus: the point of the image (0…1 on each axis) that stays in view when
    ///   `.fill` or `.center` cut it off, and where `.fit` puts its margins: (0.5, 0.5) centres
    ///   it; (0.5, 0.2) keeps a portrait's faces when a wide frame crops it.
    public func draw(_ image: PixelBuffer, in rect: Rect, mode: ScaleMode = .fill, focus: Point = Point(x: 0.5, y: 0.5), opacity: Double = 1) {
        guard !rect.isEmpty, image.width > 0, image.height > 0, opacity > 0 else { return }
        let d = self.deviceRect(rect)
        let boxWidth = d.maxX - d.minX
        let boxHeight = d.maxY - d.minY
        let iw = Double(image.width)
        let ih = Double(image.height)
        let (sx, sy) = mode.scales(box: (boxWidth, boxHeight), image: (iw, ih))
        // The scaled image's top-left: the focus point of the image on the same point of the box
        // (clamped so a cropped image never shows past its edge).
        let fx = min(1, max(0, focus.x.isFinite ? focus.x : 0.5))
        let fy = min(1, max(0, focus.y.isFinite ? focus.y : 0.5))
        let originX = d.minX + (boxWidth - iw * sx) * fx
        let originY = d.minY + (boxHeight - ih * sy) * fy
        let drawn =
            (mode == .fit || mode == .center)
            ? PixelRect(
                minX: SaturatingPixels.int(originX.rounded()), minY: SaturatingPixels.int(originY.rounded()),
                maxX: SaturatingPixels.int((originX + iw * sx).rounded()), maxY: SaturatingPixels.int((originY + ih * sy).rounded()))
            : PixelRect(
                minX: SaturatingPixels.int(d.minX.rounded()), minY: SaturatingPixels.int(d.minY.rounded()), maxX: SaturatingPixels.int(d.maxX.rounded()),
                maxY: SaturatingPixels.int(d.maxY.rounded()))
        let box = PixelRect(
            minX: SaturatingPixels.int(d.minX.rounded()), minY: SaturatingPixels.int(d.minY.rounded()), maxX: SaturatingPixels.int(d.maxX.rounded()),
            maxY: SaturatingPixels.int(d.maxY.rounded()))
        let area = drawn.intersection(box).intersection(self.clipBounds)
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
        let sourceOrigin = identity ? (area.x - SaturatingPixels.int(originX), area.y - SaturatingPixels.int(originY)) : (area.x, area.y)
        Pixman.composite(op, source: source, mask: mask, destination: self.targetImage, sourceOrigin: sourceOrigin, destinationRect: area)
    }
}

extension Canvas {
    /// Where `draw(_:in:mode:focus:)` puts an image of `imageSize` pixels inside `rect` (points),
    /// before cutting it to `rect`: for rounding the corners of the picture itself.
    public func placement(ofImage imageSize: PixelSize, in rect: Rect, mode: ScaleMode, focus: Point = Point(x: 0.5, y: 0.5)) -> Rect {
        ScaleMode.placement(of: imageSize, in: rect, mode: mode, focus: focus, scale: self.scale)
    }
}

extension ScaleMode {
    /// The rectangle (points) an image of `imageSize` pixels takes in `rect` under this mode, at
    /// `scale` pixels per point.
    public static func placement(of imageSize: PixelSize, in rect: Rect, mode: ScaleMode, focus: Point = Point(x: 0.5, y: 0.5), scale: Double) -> Rect {
        let iw = Double(imageSize.width) / scale
        let ih = Double(imageSize.height) / scale
        guard iw > 0, ih > 0 else { return rect }
        guard mode != .stretch else { return rect }
        let (sx, sy) = mode.scales(box: (rect.width, rect.height), image: (iw, ih))
        let fx = min(1, max(0, focus.x.isFinite ? focus.x : 0.5))
        let fy = min(1, max(0, focus.y.isFinite ? focus.y : 0.5))
        return Rect(x: rect.minX + (rect.width - iw * sx) * fx, y: rect.minY + (rect.height - ih * sy) * fy, width: iw * sx, height: ih * sy)
    }

    /// The horizontal and vertical scale that take an image of `image` (width, height) into a
    /// box of `box` under this mode: one uniform scale for fill (the larger) and fit (the
    /// smaller), each axis on its own for stretch, 1 for center.
    func scales(box: (Double, Double), image: (Double, Double)) -> (Double, Double) {
        let sx = box.0 / image.0
        let sy = box.1 / image.1
        switch self {
        case .fill: return (max(sx, sy), max(sx, sy))
        case .fit: return (min(sx, sy), min(sx, sy))
        case .stretch: return (sx, sy)
        case .center: return (1, 1)
        }
    }
}
