import Testing
import VitrineCore
import VitrineGraphics

/// A computed number out of any sane range (a huge sheet height, a division by a tiny spacing)
/// clips; `Int(Double)` on it used to trap in `PaintList` at the first frame.
@Suite("Extreme geometry")
struct ExtremeGeometryTests {
    @Test("SaturatingPixels clamps to ±2^30 and maps NaN to 0")
    func saturating() {
        let limit = SaturatingPixels.largestCoordinate
        #expect(SaturatingPixels.int(1e300) == limit && SaturatingPixels.int(-1e300) == -limit)
        #expect(SaturatingPixels.int(.infinity) == limit && SaturatingPixels.int(-.infinity) == -limit)
        #expect(SaturatingPixels.int(.nan) == 0 && SaturatingPixels.int(-0.0) == 0)
        #expect(SaturatingPixels.int(1919.0) == 1919 && SaturatingPixels.int(-3.7) == -3)
    }

    @Test("layers at 1e300, infinite and NaN positions and sizes composite without trapping", arguments: [1e300, -1e300, Double.infinity, Double.nan, 1e-300])
    func hugeLayers(value: Double) {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 64, height: 48), name: "root")
        root.backgroundColor = Color(hex: "#FFFFFF")!
        let sheet = Layer(frame: Rect(x: 0, y: value, width: 64, height: abs(value)), name: "sheet")
        sheet.backgroundColor = Color(hex: "#1565C0")!
        sheet.cornerRadii = CornerRadii(all: abs(value))
        root.addSublayer(sheet)
        let wide = Layer(frame: Rect(x: value, y: 10, width: abs(value), height: 10), name: "wide")
        wide.backgroundColor = Color(hex: "#E53935")!
        root.addSublayer(wide)
        let compositor = Compositor(root: root, size: PixelSize(width: 64, height: 48))
        compositor.render()
        // The root still paints where nothing else reaches.
        #expect(compositor.frame[0, 0] == 0xFFFF_FFFF || compositor.frame[0, 0] == 0xFF15_65C0 || compositor.frame[0, 0] == 0xFFE5_3935)
    }
}
