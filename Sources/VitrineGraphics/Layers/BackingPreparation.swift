import VitrineCore

extension Compositor {
    /// Draws now the backings the next `render()` would draw for `layer` and its sublayers, as if
    /// the layer were on screen where it will come to rest: a page about to slide in is drawn
    /// when the push is performed, not inside the slide's first frame (Docs/rendering.md, "A
    /// pushed page"). Layers a clipping ancestor hides inside `layer` are left for when they show,
    /// as `render()` leaves them. Returns how many backings were drawn.
    ///
    /// `render()` then finds each backing current (same content version, same size) and only
    /// composites it. This is `updateBacking`'s drawing, kept in step with it by
    /// `BackingPreparationTests` (a prepared backing is the one `render()` draws).
    @discardableResult
    public func prepareBackings(of layer: Layer) -> Int {
        let frame = layer.frame
        let area = PixelRect(
            x: SaturatingPixels.int((frame.minX * self.scale).rounded()), y: SaturatingPixels.int((frame.minY * self.scale).rounded()),
            width: SaturatingPixels.int((max(0, frame.width) * self.scale).rounded(.up)),
            height: SaturatingPixels.int((max(0, frame.height) * self.scale).rounded(.up)))
        guard !area.isEmpty else { return 0 }
        var drawn = 0
        for item in PaintItem.flatten(layer, screen: area, scale: self.scale) where item.layer.hasContent {
            if self.prepareBacking(item) { drawn += 1 }
        }
        return drawn
    }

    /// Draws one item's backing when it is missing or stale; true when it drew.
    private func prepareBacking(_ item: PaintItem) -> Bool {
        let layer = item.layer
        // A rectangle of one colour gets no bitmap: `render()` makes its solid source.
        guard Self.solidColor(of: layer, scale: self.scale) == nil else { return false }
        let size = PixelSize(width: item.backingRect.width, height: item.backingRect.height)
        guard layer.backingVersion != layer.contentVersion || layer.backing?.size != size else { return false }
        guard size.width > 0, size.height > 0, size.area <= 64 * 1024 * 1024 else { return false }
        let backing = (layer.backing?.size == size) ? layer.backing! : PixelBuffer(size: size, format: .argb8888Premultiplied)
        backing.fill(backing.bounds, with: 0)
        let canvas = Canvas(target: backing, scale: self.scale)
        let margin = Double(item.margin) / self.scale
        canvas.translate(dx: margin, dy: margin)
        let bounds = Rect(size: layer.frame.size)
        if let shadow = layer.shadow {
            canvas.drawShadow(
                of: bounds, cornerRadii: layer.cornerRadii, blur: shadow.blur, offset: shadow.offset, color: shadow.color, cache: self.shadowCache)
        }
        if let background = layer.backgroundColor, background.alpha > 0 {
            canvas.fill(bounds, cornerRadii: layer.cornerRadii, color: background)
        }
        if let draw = layer.draw {
            canvas.withSavedState {
                canvas.clip(to: bounds)
                draw(canvas)
                if layer.clipsToBounds { canvas.keepOnly(inside: bounds, cornerRadii: layer.cornerRadii) }
            }
        }
        layer.solidFill = nil
        layer.backing = backing
        layer.backingVersion = layer.contentVersion
        layer.displayCount += 1
        return true
    }
}
