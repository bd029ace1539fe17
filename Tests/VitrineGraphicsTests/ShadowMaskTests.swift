import Testing
import VitrineCore

@testable import VitrineGraphics

@Suite("Shadow masks drawn small and stretched")
struct ShadowMaskTests {
    @Test(
        "equal, byte for byte, to the mask blurred at full size",
        arguments: [
            (1280, 700, CornerRadii(topLeft: 12, topRight: 12), 8.0),
            (300, 52, CornerRadii(all: 26), 3.0),
            (640, 400, CornerRadii(all: 0), 20.0),
            (90, 40, CornerRadii(topLeft: 3.5, topRight: 0, bottomRight: 17.25, bottomLeft: 1), 2.0),
            (37, 500, CornerRadii(all: 10), 0.2),
            (20, 20, CornerRadii(all: 10), 6.0)
        ])
    func sameBytes(width: Int, height: Int, radii: CornerRadii, blur: Double) {
        let fast = ShadowCache.render(width: width, height: height, radii: radii, blur: blur)
        let direct = ShadowCache.renderDirectly(width: width, height: height, radii: radii, blur: blur)
        #expect(fast.width == direct.width && fast.height == direct.height)
        var differing = 0
        for y in 0..<direct.height {
            for x in 0..<direct.width where fast[x, y] != direct[x, y] { differing += 1 }
        }
        #expect(differing == 0)
    }
}
