import Testing
import VitrineCore
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineUI

/// The kiosk's state (issue 31): declared with defaults, changed by actions, read by binds and
/// emitted payloads, reset by the idle reset; a ferry ticket flow through real taps.
@Suite("Config: state, the actions that change it, payloads that carry it")
struct StateTests {
    static let fares =
        #"{"routes": [{"id": "north", "title": "North line"}, {"id": "south", "title": "South line"}], "north": {"price": 2.9}, "south": {"price": 3.5}}"#

    /// Choose a route from a list repeated over the data, count tickets on the confirm screen,
    /// buy: the payload carries the route, the count and the total shown.
    static let flow = #"""
        {"version": 2, "languages": ["en", "de"],
         "data": {"fares": {"file": "fares.json", "sample": "fares.json"}},
         "state": {"route": "north", "count": 1, "express": false},
         "idle": {"after": 30, "action": "popToRoot"},
         "screens": {
           "choose": {"title": "Route", "content": {"type": "list", "rows": {"repeat": "fares.routes", "row": {
              "title": {"bind": "item.title"}, "action": {"set": {"route": {"bind": "item.id"}}, "push": "confirm"}}}}},
           "confirm": {"title": "Confirm", "content": {"type": "vstack", "children": [
              {"type": "text", "id": "summary", "text": {"bind": "state.count + (state.count > 1 ? ' tickets, ' : ' ticket, ') + fares.routes[state.route == 'north' ? 0 : 1].title"}},
              {"type": "text", "id": "total", "text": {"bind": "fixed(fares[state.route].price * state.count, 2)"}},
              {"type": "button", "id": "more", "title": "+", "action": {"increment": "count", "max": 3}},
              {"type": "button", "id": "less", "title": "−", "action": {"decrement": "count", "min": 1}},
              {"type": "button", "id": "express", "title": "Express", "action": {"toggle": "express"}},
              {"type": "button", "id": "buy", "title": "Buy", "action": [
                 {"emit": "purchase", "payload": {"route": {"bind": "state.route"}, "count": {"bind": "state.count"},
                   "total": {"bind": "fixed(fares[state.route].price * state.count, 2)"}, "express": {"bind": "state.express"}, "kiosk": "pier-2"}},
                 {"replace": "thanks"}]}]}},
           "thanks": {"title": "Thank you", "content": {"type": "text", "id": "bought", "text": {"bind": "'Bought ' + state.count + ' for ' + fixed(fares[state.route].price * state.count, 2)"}}}}}
        """#

    /// The frontmost view identified `id` under `view`.
    static func view(_ id: String, in view: View) -> View? {
        for child in view.subviews.reversed() {
            if let found = Self.view(id, in: child) { return found }
        }
        return view.identifier == id ? view : nil
    }

    static func labels(in view: View) -> [String: String] {
        var texts: [String: String] = [:]
        if let label = view as? Label, !label.isHidden, let id = label.identifier { texts[id] = label.text }
        for child in view.subviews { texts.merge(Self.labels(in: child)) { $1 } }
        return texts
    }

    @Test(
        "choose a route from a repeated row, count to the maximum and back, toggle, buy: the payload carries what was shown, the thank-you says the same, the idle reset puts the defaults back"
    )
    func ticketFlow() throws {
        let fixture = try ConfigFixture()
        _ = try fixture.write(Self.fares, as: "fares.json")
        let path = try fixture.write(Self.flow)
        let loaded = try KioskConfigLoader.load(path: path)
        #expect(loaded.warnings.isEmpty, "\(loaded.warningLines)")
        let scene = KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        let run = try HeadlessRunner(scene: scene, size: PixelSize(width: 800, height: 800))
        func tap(_ id: String) throws {
            _ = try scene.control("tap", arguments: .object([("id", .string(id))]))
            run.advance(0.8)
        }
        func state() -> JSONValue? { scene.state()["state"] }
        #expect(state() == .object([("route", .string("north")), ("count", .number(1)), ("express", .bool(false))]))

        try tap("screens.choose.content.sections[0].rows[fares.routes[1]]")
        #expect(scene.state()["screen"] == .string("confirm"))
        #expect(state()?["route"] == .string("south"), "the row's item.id, set before the push")
        #expect(Self.labels(in: run.window.root)["total"] == "3.50")
        for _ in 0..<4 { try tap("more") }
        #expect(state()?["count"] == .number(3), "held at max")
        #expect(Self.labels(in: run.window.root)["summary"] == "3 tickets, South line")
        #expect(Self.labels(in: run.window.root)["total"] == "10.50")
        try tap("less")
        #expect(Self.labels(in: run.window.root)["total"] == "7.00")
        try tap("express")
        #expect(state()?["express"] == .bool(true))
        _ = try scene.control("language", arguments: .object([("language", .string("de"))]))
        run.advance(0.5)
        #expect(Self.labels(in: run.window.root)["total"] == "7,00", "German decimal mark")
        try tap("buy")
        let purchase = try #require(run.events.elements.last { $0.kind == .emit && $0.name == "purchase" })
        #expect(
            purchase.payload
                == .object([
                    ("route", .string("south")), ("count", .number(2)), ("total", .string("7,00")), ("express", .bool(true)), ("kiosk", .string("pier-2"))
                ]), "\(purchase.payload.serialized(pretty: false))")
        #expect(scene.state()["screen"] == .string("thanks"))
        #expect(Self.labels(in: run.window.root)["bought"] == "Bought 2 for 7,00")

        // Nobody for 30 s: first screen, default language, default state.
        run.advance(31)
        #expect(scene.state()["screen"] == .string("choose"))
        #expect(state() == .object([("route", .string("north")), ("count", .number(1)), ("express", .bool(false))]))
        // The control socket sets state as it sets data.
        _ = try scene.control("set", arguments: .object([("path", .string("state.count")), ("value", .number(2))]))
        #expect(state()?["count"] == .number(2))
    }

    @Test(
        "mistakes are errors at their field: an unknown name with the closest, a wrong kind, counting a string, toggling a number, no state, a source named state, a bad bind in a payload"
    )
    func checked() throws {
        let fixture = try ConfigFixture()
        func errors(_ state: String, _ action: String, data: String = "") -> [String] {
            let text =
                #"{"version": 2, "# + data + state
                + #""screens": {"home": {"title": "Home", "content": {"type": "button", "title": "Go", "action": "# + action + "}}}}"
            return ConfigFixture.describe(fixture.check(text).errors)
        }
        let state = #""state": {"route": "north", "count": 1, "flag": false}, "#
        let field = "screens.home.content.action"
        #expect(errors(state, #"{"set": {"route": "south", "count": 2}}"#).isEmpty)
        #expect(
            errors(state, #"{"set": {"rout": "south"}, "push": "home"}"#) == [
                #"\#(field).set.rout: "rout" is not one of the state's values (route, count, flag) (did you mean route?)"#
            ])
        #expect(errors(state, #"{"set": {"count": "two"}}"#) == [#"\#(field).set.count: state.count is a number (its default 1); this sets a string"#])
        #expect(errors(state, #"{"increment": "route"}"#) == [#"\#(field).increment: state.route is a string (its default); increment counts a number"#])
        #expect(errors(state, #"{"toggle": "count"}"#) == [#"\#(field).toggle: state.count is a number (its default); toggle turns true and false over"#])
        #expect(errors(state, #"{"increment": "count", "min": 5, "max": 2}"#) == [#"\#(field).max: is below min (5): nothing could be counted"#])
        #expect(errors("", #"{"toggle": "flag"}"#) == [#"\#(field).toggle: the kiosk has no state: declare its values at the top, "state": {"count": 0}"#])
        #expect(errors(state, #"{"set": {"count": {"bind": "state.count +"}}}"#).first?.contains("column 14: the expression ends too soon") == true)
        #expect(
            errors(state, #"{"emit": "buy", "payload": {"n": {"bind": "state.cont * 2"}}}"#)
                == [#"\#(field).payload.n.bind: "state.cont * 2": column 6: state has no "cont" (its keys: route, count, flag) (did you mean count?)"#])
        #expect(
            errors(state, #"{"emit": "buy", "payload": {"n": {"bind": "state.route * 2"}}}"#)
                == [#"\#(field).payload.n.bind: "state.route * 2": column 13: * needs two numbers, not a string and a number"#])
        #expect(
            errors(state, #""pop""#, data: #""data": {"state": "state.json"}, "#)
                == [#"data.state: "state" is the kiosk's own state (a top-level "state": {…}), not a data source's name"#])
        #expect(errors(#""state": {"2x": 1, "ok": {"bind": "a"}}, "#, #""pop""#).count == 2)
    }
    static let basket = #"""
        {"version": 2, "state": {"count": 0},
         "screens": {
           "home": {"title": "Basket", "content": {"type": "vstack", "children": [
              {"type": "text", "id": "empty", "text": "Your basket is empty", "visible": {"bind": "state.count == 0"}},
              {"type": "text", "id": "items", "text": {"bind": "state.count + ' in the basket'"}, "visible": {"bind": "state.count > 0"}},
              {"type": "button", "id": "add", "title": "Add", "action": {"if": {"bind": "state.count >= 2"}, "then": {"push": "limit"}, "else": {"increment": "count"}}},
              {"type": "button", "id": "pay", "title": "Pay", "enabled": {"bind": "state.count > 0"}, "action": {"emit": "pay", "payload": {"count": {"bind": "state.count"}}}}]}},
           "limit": {"title": "Two at most", "content": {"type": "text", "text": "Two per visitor"}}}}
        """#

    @Test(
        "visible shows a view only while its bind is true and the stack closes the gap; enabled fades a button and keeps it from acting; if chooses an action at the tap"
    )
    func conditions() throws {
        let fixture = try ConfigFixture()
        let path = try fixture.write(Self.basket)
        let loaded = try KioskConfigLoader.load(path: path)
        let scene = KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        let run = try HeadlessRunner(scene: scene, size: PixelSize(width: 640, height: 480))
        func tap(_ id: String) throws {
            _ = try scene.control("tap", arguments: .object([("id", .string(id))]))
            run.advance(0.8)
        }
        func view(_ id: String) -> View? { SceneController.frontmostView(identified: id, in: run.window.root) }
        let emptyFrame = try #require(view("empty")?.windowFrame)
        #expect(Self.labels(in: run.window.root)["empty"] == "Your basket is empty")
        #expect(Self.labels(in: run.window.root)["items"] == nil, "hidden while the basket is empty")
        let pay = try #require(view("pay") as? Button)
        #expect(!pay.isEnabled && pay.alpha == 0.4)
        try tap("pay")
        #expect(!run.events.elements.contains { $0.name == "pay" }, "a disabled button does nothing")

        try tap("add")
        #expect(Self.labels(in: run.window.root)["items"] == "1 in the basket")
        #expect(Self.labels(in: run.window.root)["empty"] == nil)
        #expect(view("items")?.windowFrame.origin.y == emptyFrame.origin.y, "the shown label takes the hidden one's place")
        #expect(pay.isEnabled && pay.alpha == 1)
        try tap("add")
        try tap("add")
        #expect(scene.state()["state"]?["count"] == .number(2), "the third tap took the if's then")
        #expect(scene.state()["screen"] == .string("limit"))
        _ = try scene.control("navigate", arguments: .object([("to", .string("pop"))]))
        run.advance(0.8)
        try tap("pay")
        #expect(run.events.elements.last { $0.name == "pay" }?.payload == .object([("count", .number(2))]))

        let bad = fixture.check(Self.basket.split(separator: #""visible": {"bind": "state.count == 0"}"#).joined(separator: #""visible": true"#))
        #expect(
            ConfigFixture.describe(bad.errors) == [
                #"screens.home.content.children[0].visible: expected a condition, {"bind": "state.count > 0"}, found a boolean"#
            ])
    }
    @Test("a stepper counts a state number between its bounds, its buttons at least 44 points and disabled at the ends")
    func stepper() throws {
        let fixture = try ConfigFixture()
        let config =
            #"{"version": 2, "state": {"count": 1}, "screens": {"home": {"title": "Tickets", "content": {"type": "vstack", "padding": 24, "children": [{"type": "stepper", "value": "count", "min": 1, "max": 3}, {"type": "text", "id": "total", "text": {"bind": "fixed(state.count * 2.9, 2)"}}]}}}}"#
        let loaded = try KioskConfigLoader.load(path: try fixture.write(config))
        let scene = KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        let run = try HeadlessRunner(scene: scene, size: PixelSize(width: 480, height: 320))
        let stepper = "screens.home.content.children[0]"
        func view(_ id: String) -> View? { SceneController.frontmostView(identified: id, in: run.window.root) }
        func tap(_ id: String) throws {
            _ = try scene.control("tap", arguments: .object([("id", .string(id))]))
            run.advance(0.5)
        }
        let minus = try #require(view(stepper + ".minus") as? Button)
        let plus = try #require(view(stepper + ".plus") as? Button)
        for button in [minus, plus] { #expect(button.frame.width >= 44 && button.frame.height >= 44, "\(button.frame)") }
        #expect(!minus.isEnabled && plus.isEnabled, "at min: only + acts")
        #expect((view(stepper + ".value") as? Label)?.text == "1")
        for _ in 0..<4 { try tap(stepper + ".plus") }
        #expect(scene.state()["state"]?["count"] == .number(3))
        #expect((view(stepper + ".value") as? Label)?.text == "3")
        #expect(Self.labels(in: run.window.root)["total"] == "8.70")
        #expect(minus.isEnabled && !plus.isEnabled, "at max: only − acts")
        try tap(stepper + ".minus")
        #expect(scene.state()["state"]?["count"] == .number(2))
        try run.writeScreenshot(to: fixture.directory.file("stepper.png"))
        if let out = Environment.value("VITRINE_LOOK") { try run.writeScreenshot(to: out) }

        let errors = { (text: String) in ConfigFixture.describe(fixture.check(text).errors) }
        #expect(
            errors(config.split(separator: #""value": "count""#).joined(separator: #""value": "cuont""#))
                == [#"screens.home.content.children[0].value: "cuont" is not one of the state's values (count) (did you mean count?)"#])
        #expect(
            errors(config.split(separator: #""max": 3"#).joined(separator: #""max": 1"#))
                == [#"screens.home.content.children[0].max: must be above min (1)"#])
    }
    @Test("a state change redraws only the label that reads it: the frame's damage is that label's rectangle")
    func damageOnlyWhatChanged() throws {
        let fixture = try ConfigFixture()
        let config = #"""
            {"version": 2, "state": {"count": 1, "other": "x"},
             "screens": {"home": {"title": "Basket", "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
               {"type": "text", "id": "count", "text": {"bind": "'Items: ' + state.count"}},
               {"type": "text", "id": "other", "text": {"bind": "'Other: ' + state.other"}},
               {"type": "text", "id": "fixed", "text": "Thank you for shopping"},
               {"type": "button", "id": "pay", "title": "Pay", "enabled": {"bind": "state.other == 'x'"}}]}}}}
            """#
        let loaded = try KioskConfigLoader.load(path: try fixture.write(config))
        let scene = KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        let run = try HeadlessRunner(scene: scene, size: PixelSize(width: 480, height: 320))
        let window = run.window
        var damages: [Region] = []
        let present = window.present
        window.present = { frame, damage in
            damages.append(damage)
            present?(frame, damage)
        }
        let label = try #require(SceneController.frontmostView(identified: "count", in: window.root))
        let controller = try #require(scene.controller)
        controller.stateValues["count"] = .number(12)
        run.advance(0.1)
        #expect(damages.count == 1, "one frame drawn: \(damages)")
        let expected = label.windowFrame.pixelBounds(scale: window.scale)
        let damaged = try #require(damages.first?.bounds)
        #expect(expected.boundingUnion(damaged) == expected && damaged.height > 0, "the damage \(damaged) lies inside the label \(expected)")
        #expect((label as? Label)?.text == "Items: 12")
    }
    @Test("a list may repeat over an expression: the rows follow the state that chooses the array")
    func repeatOverExpression() throws {
        let fixture = try ConfigFixture()
        _ = try fixture.write(#"{"all": [{"name": "Tea"}, {"name": "Cake"}, {"name": "Soup"}], "today": [{"name": "Soup"}]}"#, as: "menu.json")
        let config = #"""
            {"version": 2, "data": {"menu": "menu.json"}, "state": {"showAll": false},
             "screens": {"home": {"title": "Menu", "content": {"type": "list", "rows": {"repeat": "state.showAll ? menu.all : menu.today", "row": {"title": {"bind": "item.name"}}}}}}}
            """#
        let loaded = try KioskConfigLoader.load(path: try fixture.write(config))
        #expect(loaded.warnings.isEmpty, "\(loaded.warningLines)")
        let scene = KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        let run = try HeadlessRunner(scene: scene, size: PixelSize(width: 480, height: 480))
        func rows() -> [String] {
            func collect(_ view: View) -> [String] {
                if let row = view as? ListRowView, !row.isHidden { return [row.titleLabel.text] }
                return view.subviews.flatMap(collect)
            }
            return collect(run.window.root)
        }
        #expect(rows() == ["Soup"])
        scene.controller?.stateValues["showAll"] = .bool(true)
        run.advance(0.1)
        #expect(rows() == ["Tea", "Cake", "Soup"])
        let bad = fixture.check(config.split(separator: "menu.today").joined(separator: "menu.today +"))
        #expect(ConfigFixture.describe(bad.errors).first?.hasPrefix("screens.home.content.rows.repeat: ") == true, "\(ConfigFixture.describe(bad.errors))")
    }
    @Test("one mistake in a screen's content is one error: the screen still exists for the actions that lead to it, and what it leads to is still reachable")
    func oneErrorDoesNotCascade() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            #"{"version": 2, "screens": {"home": {"title": "Home", "content": {"type": "button", "title": "Go", "action": {"push": "detail"}}}, "detail": {"title": "Detail", "content": {"type": "vstak", "children": [{"type": "button", "title": "More", "action": {"push": "more"}}]}}, "more": {"title": "More", "content": {"type": "text", "text": "x"}}}}"#
        )
        #expect(ConfigFixture.describe(check.errors).count == 1, "\(ConfigFixture.describe(check.errors))")
        #expect(ConfigFixture.describe(check.errors).first?.hasPrefix("screens.detail.content.type: \"vstak\" is not a view type") == true)
        #expect(check.warnings.isEmpty, "no unreachable screen behind it: \(ConfigFixture.describe(check.warnings))")
    }
}
