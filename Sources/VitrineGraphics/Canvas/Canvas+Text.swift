import CPixman
import VitrineCore

/// How glyph masks reach the canvas. Both composite `OVER (solid colour, a8 glyph mask)`
/// through pixman; `vitrine bench --only text` times them against each other (the
/// `text-draw` row), and `Canvas.draw(_:at:color:)` uses the faster: `pixmanGlyphs`, 1.4–1.6×
/// faster for body text (0.60 ms against 0.84 ms for 3,209 glyphs at 17 px, release build;
/// Docs/rendering.md, "Text"), because pixman looks its composite function up once per call
/// rather than once per glyph.
@_spi(Benchmarks)
public enum GlyphCompositing: Sendable {
    /// One `pixman_image_composite32` per glyph, masks from our `GlyphCache`.
    case perGlyph
    /// One `pixman_composite_glyphs_no_mask` per layout, masks copied into pixman's glyph cache.
    case pixmanGlyphs
}

extension Canvas {
    /// Draws `layout` with its top-left corner at `origin` (points, in the canvas's current
    /// coordinates), in `color`, clipped to the current clip.
    ///
    /// Lay text out with this canvas's `scale`: glyphs are rasterised at the layout's scale, so a
    /// layout made for another scale is drawn at the right positions but with glyphs of the
    /// wrong size.
    public func draw(_ layout: TextLayout, at origin: Point, color: Color) {
        self.draw(layout, at: origin, color: color, compositing: .pixmanGlyphs)
    }

    @_spi(Benchmarks)
    public func draw(_ layout: TextLayout, at origin: Point, color: Color, compositing: GlyphCompositing) {
        guard !layout.glyphs.isEmpty, color.alpha > 0, !self.clipBounds.isEmpty else { return }
        let device = self.devicePoint(origin)
        guard device.x.isFinite, device.y.isFinite, abs(device.x) < 1e9, abs(device.y) < 1e9 else { return }
        let originX = SaturatingPixels.int((device.x * 64).rounded())
        let originY = SaturatingPixels.int((device.y * 64).rounded())
        let ratio = self.scale / layout.scale
        let source = PixmanImage(solid: color)
        let fonts = layout.fonts
        let cache = fonts[0].glyphCache
        let clip = self.clipBounds
        // A glyph whose pen position is further than this outside the clip cannot reach into it.
        let margin = SaturatingPixels.int(fonts.map(\.pixelSize).max()! * 2) + 2
        let reach = PixelRect(x: clip.x - margin, y: clip.y - margin, width: clip.width + 2 * margin, height: clip.height + 2 * margin)

        var pixmanGlyphs: [pixman_glyph_t] = []
        let pixmanCache = cache.pixmanCache
        if compositing == .pixmanGlyphs {
            pixmanGlyphs.reserveCapacity(layout.glyphs.count)
            pixman_glyph_cache_freeze(pixmanCache.raw)
        }
        layout.glyphs.withUnsafeBufferPointer { glyphs in
            for glyph in glyphs {
                let x = originX &+ (ratio == 1 ? glyph.x : SaturatingPixels.int((Double(glyph.x) * ratio).rounded()))
                let y = originY &+ (ratio == 1 ? glyph.y : SaturatingPixels.int((Double(glyph.y) * ratio).rounded()))
                // Nearest quarter pixel in x, nearest pixel in y.
                let rounded = x &+ 8
                let pixelX = rounded >> 6
                let quarter = (rounded >> 4) & 3
                let pixelY = (y &+ 32) >> 6
                guard reach.contains(x: pixelX, y: pixelY) else { continue }
                let font = fonts[glyph.fontIndex]
                if compositing == .pixmanGlyphs {
                    let key = GlyphCache.key(fontID: font.id, glyph: glyph.id, quarter: quarter)
                    let found = pixmanCache.glyph(fontID: font.id, glyphKey: key) { cache.image(font: font, glyph: glyph.id, quarter: quarter) }
                    if let found { pixmanGlyphs.append(pixman_glyph_t(x: Int32(pixelX), y: Int32(pixelY), glyph: found)) }
                    continue
                }
                let image = cache.image(font: font, glyph: glyph.id, quarter: quarter)
                guard let mask = image.mask, let maskImage = image.image else { continue }
                let area = PixelRect(x: pixelX &+ image.left, y: pixelY &- image.top, width: mask.width, height: mask.height)
                let clipped = area.intersection(clip)
                guard !clipped.isEmpty else { continue }
                Pixman.composite(
                    .over, source: source, mask: maskImage, destination: self.targetImage,
                    maskOrigin: (clipped.x &- area.x, clipped.y &- area.y), destinationRect: clipped)
            }
        }
        if compositing == .pixmanGlyphs {
            self.targetImage.setClip(Region(clip))
            pixmanGlyphs.withUnsafeBufferPointer {
                pixman_composite_glyphs_no_mask(
                    PIXMAN_OP_OVER, source.raw, self.targetImage.raw, 0, 0, 0, 0, pixmanCache.raw, Int32($0.count), $0.baseAddress)
            }
            self.targetImage.setClip(nil)
            pixman_glyph_cache_thaw(pixmanCache.raw)
        }
    }
}
