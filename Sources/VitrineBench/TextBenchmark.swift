import VitrineCore
@_spi(Benchmarks) import VitrineGraphics

/// `text-paragraph-cold`, `text-paragraph-warm`: laying out and drawing a 500-word paragraph
/// (17 pt DejaVu Sans wrapped to 800 pt, scale 1, onto a 1920×1080 buffer), next to the budget of
/// one 60 Hz frame. Cold empties the glyph cache first, so every glyph is rasterised again;
/// warm reuses it. Both lay the text out afresh (itemise, shape, wrap) and draw it.
///
/// `text-draw`: drawing the laid-out paragraph alone with a warm cache,
/// `pixman_composite_glyphs_no_mask` with pixman's own glyph cache (ours, what `Canvas.draw`
/// does) against one `pixman_image_composite32` per glyph (the peer): the measurement that
/// chose `Canvas.draw`'s method.
struct TextBenchmark: Benchmark {
    let name = "text"
    static let wordCount = 500
    static let boxWidth = 800.0
    static let pointSize = 17.0
    static let frameSize = PixelSize(width: 1920, height: 1080)

    func run(_ context: BenchContext) throws -> [BenchRow] {
        context.report("bench: text: laying out and drawing a \(Self.wordCount)-word paragraph")
        let runs = context.options.runs(normal: 21)
        let library = try FontLibrary()
        let text = Self.paragraph(words: Self.wordCount)
        let style = TextStyle(font: .default, pointSize: Self.pointSize)
        let canvas = Canvas(target: PixelBuffer(size: Self.frameSize), scale: 1)
        canvas.clear(to: .white)
        var failure: (any Error)?
        func layOutAndDraw() {
            do {
                let layout = try TextLayout(text, style: style, width: Self.boxWidth, scale: 1, library: library)
                canvas.draw(layout, at: Point(x: 40, y: 40), color: .black)
            } catch {
                failure = error
            }
        }
        let cold = TimingSamples.measure(runs: runs) {
            library.glyphCache.removeAll()
            layOutAndDraw()
        }
        let coldMisses = library.glyphCache.statistics.misses
        let warm = TimingSamples.measure(runs: runs) { layOutAndDraw() }
        if let failure { throw failure }

        let layout = try TextLayout(text, style: style, width: Self.boxWidth, scale: 1, library: library)
        let layoutOnly = TimingSamples.measure(runs: runs) { _ = try? TextLayout(text, style: style, width: Self.boxWidth, scale: 1, library: library) }
        var perGlyph = TimingSamples()
        var pixmanGlyphs = TimingSamples()
        // Alternate the two methods so a change in machine load hits both alike.
        for _ in 0..<3 {
            perGlyph.append(
                contentsOf: TimingSamples.measure(runs: (runs + 2) / 3) { canvas.draw(layout, at: Point(x: 40, y: 40), color: .black, compositing: .perGlyph) })
            pixmanGlyphs.append(
                contentsOf: TimingSamples.measure(runs: (runs + 2) / 3) {
                    canvas.draw(layout, at: Point(x: 40, y: 40), color: .black, compositing: .pixmanGlyphs)
                })
        }

        let coldPerGlyph = TimingSamples.measure(runs: runs) {
            library.glyphCache.removeAll()
            canvas.draw(layout, at: Point(x: 40, y: 40), color: .black, compositing: .perGlyph)
        }
        let coldPixman = TimingSamples.measure(runs: runs) {
            library.glyphCache.removeAll()
            canvas.draw(layout, at: Point(x: 40, y: 40), color: .black, compositing: .pixmanGlyphs)
        }
        let budget = 1000.0 / 60
        context.note(
            "text: \(Self.wordCount) words, \(text.unicodeScalars.count) characters, \(layout.glyphs.count) glyphs on \(layout.lines.count) lines; "
                + "\(Self.pointSize) pt \(layout.fonts[0].familyName) wrapped to \(Int(Self.boxWidth)) pt at scale 1 on a \(Self.frameSize) buffer")
        context.note("text-paragraph-*: the peer is the 16.667 ms budget of one 60 Hz frame; ratio = median ÷ budget")
        context.note("text-paragraph-cold rasterises \(coldMisses) glyph masks (glyph × quarter-pixel position) per run")
        context.note("text: layout alone (itemise, shape, wrap, align): median \(String(fixed: layoutOnly.median ?? 0, decimals: 3)) ms")
        context.note("text-draw: drawing only, warm cache; ours = pixman_composite_glyphs_no_mask, peer = one pixman_image_composite32 per glyph")
        context.note(
            "text-draw with a cold cache (rasterising every mask first): pixman_composite_glyphs_no_mask "
                + "\(String(fixed: coldPixman.median ?? 0, decimals: 3)) ms, per-glyph composite32 \(String(fixed: coldPerGlyph.median ?? 0, decimals: 3)) ms")
        return [
            BenchRow(
                name: "text-paragraph-cold", oursMilliseconds: cold.median, peer: "60Hz frame budget", peerMilliseconds: budget,
                p50Milliseconds: cold.median, p99Milliseconds: cold.percentile(99)),
            BenchRow(
                name: "text-paragraph-warm", oursMilliseconds: warm.median, peer: "60Hz frame budget", peerMilliseconds: budget,
                p50Milliseconds: warm.median, p99Milliseconds: warm.percentile(99)),
            BenchRow(
                name: "text-draw", oursMilliseconds: pixmanGlyphs.median, peer: "per-glyph composite32",
                peerMilliseconds: perGlyph.median, p50Milliseconds: pixmanGlyphs.median, p99Milliseconds: pixmanGlyphs.percentile(99))
        ]
    }

    /// `words` words of English-like text, the same every run.
    static func paragraph(words: Int) -> String {
        let vocabulary = [
            "the", "kiosk", "shows", "a", "sheet", "over", "its", "content", "and", "every", "frame", "is", "drawn", "in",
            "software", "with", "text", "shaped", "by", "HarfBuzz", "rasterised", "FreeType", "composited", "through",
            "pixman", "while", "springs", "settle", "after", "touch", "gestures", "end", "quietly", "Wavy", "AVATAR",
            "office", "efficient", "typography", "matters,", "because", "people", "read", "it.", "Jump", "quickly"
        ]
        var state: UInt32 = 12345
        var result: [String] = []
        result.reserveCapacity(words)
        for _ in 0..<words {
            state = state &* 1_103_515_245 &+ 12345
            result.append(vocabulary[Int((state >> 16) % UInt32(vocabulary.count))])
        }
        return result.joined(separator: " ")
    }
}
