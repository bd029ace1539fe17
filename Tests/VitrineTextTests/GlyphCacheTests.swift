import Testing
import VitrineCore
@_spi(Benchmarks) import VitrineGraphics

@Suite("Glyph cache and drawing")
struct GlyphCacheTests {
    @Test("the first draw rasterises, a second draw of the same text only hits")
    func warmAfterFirstDraw() throws {
        let library = try FontLibrary()
        let canvas = Canvas(target: PixelBuffer(size: PixelSize(width: 300, height: 60)))
        let layout = try TextLayout("hello hello", library: library)
        canvas.draw(layout, at: Point(x: 4, y: 4), color: .black)
        let cold = library.glyphCache.statistics
        #expect(cold.misses > 0)
        canvas.draw(try TextLayout("hello hello", library: library), at: Point(x: 4, y: 4), color: .black)
        #expect(library.glyphCache.statistics.misses == cold.misses)
        library.glyphCache.removeAll()
        #expect(library.glyphCache.count == 0)
        canvas.draw(layout, at: Point(x: 4, y: 4), color: .black)
        #expect(library.glyphCache.statistics.misses == cold.misses, "cold again after removeAll")
    }

    @Test("glyphs at different quarter-pixel offsets are cached apart")
    func quarterPixels() throws {
        let library = try FontLibrary()
        let canvas = Canvas(target: PixelBuffer(size: PixelSize(width: 60, height: 40)))
        let layout = try TextLayout("o", library: library)
        for x in [0.0, 0.25, 0.5, 0.75, 1.0] { canvas.draw(layout, at: Point(x: 4 + x, y: 4), color: .black) }
        #expect(library.glyphCache.statistics.misses == 4)
    }

    @Test("the cache stays within its byte budget by evicting the least recently used")
    func bounded() throws {
        let library = try FontLibrary(glyphCacheBytes: 1 << 16)
        let canvas = Canvas(target: PixelBuffer(size: PixelSize(width: 1200, height: 800)))
        let layout = try TextLayout("ABCDEFGHIJKLMNOPQRSTUVWXYZ", style: TextStyle(pointSize: 150), width: 1200, library: library)
        canvas.draw(layout, at: .zero, color: .black)
        #expect(library.glyphCache.statistics.evictions > 0)
        #expect(library.glyphCache.byteCount <= library.glyphCache.maximumBytes)
    }

    @Test("pixman's glyph compositing and one composite per glyph give the same pixels")
    func methodsAgree() throws {
        let library = try FontLibrary()
        let text = "Vitrine \u{0645}\u{0631}\u{062D}\u{0628}\u{0627} \u{0928}\u{092E}\u{0938}\u{094D}\u{0924}\u{0947}"
        let layout = try TextLayout(text, width: 120, scale: 2, library: library)
        let color = Color(red: 200, green: 30, blue: 60, alpha: 200)
        var outputs: [PixelBuffer] = []
        for method in [GlyphCompositing.perGlyph, .pixmanGlyphs] {
            let buffer = PixelBuffer(size: PixelSize(width: 260, height: 120))
            let canvas = Canvas(target: buffer, scale: 2)
            canvas.clear(to: .white)
            canvas.clip(to: Rect(x: 10, y: 5, width: 90, height: 40))
            canvas.draw(layout, at: Point(x: 3.3, y: 2.6), color: color, compositing: method)
            outputs.append(buffer)
        }
        #expect(outputs[0].hasSamePixels(as: outputs[1]))
        #expect(outputs[0][2, 2] == Color.white.argbPremultiplied, "outside the clip nothing is drawn")
    }
}
