import Testing
import VitrineCore
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineUI

/// The onboarding turned with keys (issue 33, "the audit"): its pages were swipe-only, so a
/// visitor with a keypad or a keyboard was held on the demo's first page for good.
@Suite("Onboarding: the keys that move the focus turn the pages")
struct OnboardingKeysTests {
    static func press(_ run: KioskRun, _ key: KeyEvent.Key) {
        run.run.window.handle(KeyEvent(key, timestamp: UInt64(run.run.loop.now.microseconds), device: "keypad"))
        run.run.settle()
    }

    @Test("down and Right turn a page with nothing to focus, up and Left turn it back; the completed page's Start is reached and chosen")
    func demoPages() throws {
        let run = try KioskRun(example: "demo")
        #expect(run.front == "welcome")
        Self.press(run, .right)
        #expect(run.front == "touch")
        Self.press(run, .down)
        #expect(run.front == "ready")
        Self.press(run, .left)
        #expect(run.front == "touch")
        Self.press(run, .up)
        #expect(run.front == "welcome")
        // Before the first page there is nothing: the key does what it did before, nothing here.
        Self.press(run, .up)
        #expect(run.front == "welcome")
        for _ in 0..<3 { Self.press(run, .down) }
        #expect(run.front == "all-set")
        // The completed page has a button: down goes to it, and stays on it (no page after).
        Self.press(run, .down)
        #expect((run.run.window.focusedView as? Button)?.title == "Start")
        Self.press(run, .down)
        #expect(run.front == "all-set")
        #expect((run.run.window.focusedView as? Button)?.title == "Start")
        Self.press(run, .enter)
        #expect(run.front == "main")
        #expect(!run.controller.isOnboardingShowing)
        #expect(run.controller.callbacks.elements.filter { $0.hasPrefix("keypad: onboarding") }.count == 7)
    }

    @Test("on a page with buttons, down moves through them first and turns the page after the last; up before the first turns back")
    func pageWithButtons() throws {
        let page = { (id: String, buttons: [String]) in
            ScreenModel(
                id: id,
                content: ViewNode(
                    .stack(
                        StackNode(children: buttons.map { ViewNode(.button(ButtonNode(.plain($0), action: .emit($0, .null))), path: "screens.\(id).\($0)") }))
                ))
        }
        let end = ScreenModel(id: "end", content: ViewNode(.stack(StackNode(children: [ViewNode(.button(ButtonNode("Start", action: .finishOnboarding)))]))))
        let model = SceneModel(
            screens: [page("one", ["a", "b"]), page("two", []), end, ScreenModel(id: "home")], start: "home",
            onboarding: OnboardingModel(pages: ["one", "two"], completed: "end"))
        var configuration = KioskConfiguration()
        configuration.scene = model
        let run = try KioskRun(configuration: configuration)
        Self.press(run, .down)
        #expect((run.run.window.focusedView as? Button)?.title == "a")
        Self.press(run, .down)
        #expect((run.run.window.focusedView as? Button)?.title == "b")
        Self.press(run, .down)
        #expect(run.front == "two")
        Self.press(run, .up)
        #expect(run.front == "one")
        Self.press(run, .down)
        #expect((run.run.window.focusedView as? Button)?.title == "a")
        Self.press(run, .up)
        #expect(run.front == "one", "the first page has no page before it: up goes round to its last element")
        #expect((run.run.window.focusedView as? Button)?.title == "b")
    }
}
