import Testing
import VitrineCore
import VitrineKiosk
import VitrineUI

/// Replays the hand-made touch scripts in `Scripts/` (written by `Scripts/make-scripts.py`)
/// through the demo scene, headless, the way `vitrine replay` does, and checks where each
/// component comes to rest.
struct ReplayRun {
    let headless: HeadlessScene
    var scene: KioskScene { self.headless.scene }
    var state: JSONValue { self.scene.state() }

    static let scripts: String = {
        let file = #filePath
        return String(file[..<file.lastIndex(of: "/")!]) + "/Scripts"
    }()

    /// Replays `script` starting on the onboarding pages, or on the main screen.
    init(_ script: String, onMainScreen: Bool = false) throws {
        // Half a pixel per point: the same gestures and layout, a quarter of the pixels to draw.
        self.headless = try HeadlessScene(configuration: .demo, size: Size(width: 1280, height: 800), scale: 0.5)
        if onMainScreen {
            self.headless.scene.enterMain()
            self.headless.settle()
        }
        try self.headless.replay(Self.scripts + "/\(script).json")
    }

    var pageIndex: Double? { self.state["onboarding"]?["page_index"]?.doubleValue }
    var splitDetent: String? { self.state["split_sheet"]?["detent"]?.stringValue }
    var contentSheet: JSONValue? { self.state["content_sheet"] }
    var callbacks: [String] { self.scene.callbacks }
}

@Suite("Onboarding pager replays")
struct PagerReplayTests {
    @Test("a fast short flick completes the push")
    func fastShortFlick() throws {
        let run = try ReplayRun("pager-fast-short-flick")
        #expect(run.pageIndex == 1)
    }

    @Test("a slow swipe to 40% released still springs back")
    func slowSwipeSpringsBack() throws {
        let run = try ReplayRun("pager-slow-to-40-percent")
        #expect(run.pageIndex == 0)
        #expect(run.state["onboarding"]?["transitioning"] == .bool(false))
        #expect(!run.callbacks.contains("pager.page=1"))
    }

    @Test("past 66% the swipe completes by itself, even if the finger comes back below half")
    func pastSixtySixPercent() throws {
        let run = try ReplayRun("pager-past-66-percent")
        #expect(run.pageIndex == 1)
    }

    @Test("going back really goes back")
    func forwardThenBack() throws {
        let run = try ReplayRun("pager-forward-then-back")
        #expect(run.pageIndex == 0)
        #expect(run.state["onboarding"]?["stack_depth"]?.doubleValue == 1)
        #expect(run.callbacks == ["pager.page=1", "pager.page=0"])
    }

    @Test("the completed page ends swiping both ways, and Start opens the main screen")
    func completedAndStart() throws {
        let run = try ReplayRun("pager-to-completed-and-start")
        #expect(run.callbacks == ["pager.page=1", "pager.page=2", "pager.page=completed", "screen=main"])
        #expect(run.state["screen"]?.stringValue == "main")
    }

    @Test("a finger catches a transition springing back and pushes it through")
    func catchSettling() throws {
        let run = try ReplayRun("pager-catch-settling")
        #expect(run.pageIndex == 1)
    }
}

@Suite("Split sheet replays")
struct SplitSheetReplayTests {
    @Test("the Show sheet button shows it; showing is reported")
    func tapShow() throws {
        let run = try ReplayRun("split-tap-show", onMainScreen: true)
        #expect(run.splitDetent == "shown")
        #expect(run.state["split_sheet"]?["showing"] == .bool(true))
        #expect(run.scene.buttons[0].actionCount == 1)
        #expect(run.callbacks.contains("splitSheet.showing=true"))
    }

    @Test("a still release 140 pt below the shown detent snaps to it")
    func stillReleaseInsideSnappingDistance() throws {
        let run = try ReplayRun("split-still-release-below-snap", onMainScreen: true)
        #expect(run.splitDetent == "shown")
    }

    @Test("a still release 160 pt below the shown detent hides the sheet")
    func stillReleaseOutsideSnappingDistance() throws {
        let run = try ReplayRun("split-still-release-above-snap", onMainScreen: true)
        #expect(run.splitDetent == "hidden")
        #expect(run.state["split_sheet"]?["showing"] == .bool(false))
    }

    @Test("a fast flick from hidden skips shown and lands expanded")
    func flickSkipsDetent() throws {
        let run = try ReplayRun("split-flick-skips-shown", onMainScreen: true)
        #expect(run.splitDetent == "expanded")
    }

    @Test("a reverse flick at the end of a drag goes the flick's way")
    func reverseFlick() throws {
        let run = try ReplayRun("split-reverse-flick", onMainScreen: true)
        #expect(run.splitDetent == "hidden")
    }

    @Test("a drag that catches the sheet mid-settle continues from where it is drawn")
    func catchMidSettle() throws {
        let run = try ReplayRun("split-catch-mid-settle", onMainScreen: true)
        #expect(run.splitDetent == "shown")
        #expect(run.callbacks.filter { $0.hasPrefix("splitSheet.rest") } == ["splitSheet.rest=shown"])
    }

    @Test("buttons in the main pane keep working while the sheet shows")
    func tapHide() throws {
        let run = try ReplayRun("split-tap-hide-while-shown", onMainScreen: true)
        #expect(run.splitDetent == "hidden")
        #expect(run.scene.buttons[0].actionCount == 2)
    }
}

@Suite("Content sheet replays")
struct ContentSheetReplayTests {
    static let presentation = ["contentSheet.willAddContent", "contentSheet.willShow", "contentSheet.willAppear",
                               "contentSheet.didAddContent", "contentSheet.didShow", "contentSheet.didAppear"]
    static let dismissal = ["contentSheet.willRemoveContent", "contentSheet.willHide", "contentSheet.willDisappear",
                            "contentSheet.didRemoveContent", "contentSheet.didHide", "contentSheet.didDisappear"]

    func sheetCallbacks(_ run: ReplayRun) -> [String] { run.callbacks.filter { $0.hasPrefix("contentSheet.") } }

    @Test("a touch-down outside the sheet dismisses it; callbacks come in the original's order")
    func touchOutside() throws {
        let run = try ReplayRun("content-present-and-touch-outside", onMainScreen: true)
        #expect(run.contentSheet?["presented"] == .bool(false))
        #expect(self.sheetCallbacks(run) == Self.presentation + Self.dismissal)
    }

    @Test("a flick up on the header expands the sheet")
    func flickUpExpands() throws {
        let run = try ReplayRun("content-flick-up-expands", onMainScreen: true)
        #expect(run.contentSheet?["state"]?.stringValue == "expanded")
        #expect(run.contentSheet?["visible_height"]?.doubleValue == 700)
    }

    @Test("from expanded a drag down collapses, it never dismisses in one gesture")
    func expandedCollapses() throws {
        let run = try ReplayRun("content-drag-down-from-expanded-collapses", onMainScreen: true)
        #expect(run.contentSheet?["presented"] == .bool(true))
        #expect(run.contentSheet?["state"]?.stringValue == "collapsed")
    }

    @Test("a flick down from collapsed dismisses, and the backdrop leaves with it")
    func flickDownDismisses() throws {
        let run = try ReplayRun("content-flick-down-dismisses", onMainScreen: true)
        #expect(run.contentSheet?["presented"] == .bool(false))
        #expect(self.sheetCallbacks(run) == Self.presentation + Self.dismissal)
    }

    @Test("a slow release in the outer third goes to the nearer end")
    func slowOuterThird() throws {
        let run = try ReplayRun("content-slow-release-outer-third", onMainScreen: true)
        #expect(run.contentSheet?["presented"] == .bool(true))
        #expect(run.contentSheet?["state"]?.stringValue == "collapsed")
        #expect(run.contentSheet?["visible_height"]?.doubleValue == 400)
    }

    @Test("dragging up in the list expands the sheet, then scrolls the list, in one gesture")
    func nestedScrollUp() throws {
        let run = try ReplayRun("content-nested-scroll-up", onMainScreen: true)
        #expect(run.contentSheet?["visible_height"]?.doubleValue == 700)
        #expect((run.contentSheet?["scroll_offset"]?.doubleValue ?? 0) > 100)
    }

    @Test("dragging down in the list scrolls it to the top, then moves the sheet down")
    func nestedScrollDown() throws {
        let run = try ReplayRun("content-nested-scroll-down", onMainScreen: true)
        #expect(run.contentSheet?["scroll_offset"]?.doubleValue == 0)
        #expect(run.contentSheet?["presented"] == .bool(true))
        #expect(run.contentSheet?["state"]?.stringValue == "collapsed")
    }

    @Test("the header's Done button dismisses")
    func doneButton() throws {
        let run = try ReplayRun("content-tap-done", onMainScreen: true)
        #expect(run.contentSheet?["presented"] == .bool(false))
    }
}
