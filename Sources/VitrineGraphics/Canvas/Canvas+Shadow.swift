import VitrineCore

/// Blurred shadow masks, made once per shape and reused: a sheet's shadow is the same every frame
/// (LVGL caches its box shadows the same way, research/render_perf.md §1).
public final class ShadowCache {
    struct Key: Hashable {
        var width: Int
        var height: Int
        var radii: CornerRadii
        var blur: Int
    }

    private var masks: [Key: AlphaMask] = [:]
    private var order: [Key] = []
    /// How many different shadows are kept (least recently made goes first).
    public let capacity: Int
    public private(set) var misses = 0

    public init(capacity: Int = 32) {
        self.capacity = capacity
    }

    /// The blurred coverage of a `width`×`height` rounded rect (device pixels), with a margin of
    /// `ShadowCache.margin(blur:)` on every side.
    func mask(width: Int, height: Int, radii: CornerRadii, blur: Double) -> AlphaMask {
        let key = Key(width: width, height: height, radii: radii, blur: SaturatingPixels.int((blur * 4).rounded()))
        if let cached = self.masks[key] { return cached }
        self.misses += 1
        let blurred = Self.render(width: width, height: height, radii: radii, blur: blur)
        self.masks[key] = blurred
        self.order.append(key)
        if self.order.count > self.capacity { self.masks[self.order.removeFirst()] = nil }
        return blurred
    }

    /// The blurred mask, drawn small and stretched. Along a straight stretch of edge every column
    /// (row) of the sharp mask is the same, and a box blur of total reach S keeps them the same
    /// S pixels in from the stretch's ends; so the mask is drawn with that stretch one pixel
    /// long and the middle column (row) repeated: the same bytes as `renderDirectly`, for a
    /// fraction of the work (a full-screen sheet's shadow was a third of the kiosk's start-up).
    static func render(width: Int, height: Int, radii: CornerRadii, blur: Double) -> AlphaMask {
        let margin = Self.margin(blur: blur)
        let reach = blur > 0.3 ? BoxBlurPlan(sigma: blur, downsampleFactor: 1).boxWidths.reduce(0) { $0 + $1 / 2 } : 0
        // Columns (rows) of the blurred mask that equal their neighbours: [start, end).
        let firstColumn = margin + SaturatingPixels.int(max(radii.topLeft, radii.bottomLeft).rounded(.up)) + 1 + reach
        let endColumn = margin + width - SaturatingPixels.int(max(radii.topRight, radii.bottomRight).rounded(.up)) - 1 - reach
        let firstRow = margin + SaturatingPixels.int(max(radii.topLeft, radii.topRight).rounded(.up)) + 1 + reach
        let endRow = margin + height - SaturatingPixels.int(max(radii.bottomLeft, radii.bottomRight).rounded(.up)) - 1 - reach
        let dropColumns = max(0, endColumn - firstColumn - 1)
        let dropRows = max(0, endRow - firstRow - 1)
        guard dropColumns > 0 || dropRows > 0 else { return self.renderDirectly(width: width, height: height, radii: radii, blur: blur) }
        let small = self.renderDirectly(width: width - dropColumns, height: height - dropRows, radii: radii, blur: blur)
        let result = AlphaMask(width: width + 2 * margin, height: height + 2 * margin)
        for y in 0..<result.height {
            // Rows past the repeated one come from `dropRows` rows earlier in the small mask.
            let sourceY = y <= firstRow ? y : (y <= firstRow + dropRows ? firstRow : y - dropRows)
            let source = small.row(sourceY)
            let target = result.row(y)
            target.update(from: source, count: firstColumn + 1)
            let repeated = source[firstColumn]
            (target + firstColumn + 1).update(repeating: repeated, count: dropColumns)
            (target + firstColumn + 1 + dropColumns).update(from: source + firstColumn + 1, count: small.width - firstColumn - 1)
        }
        return result
    }

    /// The blurred mask drawn at full size: the rounded rect's coverage, then the box blur.
    static func renderDirectly(width: Int, height: Int, radii: CornerRadii, blur: Double) -> AlphaMask {
        let margin = Self.margin(blur: blur)
        let shape = ShapeCoverage.RoundedRect(
            minX: Double(margin), minY: Double(margin), maxX: Double(margin + width), maxY: Double(margin + height), radii: radii)
        let sharp = ShapeCoverage.mask(shape, over: PixelRect(x: 0, y: 0, width: width + 2 * margin, height: height + 2 * margin))
        return sharp.blurred(sigma: blur)
    }

    /// Room the blur needs around the shape: three standard deviations.
    static func margin(blur: Double) -> Int { SaturatingPixels.int((3 * max(0, blur)).rounded(.up)) }
}

extension Canvas {
    /// Draws the soft shadow of a rounded rectangle: its shape, moved by `offset`, blurred by a
    /// Gaussian of `blur` points, in `color`. The blurred mask comes from `cache`.
    public func drawShadow(of rect: Rect, cornerRadii: CornerRadii = .zero, blur: Double, offset: Point = .zero, color: Color, cache: ShadowCache) {
        guard !rect.isEmpty, color.alpha > 0 else { return }
        let d = self.deviceRect(rect.offsetBy(dx: offset.x, dy: offset.y))
        let x = SaturatingPixels.int(d.minX.rounded())
        let y = SaturatingPixels.int(d.minY.rounded())
        let width = SaturatingPixels.int((d.maxX - d.minX).rounded())
        let height = SaturatingPixels.int((d.maxY - d.minY).rounded())
        guard width > 0, height > 0 else { return }
        let deviceBlur = blur * self.scale
        let radii = cornerRadii.scaled(by: self.scale).fitted(to: Size(width: Double(width), height: Double(height)))
        let mask = cache.mask(width: width, height: height, radii: radii, blur: deviceBlur)
        let margin = ShadowCache.margin(blur: deviceBlur)
        self.composite(color: color, mask: mask, at: PixelRect(x: x - margin, y: y - margin, width: mask.width, height: mask.height))
    }
}
