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
        let key = Key(width: width, height: height, radii: radii, blur: Int((blur * 4).rounded()))
        if let cached = self.masks[key] { return cached }
        self.misses += 1
        let margin = Self.margin(blur: blur)
        let shape = ShapeCoverage.RoundedRect(minX: Double(margin), minY: Double(margin), maxX: Double(margin + width), maxY: Double(margin + height), radii: radii)
        let sharp = ShapeCoverage.mask(shape, over: PixelRect(x: 0, y: 0, width: width + 2 * margin, height: height + 2 * margin))
        let blurred = sharp.blurred(sigma: blur)
        self.masks[key] = blurred
        self.order.append(key)
        if self.order.count > self.capacity { self.masks[self.order.removeFirst()] = nil }
        return blurred
    }

    /// Room the blur needs around the shape: three standard deviations.
    static func margin(blur: Double) -> Int { Int((3 * max(0, blur)).rounded(.up)) }
}

extension Canvas {
    /// Draws the soft shadow of a rounded rectangle: its shape, moved by `offset`, blurred by a
    /// Gaussian of `blur` points, in `color`. The blurred mask comes from `cache`.
    public func drawShadow(of rect: Rect, cornerRadii: CornerRadii = .zero, blur: Double, offset: Point = .zero, color: Color, cache: ShadowCache) {
        guard !rect.isEmpty, color.alpha > 0 else { return }
        let d = self.deviceRect(rect.offsetBy(dx: offset.x, dy: offset.y))
        let x = Int(d.minX.rounded())
        let y = Int(d.minY.rounded())
        let width = Int((d.maxX - d.minX).rounded())
        let height = Int((d.maxY - d.minY).rounded())
        guard width > 0, height > 0 else { return }
        let deviceBlur = blur * self.scale
        let radii = cornerRadii.scaled(by: self.scale).fitted(to: Size(width: Double(width), height: Double(height)))
        let mask = cache.mask(width: width, height: height, radii: radii, blur: deviceBlur)
        let margin = ShadowCache.margin(blur: deviceBlur)
        self.composite(color: color, mask: mask, at: PixelRect(x: x - margin, y: y - margin, width: mask.width, height: mask.height))
    }
}
