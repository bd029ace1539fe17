import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineRuntime
import VitrineTestSupport
import VitrineUI

/// Recorded touches (`libinput record` files, 0..4095 axes) played into the demo through the
/// real replay path: the decoder, the transform to points, the window's gesture arena.
@Suite("Recorded touches through a whole scene")
struct SceneReplayTests {
    static let recordings: String = {
        let file = #filePath
        return String(file[..<file.lastIndex(of: "/")!]) + "/Recordings"
    }()

    @Test("a flick with a second finger resting elsewhere pages exactly as the same flick alone")
    func restingFinger() throws {
        let alone = try KioskRun(configuration: KioskDemo.configuration)
        try alone.run.replay(Self.recordings + "/flick-one-finger.yml")
        let rested = try KioskRun(configuration: KioskDemo.configuration)
        try rested.run.replay(Self.recordings + "/flick-with-resting-finger.yml")
        #expect(alone.state["onboarding"]?["page"]?.stringValue == "touch")
        #expect(rested.state["onboarding"]?["page"] == alone.state["onboarding"]?["page"])
        let a = try #require(alone.run.screenshot)
        let b = try #require(rested.run.screenshot)
        #expect(GoldenImage.worstChannelDifference(a, b) == 0)
    }

    @Test("a drag through the content sheet's list that is still down when the recording ends settles at a named height")
    func fingerDownAtTheEnd() throws {
        let run = try KioskRun(configuration: KioskDemo.configuration)
        run.controller.perform(.finishOnboarding)
        run.run.settle()
        let details = try #require(run.controller.presenter(of: "exhibits"))
        run.controller.perform(details.action)
        run.run.settle()
        // Up from inside the list by 150 points, 300 ms, and the script ends with the finger down.
        let fixture = TemporaryDirectory()
        defer { fixture.remove() }
        var events = [#"{"t": 0, "id": 0, "phase": "down", "x": 640, "y": 700}"#]
        for i in 1...37 { events.append(#"{"t": \#(i * 8), "id": 0, "phase": "move", "x": 640, "y": \#(700 - Double(i) * 150 / 37)}"#) }
        let script = fixture.file("held.json")
        try FileBytes.writeAtomically(Array(("[" + events.joined(separator: ",\n") + "]\n").utf8), to: script)
        try run.run.replay(script)
        let sheet = try #require(run.controller.contentSheet)
        let expected = sheet.state == .expanded ? sheet.expandedHeight : sheet.collapsedHeight
        #expect(sheet.visibleHeight == expected, "left at \(sheet.visibleHeight), state \(sheet.state)")
        #expect(run.state["content_sheet"]?["visible_height"]?.doubleValue == expected)
    }

    /// Issue 16's soak wedged the demo's content sheet: a finger landing on the sheet while it
    /// slid away stopped the dismissal's spring, which dropped the completion that removes the
    /// sheet, and a dismissing sheet ignored every touch, so it stayed half on screen forever,
    /// covering the kiosk (the soak met it after 13,088 random events with seed 2; the held-out
    /// soak after about 6,900). The two scripts (Recordings/, from launch: three swipes through
    /// the onboarding, Start, Details, then the dismissal and the finger) are its minimal forms.
    @Test(
        "a finger on the content sheet as it slides away (after a tap outside, or a flick down) no longer wedges it: it leaves, and the demo draws and responds",
        arguments: [
            "content-sheet-caught-while-dismissing.json", "content-sheet-flicked-away-then-caught.json"
        ])
    func caughtWhileDismissing(script: String) throws {
        let run = try KioskRun(configuration: KioskDemo.configuration)
        try run.run.replay(Self.recordings + "/" + script)
        #expect(run.state["content_sheet"]?["presented"] == .bool(false), "\(run.state["content_sheet"]!)")
        #expect(Array(run.controller.callbacks.elements.suffix(3)) == ["didRemoveContent", "didHide", "didDisappear"].map { "contentSheet." + $0 })
        #expect(!run.run.window.root.subviews.contains { $0.subviews.contains { $0 is ContentSheet } })
        #expect(run.run.window.animator.isIdle)
        // The kiosk shows the main screen again, as the golden image has it.
        let screen = try #require(run.run.screenshot)
        let comparison = GoldenImage.compare(screen, name: "main", directory: DemoSmokeTests.snapshots)
        #expect(comparison.matches(tolerance: 3), "\(comparison)")
        // And it responds: Details presents the sheet again, a tap above it dismisses it.
        let frames = run.run.window.framesRendered
        run.tap(try #require(run.view("screens.main.content.children[2].children[1]")))
        #expect(run.state["content_sheet"]?["screen"]?.stringValue == "exhibits")
        #expect(run.state["content_sheet"]?["state"]?.stringValue == "collapsed")
        #expect(run.run.window.framesRendered > frames)
        run.tap(Point(x: 640, y: 40))
        #expect(run.state["content_sheet"]?["presented"] == .bool(false))
    }
}
