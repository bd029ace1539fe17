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
    @Test("down and Right turn a page with nothing to focus, up and Left turn it back; the completed page's Start is reached and chosen")
    func demoPages() throws {
        let run = try KioskRun(example: "demo")
        #expect(run.front == "welcome")
        run.press(.right)
        #expect(run.front == "touch")
        run.press(.down)
        #expect(run.front == "ready")
        run.press(.left)
        #expect(run.front == "touch")
        run.press(.up)
        #expect(run.front == "welcome")
        // Before the first page there is nothing: the key does what it did before, nothing here.
        run.press(.up)
        #expect(run.front == "welcome")
        for _ in 0..<3 { run.press(.down) }
        #expect(run.front == "all-set")
        // The completed page has a button: down goes to it, and stays on it (no page after).
        run.press(.down)
        #expect((run.run.window.focusedView as? Button)?.title == "Start")
        run.press(.down)
        #expect(run.front == "all-set")
        #expect((run.run.window.focusedView as? Button)?.title == "Start")
        run.press(.enter)
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
        run.press(.down)
        #expect((run.run.window.focusedView as? Button)?.title == "a")
        run.press(.down)
        #expect((run.run.window.focusedView as? Button)?.title == "b")
        run.press(.down)
        #expect(run.front == "two")
        run.press(.up)
        #expect(run.front == "one")
        run.press(.down)
        #expect((run.run.window.focusedView as? Button)?.title == "a")
        run.press(.up)
        #expect(run.front == "one", "the first page has no page before it: up goes round to its last element")
        #expect((run.run.window.focusedView as? Button)?.title == "b")
    }
}
