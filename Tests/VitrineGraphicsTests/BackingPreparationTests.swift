import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineGraphics

@Suite("Backing preparation")
struct BackingPreparationTests {
    /// A page as a push brings it: off to the right of a screen showing another, holding a
    /// rounded, clipped photo with a shadow, text-like bars on fractional edges, a plain colour
    /// and, inside a clipping box, a layer scrolled out of view.
    static func page() -> (screen: Layer, page: Layer, hidden: Layer) {
        let screen = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150), name: "screen")
        let old = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150), name: "old page")
        old.backgroundColor = Color(hex: "#EEEEEE")!
        screen.addSublayer(old)
        let page = Layer(frame: Rect(x: 200, y: 0, width: 200, height: 150), name: "page")
        page.backgroundColor = .white
        page.clipsToBounds = true
        screen.addSublayer(page)
        let photo = Layer(frame: Rect(x: 10, y: 12, width: 110.5, height: 90.25), name: "photo")
        let image = CanvasTests.photo()
        photo.draw = { canvas in canvas.draw(image, in: Rect(x: 0, y: 0, width: 110.5, height: 90.25), mode: .fill) }
        photo.cornerRadii = CornerRadii(all: 12)
        photo.clipsToBounds = true
        photo.shadow = LayerShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 90), blur: 4, offset: Point(x: 0, y: 2))
        page.addSublayer(photo)
        for line in 0..<3 {
            let text = Layer(frame: Rect(x: 130.5, y: 20 + Double(line) * 14.5, width: 60.25, height: 10), name: "text \(line)")
            text.draw = { canvas in canvas.fill(Rect(x: 0.5, y: 1, width: 50 - Double(line) * 9, height: 7), cornerRadii: CornerRadii(all: 2), color: .black) }
            page.addSublayer(text)
        }
        let divider = Layer(frame: Rect(x: 130, y: 70, width: 60, height: 1), name: "divider")
        divider.backgroundColor = Color(hex: "#C6C6C8")!
        page.addSublayer(divider)
        let box = Layer(frame: Rect(x: 130, y: 80, width: 60, height: 60), name: "box")
        box.clipsToBounds = true
        page.addSublayer(box)
        let row = Layer(frame: Rect(x: 0, y: 70, width: 60, height: 30), name: "row scrolled away")
        row.clipsToBounds = true
        box.addSublayer(row)
        let hidden = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 30), name: "its text")
        hidden.draw = { canvas in canvas.fill(Rect(x: 0, y: 0, width: 60, height: 30), color: .black) }
        row.addSublayer(hidden)
        return (screen, page, hidden)
    }

    @Test("a prepared page is drawn as render() would draw it, and the frame that shows it redraws nothing", arguments: [1.0, 2.0])
    func preparedBackingsAreTheRendersOwn(scale: Double) {
        let size = PixelSize(width: Int(200 * scale), height: Int(150 * scale))
        let prepared = Self.page()
        let drawnAhead = Compositor(root: prepared.screen, size: size, scale: scale)
        drawnAhead.render()
        // The push: the page is drawn while it is still off screen.
        #expect(drawnAhead.prepareBackings(of: prepared.page) == 4)
        #expect(prepared.hidden.displayCount == 0)
        // Its slide's first frame, and the frame it rests in.
        prepared.page.frame.origin.x = 120
        drawnAhead.render()
        #expect(drawnAhead.lastRedrawCount == 1)  // the divider's solid colour, which has no bitmap
        prepared.page.frame.origin.x = 0
        drawnAhead.render()
        #expect(drawnAhead.lastRedrawCount == 0)
        // Nothing drawn twice, and the pixels of a page drawn by render() itself.
        for layer in prepared.page.sublayers where layer.draw != nil { #expect(layer.displayCount == 1, "\(layer.name)") }
        #expect(drawnAhead.prepareBackings(of: prepared.page) == 0)
        let plain = Self.page()
        plain.page.frame.origin.x = 0
        let drawnInFrame = Compositor(root: plain.screen, size: size, scale: scale)
        drawnInFrame.render()
        #expect(drawnAhead.frame.hasSamePixels(as: drawnInFrame.frame))
    }
}
