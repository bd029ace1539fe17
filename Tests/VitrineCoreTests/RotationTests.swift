import Testing
import VitrineCore

@Suite("Rotation")
struct RotationTests {
    let logical = PixelSize(width: 4, height: 3)

    @Test("pixel mapping is a bijection onto the native size", arguments: Rotation.allCases)
    func bijection(rotation: Rotation) {
        let native = rotation.nativeSize(forLogical: logical)
        var seen = Set<Int>()
        for y in 0..<logical.height {
            for x in 0..<logical.width {
                let n = rotation.nativePixel(x: x, y: y, logical: logical)
                #expect(n.x >= 0 && n.x < native.width && n.y >= 0 && n.y < native.height)
                seen.insert(n.y * native.width + n.x)
            }
        }
        #expect(seen.count == logical.area)
    }

    @Test("the logical top-left corner lands where a clockwise turn puts it")
    func corners() {
        #expect(Rotation.none.nativePixel(x: 0, y: 0, logical: logical) == (0, 0))
        // 90° clockwise: the top-left goes to the top-right of the 3×4 native picture.
        #expect(Rotation.clockwise90.nativePixel(x: 0, y: 0, logical: logical) == (2, 0))
        #expect(Rotation.upsideDown.nativePixel(x: 0, y: 0, logical: logical) == (3, 2))
        // 270°: to the bottom-left.
        #expect(Rotation.clockwise270.nativePixel(x: 0, y: 0, logical: logical) == (0, 3))
    }

    @Test("native rects cover exactly the mapped pixels", arguments: Rotation.allCases)
    func rects(rotation: Rotation) {
        let rect = PixelRect(x: 1, y: 0, width: 2, height: 2)
        let mapped = rotation.nativeRect(rect, logical: logical)
        for y in rect.minY..<rect.maxY {
            for x in rect.minX..<rect.maxX {
                let n = rotation.nativePixel(x: x, y: y, logical: logical)
                #expect(mapped.contains(x: n.x, y: n.y))
            }
        }
        #expect(mapped.area == rect.area)
    }

    @Test("touch points map back: a native point's logical point maps to the same native pixel", arguments: Rotation.allCases)
    func touchInverse(rotation: Rotation) {
        let native = rotation.nativeSize(forLogical: logical)
        for y in 0..<logical.height {
            for x in 0..<logical.width {
                let n = rotation.nativePixel(x: x, y: y, logical: logical)
                // The centre of the native pixel maps to the centre of the logical pixel.
                let p = rotation.logicalPoint(nativeX: Double(n.x) + 0.5, nativeY: Double(n.y) + 0.5, native: native)
                #expect(p.x == Double(x) + 0.5 && p.y == Double(y) + 0.5)
            }
        }
    }

    @Test("a fraction of the upright screen maps to the native fraction whose touch comes back to it", arguments: Rotation.allCases)
    func nativeFractionInvertsLogicalPoint(rotation: Rotation) {
        let native = PixelSize(width: 1280, height: 800)
        let logicalSize = rotation.logicalSize(forNative: native)
        for (fx, fy) in [(0.1, 0.1), (0.9, 0.1), (0.3, 0.7), (0.5, 0.5)] {
            let n = rotation.nativeFraction(logicalX: fx, logicalY: fy)
            let back = rotation.logicalPoint(nativeX: n.x * 1280, nativeY: n.y * 800, native: native)
            #expect(abs(back.x - fx * Double(logicalSize.width)) < 1e-9 && abs(back.y - fy * Double(logicalSize.height)) < 1e-9)
        }
    }
}
