import VitrineCore

extension Compositor {
    /// Draws now the backings the next `render()` would draw for `layer` and its sublayers, as if
    /// the layer were on screen where it will come to rest: a page about to slide in is drawn
    /// when the push is performed, not inside the slide's first frame (Docs/rendering.md, "A
    /// pushed page"). Layers a clipping ancestor hides inside `layer` are left for when they show,
    /// as `render()` leaves them. Returns how many backings were drawn.
    ///
    /// `render()` then finds each backing current (same content version, same size) and only
    /// composites it. Both draw through `drawBacking` (`BackingPreparationTests`: a prepared
    /// backing is the one `render()` draws).
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

    /// Draws one item's backing when it is missing or stale, as `render()` does; true when it drew.
    private func prepareBacking(_ item: PaintItem) -> Bool {
        // A rectangle of one colour gets no bitmap: `render()` makes its solid source.
        guard Self.solidColor(of: item.layer, scale: self.scale) == nil else { return false }
        item.layer.solidFill = nil
        return self.drawBacking(item)
    }
}
