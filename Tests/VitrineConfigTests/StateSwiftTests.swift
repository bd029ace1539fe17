import Testing
import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineRuntime
import VitrineScene
import VitrineUI

/// The state from Swift (issue 31, item 7): a scene built in code reads and sets it by name, a
/// custom view follows it, and an app's own function is called by a bind.
@Suite("State from Swift: read, set, observed by a custom view, functions of the app's")
struct StateSwiftTests {
    /// A badge that shows the count, following the state by itself.
    final class CountBadge: View {
        let label = Label(text: "")
        var observation: DataObservation?

        override init(frame: Rect = .zero) {
            super.init(frame: frame)
            self.addSubview(self.label)
            self.label.pinToEdges()
            self.label.identifier = "badge-text"
        }

        override func sizeThatFits(_ size: Size) -> Size { self.label.sizeThatFits(size) }
    }

    @Test("stateValues reads and sets; a custom view observes every change; a registered function is evaluated in a bind")
    func swiftSide() throws {
        let registry = ViewRegistry()
        registry.register("countBadge") { _, context in
            let badge = CountBadge()
            let update = { [weak badge, weak data = context.data] in
                badge?.label.text = "Count: " + ExpressionEvaluator.text(of: data?.sources["state"]?["count"] ?? .null)
            }
            update()
            badge.observation = context.data?.observe { source in if source == "state" { update() } }
            return badge
        }
        let content = ViewNode(
            .stack(
                StackNode(children: [
                    ViewNode(.custom(type: "countBadge", properties: .object([])), id: "badge"),
                    ViewNode(.text(TextNode(.bound(try DataBinding.parse("'Doubled: ' + double(state.count)")))), id: "doubled")
                ])))
        let model = SceneModel(screens: [ScreenModel(id: "home", title: "Home", content: content)], state: .object([("count", .number(2))]))
        let controller = SceneController(model: model, images: FileImageSource(), registry: registry)
        controller.registerFunction("double", arity: 1...1) { arguments, _ in
            guard case .number(let value) = arguments[0] else { return .failure(ExpressionError("needs a number", column: 0)) }
            return .success(.number(value * 2))
        }
        let run = try HeadlessRunner(scene: controller, size: PixelSize(width: 320, height: 200))
        func text(_ id: String) -> String? { (SceneController.frontmostView(identified: id, in: run.window.root) as? Label)?.text }
        #expect(controller.stateValues["count"] == .number(2))
        #expect(text("badge-text") == "Count: 2")
        #expect(text("doubled") == "Doubled: 4")
        controller.stateValues["count"] = .number(5)
        run.advance(0.1)
        #expect(controller.stateValue("count") == .number(5))
        #expect(text("badge-text") == "Count: 5", "the custom view followed the state")
        #expect(text("doubled") == "Doubled: 10")
        // An unknown name changes nothing.
        controller.stateValues["nothing"] = .number(1)
        #expect(controller.state()["state"] == .object([("count", .number(5))]))
    }
    @Test("a bind is evaluated again only when a source it reads changes: new menu data leaves a text of the state alone")
    func evaluatedOnlyWhenItsSourcesChange() throws {
        final class Tally: @unchecked Sendable { var calls = 0 }
        let tally = Tally()
        let content = ViewNode(
            .stack(
                StackNode(children: [
                    ViewNode(.text(TextNode(.bound(try DataBinding.parse("'Count ' + tally(state.count)")))), id: "count"),
                    ViewNode(.text(TextNode(.bound(DataBinding("menu.title")))), id: "menu")
                ])))
        let model = SceneModel(screens: [ScreenModel(id: "home", title: "Home", content: content)], state: .object([("count", .number(1))]))
        let data = DataStore(sources: ["menu": .object([("title", .string("Lunch"))])])
        let controller = SceneController(model: model, images: FileImageSource(), data: data)
        controller.registerFunction("tally", arity: 1...1) { arguments, _ in
            tally.calls += 1
            return .success(arguments[0])
        }
        let run = try HeadlessRunner(scene: controller, size: PixelSize(width: 320, height: 200))
        func text(_ id: String) -> String? { (SceneController.frontmostView(identified: id, in: run.window.root) as? Label)?.text }
        #expect(text("count") == "Count 1")
        let before = tally.calls
        try data.set("menu.title", to: .string("Dinner"))
        run.advance(0.1)
        #expect(text("menu") == "Dinner")
        #expect(tally.calls == before, "the state's text was not evaluated for the menu's change")
        controller.stateValues["count"] = .number(2)
        run.advance(0.1)
        #expect(text("count") == "Count 2")
        #expect(tally.calls == before + 1)
    }
}
