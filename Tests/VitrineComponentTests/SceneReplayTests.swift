import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineRuntime
import VitrineTestSupport

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
}
