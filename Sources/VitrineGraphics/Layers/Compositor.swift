import VitrineCore
import VitrineSystem

/// Turns a layer tree into frames: redraws only dirty layer contents, computes what changed on
/// screen, and composites only that (damage) into the frame, with pixman.
///
/// Each `render()`:
/// 1. flattens the visible tree into paint order and redraws the backings whose content is dirty;
/// 2. compares every layer's placement (rect, clip, opacity, content version, order) with the
///    last frame: a change damages the old and the new rectangle, nothing else (a change of
///    the rectangular clip alone, only the pixels shown or hidden);
/// 3. keeps the picture behind each backdrop layer up to date and re-blurs only what changed
///    behind it (`BackdropBlur.invalidate`), forgetting its kept full-size blur there
///    (`BackdropState.upsampled`, from which the strips a moving sheet uncovers are copied);
/// 4. walks the layers top-down to find what opaque layers hide, then paints bottom-up only the
///    damaged, visible part of each layer;
/// 5. returns the damage, which the output copies to the screen.
///
/// Moving or fading a layer therefore costs a composite of its old and new rectangles, not a
/// redraw. A fading layer with sublayers fades as one picture (`Layer.allowsGroupOpacity`),
/// through a scratch bitmap. `scale` maps the tree's points to the frame's pixels.
///
/// With a two-lane `forkJoin`, a composite that covers at least half the screen (the first frame,
/// a full redraw, the picture behind a new backdrop) is painted as two bands of rows at once, and
/// a backdrop's large re-blur is split too; both join before `render()` returns, with the same
/// pixels as one thread (Docs/rendering.md, "The second core").
public final class Compositor {
    public let root: Layer
    public let scale: Double
    /// The frame everything is composited into (the shadow buffer outputs copy from).
    public private(set) var frame: PixelBuffer
    /// What shows where no layer paints.
    public var clearColor: Color = .black {
        didSet { if oldValue != self.clearColor { self.needsFullRedraw = true } }
    }
    /// Backings redrawn by the last `render()` (for tests and stats).
    public private(set) var lastRedrawCount = 0
    /// Pixels the last `render()` wrote into the frame: each layer's visible, damaged part plus
    /// what no layer covers, so where layers overlap a pixel counts once per layer (for tests
    /// and the bench's overdraw figure). Not counted when the frame is split across two lanes.
    public internal(set) var lastPaintedArea = 0
    /// Pixels the last `render()` moved inside the frame instead of painting them again: a
    /// scroll's content (`Layer.copiesMovedContent`, `Compositor+Scroll`).
    public internal(set) var lastMovedArea = 0
    /// The layers that `changesWithTime` the last `render()` placed on screen with some pixels
    /// showing: the ones to draw again at the next frame (`Window` does). Empty when none shows,
    /// so a spinner pushed under another screen, hidden or scrolled away costs no frames.
    public private(set) var shownTimedLayers: [Layer] = []
    public let shadowCache = ShadowCache()
    /// Takes the frame band by band as it is painted (the output's copy to its scanout buffer):
    /// each band of `bandBytes` is handed over while it is still in the cache. Nil: the frame is
    /// painted in one go and copied when presented.
    public weak var bandSink: FrameBandSink?
    /// The size of a band of rows handed to `bandSink` (at least 16 rows): 1 MiB, so the band is
    /// still in the cache when it is copied (a Cortex-A72 cluster's L2; the build machine's EPYC
    /// has 512 KiB of L2 a core and 16 MiB of L3). Measured on the 4K pager swipe, median frame:
    /// 8.5 ms at 1 MiB, 8.9 ms at 512 KiB, 8.3 ms at 2 MiB, 10.3 ms painted whole
    /// (`present-bands-*` rows, Docs/rendering.md "Copying to the screen").
    public var bandBytes = 1024 * 1024
    /// Splits full-frame work across two cores (nil or one lane: everything on this thread).
    public var forkJoin: ForkJoin? {
        didSet { for state in self.backdrops.values { state.blur.forkJoin = self.forkJoin } }
    }

    let frameImage: PixmanImage
    private var records: [UInt64: PaintRecord] = [:]
    private var needsFullRedraw = true
    /// Each scrolling layer's clip last frame: its pixels are moved only where it is unchanged.
    private var scrollClips: [UInt64: PixelRect] = [:]
    var backdrops: [UInt64: BackdropState] = [:]
    /// Where a fading group is painted before it is composited (made at the first group, the
    /// frame's size, premultiplied ARGB).
    private var groupBuffer: (buffer: PixelBuffer, image: PixmanImage)?

    public init(root: Layer, size: PixelSize, scale: Double = 1) {
        self.root = root
        self.scale = scale
        self.frame = PixelBuffer(size: size, format: .xrgb8888)
        self.frameImage = PixmanImage(buffer: self.frame)
    }

    /// The next `render()` repaints everything (after the output lost its buffers, say).
    public func setNeedsFullRedraw() { self.needsFullRedraw = true }

    /// Brings the frame up to date and returns the pixels that changed.
    @discardableResult
    public func render() -> Region {
        let screen = self.frame.bounds
        var spans: [ScrollSpan] = []
        let items = PaintItem.flatten(self.root, screen: screen, scale: self.scale, spans: &spans)
        self.lastRedrawCount = 0
        self.lastPaintedArea = 0
        self.lastMovedArea = 0
        for item in items where item.layer.hasContent { self.updateBacking(item) }
        self.shownTimedLayers = Self.shownTimedLayers(items)
        var damage = self.needsFullRedraw ? Region(screen) : Region()
        // What changed on screen (`running`, for the output and the backdrops above), and what
        // must be painted for it: the same, but where a scroll's pixels are moved instead.
        var mustPaint = damage
        var copies = self.needsFullRedraw ? [] : self.plannedScrollCopies(items, spans: spans, lastClips: self.scrollClips)
        self.scrollClips = Dictionary(spans.map { ($0.serial, $0.clip) }, uniquingKeysWith: { first, _ in first })
        var copyOf = [Int?](repeating: nil, count: copies.isEmpty ? 0 : items.count)
        for (index, copy) in copies.enumerated() { for item in copy.span.items { copyOf[item] = index } }
        var current: [UInt64: PaintRecord] = [:]
        current.reserveCapacity(items.count)
        var changedBelow: [Region] = []  // changedBelow[i]: damage from items before i
        changedBelow.reserveCapacity(items.count)
        var running = damage
        // A layer that appears or goes (a caret's blink, a key's popup) moves every later layer's
        // index in the paint list without changing what is drawn over what: records are compared
        // by their order among the layers painted in both frames, so only that layer is damaged
        // (a blinking caret had damaged the whole keyboard drawn after it).
        let oldRanks = self.ranksOfLayersStillPainted(items)
        var rank = 0
        for (order, item) in items.enumerated() {
            changedBelow.append(running)
            let record = PaintRecord(
                visibleRect: item.visibleRect, originX: item.origin.x, originY: item.origin.y, backingWidth: item.backingRect.width,
                backingHeight: item.backingRect.height, clip: item.clip, roundedClip: item.roundedClip, opacity: item.opacity,
                backingVersion: item.layer.backingVersion, backdropIntensity: item.backdrop?.intensity, order: order)
            let id = item.layer.serial
            current[id] = record
            let old = self.records[id]
            let oldRank = oldRanks[id]
            if let index = copyOf.isEmpty ? nil : copyOf[order] {
                // Inside a scroll whose pixels move: only what did more than move is painted.
                if order == copies[index].span.items.lowerBound { running.formUnion(copies[index].span.clip) }
                if old != nil, oldRank != nil { rank += 1 }
                if let old, let oldRank, record.isMoved(from: old, by: copies[index].shift, inside: copies[index].destination),
                    oldRank > copies[index].highestRank
                {
                    copies[index].highestRank = oldRank
                } else {
                    if let old { copies[index].repaintMoved(old.visibleRect) }
                    copies[index].repaint.formUnion(record.visibleRect)
                }
                continue
            }
            var changed = Region()
            if var old, let oldRank {
                var record = record
                old.order = oldRank
                record.order = rank
                rank += 1
                if old.differsOnlyInClip(from: record) {
                    // Same picture at the same place, cut differently (a pane shrinking under a
                    // split sheet clips every layer in it anew each frame): only the pixels it
                    // stopped or started covering change.
                    let kept = Region(old.visibleRect.intersection(record.visibleRect))
                    changed = Region(old.visibleRect).union(Region(record.visibleRect)).subtracting(kept)
                } else if old != record {
                    changed = Region(old.visibleRect).union(Region(record.visibleRect))
                }
            } else {
                changed = Region(record.visibleRect)
            }
            if !changed.isEmpty {
                running.formUnion(changed)
                mustPaint.formUnion(changed)
            }
        }
        damage = running
        for (id, old) in self.records where current[id] == nil {
            damage.formUnion(old.visibleRect)
            mustPaint.formUnion(old.visibleRect)
            for index in copies.indices where old.visibleRect.intersects(copies[index].span.clip) { copies[index].repaintMoved(old.visibleRect) }
        }
        for copy in copies { mustPaint.formUnion(copy.repaint) }
        self.records = current
        damage = damage.intersection(screen)
        let grown = self.updateBackdrops(items, changedBelow: changedBelow, damage: damage)
        mustPaint = mustPaint.union(grown.subtracting(damage)).intersection(screen)
        damage = grown
        self.needsFullRedraw = false
        if !damage.isEmpty {
            for copy in copies {
                self.move(copy)
                self.lastMovedArea += copy.destination.area
            }
            let rows = damage.bounds.minY..<damage.bounds.maxY
            if let sink = self.bandSink {
                sink.beginFrame(self.frame, damage: damage)
                self.paintInBands(items, damage: mustPaint, rows: rows, into: self.frame, image: self.frameImage) { rows in sink.bandPainted(rows) }
            } else {
                self.paintInBands(items, damage: mustPaint, rows: rows, into: self.frame, image: self.frameImage)
            }
        }
        return damage
    }

    /// The layers that change with time and show some pixel: on screen, not clipped away, and
    /// not hidden under opaque layers painted after them (a spinner on the first screen under the
    /// onboarding, or under a full-screen card). Nothing to do, and no regions made, when no
    /// layer in the frame changes with time.
    static func shownTimedLayers(_ items: [PaintItem]) -> [Layer] {
        var shown: [Layer] = []
        for index in items.indices where items[index].layer.changesWithTime && !items[index].visibleRect.isEmpty {
            var showing = Region(items[index].visibleRect)
            for above in items[(index + 1)...] where above.visibleRect.intersects(showing.bounds) {
                showing = showing.subtracting(above.opaqueRegion)
                if showing.isEmpty { break }
            }
            if !showing.isEmpty { shown.append(items[index].layer) }
        }
        return shown
    }

    /// What the compositor painted under `layer` last frame, if it did.
    func lastRecord(of layer: Layer) -> PaintRecord? { self.records[layer.serial] }

    /// Each layer painted last frame and again now, by serial: its place among those layers in
    /// last frame's paint order.
    private func ranksOfLayersStillPainted(_ items: [PaintItem]) -> [UInt64: Int] {
        var byOrder = [UInt64?](repeating: nil, count: self.records.count)
        for item in items {
            let id = item.layer.serial
            if let old = self.records[id], old.order < byOrder.count { byOrder[old.order] = id }
        }
        var ranks: [UInt64: Int] = [:]
        ranks.reserveCapacity(items.count)
        for id in byOrder {
            guard let id else { continue }
            ranks[id] = ranks.count
        }
        return ranks
    }

    // MARK: - Backings

    private func updateBacking(_ item: PaintItem) {
        let layer = item.layer
        if let color = Self.solidColor(of: layer, scale: self.scale) {
            // No bitmap: a full-screen page background would cost 4 MB at 1280x800 for one colour.
            layer.backing = nil
            if layer.solidFill?.color != color || layer.backingVersion != layer.contentVersion {
                layer.solidFill = (color, PixmanImage(solid: color))
                layer.displayCount += 1
                self.lastRedrawCount += 1
            }
            layer.backingVersion = layer.contentVersion
            return
        }
        layer.solidFill = nil
        if self.drawBacking(item) { self.lastRedrawCount += 1 }
    }

    /// Draws `item`'s backing when it is missing or stale (a new content version, or a new size);
    /// true when it drew. `render()` and `prepareBackings(of:)` (a pushed page drawn ahead) both
    /// draw through here.
    func drawBacking(_ item: PaintItem) -> Bool {
        let layer = item.layer
        let size = PixelSize(width: item.backingRect.width, height: item.backingRect.height)
        guard layer.backingVersion != layer.contentVersion || layer.backing?.size != size else { return false }
        guard size.width > 0, size.height > 0, size.area <= 64 * 1024 * 1024 else {
            layer.backing = nil
            layer.backingVersion = layer.contentVersion
            return false
        }
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
                // A clipping layer's own content is rounded too, not only its sublayers.
                if layer.clipsToBounds { canvas.keepOnly(inside: bounds, cornerRadii: layer.cornerRadii) }
            }
        }
        layer.backing = backing
        layer.backingVersion = layer.contentVersion
        layer.displayCount += 1
        return true
    }

    /// The colour of a layer that draws nothing but its background over whole pixels: no
    /// drawing closure, no shadow, and a size that is a whole number of pixels (a fractional
    /// edge needs the backing's anti-aliased column). Rounded corners are fine: the composite
    /// masks them (`Compositor+Paint`), so a list's rounded group or a sheet's surface needs no
    /// bitmap of its own size (a 1232 × 1800-pixel list group was 8.9 MB of backing). Nil for
    /// any other layer.
    static func solidColor(of layer: Layer, scale: Double) -> Color? {
        guard layer.draw == nil, layer.shadow == nil, let color = layer.backgroundColor, color.alpha > 0 else { return nil }
        let width = layer.frame.width * scale
        let height = layer.frame.height * scale
        guard width == width.rounded(), height == height.rounded() else { return nil }
        return color
    }

    /// The scratch bitmap for fading groups, made once.
    func groupScratch() -> (buffer: PixelBuffer, image: PixmanImage) {
        if let existing = self.groupBuffer { return existing }
        let buffer = PixelBuffer(size: self.frame.size, format: .argb8888Premultiplied)
        let made = (buffer: buffer, image: PixmanImage(buffer: buffer))
        self.groupBuffer = made
        return made
    }

    /// Paints `items` into `target` within `damage`: as two bands of rows at once (lane 0 on this
    /// thread, lane 1 on the second core) when `forkJoin` has two lanes and the damage covers at
    /// least half the screen, else all here. A band paints only its own pixels: everything is
    /// clipped to it, and what the bands share is made before they start (the group scratch and
    /// each backdrop's upsampled blur, both made at first use).
    ///
    /// With `onBand` (the frame going to `bandSink`), one thread paints it in bands of rows of
    /// `bandBytes` from the top and calls `onBand` after each; two lanes call it once at the end.
    func paintInBands(
        _ items: [PaintItem], damage: Region, rows: Range<Int>? = nil, into target: PixelBuffer, image: PixmanImage,
        onBand: ((Range<Int>) -> Void)? = nil
    ) {
        let rows = rows ?? damage.bounds.minY..<damage.bounds.maxY
        guard let forkJoin = self.forkJoin, forkJoin.threads > 1, 2 * damage.area >= self.frame.bounds.area else {
            let bandRows = onBand == nil ? Int.max : max(16, self.bandBytes / max(1, 4 * target.width))
            let painted = self.paint(items, damage: damage, rows: rows, into: target, image: image, lane: 0, bandRows: bandRows, onBand: onBand)
            if target === self.frame { self.lastPaintedArea += painted }
            return
        }
        defer { onBand?(rows) }
        if items.contains(where: { $0.group != nil }) { _ = self.groupScratch() }
        if target === self.frame {
            for item in items where item.backdrop != nil { _ = self.backdropState(for: item.layer)?.upsampledImage }
        }
        let bounds = damage.bounds
        forkJoin.run { lane in
            let rows = forkJoin.part(lane, of: bounds.minY..<bounds.maxY)
            let band = damage.intersection(PixelRect(minX: bounds.minX, minY: rows.lowerBound, maxX: bounds.maxX, maxY: rows.upperBound))
            self.paint(items, damage: band, into: target, image: image, lane: lane)
        }
    }
}
