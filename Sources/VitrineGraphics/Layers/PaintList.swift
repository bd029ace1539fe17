import VitrineCore

/// A rounded clip in device pixels: the shape's inner part clips like a rectangle, only the four
/// corner squares need a coverage mask. The inner part is worked out once, when the clip is made
/// (a layer's clip is copied to every layer under it, and each composite of each band asks).
final class RoundedClip: Hashable {
    let shape: ShapeCoverage.RoundedRect
    /// The pixels fully inside the shape (the rect minus the corner squares): `tall ∪ wide`.
    ///
    /// A shape on whole pixels (every clip and solid shape the compositor makes: they come from
    /// frame rectangles rounded to pixels) covers its straight edges' rows and columns fully, so
    /// only the corner squares are left out, and only at rounded corners. A shape with a
    /// fractional edge also leaves out a pixel along each edge. (Leaving the edge rows and
    /// columns out of whole-pixel shapes sent every layer in a sheet through a coverage mask
    /// along the sheet's top row and sides each frame: 1920 × 1 masks, two thirds of a content
    /// sheet drag's instructions at 1080p.)
    let inner: Region
    /// The inner part's full-height and full-width rectangles.
    private let tall: PixelRect
    private let wide: PixelRect

    init(shape: ShapeCoverage.RoundedRect) {
        self.shape = shape
        let bounds = shape.pixelBounds
        let r = shape.radii
        let whole = [shape.minX, shape.minY, shape.maxX, shape.maxY].allSatisfy { $0 == $0.rounded() }
        let edge = whole ? 0 : 1
        /// How far in from the bounds a corner of radius `radius` reaches (whole pixels).
        func reach(_ radius: Double) -> Int { radius <= 0 ? edge : SaturatingPixels.int(radius.rounded(.up)) + 1 }
        let top = reach(max(r.topLeft, r.topRight))
        let bottom = reach(max(r.bottomLeft, r.bottomRight))
        let left = reach(max(r.topLeft, r.bottomLeft))
        let right = reach(max(r.topRight, r.bottomRight))
        self.tall = PixelRect(minX: bounds.minX + left, minY: bounds.minY + edge, maxX: bounds.maxX - right, maxY: bounds.maxY - edge)
        self.wide = PixelRect(minX: bounds.minX + edge, minY: bounds.minY + top, maxX: bounds.maxX - edge, maxY: bounds.maxY - bottom)
        self.inner = Region(self.tall).union(Region(self.wide))
    }

    /// Whether all of `rect` is inside (one of the inner rectangles holds it): no mask needed.
    func innerContains(_ rect: PixelRect) -> Bool {
        rect.isEmpty || self.tall.intersection(rect) == rect || self.wide.intersection(rect) == rect
    }

    static func == (lhs: RoundedClip, rhs: RoundedClip) -> Bool { lhs.shape == rhs.shape }
    func hash(into hasher: inout Hasher) { hasher.combine(self.shape) }
}

/// One layer, placed on the screen for this frame.
struct PaintItem {
    let layer: Layer
    /// Where the backing's (0, 0) lands, in device pixels.
    var origin: (x: Int, y: Int)
    /// The backing's rectangle on screen (frame plus shadow margin).
    var backingRect: PixelRect
    /// The layer's frame on screen, rounded to pixels (outward).
    var frameRect: PixelRect
    /// The whole pixels inside the frame: a fractional edge is anti-aliased, so only these can
    /// be opaque.
    var innerRect: PixelRect
    /// The intersection of the clipping ancestors' bounds with the screen.
    var clip: PixelRect
    var roundedClip: RoundedClip?
    /// Product of the layer's and its ancestors' opacities.
    var opacity: Double
    var backdrop: LayerBackdrop?
    /// The shadow margin around the frame inside the backing, in pixels.
    var margin: Int
    /// The layer's corner radii in device pixels.
    var cornerRadii: CornerRadii
    /// The corners outside which the layer's own pixels are all opaque, in device pixels
    /// (`Layer.opaqueCorners`); nil: not opaque.
    var opaqueCorners: CornerRadii?
    /// The fading ancestor (or this layer) whose subtree is composited as one picture.
    var group: PaintGroup?

    /// What the layer can change on screen.
    var visibleRect: PixelRect {
        let drawn = self.backdrop != nil ? self.backingRect.boundingUnion(self.frameRect) : self.backingRect
        return drawn.intersection(self.clip)
    }

    /// Pixels this layer alone decides (opaque, unclipped by a rounded ancestor corner): layers
    /// below it need no painting there.
    var opaqueRegion: Region {
        guard self.opacity >= 1 else { return Region() }
        var region = Region()
        if let backdrop = self.backdrop, backdrop.intensity >= 1 {
            // The blur fills the frame but for its rounded corners.
            region = self.roundedShape?.inner ?? Region(self.frameRect)
        } else if let radii = self.opaqueCorners {
            let inner = self.innerRect
            let shape = ShapeCoverage.RoundedRect(
                minX: Double(inner.minX), minY: Double(inner.minY), maxX: Double(inner.maxX), maxY: Double(inner.maxY), radii: radii)
            region = radii.isZero ? Region(inner) : RoundedClip(shape: shape).inner
        }
        region = region.intersection(self.clip)
        if let rounded = self.roundedClip { region = region.intersection(rounded.inner) }
        return region
    }
}

/// A subtree that fades as one picture (`Layer.allowsGroupOpacity`): its items are painted
/// into a scratch bitmap at their opacity relative to the group's, which is composited with the
/// group's opacity. Its items are contiguous in paint order.
struct PaintGroup {
    /// The serial of the layer at the group's root.
    let serial: UInt64
    /// The group root's effective opacity (its own times its ancestors').
    let opacity: Double
}

/// What a layer looked like on screen last frame, to find what changed.
struct PaintRecord: Equatable {
    var visibleRect: PixelRect
    var originX: Int
    var originY: Int
    var backingWidth: Int
    var backingHeight: Int
    var clip: PixelRect
    var roundedClip: RoundedClip?
    var opacity: Double
    var backingVersion: UInt64
    var backdropIntensity: Double?
    var order: Int

    /// Whether `other` is this record but for its rectangular clip (and so what it shows of
    /// the layer): the pixels both show are the same (a rounded clip's coverage is the same
    /// while its shape is). Not for a backdrop: what it blurs is cut by the clip.
    func differsOnlyInClip(from other: PaintRecord) -> Bool {
        guard self.clip != other.clip, self.backdropIntensity == nil, other.backdropIntensity == nil else { return false }
        var same = other
        same.clip = self.clip
        same.visibleRect = self.visibleRect
        return same == self
    }
}

extension PaintItem {
    /// Flattens the visible tree into paint order (parents before children, siblings in order).
    static func flatten(_ root: Layer, screen: PixelRect, scale: Double) -> [PaintItem] {
        var spans: [ScrollSpan] = []
        return self.flatten(root, screen: screen, scale: scale, spans: &spans)
    }

    /// The same, and the items under each layer that `copiesMovedContent`.
    static func flatten(_ root: Layer, screen: PixelRect, scale: Double, spans: inout [ScrollSpan]) -> [PaintItem] {
        var items: [PaintItem] = []
        self.visit(root, offset: .zero, clip: screen, roundedClip: nil, opacity: 1, group: nil, scale: scale, into: &items, spans: &spans)
        self.dissolveTrivialGroups(&items)
        return items
    }

    /// A group of one item paints the same per layer, and a group holding a backdrop cannot be
    /// painted offscreen: their items fade per layer.
    private static func dissolveTrivialGroups(_ items: inout [PaintItem]) {
        var start = 0
        while start < items.count {
            guard let group = items[start].group else {
                start += 1
                continue
            }
            var end = start + 1
            while end < items.count, items[end].group?.serial == group.serial { end += 1 }
            if end - start < 2 || items[start..<end].contains(where: { $0.backdrop != nil }) {
                for index in start..<end { items[index].group = nil }
            }
            start = end
        }
    }

    private static func visit(
        _ layer: Layer, offset: Point, clip: PixelRect, roundedClip: RoundedClip?, opacity: Double, group: PaintGroup?, scale: Double,
        into items: inout [PaintItem], spans: inout [ScrollSpan]
    ) {
        guard !layer.isHidden, layer.opacity > 0, layer.frame.size.width.isFinite, layer.frame.size.height.isFinite else { return }
        let screenOrigin = offset + layer.frame.origin
        let x = SaturatingPixels.int((screenOrigin.x * scale).rounded())
        let y = SaturatingPixels.int((screenOrigin.y * scale).rounded())
        let width = SaturatingPixels.int((max(0, layer.frame.width) * scale).rounded(.up))
        let height = SaturatingPixels.int((max(0, layer.frame.height) * scale).rounded(.up))
        let frameRect = PixelRect(x: x, y: y, width: width, height: height)
        let innerRect = PixelRect(
            x: x, y: y, width: SaturatingPixels.int((max(0, layer.frame.width) * scale).rounded(.down)),
            height: SaturatingPixels.int((max(0, layer.frame.height) * scale).rounded(.down)))
        let margin = Self.shadowMargin(layer.shadow, scale: scale)
        let effectiveOpacity = opacity * min(1, layer.opacity)
        // Only the outermost fading layer groups; a fading layer inside a group multiplies in.
        var group = group
        if group == nil, layer.allowsGroupOpacity, layer.opacity < 1, !layer.sublayers.isEmpty {
            group = PaintGroup(serial: layer.serial, opacity: effectiveOpacity)
        }
        if layer.hasContent || layer.backdrop != nil {
            items.append(
                PaintItem(
                    layer: layer, origin: (x - margin, y - margin), backingRect: frameRect.insetBy(-margin), frameRect: frameRect, innerRect: innerRect,
                    clip: clip, roundedClip: roundedClip, opacity: effectiveOpacity, backdrop: layer.backdrop, margin: margin,
                    cornerRadii: layer.cornerRadii.scaled(by: scale), opaqueCorners: layer.opaqueCorners?.scaled(by: scale), group: group))
        }
        var childClip = clip
        var childRounded = roundedClip
        if layer.clipsToBounds {
            childClip = clip.intersection(frameRect)
            if !layer.cornerRadii.isZero {
                childRounded = RoundedClip(
                    shape: ShapeCoverage.RoundedRect(
                        minX: Double(frameRect.minX), minY: Double(frameRect.minY), maxX: Double(frameRect.maxX), maxY: Double(frameRect.maxY),
                        radii: layer.cornerRadii.scaled(by: scale)))
            }
        }
        guard !childClip.isEmpty else { return }
        let first = items.count
        for sublayer in layer.sublayers {
            self.visit(
                sublayer, offset: screenOrigin, clip: childClip, roundedClip: childRounded, opacity: effectiveOpacity, group: group, scale: scale,
                into: &items, spans: &spans)
        }
        if layer.copiesMovedContent, layer.clipsToBounds, items.count > first {
            spans.append(ScrollSpan(serial: layer.serial, clip: childClip, items: first..<items.count, plain: childRounded == nil && group == nil))
        }
    }

    /// Pixels of shadow around the frame: three standard deviations plus the offset.
    static func shadowMargin(_ shadow: LayerShadow?, scale: Double) -> Int {
        guard let shadow, shadow.color.alpha > 0 else { return 0 }
        let reach = 3 * max(0, shadow.blur) + max(abs(shadow.offset.x), abs(shadow.offset.y))
        return SaturatingPixels.int((reach * scale).rounded(.up)) + 1
    }
}
