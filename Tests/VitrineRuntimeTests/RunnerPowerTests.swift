import Testing
import VitrineCore
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineTestSupport
import VitrineUI

/// Idle and display power through the whole runner on the manual clock: the config's `idle`
/// action and `display.power` timers, the events they send, frames stopping while the panel is
/// blank and a touch waking it without pressing what is under the finger — what `vitrine run`
/// does on a panel, minute by minute, in a test that waits for nothing.
@Suite("Runner: idle and display power on the manual clock")
struct RunnerPowerTests {
    static let config = #"""
        {"version": 2, "idle": {"after": 30, "action": "popToRoot"},
         "display": {"power": {"dimAfter": 60, "blankAfter": 120, "backlight": null}},
         "screens": {
           "home": {"title": "Home", "content": {"type": "button", "title": "More", "action": {"push": "detail"}}},
           "detail": {"title": "Detail", "content": {"type": "text", "text": "More about it"}}}}
        """#

    @Test(
        "a tap pushes; 30 s later the idle action pops to the start; 60 s after the tap the panel dims, at 120 s it blanks and frames stop; a tap wakes it and presses nothing"
    )
    func idleThenDimThenBlankThenWake() throws {
        let fixture = try FixtureFolder()
        let path = try fixture.write(Self.config)
        let runner = try KioskRunnerTests.runner(path: path, notifier: nil)
        runner.controlPath = nil
        var events: [SceneEvent] = []
        runner.onSceneEvent = { events.append($0) }
        try runner.start()
        defer { runner.finish() }
        let loop = try #require(runner.loop as? ManualEventLoop)
        let output = try #require(runner.output as? HeadlessOutput)
        loop.advance(by: .seconds(1))
        let controller = try #require((runner.scene as? KioskScene)?.controller)
        func stack() -> [String] { controller.navigationStack.map(\.model.id) }
        func powerEvents() -> [SceneEvent] { events.filter { $0.kind == .blank || $0.kind == .wake } }
        func tapMore() throws {
            let button = try #require(Self.button(titled: "More", in: runner.window!.root))
            let centre = button.windowFrame.center
            let t = UInt64(loop.now.nanoseconds / 1000)
            runner.window!.handle(TouchFrame(timestamp: t, contacts: [TouchContact(id: 0, phase: .began, x: centre.x, y: centre.y)]))
            loop.advance(by: .milliseconds(40))
            runner.window!.handle(TouchFrame(timestamp: t + 40_000, contacts: [TouchContact(id: 0, phase: .ended, x: centre.x, y: centre.y)]))
        }

        try tapMore()
        let tapped = loop.now
        loop.advance(by: .seconds(1))
        #expect(stack() == ["home", "detail"])
        loop.advance(to: tapped + .seconds(29.9))
        #expect(stack() == ["home", "detail"], "not idle before 30 s")
        loop.advance(to: tapped + .seconds(31))
        #expect(stack() == ["home"], "the idle action popped to the start at 30 s")
        #expect(events.contains { $0.kind == .idle && $0.name == "popToRoot" }, "\(events)")

        loop.advance(to: tapped + .seconds(59.9))
        #expect(runner.powerState == .on)
        loop.advance(to: tapped + .seconds(60.1))
        #expect(runner.powerState == .dimmed, "dimmed 60 s after the last touch")
        loop.advance(to: tapped + .seconds(119.9))
        #expect(!runner.isBlank)
        loop.advance(to: tapped + .seconds(120.1))
        #expect(runner.isBlank, "blank 120 s after the last touch")
        #expect(powerEvents().last.map { $0.kind == .blank && $0.name == "idle" } == true, "\(events.suffix(2))")

        // Frames stop while blank: a redraw the window asks for is not drawn, and the state's
        // frames_drawn (what a control client reads) stands still.
        func framesDrawn() -> Double? { runner.controlState["runtime"]?["frames_drawn"]?.doubleValue }
        let flipsWhileBlank = output.flipCount
        let drawnWhileBlank = framesDrawn()
        runner.window?.compositor.setNeedsFullRedraw()
        runner.window?.setNeedsFrame()
        loop.advance(by: .seconds(2))
        #expect(output.flipCount == flipsWhileBlank, "no frames while the panel is blank")
        #expect(
            drawnWhileBlank != nil && framesDrawn() == drawnWhileBlank,
            "frames_drawn \(String(describing: drawnWhileBlank)) then \(String(describing: framesDrawn()))")

        // A tap on the button wakes the panel and is swallowed: nothing is pushed.
        try tapMore()
        loop.advance(by: .seconds(1))
        #expect(!runner.isBlank && runner.powerState == .on, "a touch wakes the panel")
        #expect(powerEvents().last.map { $0.kind == .wake && $0.name == "touch" } == true, "\(events.suffix(2))")
        #expect(stack() == ["home"], "the waking tap pressed nothing")
        #expect(output.flipCount > flipsWhileBlank, "waking draws the screen again")
        #expect((framesDrawn() ?? 0) > (drawnWhileBlank ?? .infinity), "and frames_drawn counts it")
    }

    static func button(titled title: String, in view: View) -> Button? {
        if let button = view as? Button, button.title == title, !button.isHidden { return button }
        for child in view.subviews { if let found = Self.button(titled: title, in: child) { return found } }
        return nil
    }
}
