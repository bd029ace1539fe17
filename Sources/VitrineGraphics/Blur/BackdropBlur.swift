import VitrineCore
import VitrineSystem

/// A frosted-glass copy of a backdrop: blurred at reduced resolution, styled, cached, and
/// upsampled on demand.
///
/// This is the blur behind a ContentSheet. The expensive part (area-average down by f, three box
/// passes per axis, saturation and tint) runs once when the object is made and then only for
/// what changes behind the sheet; every frame of a drag costs only `draw(into:rect:)`, a
/// bilinear upsample of the damaged rectangle (shared/research/render_perf.md §5, "cache the
/// blurred backdrop").
///
/// How the compositor uses it:
/// 1. Render everything behind the sheet into `source` (a layer or a snapshot of the shadow
///    buffer) and make a `BackdropBlur(source:sourceRect:sigma:style:)`: the whole area is
///    blurred now, in one call (about 4–6 ms for 1080p at σ 20 on the 2-core test VM; see
///    `vitrine bench` and Docs/rendering.md).
/// 2. When content behind the sheet changes, redraw it into `source` and call
///    `invalidate(_:)` with the changed pixels. Only the reduced pixels those touch are averaged
///    again, and only the area their blur reaches (the support, about 3σ) is blurred again.
/// 3. Each frame, for the sheet's damaged rectangle, call `draw(into:rect:)`: it writes the
///    blurred, tinted backdrop for exactly those pixels (at the same coordinates as `source`),
///    ready for the sheet's content to be composited OVER it.
///
/// Results are deterministic integer arithmetic: invalidating then drawing gives the same
/// pixels as blurring everything again. Not thread-safe; use it from the render loop. With a
/// two-lane `forkJoin`, a large `invalidate` or `draw` splits its own work across two cores and
/// joins before returning, with the same pixels as one thread (Docs/rendering.md, "The second
/// core").
///
/// Borders mirror the backdrop's own edge (see `reflectIndex`), close to OpenCV's default
/// `BORDER_REFLECT_101`, so the edges of the screen do not darken.
public final class BackdropBlur {
    public let plan: BoxBlurPlan
    public let style: BlurStyle
    /// The pixels being blurred; `invalidate` re-reads them.
    public let source: PixelBuffer
    /// The part of `source` the backdrop covers; `draw` writes only inside it.
    public let sourceRect: PixelRect
    /// How much of the blur `draw` shows over the sharp, styled backdrop: 1 shows only the blur.
    /// Starts at `crossFadeFraction(forSigma:)`; an animation may set it.
    public var crossFade: Double
    /// Splits large `invalidate` and `draw` calls in two (nil or one lane: all on the caller's
    /// thread).
    public var forkJoin: ForkJoin?

    /// The least work, in reduced pixels the vertical passes cover, that `invalidate` splits:
    /// below it waking the second core costs more than it saves (a fork-join round trip is tens
    /// of microseconds; 8,192 reduced pixels are about 0.2 ms of passes on the test VM).
    public static let minimumSplitReducedPixels = 8192
    /// The least output pixels `draw` splits (about 0.15 ms of upsample on the test VM).
    public static let minimumSplitPixels = 131_072

    /// Android RenderEngine's `kMaxCrossFadeRadius` (SurfaceFlinger `BlurFilter.h`, research note
    /// §1): below this blur radius the blurred image is mixed with the sharp one "to avoid
    /// downscaling artifacts", in proportion radius / 10.
    public static let maximumCrossFadeRadius = 10.0

    private let transform: BlurColorTransform
    private let opaque: Bool
    /// Area averages, box passes along rows, and the final styled result (all reduced scale).
    private let reduced: BlurPlane
    private let rowBlurred: BlurPlane
    private let blurred: BlurPlane
    /// The planes between the vertical passes.
    private let between1: BlurPlane
    private let between2: BlurPlane
    /// Scratch memory per lane: lane 0 is the caller's thread, lane 1 the second core's.
    private let lanes = [BlurScratch(), BlurScratch()]

    /// Blurs `sourceRect` of `source` (all of it by default) with a Gaussian-like blur of `sigma`
    /// pixels and applies `style`.
    ///
    /// - Parameter downsampleFactor: overrides `BoxBlurPlan.downsampleFactor(forSigma:)` (1, 2, 4
    ///   or 8); tests and the bench use it to compare factors.
    /// - Parameter forkJoin: see `forkJoin`; the first blur, made here, is split too.
    public init(
        source: PixelBuffer, sourceRect: PixelRect? = nil, sigma: Double, style: BlurStyle = .none, downsampleFactor: Int? = nil,
        forkJoin: ForkJoin? = nil
    ) {
        let area = (sourceRect ?? source.bounds).intersection(source.bounds)
        precondition(!area.isEmpty, "nothing to blur: \(sourceRect.map(\.description) ?? "empty source")")
        self.plan = BoxBlurPlan(sigma: sigma, downsampleFactor: downsampleFactor)
        self.style = style
        self.source = source
        self.sourceRect = area
        self.crossFade = Self.crossFadeFraction(forSigma: sigma)
        self.forkJoin = forkJoin
        self.transform = BlurColorTransform(style: style)
        self.opaque = source.format == .xrgb8888
        let f = self.plan.downsampleFactor
        let width = (area.width + f - 1) / f
        let height = (area.height + f - 1) / f
        self.reduced = BlurPlane(width: width, height: height)
        self.rowBlurred = BlurPlane(width: width, height: height)
        self.blurred = BlurPlane(width: width, height: height)
        self.between1 = BlurPlane(width: width, height: height)
        self.between2 = BlurPlane(width: width, height: height)
        self.invalidateAll()
    }

    /// The blur a σ shows without cross-fading: radius / `maximumCrossFadeRadius`, capped at 1,
    /// with Skia's radius for a σ (`SkBlurMask::ConvertRadiusToSigma`: σ = 0.57735 · r + 0.5,
    /// the conversion Android's blur radius goes through).
    public static func crossFadeFraction(forSigma sigma: Double) -> Double {
        let radius = max(0, (sigma - 0.5) / 0.57735)
        return min(1, radius / Self.maximumCrossFadeRadius)
    }

    /// The size of the reduced image the blur is cached at.
    public var reducedSize: PixelSize { PixelSize(width: self.reduced.width, height: self.reduced.height) }

    /// Re-reads and re-blurs all of `sourceRect`.
    public func invalidateAll() {
        self.invalidate(Region(self.sourceRect))
    }

    /// Re-reads the pixels of `region` (source coordinates) and re-blurs every reduced pixel whose
    /// value they can change: the f×f blocks they touch, grown by the box passes' support.
    public func invalidate(_ region: Region) {
        let f = self.plan.downsampleFactor
        let support = self.plan.supportRadius
        let planeBounds = PixelRect(x: 0, y: 0, width: self.reduced.width, height: self.reduced.height)
        var blocks = Region()
        for rect in region.intersection(self.sourceRect).rects {
            let local = rect.offsetBy(dx: -self.sourceRect.minX, dy: -self.sourceRect.minY)
            blocks.formUnion(
                PixelRect(minX: local.minX / f, minY: local.minY / f, maxX: (local.maxX + f - 1) / f, maxY: (local.maxY + f - 1) / f))
        }
        let dirty = blocks.rects
        guard !dirty.isEmpty else { return }
        let reaches = dirty.map { $0.insetBy(-support).intersection(planeBounds) }
        let work = reaches.reduce(0) { $0 + $1.width * $1.height }
        guard let forkJoin = self.forkJoin, forkJoin.threads > 1, work >= Self.minimumSplitReducedPixels else {
            self.averageAndBlurRows(dirty, rows: 0..<planeBounds.maxY, scratch: self.lanes[0])
            self.blurColumns(dirty, columns: 0..<planeBounds.maxX, scratch: self.lanes[0])
            return
        }
        // Averaging and the row passes read and write only their own rows, so the lanes take
        // a band of rows each; the column passes read up and down the whole height, so they take
        // a band of columns each (cut at 8 pixels, one 64-byte line of a plane row).
        let rows = dirty.reduce(dirty[0].minY..<dirty[0].maxY) { min($0.lowerBound, $1.minY)..<max($0.upperBound, $1.maxY) }
        forkJoin.run { lane in
            self.averageAndBlurRows(dirty, rows: forkJoin.part(lane, of: rows), scratch: self.lanes[lane])
        }
        let columns = reaches.reduce(reaches[0].minX..<reaches[0].maxX) { min($0.lowerBound, $1.minX)..<max($0.upperBound, $1.maxX) }
        forkJoin.run { lane in
            self.blurColumns(dirty, columns: forkJoin.part(lane, of: columns, alignment: 8), scratch: self.lanes[lane])
        }
    }

    /// Area-averages the `dirty` blocks (reduced coordinates) within `rows` and runs the row
    /// passes over them, grown sideways by the passes' support. Touches only `rows` of the planes.
    private func averageAndBlurRows(_ dirty: [PixelRect], rows: Range<Int>, scratch: BlurScratch) {
        let f = self.plan.downsampleFactor
        let support = self.plan.supportRadius
        let planeBounds = PixelRect(x: 0, y: 0, width: self.reduced.width, height: self.reduced.height)
        let band = PixelRect(minX: 0, minY: rows.lowerBound, maxX: planeBounds.maxX, maxY: rows.upperBound)
        let accumulator = scratch.accumulator.reserve(self.reduced.width * f * 4)
        for whole in dirty {
            let rect = whole.intersection(band)
            guard !rect.isEmpty else { continue }
            DownsampleKernel.run(
                source: self.source, sourceRect: self.sourceRect, factor: f, blocks: rect, into: self.reduced,
                accumulator: accumulator)
            if self.opaque { self.setOpaque(self.reduced, rect) }
        }
        let radii = self.plan.boxRadii
        for whole in dirty {
            let rect = whole.intersection(band)
            guard !rect.isEmpty else { continue }
            let columns = PixelRect(minX: rect.minX - support, minY: rect.minY, maxX: rect.maxX + support, maxY: rect.maxY)
                .intersection(planeBounds)
            BoxBlurKernel.horizontal(
                from: self.reduced, into: self.rowBlurred, rows: columns.minY..<columns.maxY,
                columns: columns.minX..<columns.maxX, radii: radii, scratch: &scratch.line)
        }
    }

    /// Runs the column passes and the style over the `dirty` blocks grown by the passes'
    /// support, within `columns`. Touches only `columns` of the planes.
    private func blurColumns(_ dirty: [PixelRect], columns: Range<Int>, scratch: BlurScratch) {
        let support = self.plan.supportRadius
        let planeBounds = PixelRect(x: 0, y: 0, width: self.reduced.width, height: self.reduced.height)
        let band = PixelRect(minX: columns.lowerBound, minY: 0, maxX: columns.upperBound, maxY: planeBounds.maxY)
        let radii = self.plan.boxRadii
        for rect in dirty {
            let reach = rect.insetBy(-support).intersection(planeBounds).intersection(band)
            guard !reach.isEmpty else { continue }
            BoxBlurKernel.vertical(
                from: self.rowBlurred, into: self.blurred, rows: reach.minY..<reach.maxY, columns: reach.minX..<reach.maxX,
                radii: radii, between: self.between1, self.between2, sums: &scratch.sums)
            self.transform.apply(to: self.blurred, rect: reach)
        }
    }

    /// Writes the blurred, styled backdrop for `rect` (source coordinates, clipped to
    /// `sourceRect` and the destination) into the same pixels of `destination`.
    public func draw(into destination: PixelBuffer, rect: PixelRect) {
        let area = rect.intersection(self.sourceRect).intersection(destination.bounds)
        guard !area.isEmpty else { return }
        guard let forkJoin = self.forkJoin, forkJoin.threads > 1, area.width * area.height >= Self.minimumSplitPixels else {
            self.draw(into: destination, rect: area, lane: 0)
            return
        }
        // Every output row is computed from its own two plane rows: the lanes take a band each.
        forkJoin.run { lane in
            let rows = forkJoin.part(lane, of: area.minY..<area.maxY)
            self.draw(into: destination, rect: PixelRect(minX: area.minX, minY: rows.lowerBound, maxX: area.maxX, maxY: rows.upperBound), lane: lane)
        }
    }

    /// `draw(into:rect:)` on the caller's thread with lane `lane`'s scratch, never split: for a
    /// caller that splits a frame itself (the compositor's bands) and for each half of a split.
    func draw(into destination: PixelBuffer, rect: PixelRect, lane: Int) {
        let area = rect.intersection(self.sourceRect).intersection(destination.bounds)
        guard !area.isEmpty else { return }
        let scratch = self.lanes[lane]
        let f = self.plan.downsampleFactor
        let plane = self.blurred
        let localX = area.minX - self.sourceRect.minX
        let localY = area.minY - self.sourceRect.minY
        let first = UpsampleKernel.neighbours(localX, factor: f, count: plane.width).0
        let last = UpsampleKernel.neighbours(localX + area.width - 1, factor: f, count: plane.width).1
        let reducedCount = last - first + 1
        // One spare pixel: a column clamped at the right edge reads it with weight 0.
        let blended = scratch.blendedRow.reserve((reducedCount + 1) * 4)
        let offsets = scratch.columnOffsets.reserve(area.width)
        let weights = scratch.columnWeights.reserve(area.width)
        UpsampleKernel.columnTable(
            firstColumn: localX, count: area.width, factor: f, planeWidth: plane.width, firstReduced: first,
            columns: offsets, weights: weights)
        let fading = self.crossFade < 1
        let sharp = scratch.sharpRow.reserve(fading ? area.width : 1)
        for y in 0..<area.height {
            let (upper, lower, weight) = UpsampleKernel.neighbours(localY + y, factor: f, count: plane.height)
            if fading { sharp.update(from: self.source.row(area.minY + y) + area.minX, count: area.width) }
            UpsampleKernel.blendRows(
                plane.row(upper) + first * 4, plane.row(lower) + first * 4, weight: upper == lower ? 0 : weight,
                factor: f, count: reducedCount * 4, out: blended)
            let out = destination.row(area.minY + y) + area.minX
            let thresholds = BlurDither.row(localY + y)
            let quads = UpsampleKernel.expandQuads(
                blended, localStart: localX, count: area.width, factor: f, planeWidth: plane.width, firstReduced: first,
                thresholds: thresholds, out: out)
            func expand(_ range: Range<Int>) {
                UpsampleKernel.expandRow(
                    blended, columns: offsets, weights: weights, range: range, factor: f, localStart: localX, thresholds: thresholds, out: out)
            }
            if quads.isEmpty {
                expand(0..<area.width)
            } else {
                expand(0..<quads.lowerBound)
                expand(quads.upperBound..<area.width)
            }
            if fading { self.mixSharp(sharp, into: out, count: area.width) }
        }
    }

    /// Blurs all of `source` into a new buffer of the same size and format.
    public static func blurred(_ source: PixelBuffer, sigma: Double, style: BlurStyle = .none) -> PixelBuffer {
        let blur = BackdropBlur(source: source, sigma: sigma, style: style)
        let output = PixelBuffer(size: source.size, format: source.format)
        blur.draw(into: output, rect: source.bounds)
        return output
    }

    /// Mixes the styled sharp pixels under the blurred ones: out = blur · t + styled(sharp) · (1 − t).
    private func mixSharp(_ sharp: UnsafeMutablePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>, count: Int) {
        let t = UInt32((max(0, self.crossFade) * 256).rounded())
        let keep = 256 - t
        let opaqueAlpha: UInt32 = self.opaque ? 0xFF00_0000 : 0
        for x in 0..<count {
            let styled = self.transform.isIdentity ? sharp[x] | opaqueAlpha : self.transform.apply(word: sharp[x] | opaqueAlpha)
            let blur = out[x]
            // Two channels at a time in 16-bit lanes of a 64-bit word.
            let styledPairs = (UInt64(styled) & 0x00FF_00FF) | ((UInt64(styled) & 0xFF00_FF00) << 24)
            let blurPairs = (UInt64(blur) & 0x00FF_00FF) | ((UInt64(blur) & 0xFF00_FF00) << 24)
            let mixed = (styledPairs &* UInt64(keep) &+ blurPairs &* UInt64(t) &+ 0x0080_0080_0080_0080) &>> 8
            let low = UInt32(truncatingIfNeeded: mixed) & 0x00FF_00FF
            let high = UInt32(truncatingIfNeeded: mixed >> 24) & 0xFF00_FF00
            out[x] = low | high
        }
    }

    private func setOpaque(_ plane: BlurPlane, _ rect: PixelRect) {
        for y in rect.minY..<rect.maxY {
            let row = plane.row(y)
            for x in rect.minX..<rect.maxX { row[x * 4 + 3] = BlurPlane.maximumValue }
        }
    }
}

/// The scratch memory of one lane of `BackdropBlur`: each thread of a split job writes only its
/// own.
final class BlurScratch {
    var line = BoxBlurKernel.LineScratch()
    var sums = BoxBlurKernel.SumScratch()
    var accumulator = ScratchBuffer<UInt16>(capacity: 0)
    var blendedRow = ScratchBuffer<UInt16>(capacity: 0)
    var columnOffsets = ScratchBuffer<Int>(capacity: 0)
    var columnWeights = ScratchBuffer<SIMD8<UInt16>>(capacity: 0)
    var sharpRow = ScratchBuffer<UInt32>(capacity: 0)

    deinit {
        self.line.deallocate()
        self.sums.deallocate()
        self.accumulator.deallocate()
        self.blendedRow.deallocate()
        self.columnOffsets.deallocate()
        self.columnWeights.deallocate()
        self.sharpRow.deallocate()
    }
}
