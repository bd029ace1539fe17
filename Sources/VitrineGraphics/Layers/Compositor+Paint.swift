import VitrineCore

extension Compositor {
    /// Paints `items` (paint order) into `target` within `damage`: finds what opaque layers hide
    /// (top-down), clears what no layer covers, then composites each layer's visible, damaged
    /// part bottom-up.
    func paint(_ items: [PaintItem], damage: Region, into target: PixelBuffer, image: PixmanImage) {
        var covered = Region()
        var regions = [Region](repeating: Region(), count: items.count)
        for index in items.indices.reversed() {
            let item = items[index]
            regions[index] = damage.intersection(item.visibleRect).subtracting(covered)
            covered.formUnion(item.opaqueRegion)
        }
        let background = self.clearColor.argbPremultiplied | (target.format == .xrgb8888 ? 0xFF00_0000 : 0)
        for rect in damage.subtracting(covered).rects { target.fill(rect, with: background) }
        for (index, item) in items.enumerated() where !regions[index].isEmpty {
            if let backdrop = item.backdrop, target === self.frame, let state = self.backdropState(for: item.layer) {
                self.paintBackdrop(backdrop, state: state, region: regions[index].intersection(item.frameRect), image: image)
            }
            if let backing = item.layer.backingImage {
                self.composite(backing, item: item, region: regions[index], into: image)
            } else if let solid = item.layer.solidFill {
                self.composite(solid.image, item: item, region: regions[index], ownShape: item.solidShape, into: image)
            }
        }
    }

    private func paintBackdrop(_ backdrop: LayerBackdrop, state: BackdropState, region: Region, image: PixmanImage) {
        guard backdrop.intensity > 0 else { return }
        for rect in region.rects {
            if backdrop.intensity >= 1 {
                state.blur.draw(into: self.frame, rect: rect)
            } else {
                state.blur.draw(into: state.scratch, rect: rect)
                Pixman.composite(
                    .over, source: state.scratchImage, mask: PixmanImage(solid: Color(white: 1, alpha: backdrop.intensity)), destination: image,
                    sourceOrigin: (rect.x, rect.y), destinationRect: rect)
            }
        }
    }

    /// Composites a layer's backing (or solid colour) within `region`, with its opacity and its
    /// ancestors' clip; `ownShape` is a solid layer's own rounded outline, masked like a clip.
    private func composite(_ source: PixmanImage, item: PaintItem, region: Region, ownShape: RoundedClip? = nil, into image: PixmanImage) {
        let opacityMask = item.opacity < 1 ? PixmanImage(solid: Color(white: 1, alpha: item.opacity)) : nil
        var plain = region.intersection(item.backingRect)
        var cornered = Region()
        let shapes = [item.roundedClip, ownShape].compactMap { $0 }
        for rounded in shapes {
            cornered.formUnion(plain.subtracting(rounded.inner))
            plain = plain.intersection(rounded.inner)
        }
        for rounded in shapes { cornered = cornered.intersection(rounded.shape.pixelBounds) }
        for rect in plain.rects {
            Pixman.composite(
                .over, source: source, mask: opacityMask, destination: image,
                sourceOrigin: (rect.x - item.origin.x, rect.y - item.origin.y), destinationRect: rect)
        }
        // Near a rounded clip's (or the layer's own) corners, coverage times opacity is the mask.
        for rect in cornered.rects {
            let mask = ShapeCoverage.mask(shapes[0].shape, over: rect)
            for other in shapes.dropFirst() { mask.multiply(by: ShapeCoverage.mask(other.shape, over: rect)) }
            if item.opacity < 1 { mask.scale(by: item.opacity) }
            Pixman.composite(
                .over, source: source, mask: PixmanImage(mask: mask), destination: image,
                sourceOrigin: (rect.x - item.origin.x, rect.y - item.origin.y), destinationRect: rect)
        }
    }
}

extension PaintItem {
    /// A solid layer's own rounded outline in device pixels (nil for square corners).
    var solidShape: RoundedClip? {
        guard !self.cornerRadii.isZero else { return nil }
        let frame = self.frameRect
        return RoundedClip(
            shape: ShapeCoverage.RoundedRect(
                minX: Double(frame.minX), minY: Double(frame.minY), maxX: Double(frame.maxX), maxY: Double(frame.maxY), radii: self.cornerRadii))
    }
}

extension AlphaMask {
    /// Multiplies every value by the other mask's (same size): the coverage of both shapes.
    func multiply(by other: AlphaMask) {
        for y in 0..<min(self.height, other.height) {
            let row = self.row(y)
            let factor = other.row(y)
            for x in 0..<min(self.width, other.width) { row[x] = UInt8((UInt32(row[x]) &* UInt32(factor[x]) &+ 127) / 255) }
        }
    }

    /// Multiplies every value by `factor` (0…1).
    func scale(by factor: Double) {
        let f = UInt32((min(1, max(0, factor)) * 256).rounded())
        for y in 0..<self.height {
            let row = self.row(y)
            for x in 0..<self.width { row[x] = UInt8((UInt32(row[x]) &* f) >> 8) }
        }
    }
}
