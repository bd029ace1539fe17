import Testing
import VitrineCore

@testable import VitrineGraphics

/// A backdrop blur ends at its layer's rounded outline (issue 17): outside a rounded corner the
/// picture behind shows sharp, inside the blur, and along the arc a blend of the two.
@Suite("Backdrop blur within the layer's rounded shape")
struct BackdropShapeTests {
    static let size = PixelSize(width: 160, height: 120)

    /// Sharp black and white stripes, 2 pixels wide: any blur turns them grey.
    static func stripes() -> Layer {
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 160, height: 120), name: "stripes")
        layer.draw = { canvas in
            for x in stride(from: 0, to: 160, by: 4) { canvas.fill(Rect(x: Double(x), y: 0, width: 2, height: 120), color: .white) }
        }
        layer.backgroundColor = .black
        return layer
    }

    static func render(radius: Double?, intensity: Double = 1) -> PixelBuffer {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 160, height: 120), name: "root")
        root.addSublayer(Self.stripes())
        if let radius {
            let glass = Layer(frame: Rect(x: 20, y: 20, width: 120, height: 80), name: "glass")
            glass.backdrop = LayerBackdrop(style: .none, sigma: 6, intensity: intensity)
            glass.cornerRadii = CornerRadii(all: radius)
            root.addSublayer(glass)
        }
        let compositor = Compositor(root: root, size: Self.size)
        compositor.render()
        return compositor.frame.copy()
    }

    @Test("outside the corner arc the stripes stay sharp; inside the frame they are blurred", arguments: [1.0, 0.5])
    func cornerShowsThePictureBehind(intensity: Double) {
        let sharp = Self.render(radius: nil)
        let glass = Self.render(radius: 20, intensity: intensity)
        // (20, 20) and (21, 22): outside the arc of radius 20 whose centre is (40, 40).
        for (x, y) in [(20, 20), (21, 22), (139, 20), (20, 99), (139, 99)] {
            #expect(glass[x, y] == sharp[x, y], "(\(x), \(y)) is outside the corner but was drawn over")
        }
        // The middle and the straight edges are blurred (grey, not the stripe's black or white).
        for (x, y) in [(80, 60), (80, 20), (20, 60)] {
            #expect(glass[x, y] != sharp[x, y], "(\(x), \(y)) is inside the shape but not blurred")
        }
    }

    @Test("along the arc the pixel is a blend: partly blur, partly the sharp picture")
    func arcIsAntiAliased() {
        let sharp = Self.render(radius: nil)
        let square = Self.render(radius: 0)
        let glass = Self.render(radius: 20)
        // (25, 26): its centre (25.5, 26.5) is 19.8 from the arc's centre (40, 40), 0.2 inside
        // the radius of 20, so about two thirds covered.
        let covered = Int(square[25, 26] & 0xFF)
        let uncovered = Int(sharp[25, 26] & 0xFF)
        let blended = Int(glass[25, 26] & 0xFF)
        #expect(covered != uncovered)
        #expect(blended > min(covered, uncovered) && blended < max(covered, uncovered), "\(uncovered) \(blended) \(covered)")
    }
}
