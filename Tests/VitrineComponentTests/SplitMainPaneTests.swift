import Testing
import VitrineCore
import VitrineKiosk
import VitrineScene
import VitrineUI

/// In an expanded split sheet the main pane can be too short for its content (the demo at
/// 1920×1080, scale 1.5: 112 of its 325 points show). Its buttons stay reachable (issue 17): a
/// drag in the pane scrolls the pane, the sheet stays where it is, and a button scrolled into
/// view works.
@Suite("Split sheet: the main pane scrolls when the expanded sheet leaves it too little room")
struct SplitMainPaneTests {
    static func buttons(in view: View) -> [Button] {
        (view as? Button).map { [$0] } ?? view.subviews.flatMap { Self.buttons(in: $0) }
    }

    /// Whether `inner` lies wholly inside `outer`.
    static func inside(_ inner: Rect, _ outer: Rect) -> Bool {
        inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY && inner.maxY <= outer.maxY
    }

    @Test("a drag up in the short main pane scrolls it until its last button shows, and the button works")
    func mainPaneScrolls() throws {
        let run = try KioskRun(configuration: KioskDemo.configuration, size: PixelSize(width: 1920, height: 1080), scale: 1.5)
        run.controller.perform(.finishOnboarding)
        run.run.settle()
        run.controller.perform(.showSplitSheet)
        run.run.settle()
        let split = try #require(run.controller.splitSheetInFront)
        split.move(to: .expanded)
        run.run.settle()
        let main = try #require(run.view("main") as? ScreenView)
        let pane = split.mainView.windowFrame
        let restart = try #require(Self.buttons(in: main).first { $0.title == "Restart onboarding" })
        #expect(main.scrollView.contentHeight > pane.height + 100, "the pane should be too short here: \(pane) for \(main.scrollView.contentHeight)")
        #expect(!Self.inside(restart.windowFrame, pane), "the button starts below the pane's edge")
        let sheetOffset = split.offset
        try run.replaySwipe(from: Point(x: 640, y: pane.maxY - 10), dx: 0, dy: -(pane.height - 20), ms: 300)
        try run.replaySwipe(from: Point(x: 640, y: pane.maxY - 10), dx: 0, dy: -(pane.height - 20), ms: 300)
        #expect(split.detent == .expanded && split.offset == sheetOffset, "the sheet moved: \(split.detent) at \(split.offset)")
        #expect(main.scrollView.contentOffset > 0)
        #expect(Self.inside(restart.windowFrame, pane), "\(restart.windowFrame) is still outside the pane \(pane)")
        try run.replayTap(restart)
        #expect(run.state["onboarding"]?["showing"] == .bool(true), "the scrolled-in button did not restart the onboarding")
    }
}
