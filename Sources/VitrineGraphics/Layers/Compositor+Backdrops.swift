import VitrineCore

extension Compositor {
    /// Keeps each backdrop's picture-behind and blur current; returns the damage grown by what
    /// the blur spreads.
    func updateBackdrops(_ items: [PaintItem], changedBelow: [Region], damage: Region) -> Region {
        var damage = damage
        var seen = Set<UInt64>()
        for (index, item) in items.enumerated() {
            guard let backdrop = item.backdrop else { continue }
            let id = item.layer.serial
            seen.insert(id)
            let state: BackdropState
            if let existing = self.backdrops[id], existing.matches(backdrop, size: self.frame.size) {
                state = existing
                let behind = changedBelow[index]
                guard !behind.isEmpty else { continue }
                self.paintInBands(Array(items[0..<index]), damage: behind, into: state.below, image: state.belowImage)
                state.blur.invalidate(behind)
                // The blur spreads a change by its support radius.
                let reach = state.blur.plan.supportRadius * state.blur.plan.downsampleFactor + state.blur.plan.downsampleFactor
                var spread = Region()
                for rect in behind.rects { spread.formUnion(rect.insetBy(-reach)) }
                state.invalidateUpsampled(spread)
                damage.formUnion(spread.intersection(item.visibleRect))
            } else {
                let below = PixelBuffer(size: self.frame.size, format: .xrgb8888)
                let belowImage = PixmanImage(buffer: below)
                self.paintInBands(Array(items[0..<index]), damage: Region(below.bounds), into: below, image: belowImage)
                let blur = BackdropBlur(source: below, sigma: backdrop.sigma * self.scale, style: backdrop.style, forkJoin: self.forkJoin)
                self.backdrops[id] = BackdropState(backdrop: backdrop, below: below, belowImage: belowImage, blur: blur)
                damage.formUnion(item.visibleRect)
            }
        }
        for id in self.backdrops.keys where !seen.contains(id) { self.backdrops[id] = nil }
        return damage.intersection(self.frame.bounds)
    }

    func backdropState(for layer: Layer) -> BackdropState? { self.backdrops[layer.serial] }
}

/// The picture behind one backdrop layer and its cached blur.
final class BackdropState {
    let backdrop: LayerBackdrop
    let below: PixelBuffer
    let belowImage: PixmanImage
    let blur: BackdropBlur
    /// The blur at full resolution, kept where it has been drawn (`upsampledValid`): a sheet
    /// dragged over the backdrop uncovers and shades strips of it every frame, and copying a
    /// strip back is a fraction of upsampling it again (the upsample was most of the 1080p drag's
    /// blur cost, and all of the sheet shadow's). Made at the first draw, the frame's size.
    lazy var upsampled = PixelBuffer(size: self.below.size, format: .xrgb8888)
    lazy var upsampledImage = PixmanImage(buffer: self.upsampled)
    /// Where `upsampled` holds the current blur; what changes behind shrinks it. Locked: the two
    /// bands of a split frame both upsample (each its own rows, so a part one band claims is never
    /// read by the other before it is drawn).
    private let upsampledValid = Locked(Region())

    /// Makes `upsampled` current within `rect` (upsampling only what is not there yet), with
    /// `lane`'s scratch (the band painting it).
    func prepareUpsampled(_ rect: PixelRect, lane: Int = 0) {
        let missing = self.upsampledValid.withLock { valid in
            let missing = Region(rect).subtracting(valid)
            valid.formUnion(missing)
            return missing
        }
        for part in missing.rects { self.blur.draw(into: self.upsampled, rect: part, lane: lane) }
    }

    /// Forgets the upsampled blur within `region` (the picture behind changed there, grown by
    /// the blur's reach).
    func invalidateUpsampled(_ region: Region) {
        self.upsampledValid.withLock { $0 = $0.subtracting(region) }
    }

    init(backdrop: LayerBackdrop, below: PixelBuffer, belowImage: PixmanImage, blur: BackdropBlur) {
        self.backdrop = backdrop
        self.below = below
        self.belowImage = belowImage
        self.blur = blur
    }

    /// Whether this state still fits (intensity may change freely; style and blur may not).
    func matches(_ other: LayerBackdrop, size: PixelSize) -> Bool {
        self.backdrop.style == other.style && self.backdrop.sigma == other.sigma && self.below.size == size
    }
}
