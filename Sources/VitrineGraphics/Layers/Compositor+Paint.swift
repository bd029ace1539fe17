import VitrineCore

extension Compositor {
    /// Paints `items` (paint order) into `target` within `damage`: finds what opaque layers hide
    /// (top-down), clears what no layer covers, then composites each layer's visible, damaged
    /// part bottom-up. `lane` is the band of a split frame doing it (0 on the loop thread).
    ///
    /// With `bandRows`, `rows` (the damage's, unless given: a frame whose scroll was moved
    /// changed more rows than it paints) are gone through in bands of that many rows from the
    /// top, every layer's part of one band before the next band, and `onBand` is called with
    /// each band's rows once they are final (`FrameBandSink`). Returns the pixels written
    /// (overdraw included).
    @discardableResult
    func paint(
        _ items: [PaintItem], damage: Region, rows: Range<Int>? = nil, into target: PixelBuffer, image: PixmanImage, lane: Int = 0,
        bandRows: Int = .max, onBand: ((Range<Int>) -> Void)? = nil
    ) -> Int {
        var covered = Region()
        var plan = PaintPlan(count: items.count)
        let damageBounds = damage.bounds
        for index in items.indices.reversed() {
            let item = items[index]
            // A layer away from the damage paints nothing and hides nothing that is painted (most
            // rows of a list whose scroll was moved, not painted).
            guard item.visibleRect.intersects(damageBounds) else { continue }
            plan.regions[index] = damage.intersection(item.visibleRect).subtracting(covered)
            plan.opaque[index] = item.opaqueRegion
            covered.formUnion(plan.opaque[index])
        }
        plan.extents = plan.regions.map(\.bounds)
        let uncovered = damage.subtracting(covered)
        let bounds = damage.bounds
        let rows = rows ?? bounds.minY..<bounds.maxY
        var top = rows.lowerBound
        while top < rows.upperBound {
            let bottom = rows.upperBound - top > bandRows ? top + bandRows : rows.upperBound
            plan.band = top <= bounds.minY && bottom >= bounds.maxY ? nil : PixelRect(minX: bounds.minX, minY: top, maxX: bounds.maxX, maxY: bottom)
            self.paint(items, plan: plan, uncovered: plan.band.map { uncovered.intersection($0) } ?? uncovered, target: target, image: image, lane: lane)
            onBand?(top..<bottom)
            top = bottom
        }
        return plan.regions.reduce(uncovered.area) { $0 + $1.area }
    }

    /// One band of `plan`: clears `uncovered`, then composites each item within its region.
    private func paint(_ items: [PaintItem], plan: PaintPlan, uncovered: Region, target: PixelBuffer, image: PixmanImage, lane: Int) {
        let background = self.clearColor.argbPremultiplied | (target.format == .xrgb8888 ? 0xFF00_0000 : 0)
        for rect in uncovered.rects { target.fill(rect, with: background) }
        var index = 0
        while index < items.count {
            if let group = items[index].group {
                var end = index + 1
                while end < items.count, items[end].group?.serial == group.serial { end += 1 }
                let regions = (index..<end).map { plan.region(of: $0) }
                self.paintGroup(group, items: items[index..<end], regions: regions[...], opaque: plan.opaque[index..<end], into: image, lane: lane)
                index = end
            } else {
                let region = plan.region(of: index)
                if !region.isEmpty {
                    self.paint(
                        items[index], region: region, opaque: plan.opaque[index], opacity: items[index].opacity, target: target, image: image, lane: lane)
                }
                index += 1
            }
        }
    }

    /// One item: its backdrop (into the frame only), then its backing or solid colour.
    private func paint(_ item: PaintItem, region: Region, opaque: Region, opacity: Double, target: PixelBuffer, image: PixmanImage, lane: Int) {
        guard !region.isEmpty else { return }
        if let backdrop = item.backdrop, target === self.frame, let state = self.backdropState(for: item.layer) {
            self.paintBackdrop(backdrop, of: item, state: state, region: region.intersection(item.frameRect), image: image, lane: lane)
        }
        if let backing = item.layer.backingImage {
            var region = region
            if item.layer.draw == nil, opacity >= 1, let color = item.layer.backgroundColor, color.isOpaque {
                // Where the background is opaque the backing holds its colour and nothing else:
                // filled, not read back (a sheet's surface with its shadow is a backing the
                // sheet's size: 3.8 million pixels read every frame of a 4K split-sheet drag).
                let inside = region.intersection(opaque)
                if !inside.isEmpty {
                    self.composite(PixmanImage(solid: color), item: item, region: inside, opacity: 1, into: image)
                    region = region.subtracting(inside)
                }
            }
            self.composite(backing, item: item, region: region, opacity: opacity, into: image)
        } else if let solid = item.layer.solidFill {
            self.composite(solid.image, item: item, region: region, opacity: opacity, ownShape: item.roundedShape, into: image)
        }
    }

    /// A subtree that fades as one picture: its items are painted into the scratch bitmap at
    /// their opacity relative to the group's (cleared first where they are damaged), and the
    /// scratch is composited with the group's opacity. Costs one extra composite of the group's
    /// damaged area, only while it fades.
    private func paintGroup(
        _ group: PaintGroup, items: ArraySlice<PaintItem>, regions: ArraySlice<Region>, opaque: ArraySlice<Region>, into image: PixmanImage, lane: Int
    ) {
        var area = Region()
        for region in regions { area.formUnion(region) }
        guard !area.isEmpty else { return }
        let scratch = self.groupScratch()
        for rect in area.rects { scratch.buffer.fill(rect, with: 0) }
        for ((item, region), opaque) in zip(zip(items, regions), opaque) {
            self.paint(item, region: region, opaque: opaque, opacity: item.opacity / group.opacity, target: scratch.buffer, image: scratch.image, lane: lane)
        }
        let mask = PixmanImage(solid: Color(white: 1, alpha: group.opacity))
        for rect in area.rects {
            Pixman.composite(.over, source: scratch.image, mask: mask, destination: image, sourceOrigin: (rect.x, rect.y), destinationRect: rect)
        }
    }

    /// The blur behind `item`, within its own rounded outline and its ancestors' rounded clip,
    /// copied from the backdrop's upsampled blur (upsampled first where it is not there yet):
    /// whole rows and columns straight in (times the intensity below 1); the corner squares with
    /// their coverage (times the intensity) as the mask.
    private func paintBackdrop(
        _ backdrop: LayerBackdrop, of item: PaintItem, state: BackdropState, region: Region, image: PixmanImage, lane: Int
    ) {
        guard backdrop.intensity > 0 else { return }
        let shapes = [item.roundedClip, item.roundedShape].compactMap { $0 }
        let (plain, cornered) = Self.split(region, by: shapes)
        for rect in cornered.rects {
            state.prepareUpsampled(rect, lane: lane)
            Pixman.composite(
                .over, source: state.upsampledImage, mask: Self.coverage(of: shapes, over: rect, opacity: backdrop.intensity), destination: image,
                sourceOrigin: (rect.x, rect.y), destinationRect: rect)
        }
        let fade = backdrop.intensity < 1 ? PixmanImage(solid: Color(white: 1, alpha: backdrop.intensity)) : nil
        for rect in plain.rects {
            state.prepareUpsampled(rect, lane: lane)
            Pixman.composite(
                fade == nil ? .copy : .over, source: state.upsampledImage, mask: fade, destination: image, sourceOrigin: (rect.x, rect.y),
                destinationRect: rect)
        }
    }

    /// Composites a layer's backing (or solid colour) within `region`, with `opacity` and its
    /// ancestors' clip; `ownShape` is a solid layer's own rounded outline, masked like a clip.
    private func composite(
        _ source: PixmanImage, item: PaintItem, region: Region, opacity: Double, ownShape: RoundedClip? = nil, into image: PixmanImage
    ) {
        let opacityMask = opacity < 1 ? PixmanImage(solid: Color(white: 1, alpha: opacity)) : nil
        let shapes = [item.roundedClip, ownShape].compactMap { $0 }
        let (plain, cornered) = Self.split(region.intersection(item.backingRect), by: shapes)
        for rect in plain.rects {
            Pixman.composite(
                .over, source: source, mask: opacityMask, destination: image,
                sourceOrigin: (rect.x - item.origin.x, rect.y - item.origin.y), destinationRect: rect)
        }
        // Near a rounded clip's (or the layer's own) corners, coverage times opacity is the mask.
        for rect in cornered.rects {
            Pixman.composite(
                .over, source: source, mask: Self.coverage(of: shapes, over: rect, opacity: opacity), destination: image,
                sourceOrigin: (rect.x - item.origin.x, rect.y - item.origin.y), destinationRect: rect)
        }
    }
}

extension Compositor {
    /// `region` split by rounded `shapes`: the pixels inside every shape's inner part (a plain
    /// clipped composite), and the rest within their bounds (the corner squares, through a
    /// coverage mask). Layer composites and backdrop blurs split the same way.
    static func split(_ region: Region, by shapes: [RoundedClip]) -> (plain: Region, cornered: Region) {
        // Most composites lie away from every corner (a row in the middle of a rounded list).
        let bounds = region.bounds
        if shapes.allSatisfy({ $0.innerContains(bounds) }) { return (region, Region()) }
        var plain = region
        var cornered = Region()
        for rounded in shapes {
            cornered.formUnion(plain.subtracting(rounded.inner))
            plain = plain.intersection(rounded.inner)
        }
        for rounded in shapes { cornered = cornered.intersection(rounded.shape.pixelBounds) }
        return (plain, cornered)
    }

    /// The coverage of all `shapes` over `rect` (the first's times the others'), times
    /// `opacity` below 1, as a pixman mask. `shapes` is not empty where anything is cornered.
    static func coverage(of shapes: [RoundedClip], over rect: PixelRect, opacity: Double) -> PixmanImage {
        let mask = ShapeCoverage.mask(shapes[0].shape, over: rect)
        for other in shapes.dropFirst() { mask.multiply(by: ShapeCoverage.mask(other.shape, over: rect)) }
        if opacity < 1 { mask.scale(by: opacity) }
        return PixmanImage(mask: mask)
    }
}

extension PaintItem {
    /// The layer's own rounded outline in device pixels (nil for square corners): a solid
    /// layer's shape, and where its backdrop blur ends.
    var roundedShape: RoundedClip? {
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

/// What `Compositor.paint` works out once for a frame and every band of it uses: each item's
/// visible, damaged region, its bounds, and what it hides.
struct PaintPlan {
    var regions: [Region]
    var extents: [PixelRect] = []
    /// Each item's `opaqueRegion`: where a backed layer with an opaque background is filled.
    var opaque: [Region]
    /// The rows being painted (nil: all at once).
    var band: PixelRect?

    init(count: Int) {
        self.regions = Array(repeating: Region(), count: count)
        self.opaque = Array(repeating: Region(), count: count)
    }

    /// Item `index`'s region within the band: itself when it lies inside, nothing when it lies
    /// outside (most layers of a band, cheaply), else cut to the band's rows.
    func region(of index: Int) -> Region {
        guard let band = self.band else { return self.regions[index] }
        let extent = self.extents[index]
        if extent.isEmpty || extent.maxY <= band.minY || extent.minY >= band.maxY { return Region() }
        if extent.minY >= band.minY, extent.maxY <= band.maxY { return self.regions[index] }
        return self.regions[index].intersection(PixelRect(minX: extent.minX, minY: band.minY, maxX: extent.maxX, maxY: band.maxY))
    }
}
