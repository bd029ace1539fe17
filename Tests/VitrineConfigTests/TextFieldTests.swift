import Testing
import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineTestSupport
import VitrineUI

/// Text fields and the on-screen keyboard (issue 32) through a real config, real taps and the
/// state dump.
@Suite("Config: text fields, the on-screen keyboard, keys")
struct TextFieldTests {
    static let search = #"""
        {"version": 2, "languages": ["en", "de", "fr"],
         "state": {"query": "", "pin": ""},
         "idle": {"after": 30, "action": "popToRoot"},
         "screens": {
           "home": {"title": "Catalogue", "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
              {"type": "textField", "id": "query", "state": "query", "placeholder": "Title, author or subject", "onSubmit": {"push": "results"}, "submitLabel": "Search"},
              {"type": "text", "id": "echo", "text": {"bind": "state.query"}},
              {"type": "textField", "id": "pin", "state": "pin", "keyboard": "pin", "maxLength": 4, "placeholder": "PIN"},
              {"type": "button", "id": "go", "title": "Go", "action": {"push": "results"}}]}},
           "results": {"title": "Results", "content": {"type": "text", "text": {"bind": "'You searched ' + state.query"}}}}}
        """#

    /// A kiosk with the search config, and taps at keys found by name in the state dump.
    final class Typist {
        let scene: KioskScene
        let run: HeadlessRunner
        var contact = 60

        init(_ config: String = TextFieldTests.search, size: PixelSize = PixelSize(width: 1280, height: 800)) throws {
            let fixture = try ConfigFixture()
            let loaded = try KioskConfigLoader.load(path: try fixture.write(config))
            #expect(loaded.warnings.isEmpty, "\(loaded.warningLines)")
            self.scene = KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
            self.run = try HeadlessRunner(scene: self.scene, size: size)
        }

        var state: JSONValue { self.scene.state() }

        /// Where the key named `name` is, from the state dump.
        func keyCenter(_ name: String) throws -> Point {
            let keys = try #require(self.state["keyboard"]?["keys"]?.arrayValue, "no keyboard in the state dump")
            let key = try #require(keys.first { $0["name"]?.stringValue == name }, "no key \(name) in \(keys.compactMap { $0["name"]?.stringValue })")
            let x = try #require(key["x"]?.doubleValue), y = try #require(key["y"]?.doubleValue)
            let width = try #require(key["width"]?.doubleValue), height = try #require(key["height"]?.doubleValue)
            return Point(x: x + width / 2, y: y + height / 2)
        }

        /// A finger down at `point`, held `seconds`, moved to `to` (if given), lifted.
        /// Presses go through a touch script played by the replay source (the path of `vitrine
        /// replay`), each settled before the next, instead of straight to the window.
        var replays = false

        func press(_ point: Point, hold seconds: Double = 0.05, to: Point? = nil) {
            if self.replays {
                self.replayPress(point, hold: seconds, to: to)
                return
            }
            self.contact += 1
            let id = self.contact
            func frame(_ phase: TouchContact.Phase, _ at: Point) -> TouchFrame {
                TouchFrame(timestamp: UInt64(self.run.loop.now.microseconds), contacts: [TouchContact(id: id, phase: phase, x: at.x, y: at.y)], device: "test")
            }
            self.run.touch(frame(.began, point))
            self.run.advance(seconds)
            if let to {
                self.run.touch(frame(.moved, to))
                self.run.advance(0.05)
            }
            self.run.touch(frame(.ended, to ?? point))
            self.run.advance(0.05)
        }

        private func replayPress(_ point: Point, hold seconds: Double, to: Point?) {
            func event(_ ms: Double, _ phase: String, _ at: Point? = nil) -> String {
                #"{"t": \#(ms), "id": 0, "phase": "\#(phase)""# + (at.map { #", "x": \#($0.x), "y": \#($0.y)"# } ?? "") + "}"
            }
            let hold = seconds * 1000
            var events = [event(0, "down", point)]
            if let to { events.append(event(hold, "move", to)) }
            events.append(event(hold + (to == nil ? 0 : 50), "up"))
            let directory = TemporaryDirectory(prefix: "vitrine-keys")
            defer { directory.remove() }
            let path = directory.file("press.json")
            do {
                try FileBytes.writeAtomically(Array(("[" + events.joined(separator: ",") + "]\n").utf8), to: path)
                try self.run.replay(path)
            } catch {
                Issue.record(error)
            }
        }

        func tapKey(_ name: String) throws { self.press(try self.keyCenter(name)) }

        /// Types `text` key by key: capitals with Shift (unless it is on), digits from the
        /// symbols page, a space with the space bar.
        func type(_ text: String) throws {
            for character in text {
                let key = String(character)
                if character == " " {
                    try self.tapKey("space")
                } else if character.isNumber && character.isASCII {
                    if self.state["keyboard"]?["page"]?.stringValue == "letters" { try self.tapKey("page:symbols") }
                    try self.tapKey(key)
                } else {
                    if self.state["keyboard"]?["page"]?.stringValue != "letters" { try self.tapKey("page:letters") }
                    let shifted = self.state["keyboard"]?["shift"]?.stringValue != "off"
                    if character.isUppercase != shifted { try self.tapKey("shift") }
                    try self.tapKey(key)
                }
            }
        }
    }

    @Test("keys tapped where the state dump says they are type into the field and its state value; submit pushes and hides the keyboard")
    func typeOnScreenKeys() throws {
        let typist = try Typist()
        _ = try typist.scene.control("tap", arguments: .object([("id", .string("query"))]))
        typist.run.advance(1)
        #expect(typist.state["keyboard"]?["shown"] == .bool(true))
        #expect(typist.state["keyboard"]?["shift"] == .string("once"), "a sentence starts with a capital")
        try typist.type("Hello World 42")
        #expect(typist.state["state"]?["query"] == .string("Hello World 42"))
        #expect(typist.state["focus"]?["text"] == .string("Hello World 42"))
        #expect(StateTests.labels(in: typist.run.window.root)["echo"] == "Hello World 42")
        try typist.tapKey("backspace")
        #expect(typist.state["state"]?["query"] == .string("Hello World 4"))
        try typist.tapKey("submit")
        typist.run.advance(1)
        #expect(typist.state["screen"] == .string("results"))
        #expect(typist.state["keyboard"]?["shown"] == .bool(false))
        #expect(typist.state["focus"] == .null)
    }

    static let lowField = #"""
        {"version": 2, "theme": {"palette": "dark"},
         "state": {"name": ""},
         "screens": {
           "home": {"title": "Visitor book", "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
              {"type": "text", "text": "Leave your name and where you came from."},
              {"type": "spacer"},
              {"type": "textField", "id": "name", "state": "name", "placeholder": "Your name", "autocapitalize": "words"},
              {"type": "button", "id": "sign", "title": "Sign"}]}}}}
        """#

    @Test("a field near the bottom moves up above the keyboard, 16 points clear, and back down when the keyboard goes; a long press types an accented letter")
    func liftAndAccents() throws {
        let typist = try Typist(Self.lowField)
        let before = try #require(StateTests.view("name", in: typist.run.window.root)).windowFrame
        #expect(before.maxY > 800 - 290, "the field starts where the keyboard will be")
        _ = try typist.scene.control("tap", arguments: .object([("id", .string("name"))]))
        typist.run.advance(1.5)
        // In two steps: Swift 6.0's #require cannot expand an optional chain that ends in a call.
        let keys = try #require(typist.state["keyboard"]?["keys"]?.arrayValue)
        let tops = keys.compactMap { $0["y"]?.doubleValue }
        let keyboardTop = try #require(tops.min()) - 8
        let lifted = try #require(StateTests.view("name", in: typist.run.window.root)).windowFrame
        #expect(abs(lifted.maxY + 16 - keyboardTop) < 1, "field bottom \(lifted.maxY), keyboard top \(keyboardTop)")
        // Words: each starts with a capital by itself; a long press on e offers é.
        try typist.type("Ren")
        typist.press(try typist.keyCenter("e"), hold: 0.6, to: nil)
        #expect(typist.state["state"]?["name"] == .string("Rene"), "a long press released without moving types the key's own letter")
        let e = try typist.keyCenter("e")
        typist.press(e, hold: 0.6, to: Point(x: e.x + 52, y: e.y - 58))
        #expect(typist.state["state"]?["name"] == .string("Reneé"), "sliding onto the first variant types é")
        _ = try typist.scene.control("tap", arguments: .object([("x", .number(640)), ("y", .number(80))]))
        typist.run.advance(1.5)
        #expect(typist.state["keyboard"]?["shown"] == .bool(false), "a touch outside hides the keyboard")
        let back = try #require(StateTests.view("name", in: typist.run.window.root)).windowFrame
        #expect(back == before)
    }

    @Test("a tap from the search to the PIN field turns the letters into the pad, which stays up; a tap on its 8 types 8 as a dot")
    func fieldToField() throws {
        let typist = try Typist()
        _ = try typist.scene.control("tap", arguments: .object([("id", .string("query"))]))
        typist.run.advance(1)
        #expect(typist.state["keyboard"]?["page"] == .string("letters"))
        _ = try typist.scene.control("tap", arguments: .object([("id", .string("pin"))]))
        typist.run.advance(1)
        #expect(typist.state["keyboard"]?["shown"] == .bool(true), "a touch on another field moves the focus, the keyboard stays")
        #expect(typist.state["keyboard"]?["page"] == .string("numberPad"))
        try typist.tapKey("8")
        #expect(typist.controllerState("pin") == "8")
        #expect(typist.state["focus"]?["text"] == .string("***"))
    }
}

/// What check-config says of a text field it cannot use.
@Suite("Config: text field mistakes")
struct TextFieldConfigTests {
    @Test("a field's state must be a declared string; its keyboard one of the kinds; a filter's fields row texts; scan is not a data source's name")
    func mistakes() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            #"""
            {"version": 2, "state": {"count": 1},
             "data": {"scan": "scan.json"},
             "screens": {"home": {"title": "Home", "content": {"type": "vstack", "children": [
               {"type": "textField", "state": "count"},
               {"type": "textField", "state": "missing"},
               {"type": "textField", "keyboard": "phone"},
               {"type": "list", "rows": ["a"], "filter": {"text": "x", "fields": ["title", "author"]}}]}}}}
            """#)
        let errors = ConfigFixture.describe(check.errors)
        #expect(errors.contains { $0.hasPrefix("data.scan: \"scan\" is the last barcode scan") }, "\(errors)")
        #expect(
            errors.contains(#"screens.home.content.children[0].state: state.count is a number (its default); a text field edits a string ("")"#), "\(errors)")
        #expect(errors.contains { $0.hasPrefix("screens.home.content.children[1].state:") && $0.contains("missing") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("screens.home.content.children[2].keyboard: \"phone\" is not a keyboard kind") }, "\(errors)")
        #expect(errors.contains(#"screens.home.content.children[3].filter.fields: "author" is not a row's text (title, subtitle, trailing)"#), "\(errors)")
    }
}
