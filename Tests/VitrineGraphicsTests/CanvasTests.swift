import Testing
import VitrineCore
import VitrineGraphics
import VitrineTestSupport

@Suite("Canvas")
struct CanvasTests {
    static let snapshots = GoldenImage.snapshotDirectory()

    /// A small "photo": smooth gradients, a bright disc and a dark diagonal bar.
    static func photo(width: Int = 160, height: Int = 100) -> PixelBuffer {
        let image = PixelBuffer(size: PixelSize(width: width, height: height), format: .xrgb8888)
        for y in 0..<height {
            for x in 0..<width {
                var r = 40 + 180 * x / width
                var g = 90 + 120 * y / height
                var b = 200 - 150 * x / width
                let dx = x - width * 2 / 3
                let dy = y - height / 3
                if dx * dx + dy * dy < (height / 5) * (height / 5) { (r, g, b) = (250, 230, 120) }
                if abs((x - y * width / height) - width / 4) < 4 { (r, g, b) = (30, 30, 40) }
                image[x, y] = 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            }
        }
        return image
    }

    @Test("a rectangle edge half way through a pixel covers it half")
    func fractionalEdgeCoverage() {
        let buffer = PixelBuffer(size: PixelSize(width: 20, height: 20), format: .xrgb8888)
        let canvas = Canvas(target: buffer)
        canvas.fill(Rect(x: 5.5, y: 2, width: 10, height: 10), color: .white)
        #expect(buffer[4, 5] & 0xFF == 0)
        #expect(abs(Int(buffer[5, 5] & 0xFF) - 128) <= 1)
        #expect(buffer[6, 5] & 0xFF == 255)
        #expect(abs(Int(buffer[15, 5] & 0xFF) - 128) <= 1)
        #expect(buffer[16, 5] & 0xFF == 0)
    }

    @Test("an aligned opaque rectangle is exact, with no fringe")
    func alignedRect() {
        let buffer = PixelBuffer(size: PixelSize(width: 10, height: 10), format: .xrgb8888)
        Canvas(target: buffer).fill(Rect(x: 2, y: 3, width: 4, height: 2), color: Color(hex: "#336699")!)
        var painted = 0
        for y in 0..<10 {
            for x in 0..<10 where buffer[x, y] & 0xFFFFFF != 0 {
                painted += 1
                #expect(buffer[x, y] & 0xFFFFFF == 0x336699)
            }
        }
        #expect(painted == 8)
    }

    @Test("a circle's area is close to πr² and its centre is fully covered")
    func circleArea() {
        let buffer = PixelBuffer(size: PixelSize(width: 64, height: 64), format: .xrgb8888)
        Canvas(target: buffer).fillCircle(center: Point(x: 32, y: 32), radius: 20, color: .white)
        var coverage = 0.0
        for y in 0..<64 { for x in 0..<64 { coverage += Double(buffer[x, y] & 0xFF) / 255 } }
        #expect(abs(coverage - Double.pi * 400) < 3)
        #expect(buffer[32, 32] & 0xFF == 255)
        #expect(buffer[32, 11] & 0xFF == 0)
    }

    @Test("clipping and translation confine drawing")
    func clipping() {
        let buffer = PixelBuffer(size: PixelSize(width: 20, height: 20), format: .xrgb8888)
        let canvas = Canvas(target: buffer)
        canvas.withSavedState {
            canvas.translate(dx: 5, dy: 5)
            canvas.clip(to: Rect(x: 0, y: 0, width: 5, height: 5))
            canvas.fill(Rect(x: -100, y: -100, width: 300, height: 300), color: .white)
        }
        canvas.fill(Rect(x: 15, y: 15, width: 2, height: 2), color: .white)
        var painted = 0
        for y in 0..<20 { for x in 0..<20 where buffer[x, y] & 0xFF != 0 { painted += 1 } }
        #expect(painted == 25 + 4)
        #expect(buffer[5, 5] & 0xFF == 255 && buffer[9, 9] & 0xFF == 255 && buffer[10, 10] & 0xFF == 0)
    }

    @Test("degenerate input draws nothing and does not crash")
    func degenerate() {
        let buffer = PixelBuffer(size: PixelSize(width: 8, height: 8), format: .xrgb8888)
        let canvas = Canvas(target: buffer)
        canvas.fill(Rect(x: 0, y: 0, width: -5, height: 4), color: .white)
        canvas.fill(Rect(x: .nan, y: 0, width: 5, height: 4), color: .white)
        canvas.fill(Rect(x: 0, y: 0, width: .infinity, height: 4), cornerRadii: CornerRadii(all: 3), color: .white)
        canvas.stroke(Rect(x: 0, y: 0, width: 4, height: 4), lineWidth: -1, color: .white)
        canvas.fillCircle(center: .zero, radius: 0, color: .white)
        canvas.draw(PixelBuffer(size: PixelSize(width: 0, height: 0)), in: Rect(x: 0, y: 0, width: 4, height: 4))
        canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), cornerRadii: CornerRadii(all: 1e9), color: .white)
        var painted = 0
        for y in 0..<8 { for x in 0..<8 where buffer[x, y] & 0xFF != 0 { painted += 1 } }
        // Only the last one (a fully rounded 4×4 square: a circle) paints.
        #expect(painted > 0 && painted <= 16)
    }

    @Test("scale modes: fill covers and crops, fit letterboxes, stretch distorts, center keeps pixels", arguments: ScaleMode.allCases)
    func scaleModes(mode: ScaleMode) {
        let image = Self.photo()
        let buffer = PixelBuffer(size: PixelSize(width: 100, height: 100), format: .xrgb8888)
        buffer.fill(buffer.bounds, with: 0xFF00_0000)
        Canvas(target: buffer).draw(image, in: Rect(x: 0, y: 0, width: 100, height: 100), mode: mode)
        let topLeftPainted = buffer[1, 1] & 0xFFFFFF != 0
        switch mode {
        case .fit:
            // 160×100 fitted into 100×100 is 100×62.5, centred: black bars above and below.
            #expect(!topLeftPainted)
            #expect(buffer[50, 50] & 0xFFFFFF != 0)
        case .fill, .stretch:
            #expect(topLeftPainted)
        case .center:
            // 160×100 at one pixel per pixel in 100×100: cut left and right, full height.
            #expect(topLeftPainted)
            #expect(buffer[50, 0] & 0xFFFFFF != 0 && buffer[50, 99] & 0xFFFFFF != 0)
        }
        let comparison = GoldenImage.compare(buffer, name: "image-\(mode.rawValue)", directory: Self.snapshots)
        #expect(comparison.matches(tolerance: 2), "\(comparison)")
    }

    @Test("shapes, strokes, gradients and shadows match their golden image")
    func shapesGolden() {
        let buffer = PixelBuffer(size: PixelSize(width: 320, height: 200), format: .xrgb8888)
        let canvas = Canvas(target: buffer, scale: 1)
        let shadows = ShadowCache()
        canvas.fill(
            Rect(x: 0, y: 0, width: 320, height: 200), gradientFrom: Point(x: 0, y: 0), to: Point(x: 0, y: 200),
            stops: [(0, Color(hex: "#E9EEF5")!), (1, Color(hex: "#B8C4D6")!)])
        canvas.drawShadow(
            of: Rect(x: 20, y: 20, width: 120, height: 70), cornerRadii: CornerRadii(all: 14), blur: 8, offset: Point(x: 0, y: 6),
            color: Color(red: 0, green: 0, blue: 0, alpha: 110), cache: shadows)
        canvas.fill(Rect(x: 20, y: 20, width: 120, height: 70), cornerRadii: CornerRadii(all: 14), color: .white)
        canvas.fill(
            Rect(x: 170.5, y: 20.25, width: 120, height: 70), cornerRadii: CornerRadii(topLeft: 30, topRight: 4, bottomRight: 30, bottomLeft: 0),
            color: Color(hex: "#2E7D32")!)
        canvas.stroke(Rect(x: 20, y: 110, width: 120, height: 70), cornerRadii: CornerRadii(all: 20), lineWidth: 3, color: Color(hex: "#1565C0")!)
        canvas.fillCircle(center: Point(x: 205, y: 145), radius: 30, color: Color(hex: "#E53935C0")!)
        canvas.fill(
            Rect(x: 245, y: 115, width: 60, height: 60), cornerRadii: CornerRadii(all: 30),
            gradientFrom: Point(x: 245, y: 115), to: Point(x: 305, y: 175), stops: [(0, Color(hex: "#FFB300")!), (1, Color(hex: "#8E24AA")!)])
        let comparison = GoldenImage.compare(buffer, name: "shapes", directory: Self.snapshots)
        #expect(comparison.matches(tolerance: 2), "\(comparison)")
        // The shadow was blurred once; drawing it again reuses the mask.
        canvas.drawShadow(
            of: Rect(x: 20, y: 20, width: 120, height: 70), cornerRadii: CornerRadii(all: 14), blur: 8, offset: Point(x: 0, y: 6),
            color: .black, cache: shadows)
        #expect(shadows.misses == 1)
    }

    @Test("a scale factor maps points to pixels")
    func scaleFactor() {
        let buffer = PixelBuffer(size: PixelSize(width: 40, height: 40), format: .xrgb8888)
        let canvas = Canvas(target: buffer, scale: 2)
        #expect(canvas.size == Size(width: 20, height: 20))
        canvas.fill(Rect(x: 5, y: 5, width: 5, height: 5), color: .white)
        #expect(buffer[10, 10] & 0xFF == 255 && buffer[19, 19] & 0xFF == 255 && buffer[20, 20] & 0xFF == 0 && buffer[9, 9] & 0xFF == 0)
    }

    @Test("rounding a photo's corners erases exactly what a mask of the whole rectangle erases", arguments: 0..<40)
    func keepOnlyTouchesOnlyTheRim(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let scale = [1.0, 2.0, 1.5][seed % 3]
        let size = PixelSize(width: 150, height: 110)
        let quarter = { (range: ClosedRange<Double>) in (Double.random(in: range, using: &random) * 4).rounded() / 4 }
        // Whole and quarter-pixel edges, corners from none to more than the box holds, some clipped.
        let rect = Rect(x: quarter(0...20), y: quarter(0...20), width: quarter(1...80), height: quarter(1...60))
        let radii = CornerRadii(
            topLeft: quarter(0...30), topRight: quarter(0...30), bottomRight: seed % 5 == 0 ? 0 : quarter(0...30), bottomLeft: quarter(0...30))
        let clip = seed % 4 == 0 ? Rect(x: quarter(0...40), y: quarter(0...40), width: 60, height: 50) : nil
        let drawn = PixelBuffer(size: size, format: .argb8888Premultiplied)
        let canvas = Canvas(target: drawn, scale: scale)
        if let clip { canvas.clip(to: clip) }
        canvas.draw(Self.photo(), in: Rect(x: 0, y: 0, width: 100, height: 73), mode: .stretch)
        let expected = PixelBuffer(size: size, format: .argb8888Premultiplied)
        expected.pixels.update(from: drawn.pixels, count: drawn.stride * size.height)
        canvas.keepOnly(inside: rect, cornerRadii: radii)
        // What keepOnly did before: the coverage of every pixel of the rectangle.
        let d = Rect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
        let shape = ShapeCoverage.RoundedRect(minX: d.minX, minY: d.minY, maxX: d.maxX, maxY: d.maxY, radii: radii.scaled(by: scale))
        var area = rect.pixelBounds(scale: scale).intersection(PixelRect(x: 0, y: 0, width: size.width, height: size.height))
        if let clip { area = area.intersection(clip.pixelBounds(scale: scale)) }
        if !radii.isZero {
            Pixman.composite(
                .keepWhereCovered, source: PixmanImage(solid: .white), mask: PixmanImage(mask: ShapeCoverage.mask(shape, over: area)),
                destination: PixmanImage(buffer: expected), destinationRect: area)
        }
        var differing = 0
        for y in 0..<size.height { for x in 0..<size.width where drawn[x, y] != expected[x, y] { differing += 1 } }
        #expect(differing == 0, "seed \(seed): \(differing) pixels differ")
    }
}
