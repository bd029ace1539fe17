import VitrineCore
import VitrineGraphics

/// `composite-10-solid-layers` and `composite-10-image-layers`: a full-frame composite of ten
/// translucent 1200×700 layers at 1920×1080 through the `Compositor` (tree walk, damage,
/// occlusion, clipping), against the same ten `pixman_image_composite32` calls made directly on
/// the same sources, so both sides do the same pixel work and the ratio is our bookkeeping.
///
/// - solid: each layer is one colour, which the compositor composites from a solid source
///   (`Compositor.solidColor`, no bitmap); the peer composites the same solid sources.
/// - image: each layer draws a translucent gradient, so it has a 1200×700 backing (3.4 MB);
///   the peer composites identical backings, drawn by the same code (≈ 34 MB of reads a frame
///   on both sides).
///
/// (Until issue 18 the solid row was called `composite-10-layers` and its peer composited ten
/// images: a fill against image reads, not the same work.)
struct LayersBenchmark: Benchmark {
    let name = "layers"
    let rowNames = ["composite-10-solid-layers", "composite-10-image-layers"]
    static let size = PixelSize(width: 1920, height: 1080)
    static let layerSize = PixelSize(width: 1200, height: 700)

    func run(_ context: BenchContext) throws -> [BenchRow] {
        var rows: [BenchRow] = []
        if context.options.wants("composite-10-solid-layers") { rows.append(self.tenLayers(context, images: false)) }
        if context.options.wants("composite-10-image-layers") { rows.append(self.tenLayers(context, images: true)) }
        return rows
    }

    /// Layer `index`'s colour: translucent, a different one each.
    static func colour(_ index: Int) -> Color {
        Color(red: UInt8(40 + 20 * index), green: UInt8(200 - 15 * index), blue: 120, alpha: 200)
    }

    /// Layer `index`'s picture: a diagonal gradient from its colour to a paler, more
    /// transparent one (translucent everywhere, so nothing below is hidden).
    static func paint(_ canvas: Canvas, index: Int) {
        let colour = Self.colour(index)
        let pale = Color(red: 255 - colour.red / 2, green: 255 - colour.green / 2, blue: colour.blue, alpha: 140)
        canvas.fill(
            Rect(x: 0, y: 0, width: Double(Self.layerSize.width), height: Double(Self.layerSize.height)),
            gradientFrom: Point(x: 0, y: 0), to: Point(x: Double(Self.layerSize.width), y: Double(Self.layerSize.height)),
            stops: [(0, colour), (1, pale)])
    }

    private func tenLayers(_ context: BenchContext, images: Bool) -> BenchRow {
        let name = images ? "composite-10-image-layers" : "composite-10-solid-layers"
        context.report("bench: \(name): ours and plain pixman")
        let runs = context.options.runs(normal: 41)
        let root = Layer(frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        var origins: [(x: Int, y: Int)] = []
        var sources: [PixmanImage] = []
        for index in 0..<10 {
            let frame = Rect(x: Double(60 * index), y: Double(30 * index), width: 1200, height: 700)
            let layer = Layer(frame: frame, name: "layer\(index)")
            origins.append((Int(frame.minX), Int(frame.minY)))
            if images {
                layer.draw = { canvas in Self.paint(canvas, index: index) }
                // The same picture, drawn by the same code into a bitmap of its own.
                let copy = PixelBuffer(size: Self.layerSize, format: .argb8888Premultiplied)
                Self.paint(Canvas(target: copy), index: index)
                sources.append(PixmanImage(buffer: copy))
            } else {
                layer.backgroundColor = Self.colour(index)
                sources.append(PixmanImage(solid: Self.colour(index)))
            }
            root.addSublayer(layer)
        }
        let compositor = Compositor(root: root, size: Self.size)
        compositor.clearColor = Color(hex: "#202020")!
        compositor.render()
        let plainFrame = PixelBuffer(size: Self.size, format: .xrgb8888)
        let plainImage = PixmanImage(buffer: plainFrame)
        let oursWork = {
            compositor.setNeedsFullRedraw()
            compositor.render()
        }
        let plainWork = {
            plainFrame.fill(plainFrame.bounds, with: 0xFF20_2020)
            for (index, origin) in origins.enumerated() {
                Pixman.composite(
                    .over, source: sources[index], destination: plainImage,
                    destinationRect: PixelRect(x: origin.x, y: origin.y, width: Self.layerSize.width, height: Self.layerSize.height))
            }
        }
        oursWork()
        plainWork()
        // Interleaved, on thread CPU time, so load changes hit both sides alike.
        var ours = TimingSamples()
        var plain = TimingSamples()
        for _ in 0..<runs {
            ours.append(TimingSamples.cpuTime(oursWork))
            plain.append(TimingSamples.cpuTime(plainWork))
        }
        let same = compositor.frame.hasSamePixels(as: plainFrame)
        let what = images ? "gradient backings, identical on both sides" : "solid sources on both sides"
        context.note(
            "\(name): ten translucent 1200×700 layers at 1920×1080 (\(what)), interleaved runs on thread CPU time; both sides produce \(same ? "identical" : "DIFFERENT") frames"
        )
        return BenchRow(
            name: name, oursMilliseconds: ours.median, peer: "pixman calls", peerMilliseconds: plain.median, p50Milliseconds: ours.median,
            p99Milliseconds: ours.percentile(99))
    }
}
