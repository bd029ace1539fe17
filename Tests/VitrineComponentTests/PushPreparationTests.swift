import Testing
import VitrineCore
import VitrineScene
import VitrineTestSupport
import VitrineUI

/// Issue 34: a pushed page is laid out and drawn when the push is performed, so the frames of
/// its slide only move it (its first frame had drawn the photo and every paragraph: 8 ms of a
/// 1 ms budget at 1080p).
@Suite("A pushed page is drawn before its slide's first frame")
struct PushPreparationTests {
    /// Every view under `view` that draws content.
    static func drawing(_ view: View) -> [View] {
        (view.drawsContent ? [view] : []) + view.subviews.flatMap { Self.drawing($0) }
    }

    /// `view` and every view under it.
    static func all(_ view: View) -> [View] { [view] + view.subviews.flatMap { Self.all($0) } }

    /// The screen view of `id` under `view`.
    static func screen(_ id: String, in view: View) -> ScreenView? {
        if let screen = view as? ScreenView, screen.model.id == id { return screen }
        for child in view.subviews { if let found = Self.screen(id, in: child) { return found } }
        return nil
    }

    @Test("museum: the exhibit's photo and text are drawn by the push; the slide's frames redraw nothing and rest on the exhibit")
    func exhibitDrawnByThePush() throws {
        let run = try KioskRun(example: "museum", size: PixelSize(width: 1280, height: 800))
        try run.controller.show(screen: "home")
        _ = run.run.settle()
        run.controller.perform(.push("instruments"))
        _ = run.run.settle()
        var redrawn: [Int] = []
        // The window keeps this closure: it must not keep the kiosk (and so the window) alive.
        let window = run.run.window
        let present = window.present
        window.present = { [unowned window] frame, damage in
            redrawn.append(window.compositor.lastRedrawCount)
            present?(frame, damage)
        }
        run.controller.perform(.push("chronometer"))
        // No frame has run yet: the exhibit is laid out and its content drawn, once.
        let page = try #require(Self.screen("chronometer", in: run.run.window.root))
        let views = Self.drawing(page)
        #expect(views.contains { $0 is ImageView } && views.contains { $0 is Label })
        for view in views where !view.isHidden && view.frame.width > 0 {
            #expect(view.layer.displayCount == 1, "\(view.identifier ?? "\(type(of: view))") not drawn")
        }
        _ = run.run.settle()
        #expect(run.stack == ["home", "instruments", "chronometer"])
        #expect(redrawn.count > 10)
        // The first frame makes the page's plain colours (on whole pixels) their solid sources
        // (no bitmap, no drawing); after it, nothing.
        let solid = Self.all(page).filter { $0.layer.draw == nil && $0.layer.shadow == nil && ($0.backgroundColor?.alpha ?? 0) > 0 }.count
        #expect(
            (redrawn.first ?? 0) <= solid && redrawn.dropFirst().allSatisfy { $0 == 0 },
            "backings redrawn per frame of the slide: \(redrawn), \(solid) plain colours")
        for view in views where !view.isHidden && view.frame.width > 0 { #expect(view.layer.displayCount == 1) }
    }
}
