import Testing
import VitrineCore

@testable import VitrineGraphics

/// A fading layer with sublayers fades as one picture (issue 17, `Layer.allowsGroupOpacity`):
/// a white card holding a red square, at opacity ½ over black, shows the square as half red
/// over black, not as half red over half white.
@Suite("Group opacity")
struct GroupOpacityTests {
    static let size = PixelSize(width: 100, height: 80)

    static func scene(group: Bool) -> (root: Layer, card: Layer, square: Layer) {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 80), name: "root")
        let card = Layer(frame: Rect(x: 10, y: 10, width: 80, height: 60), name: "card")
        card.backgroundColor = .white
        card.cornerRadii = CornerRadii(all: 12)
        card.opacity = 0.5
        card.allowsGroupOpacity = group
        let square = Layer(frame: Rect(x: 20, y: 20, width: 30, height: 20), name: "square")
        square.backgroundColor = Color(red: 255, green: 0, blue: 0)
        card.addSublayer(square)
        root.addSublayer(card)
        return (root, card, square)
    }

    /// The red, green and blue of a pixel.
    static func channels(_ frame: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        let word = frame[x, y]
        return [Int(word >> 16 & 0xFF), Int(word >> 8 & 0xFF), Int(word & 0xFF)]
    }

    static func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 1 } }

    @Test("the group fades as one picture: the square is half red over black, the card half white")
    func groupFadesAsOne() {
        let scene = Self.scene(group: true)
        let compositor = Compositor(root: scene.root, size: Self.size)
        compositor.render()
        #expect(Self.near(Self.channels(compositor.frame, 40, 40), [128, 0, 0]), "\(Self.channels(compositor.frame, 40, 40))")
        #expect(Self.near(Self.channels(compositor.frame, 80, 60), [128, 128, 128]), "\(Self.channels(compositor.frame, 80, 60))")
        #expect(Self.channels(compositor.frame, 5, 5) == [0, 0, 0])
    }

    @Test("without the group each layer fades on its own: the card shows through the square")
    func perLayerFadeShowsThrough() {
        let scene = Self.scene(group: false)
        let compositor = Compositor(root: scene.root, size: Self.size)
        compositor.render()
        // Half white over black, then half red over that: (191, 64, 64).
        #expect(Self.near(Self.channels(compositor.frame, 40, 40), [191, 64, 64]), "\(Self.channels(compositor.frame, 40, 40))")
    }

    @Test("the fade animates: changing the group's opacity repaints it, and opacity 1 is the plain picture")
    func fadeRepaints() {
        let scene = Self.scene(group: true)
        let compositor = Compositor(root: scene.root, size: Self.size)
        compositor.render()
        scene.card.opacity = 0.25
        let damage = compositor.render()
        #expect(!damage.isEmpty)
        #expect(Self.near(Self.channels(compositor.frame, 40, 40), [64, 0, 0]), "\(Self.channels(compositor.frame, 40, 40))")
        scene.card.opacity = 1
        compositor.render()
        #expect(Self.channels(compositor.frame, 40, 40) == [255, 0, 0])
        #expect(Self.channels(compositor.frame, 80, 60) == [255, 255, 255])
    }

    @Test("a partial repaint inside a fading group matches a full render of the same tree")
    func partialRepaintMatchesFull() {
        let scene = Self.scene(group: true)
        let compositor = Compositor(root: scene.root, size: Self.size)
        compositor.render()
        scene.square.frame.origin.x += 13
        compositor.render()
        let fresh = Compositor(root: scene.root, size: Self.size)
        fresh.render()
        #expect(compositor.frame.hasSamePixels(as: fresh.frame))
    }

    @Test("a fading group's rounded corners stay anti-aliased and its inner opacities multiply in")
    func nestedOpacity() {
        let scene = Self.scene(group: true)
        scene.square.opacity = 0.5
        let compositor = Compositor(root: scene.root, size: Self.size)
        compositor.render()
        // In the group: half red over white = (255, 128, 128); the group at ½ over black.
        #expect(Self.near(Self.channels(compositor.frame, 40, 40), [128, 64, 64]), "\(Self.channels(compositor.frame, 40, 40))")
        // The card's corner pixel is partly covered: darker than its inside, not black.
        let corner = Self.channels(compositor.frame, 13, 13)
        #expect(corner[0] > 0 && corner[0] < 128, "\(corner)")
    }
}
