import Glibc
import VitrineCore

/// The items under a layer that `copiesMovedContent` (a scroll view), and the clip they show in.
struct ScrollSpan {
    let serial: UInt64
    /// The layer's bounds on screen, cut by its ancestors' clips: where its sublayers show.
    let clip: PixelRect
    /// The sublayers' items, in paint order.
    let items: Range<Int>
    /// Neither under a rounded clip nor in a fading group: its pixels move as they are.
    let plain: Bool
}

/// A scroll span whose composited pixels are moved this frame instead of composited again.
///
/// Moving the picture is right where every layer that painted it moved by `shift` too, and
/// what is behind looks the same everywhere (one opaque colour). Everything else inside the
/// clip is painted as usual: the strip that came into view, each item that did more than move
/// (where it was, moved along, and where it is), and the layers drawn over the clip.
struct ScrollCopy {
    let span: ScrollSpan
    /// Whole pixels the content moved since the last frame.
    let shift: (x: Int, y: Int)
    /// What is still painted inside the clip.
    var repaint: Region
    /// The highest last-frame rank of an item that only moved, in paint order: an item that
    /// only moved but now paints below one it was above is painted again, not moved.
    var highestRank = -1

    /// A copy whose repaint starts as the strip the shift brings into the clip.
    init(span: ScrollSpan, shift: (x: Int, y: Int)) {
        self.span = span
        self.shift = shift
        self.repaint = Region()
        self.repaint = Region(span.clip).subtracting(Region(self.destination))
    }

    /// Where moved pixels land: the clip, minus what the shift brings in from outside it.
    var destination: PixelRect { self.span.clip.intersection(self.span.clip.offsetBy(dx: self.shift.x, dy: self.shift.y)) }

    /// Adds the pixels of a last-frame rectangle after the move (they now show the wrong thing).
    mutating func repaintMoved(_ old: PixelRect) {
        self.repaint.formUnion(old.offsetBy(dx: self.shift.x, dy: self.shift.y).intersection(self.span.clip))
    }
}

extension PaintRecord {
    /// Whether this record is `old` moved by `shift` and nothing else, as far as `area` shows
    /// (the order aside). Its clips may come from clipping layers that moved along (a list's
    /// rounded group): they must have moved by the shift too, within `area`.
    func isMoved(from old: PaintRecord, by shift: (x: Int, y: Int), inside area: PixelRect) -> Bool {
        guard self.originX == old.originX + shift.x, self.originY == old.originY + shift.y, self.backingWidth == old.backingWidth,
            self.backingHeight == old.backingHeight, self.opacity == old.opacity, self.backingVersion == old.backingVersion,
            self.backdropIntensity == old.backdropIntensity,
            self.clip.intersection(area) == old.clip.offsetBy(dx: shift.x, dy: shift.y).intersection(area)
        else { return false }
        switch (self.roundedClip, old.roundedClip) {
        case (nil, nil): return true
        case (let new?, let old?):
            let moved = ShapeCoverage.RoundedRect(
                minX: old.shape.minX + Double(shift.x), minY: old.shape.minY + Double(shift.y), maxX: old.shape.maxX + Double(shift.x),
                maxY: old.shape.maxY + Double(shift.y), radii: old.shape.radii)
            return new.shape == moved
        default: return false
        }
    }
}

extension Compositor {
    /// The scroll spans whose pixels can be moved this frame: a plain span with the same clip as
    /// last frame, holding no group or backdrop, over one opaque colour, under no backdrop, whose
    /// items moved by one whole-pixel shift smaller than the clip. A span inside another that is
    /// moved is left to it (a page's scroll view sliding with the page: the items that scrolled
    /// inside it are painted as items that did more than move); spans that overlap without one
    /// holding the other are not moved.
    func plannedScrollCopies(_ items: [PaintItem], spans: [ScrollSpan], lastClips: [UInt64: PixelRect]) -> [ScrollCopy] {
        var copies: [ScrollCopy] = []
        for span in spans where span.plain && lastClips[span.serial] == span.clip {
            let holds = { (outer: ScrollSpan, inner: ScrollSpan) in
                outer.items.lowerBound <= inner.items.lowerBound && inner.items.upperBound <= outer.items.upperBound
            }
            let others = spans.filter { $0.serial != span.serial }
            guard !others.contains(where: { $0.clip.intersects(span.clip) && !holds(span, $0) && !holds($0, span) }) else { continue }
            if let copy = self.plannedScrollCopy(span, items) { copies.append(copy) }
        }
        return copies.filter { copy in
            !copies.contains {
                $0.span.serial != copy.span.serial && $0.span.items.lowerBound <= copy.span.items.lowerBound
                    && copy.span.items.upperBound <= $0.span.items.upperBound
            }
        }
    }

    private func plannedScrollCopy(_ span: ScrollSpan, _ items: [PaintItem]) -> ScrollCopy? {
        guard !items[span.items].contains(where: { $0.group != nil || $0.backdrop != nil }) else { return nil }
        guard let shift = self.commonShift(items[span.items]), shift != (0, 0) else { return nil }
        guard abs(shift.x) < span.clip.width, abs(shift.y) < span.clip.height else { return nil }
        guard self.isOneColour(span.clip, below: span.items.lowerBound, items) else { return nil }
        var copy = ScrollCopy(span: span, shift: shift)
        for item in items[span.items.upperBound...] where item.visibleRect.intersects(span.clip) {
            // A blur over the clip blurs what moves: it is worked out from the layers.
            if item.backdrop != nil { return nil }
            copy.repaint.formUnion(item.visibleRect.intersection(span.clip))
            if let old = self.lastRecord(of: item.layer) { copy.repaintMoved(old.visibleRect.intersection(span.clip)) }
        }
        return copy
    }

    /// The shift of the first item that kept its picture since the last frame.
    private func commonShift(_ items: ArraySlice<PaintItem>) -> (x: Int, y: Int)? {
        for item in items {
            guard let old = self.lastRecord(of: item.layer), old.backingVersion == item.layer.backingVersion,
                old.backingWidth == item.backingRect.width, old.backingHeight == item.backingRect.height, old.opacity == item.opacity
            else { continue }
            return (item.origin.x - old.originX, item.origin.y - old.originY)
        }
        return nil
    }

    /// Whether everything painted under `clip` before item `index` is one opaque colour there:
    /// the first layer below that reaches into the clip covers all of it with an unchanged solid
    /// background (no drawing), or nothing does (the clear colour).
    private func isOneColour(_ clip: PixelRect, below index: Int, _ items: [PaintItem]) -> Bool {
        for item in items[..<index].reversed() where item.visibleRect.intersects(clip) {
            let layer = item.layer
            guard layer.draw == nil, item.backdrop == nil, item.group == nil, layer.backingVersion == layer.contentVersion,
                let old = self.lastRecord(of: layer), old.backingVersion == layer.backingVersion, old.visibleRect == item.visibleRect,
                old.opacity == item.opacity
            else { return false }
            return Region(clip).subtracting(item.opaqueRegion).isEmpty
        }
        return true
    }

    /// Moves the composited pixels of `copy`'s clip by its shift, inside the frame (rows in the
    /// order that reads each before it is overwritten).
    func move(_ copy: ScrollCopy) {
        let destination = copy.destination
        guard !destination.isEmpty else { return }
        let frame = self.frame
        let bytes = destination.width * 4
        let down = copy.shift.y > 0
        for step in 0..<destination.height {
            let y = down ? destination.maxY - 1 - step : destination.minY + step
            memmove(frame.row(y) + destination.minX, frame.row(y - copy.shift.y) + (destination.minX - copy.shift.x), bytes)
        }
    }
}
