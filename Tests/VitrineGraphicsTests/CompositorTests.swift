import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineGraphics

@Suite("Compositor")
struct CompositorTests {
    static let size = PixelSize(width: 200, height: 150)

    /// A photo background, a card with a shadow and rounded corners clipping an image and a
    /// label-like bar, and a translucent badge.
    static func scene() -> (root: Layer, card: Layer, badge: Layer, photo: Layer) {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150), name: "root")
        let photo = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150), name: "photo")
        let image = CanvasTests.photo()
        photo.draw = { canvas in canvas.draw(image, in: Rect(x: 0, y: 0, width: 200, height: 150), mode: .fill) }
        root.addSublayer(photo)
        let card = Layer(frame: Rect(x: 30, y: 40, width: 120, height: 80), name: "card")
        card.backgroundColor = Color(hex: "#FAFAFA")!
        card.cornerRadii = CornerRadii(all: 16)
        card.clipsToBounds = true
        card.shadow = LayerShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 90), blur: 6, offset: Point(x: 0, y: 4))
        root.addSublayer(card)
        let bar = Layer(frame: Rect(x: -10, y: 50, width: 140, height: 40), name: "bar")
        bar.backgroundColor = Color(hex: "#1565C0")!
        card.addSublayer(bar)
        let badge = Layer(frame: Rect(x: 140, y: 20, width: 40, height: 40), name: "badge")
        badge.backgroundColor = Color(hex: "#E53935")!
        badge.cornerRadii = CornerRadii(all: 20)
        badge.opacity = 0.6
        root.addSublayer(badge)
        return (root, card, badge, photo)
    }

    static func fullRender(_ root: Layer) -> PixelBuffer {
        let fresh = Compositor(root: root, size: size)
        fresh.render()
        return fresh.frame.copy()
    }

    @Test("a scene with clipping, rounded corners, shadow and opacity matches its golden image")
    func golden() {
        let scene = Self.scene()
        let compositor = Compositor(root: scene.root, size: Self.size)
        #expect(compositor.render() == Region(PixelRect(size: Self.size)))
        let comparison = GoldenImage.compare(compositor.frame, name: "compositor-scene", directory: CanvasTests.snapshots)
        #expect(comparison.matches(tolerance: 2), "\(comparison)")
    }

    @Test("moving a layer damages exactly its old and new rectangles and redraws nothing")
    func moveIsCompositeOnly() {
        let scene = Self.scene()
        let compositor = Compositor(root: scene.root, size: Self.size)
        compositor.render()
        let displays = scene.badge.displayCount
        scene.badge.frame.origin.x -= 7
        let damage = compositor.render()
        #expect(damage == Region(PixelRect(x: 140, y: 20, width: 40, height: 40)).union(Region(PixelRect(x: 133, y: 20, width: 40, height: 40))))
        #expect(compositor.lastRedrawCount == 0)
        #expect(scene.badge.displayCount == displays)
        #expect(compositor.frame.hasSamePixels(as: Self.fullRender(scene.root)))
    }

    @Test("fading damages the layer's rectangle and redraws nothing; nothing changed damages nothing")
    func fadeAndIdle() {
        let scene = Self.scene()
        let compositor = Compositor(root: scene.root, size: Self.size)
        compositor.render()
        #expect(compositor.render().isEmpty)
        scene.badge.opacity = 0.3
        #expect(compositor.render() == Region(PixelRect(x: 140, y: 20, width: 40, height: 40)))
        #expect(compositor.lastRedrawCount == 0)
        #expect(compositor.frame.hasSamePixels(as: Self.fullRender(scene.root)))
    }

    @Test("marking content dirty redraws only that layer")
    func contentChange() {
        let scene = Self.scene()
        let compositor = Compositor(root: scene.root, size: Self.size)
        compositor.render()
        scene.card.backgroundColor = Color(hex: "#FFF3E0")!
        compositor.render()
        #expect(compositor.lastRedrawCount == 1)
        #expect(compositor.frame.hasSamePixels(as: Self.fullRender(scene.root)))
    }

    @Test("incremental frames equal a full render after random changes", arguments: 0..<6)
    func incrementalEqualsFull(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let scene = Self.scene()
        let extra = Layer(frame: Rect(x: 10, y: 10, width: 30, height: 20), name: "extra")
        extra.backgroundColor = Color(hex: "#43A047")!
        let compositor = Compositor(root: scene.root, size: Self.size)
        compositor.render()
        let layers = [scene.card, scene.badge, extra, scene.card.sublayers[0]]
        for _ in 0..<25 {
            let layer = layers[Int(random.next() % UInt64(layers.count))]
            switch random.next() % 7 {
            case 0: layer.frame.origin.x += Double(Int(random.next() % 21) - 10) * 0.75
            case 1: layer.frame.origin.y += Double(Int(random.next() % 21) - 10)
            case 2: layer.opacity = Double(random.next() % 11) / 10
            case 3: layer.isHidden.toggle()
            case 4:
                layer.backgroundColor = Color(red: UInt8(truncatingIfNeeded: random.next()), green: 90, blue: 160, alpha: random.next() % 2 == 0 ? 255 : 140)
            case 5: if extra.superlayer == nil { scene.card.addSublayer(extra) } else { extra.removeFromSuperlayer() }
            default: layer.frame.size.width = 20 + Double(random.next() % 100)
            }
            compositor.render()
            let full = Self.fullRender(scene.root)
            #expect(GoldenImage.worstChannelDifference(compositor.frame, full) == 0)
        }
    }

    /// A square clipping pane over the whole width holding the photo, a bar across it and a
    /// rounded card clipping a photo (a split sheet's main pane), over a solid background.
    static func pane() -> (root: Layer, pane: Layer) {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150), name: "root")
        root.backgroundColor = Color(hex: "#202020")!
        let pane = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150), name: "pane")
        pane.clipsToBounds = true
        let photo = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150), name: "photo")
        let image = CanvasTests.photo()
        photo.draw = { canvas in canvas.draw(image, in: Rect(x: 0, y: 0, width: 200, height: 150), mode: .fill) }
        let bar = Layer(frame: Rect(x: 20, y: 60, width: 160, height: 70), name: "bar")
        bar.backgroundColor = Color(red: 21, green: 101, blue: 192, alpha: 160)
        bar.cornerRadii = CornerRadii(all: 12)
        // A card that rounds what it holds: its picture is cut by the card's corners and by
        // the pane's edge.
        let card = Layer(frame: Rect(x: 110, y: 20, width: 70, height: 110), name: "card")
        card.cornerRadii = CornerRadii(all: 14)
        card.clipsToBounds = true
        let cardPhoto = Layer(frame: Rect(x: -30, y: 0, width: 130, height: 110), name: "card photo")
        cardPhoto.draw = { canvas in canvas.draw(image, in: Rect(x: 0, y: 0, width: 130, height: 110), mode: .fill) }
        card.addSublayer(cardPhoto)
        pane.addSublayer(photo)
        pane.addSublayer(bar)
        pane.addSublayer(card)
        root.addSublayer(pane)
        return (root, pane)
    }

    @Test("a clipping pane that shrinks damages only the strip it stopped covering, not what it still shows")
    func shrinkingClipDamagesTheStrip() {
        let scene = Self.pane()
        let compositor = Compositor(root: scene.root, size: Self.size)
        compositor.render()
        scene.pane.frame.size.height = 110
        let damage = compositor.render()
        #expect(damage == Region(PixelRect(x: 0, y: 110, width: 200, height: 40)))
        #expect(compositor.lastRedrawCount == 0)
        #expect(compositor.frame.hasSamePixels(as: Self.fullRender(scene.root)))
        scene.pane.frame.size.height = 125
        #expect(compositor.render() == Region(PixelRect(x: 0, y: 110, width: 200, height: 15)))
        #expect(compositor.frame.hasSamePixels(as: Self.fullRender(scene.root)))
    }

    @Test("a clipping pane resized, moved and faded at random: every frame equals a full render", arguments: 0..<4)
    func resizedClipEqualsFull(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let scene = Self.pane()
        let compositor = Compositor(root: scene.root, size: Self.size)
        compositor.render()
        for _ in 0..<30 {
            switch random.next() % 5 {
            case 0, 1: scene.pane.frame.size.height = Double(random.next() % 151)
            case 2: scene.pane.frame.size.width = 50 + Double(random.next() % 151)
            case 3: scene.pane.frame.origin.y = Double(Int(random.next() % 41) - 20) * 0.5
            default: scene.pane.sublayers[1 + Int(random.next() % 2)].opacity = Double(random.next() % 11) / 10
            }
            compositor.render()
            #expect(GoldenImage.worstChannelDifference(compositor.frame, Self.fullRender(scene.root)) == 0)
        }
    }

    @Test("a backdrop layer shows the blur of what is behind it, and follows changes behind it")
    func backdrop() {
        let scene = Self.scene()
        let backdrop = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150), name: "backdrop")
        backdrop.backdrop = LayerBackdrop(style: .dark, sigma: 8)
        scene.root.insertSublayer(backdrop, at: 1)  // above the photo, below the card
        let compositor = Compositor(root: scene.root, size: Self.size)
        compositor.render()
        // Behind the backdrop is only the photo: the blurred backdrop must equal its blur.
        let behind = Compositor(root: Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150)), size: Self.size)
        behind.root.addSublayer(scene.photo)
        behind.render()
        scene.root.insertSublayer(scene.photo, at: 0)
        let blurred = BackdropBlur.blurred(behind.frame, sigma: 8, style: .dark)
        #expect(compositor.frame[5, 5] == blurred[5, 5])
        #expect(compositor.frame[190, 140] == blurred[190, 140])
        // Something changes behind it: the blur follows, and equals a fresh render.
        scene.photo.draw = { canvas in canvas.fill(Rect(x: 0, y: 0, width: 200, height: 150), color: Color(hex: "#804020")!) }
        compositor.render()
        #expect(GoldenImage.worstChannelDifference(compositor.frame, Self.fullRender(scene.root)) == 0)
        // Fading the backdrop blends blur and sharp picture; fully off shows the sharp picture.
        backdrop.backdrop?.intensity = 0
        compositor.render()
        #expect(compositor.frame[5, 5] & 0xFFFFFF == 0x804020)
        #expect(GoldenImage.worstChannelDifference(compositor.frame, Self.fullRender(scene.root)) == 0)
    }
}

@Suite("Compositor occlusion")
struct CompositorOcclusionTests {
    @Test("an opaque layer with a fractional edge does not hide what shows through its anti-aliased edge")
    func fractionalEdgeIsNotOpaque() {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 20, height: 4))
        let below = Layer(frame: Rect(x: 0, y: 0, width: 20, height: 4))
        below.backgroundColor = Color(hex: "#0000FF")!
        let bar = Layer(frame: Rect(x: 0, y: 0, width: 10.5, height: 4))
        bar.backgroundColor = .white
        root.addSublayer(below)
        root.addSublayer(bar)
        let compositor = Compositor(root: root, size: PixelSize(width: 20, height: 4))
        compositor.render()
        // Half white over blue, not half white over the black clear colour.
        #expect(compositor.frame[10, 1] & 0xFF > 200)
        #expect((compositor.frame[10, 1] >> 16) & 0xFF > 100)
    }

    @Test("a new layer that replaces a freed one of the same shape is drawn, even where memory hands it the old one's address")
    func replacedLayerIsDrawn() {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150), name: "root")
        let compositor = Compositor(root: root, size: PixelSize(width: 200, height: 150))
        // A navigation stack swapping screens: each screen is a new layer with a drawn content
        // of its own (so its backing and version numbers look like the last one's).
        for index in 0..<50 {
            let screen = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150), name: "screen")
            let shade = UInt8(index % 2 == 0 ? 40 : 200)
            screen.draw = { canvas in canvas.fill(Rect(x: 0, y: 0, width: 200, height: 150), color: Color(red: shade, green: shade, blue: shade)) }
            root.addSublayer(screen)
            compositor.render()
            #expect(compositor.frame[100, 75] & 0xFF == UInt32(shade), "screen \(index)")
            screen.removeFromSuperlayer()
        }
    }

    @Test("a layer whose content promises to be opaque hides what is under it, inside its rounded corners")
    func opaqueContentHidesWhatIsUnder() {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150), name: "root")
        root.backgroundColor = Color(hex: "#304050")!
        let photo = Layer(frame: Rect(x: 20, y: 10, width: 160, height: 120), name: "photo")
        let image = CanvasTests.photo()
        photo.draw = { canvas in canvas.draw(image, in: Rect(x: 0, y: 0, width: 160, height: 120), mode: .fill) }
        photo.clipsToBounds = true
        photo.cornerRadii = CornerRadii(all: 8)
        root.addSublayer(photo)
        let compositor = Compositor(root: root, size: PixelSize(width: 200, height: 150))
        compositor.render()
        let screen = 200 * 150
        let photoArea = 160 * 120
        #expect(compositor.lastPaintedArea == screen + photoArea, "without the promise the background is painted under the photo")
        let unpromised = compositor.frame.copy()
        photo.opaqueContent = CornerRadii(all: 12)
        compositor.setNeedsFullRedraw()
        compositor.render()
        // The corner squares (12 + 1 pixels each way) stay painted under: the content's rounded
        // corners, which the layer's own 8-point ones are inside.
        let corners = 4 * 13 * 13
        #expect(compositor.lastPaintedArea == screen + corners)
        #expect(compositor.frame.hasSamePixels(as: unpromised))
        // The layer clips to its own corners when they are the larger.
        photo.opaqueContent = .zero
        photo.cornerRadii = CornerRadii(all: 20)
        compositor.setNeedsFullRedraw()
        compositor.render()
        #expect(compositor.lastPaintedArea == screen + 4 * 21 * 21)
        #expect(compositor.frame.hasSamePixels(as: CompositorTests.fullRender(root)))
        // A fading layer hides nothing.
        photo.opacity = 0.9
        compositor.render()
        #expect(compositor.lastPaintedArea == 2 * photoArea)
    }

    @Test("a layer with a shadow and an opaque background fills its inside with the colour, as its backing would show it")
    func shadowedSurfaceFilledInside() {
        func frame(drawn: Bool, opacity: Double) -> PixelBuffer {
            let root = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150), name: "root")
            root.backgroundColor = Color(hex: "#5070A0")!
            let clip = Layer(frame: Rect(x: 6, y: 4, width: 180, height: 140), name: "clip")
            clip.cornerRadii = CornerRadii(all: 24)
            clip.clipsToBounds = true
            root.addSublayer(clip)
            // A sheet's surface: fractional edges, rounded top corners, ContentSheet-like shadow.
            let sheet = Layer(frame: Rect(x: 10.5, y: 30.25, width: 150.5, height: 140), name: "sheet")
            sheet.backgroundColor = Color(hex: "#F2F2F7")!
            sheet.cornerRadii = CornerRadii(topLeft: 14, topRight: 14, bottomRight: 0, bottomLeft: 0)
            sheet.shadow = LayerShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 60), blur: 5, offset: Point(x: 0, y: -2))
            sheet.opacity = opacity
            // A drawing closure that draws nothing keeps the layer read from its backing.
            if drawn { sheet.draw = { _ in } }
            clip.addSublayer(sheet)
            let compositor = Compositor(root: root, size: PixelSize(width: 300, height: 225), scale: 1.5)
            compositor.render()
            return compositor.frame.copy()
        }
        #expect(frame(drawn: false, opacity: 1).hasSamePixels(as: frame(drawn: true, opacity: 1)))
        #expect(frame(drawn: false, opacity: 0.6).hasSamePixels(as: frame(drawn: true, opacity: 0.6)))
    }

    @Test("a rounded layer of one colour has no backing, and looks as it does with one (also inside a rounded clip, faded)")
    func roundedSolidLayer() {
        func scene(backed: Bool) -> (Layer, Layer, PixelBuffer) {
            let root = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 150), name: "root")
            root.backgroundColor = Color(hex: "#304050")!
            let clip = Layer(frame: Rect(x: 10, y: 10, width: 170, height: 120), name: "clip")
            clip.cornerRadii = CornerRadii(all: 30)
            clip.clipsToBounds = true
            root.addSublayer(clip)
            let group = Layer(frame: Rect(x: 0, y: 0, width: 120, height: 90), name: "group")
            group.backgroundColor = Color(hex: "#F0E0C0")!
            group.cornerRadii = CornerRadii(topLeft: 12, topRight: 12, bottomRight: 20, bottomLeft: 4)
            group.opacity = 0.8
            if backed { group.draw = { _ in } }
            clip.addSublayer(group)
            let compositor = Compositor(root: root, size: PixelSize(width: 200, height: 150), scale: 1)
            compositor.render()
            return (root, group, compositor.frame.copy())
        }
        let (_, solid, solidFrame) = scene(backed: false)
        let (_, backed, backedFrame) = scene(backed: true)
        #expect(solid.backing == nil && solid.solidFill != nil)
        #expect(backed.backing != nil)
        // At the corners the solid path multiplies two 8-bit coverages and the opacity where the
        // backing stored one rounded coverage: two levels of rounding at most.
        #expect(GoldenImage.worstChannelDifference(solidFrame, backedFrame) <= 2)
    }
}
