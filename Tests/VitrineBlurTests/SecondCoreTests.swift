import Testing
import VitrineCore
import VitrineGraphics
import VitrineSystem

@testable import VitrineBench

/// The second core changes who computes a pixel, never its value: the blur and the compositor
/// give the same frames, pixel for pixel, with one lane and with two (Docs/rendering.md,
/// "The second core"). ThreadSanitizer runs this suite too (scripts/test.sh).
@Suite("The second core")
struct SecondCoreTests {
    static let size = PixelSize(width: 1920, height: 1080)

    /// The first pixel where two frames differ, for the failure message.
    static func firstDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> String {
        guard a.size == b.size else { return "sizes \(a.size) and \(b.size)" }
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                return "first at (\(x), \(y)): \(String(a[x, y], radix: 16)) vs \(String(b[x, y], radix: 16))"
            }
        }
        return "none"
    }

    @Test(
        "a blur split across two cores equals the one-thread blur, made, drawn and re-blurred",
        arguments: [(20.0, BlurStyle.dark), (8.0, .none), (40.0, .light), (2.5, .extraLight)])
    func blurMatches(sigma: Double, style: BlurStyle) throws {
        let forkJoin = try ForkJoin(threads: 2)
        let frame = PhotoLikeFrame.make(size: Self.size)
        // An odd area off the origin, so the cuts fall on no block or line boundary.
        let area = PixelRect(x: 37, y: 11, width: 1801, height: 1003)
        let one = BackdropBlur(source: frame, sourceRect: area, sigma: sigma, style: style)
        let two = BackdropBlur(source: frame, sourceRect: area, sigma: sigma, style: style, forkJoin: forkJoin)
        let split = forkJoin.splitJobs
        #expect(split > 0, "the first blur was split")
        let oneFrame = PixelBuffer(size: Self.size)
        let twoFrame = PixelBuffer(size: Self.size)
        one.draw(into: oneFrame, rect: frame.bounds)
        two.draw(into: twoFrame, rect: frame.bounds)
        #expect(forkJoin.splitJobs > split, "the full draw was split")
        #expect(oneFrame.hasSamePixels(as: twoFrame), "\(Self.firstDifference(oneFrame, twoFrame))")

        // The scene behind changes over a large area and a small one.
        let changed = Region(PixelRect(x: 300, y: 200, width: 1200, height: 700)).union(Region(PixelRect(x: 1700, y: 40, width: 90, height: 60)))
        let picture = PhotoLikeFrame.make(size: PixelSize(width: 1200, height: 700))
        for rect in changed.rects {
            for y in rect.minY..<rect.maxY {
                for x in rect.minX..<rect.maxX { frame[x, y] = picture[(x * 7) % picture.width, (y * 3) % picture.height] }
            }
        }
        let beforeInvalidate = forkJoin.splitJobs
        one.invalidate(changed)
        two.invalidate(changed)
        #expect(forkJoin.splitJobs > beforeInvalidate, "the re-blur was split")
        one.draw(into: oneFrame, rect: frame.bounds)
        two.draw(into: twoFrame, rect: frame.bounds)
        #expect(oneFrame.hasSamePixels(as: twoFrame), "\(Self.firstDifference(oneFrame, twoFrame))")
        // A small change stays on one thread and still matches.
        let small = Region(PixelRect(x: 900, y: 500, width: 20, height: 10))
        let beforeSmall = forkJoin.splitJobs
        one.invalidate(small)
        two.invalidate(small)
        #expect(forkJoin.splitJobs == beforeSmall, "a small re-blur is not split")
        one.draw(into: oneFrame, rect: PixelRect(x: 800, y: 400, width: 300, height: 300))
        two.draw(into: twoFrame, rect: PixelRect(x: 800, y: 400, width: 300, height: 300))
        #expect(oneFrame.hasSamePixels(as: twoFrame), "\(Self.firstDifference(oneFrame, twoFrame))")
    }

    /// The sheet-drag scene (photo, dark blur, a sheet of text with rounded corners and
    /// ContentSheet's shadow) plus a rounded clipping card with a child over its corner and
    /// text, and a fading group, all across the middle row where two bands meet.
    static func scene() throws -> SheetDragScene {
        let scene = try SheetDragScene(size: Self.size, shadow: true)
        let fonts = try FontLibrary()
        let label = try TextLayout("Les Bancs d’Essai — 12 €", style: TextStyle(pointSize: 28, maximumLines: 1), width: 460, library: fonts)
        let card = Layer(frame: Rect(x: 180, y: 400, width: 520, height: 300), name: "card")
        card.backgroundColor = Color(red: 24, green: 86, blue: 160)
        card.cornerRadii = CornerRadii(all: 28)
        card.clipsToBounds = true
        card.shadow = LayerShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 120), blur: 18, offset: Point(x: 0, y: 6))
        card.draw = { canvas in canvas.draw(label, at: Point(x: 24, y: 120), color: .white) }
        let corner = Layer(frame: Rect(x: 380, y: 180, width: 200, height: 160), name: "corner")
        corner.backgroundColor = Color(red: 240, green: 180, blue: 40, alpha: 200)
        corner.cornerRadii = CornerRadii(all: 9.5)
        card.addSublayer(corner)
        scene.root.addSublayer(card)
        let group = Layer(frame: Rect(x: 1100, y: 430, width: 400, height: 220), name: "group")
        group.backgroundColor = .white
        group.cornerRadii = CornerRadii(all: 16)
        group.opacity = 0.6
        let badge = Layer(frame: Rect(x: 30, y: 60, width: 200, height: 100), name: "badge")
        badge.backgroundColor = Color(red: 200, green: 30, blue: 60)
        group.addSublayer(badge)
        scene.root.addSublayer(group)
        return scene
    }

    @Test("a composite split into two bands equals the one-thread frame: the first frame, full redraws, a sheet drag, a new picture behind the blur")
    func compositionMatches() throws {
        let forkJoin = try ForkJoin(threads: 2)
        let one = try Self.scene()
        let two = try Self.scene()
        two.compositor.forkJoin = forkJoin
        func expectSame(_ what: String) {
            let damageOne = one.compositor.render()
            let damageTwo = two.compositor.render()
            #expect(damageOne == damageTwo, "\(what): the same damage")
            #expect(
                one.compositor.frame.hasSamePixels(as: two.compositor.frame), "\(what): \(Self.firstDifference(one.compositor.frame, two.compositor.frame))")
        }
        expectSame("first frame")
        #expect(forkJoin.splitJobs >= 3, "the picture behind, its blur and the frame were split (\(forkJoin.splitJobs) jobs)")
        // The sheet's rounded top and its shadow across the cut between the bands.
        for dy in [50.0, 3.0, 3.0, -120.0] {
            one.move(by: dy)
            two.move(by: dy)
            expectSame("sheet moved by \(dy)")
        }
        let beforeFull = forkJoin.splitJobs
        one.compositor.setNeedsFullRedraw()
        two.compositor.setNeedsFullRedraw()
        expectSame("full redraw")
        #expect(forkJoin.splitJobs > beforeFull, "the full redraw was split")
        // A new picture behind the blur: the picture behind is repainted and re-blurred in bands.
        for scene in [one, two] {
            let photo = scene.root.sublayers[0]
            let picture = PhotoLikeFrame.make(size: PixelSize(width: 640, height: 360))
            photo.draw = { canvas in canvas.draw(picture, in: Rect(x: 0, y: 0, width: 1920, height: 1080), mode: .fill) }
            photo.setNeedsDisplay()
        }
        let beforeBehind = forkJoin.splitJobs
        expectSame("new picture behind the sheet")
        #expect(forkJoin.splitJobs >= beforeBehind + 3, "repaint behind, re-blur and frame were split")
        // Off again: the same compositor goes back to one thread.
        two.compositor.forkJoin = nil
        one.move(by: 7)
        two.move(by: 7)
        expectSame("back on one thread")
    }
}
