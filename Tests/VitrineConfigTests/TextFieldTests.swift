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
        let keyboardTop = try #require(typist.state["keyboard"]?["keys"]?.arrayValue?.compactMap { $0["y"]?.doubleValue }.min()) - 8
        let lifted = try #require(StateTests.view("name", in: typist.run.window.root)).windowFrame
        #expect(abs(lifted.maxY + 16 - keyboardTop) < 1, "field bottom \(lifted.maxY), keyboard top \(keyboardTop)")
        try typist.run.writeScreenshot(to: "/tmp/kb-dark-lift.png")
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

    @Test("a tap on the field brings the keyboard; its keys type into the field and the state")
    func typeOnScreen() throws {
        let fixture = try ConfigFixture()
        let path = try fixture.write(Self.search)
        let loaded = try KioskConfigLoader.load(path: path)
        #expect(loaded.warnings.isEmpty, "\(loaded.warningLines)")
        let scene = KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        let run = try HeadlessRunner(scene: scene, size: PixelSize(width: 1280, height: 800))
        _ = try scene.control("tap", arguments: .object([("id", .string("query"))]))
        run.advance(1)
        try run.writeScreenshot(to: "/tmp/kb-en.png")
        _ = try scene.control("tap", arguments: .object([("id", .string("pin"))]))
        run.advance(1)
        _ = try scene.control("tap", arguments: .object([("x", .number(640)), ("y", .number(700))]))
        run.advance(1)
        try run.writeScreenshot(to: "/tmp/kb-pin.png")
    }
}

/// Keys without a touchscreen: Tab and the arrows move the focus in reading order with a ring,
/// Enter activates, Escape goes back; the control socket types, presses keys and scans.
@Suite("Config: keys, focus, the control socket's type, key and scan")
struct KeyFocusTests {
    static let ticket = #"""
        {"version": 2,
         "state": {"code": "", "pin": ""},
         "onScan": [{"set": {"code": {"bind": "scan.code"}}}, {"push": "validate"}],
         "screens": {
           "home": {"title": "Tickets", "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
              {"type": "textField", "id": "code", "state": "code", "placeholder": "Booking code", "maxLength": 8, "autocapitalize": "characters"},
              {"type": "textField", "id": "pin", "state": "pin", "keyboard": "pin", "maxLength": 4},
              {"type": "button", "id": "day", "title": "Day pass", "action": {"push": "validate"}},
              {"type": "button", "id": "week", "title": "Week pass", "action": {"push": "validate"}}]}},
           "validate": {"title": "Checking", "content": {"type": "text", "id": "checking", "text": {"bind": "'Booking ' + state.code"}}}}}
        """#

    func key(_ scene: KioskScene, _ name: String) throws -> JSONValue {
        try scene.control("key", arguments: .object([("key", .string(name))]))
    }

    @Test("Tab walks code, pin, day, week and wraps; Shift+Tab walks back; Enter on a button pushes; Escape pops; the ring is drawn around the focused view")
    func tabEnterEscape() throws {
        let typist = try TextFieldTests.Typist(Self.ticket)
        let scene = typist.scene
        var order: [String] = []
        for _ in 0..<5 { order.append(try self.key(scene, "tab")["focus"]?.stringValue ?? "-") }
        #expect(order == ["code", "pin", "day", "week", "code"])
        typist.run.advance(1)
        #expect(typist.state["keyboard"]?["shown"] == .bool(false), "a field reached with Tab gets no on-screen keyboard: the visitor has keys")
        #expect(typist.state["focus"]?["ring"] == .bool(true))
        #expect(try self.key(scene, "shift-tab")["focus"] == .string("week"))
        #expect(try self.key(scene, "up")["focus"] == .string("day"))
        typist.run.advance(0.5)
        #expect(typist.state["focus"]?["ring"] == .bool(true))
        #expect(typist.state["keyboard"]?["shown"] == .bool(false), "a button has no keyboard")
        try typist.run.writeScreenshot(to: "/tmp/focus-ring.png")
        let ring = try #require(typist.run.window.root.subviews.first { $0 is FocusRingView })
        let day = try #require(StateTests.view("day", in: typist.run.window.root))
        #expect(ring.frame == day.windowFrame.insetBy(dx: -FocusRingView.outset, dy: -FocusRingView.outset))
        _ = try self.key(scene, "enter")
        typist.run.advance(1)
        #expect(typist.state["screen"] == .string("validate"))
        #expect(typist.state["focus"] == .null, "a new screen starts without focus")
        _ = try self.key(scene, "escape")
        typist.run.advance(1)
        #expect(typist.state["screen"] == .string("home"))
    }

    @Test("typing through the control socket: into the named field, cut at maxLength and said so, refused where the kind refuses; a PIN is *** in the dump")
    func controlTypes() throws {
        let typist = try TextFieldTests.Typist(Self.ticket)
        let scene = typist.scene
        let reply = try scene.control("type", arguments: .object([("id", .string("code")), ("text", .string("ABCD1234EFGH"))]))
        #expect(reply["inserted"] == .number(8))
        #expect(reply["cut"] == .number(4))
        #expect(!reply.serialized().contains("ABCD"), "the reply never echoes what was typed")
        #expect(typist.state["state"]?["code"] == .string("ABCD1234"))
        let pin = try scene.control("type", arguments: .object([("id", .string("pin")), ("text", .string("12a34"))]))
        #expect(pin["inserted"] == .number(4))
        #expect(pin["refused"] == .number(1), "a letter in a PIN")
        #expect(typist.state["state"]?["pin"] == .string("***"), "the state dump masks a PIN")
        #expect(typist.state["focus"]?["text"] == .string("***"))
        #expect(scene.controller?.stateValue("pin") == .string("1234"), "the scene itself has the digits")
        typist.run.advance(1)
        #expect(typist.state["keyboard"]?["page"] == .string("numberPad"))
        let noField = try thrownError { _ = try scene.control("type", arguments: .object([("id", .string("day")), ("text", .string("x"))])) }
        #expect(noField.message.contains("no text field \"day\""), "\(noField.message)")
    }

    @Test(
        "a scan sets the state from scan.code and pushes, never types into the focused field; the event reaches subscribers without the code in its journal line"
    )
    func scanActs() throws {
        let typist = try TextFieldTests.Typist(Self.ticket)
        let scene = typist.scene
        _ = try scene.control("tap", arguments: .object([("id", .string("code"))]))
        typist.run.advance(1)
        _ = try scene.control("scan", arguments: .object([("code", .string("X7Q2P9"))]))
        typist.run.advance(1)
        #expect(typist.state["screen"] == .string("validate"))
        #expect(StateTests.labels(in: typist.run.window.root)["checking"] == "Booking X7Q2P9")
        #expect(typist.state["state"]?["code"] == .string("X7Q2P9"), "set by onScan, not typed")
        let event = try #require(typist.run.events.elements.last { $0.kind == .scan })
        #expect(event.payload["code"] == .string("X7Q2P9"))
        #expect(!event.description.contains("X7Q2P9"), "\(event.description)")
    }
}

/// A list filtered by what the visitor types (issue 32, "Search a list").
@Suite("Config: a list filtered by a text field")
struct ListFilterTests {
    static let catalogue = #"""
        {"version": 2,
         "data": {"books": {"file": "books.json", "sample": "books.json"}},
         "state": {"query": ""},
         "screens": {
           "search": {"title": "Search", "content": {"type": "vstack", "spacing": 12, "padding": 16, "children": [
              {"type": "textField", "id": "query", "state": "query", "placeholder": "Search"},
              {"type": "list", "id": "results", "height": "fill",
               "filter": {"text": {"bind": "state.query"}, "fields": ["title", "subtitle"]},
               "rows": {"repeat": "books.titles", "row": {"title": {"bind": "item.title"}, "subtitle": {"bind": "item.author"}}}}]}}}}
        """#

    @Test("case and accents are ignored, every word must match, 10,000 rows filter without a view per row, and clearing the text shows them all")
    func filterRows() throws {
        var titles: [JSONValue] = [
            .object([("title", .string("Musée d'Orsay guide")), ("author", .string("Anne Léger"))]),
            .object([("title", .string("Die Hafenstraße")), ("author", .string("Jörg Weiß"))]),
            .object([("title", .string("The Hobbit")), ("author", .string("J. R. R. Tolkien"))])
        ]
        for index in 0..<9_997 { titles.append(.object([("title", .string("Volume \(index)")), ("author", .string("Author \(index % 97)"))])) }
        let fixture = try ConfigFixture()
        _ = try fixture.write(JSONValue.object([("titles", .array(titles))]).serialized(), as: "books.json")
        let loaded = try KioskConfigLoader.load(path: try fixture.write(Self.catalogue))
        #expect(loaded.errors.isEmpty && loaded.warnings.isEmpty, "\(loaded.warningLines)")
        let scene = KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        let run = try HeadlessRunner(scene: scene, size: PixelSize(width: 1280, height: 800))
        let list = try #require(StateTests.view("results", in: run.window.root) as? ListView)
        #expect(list.rowCount == 10_000)
        func search(_ text: String) throws -> [String] {
            _ = try scene.control("set", arguments: .object([("path", .string("state.query")), ("value", .string(text))]))
            run.advance(0.1)
            return list.allRows.map(\.titleLabel.text)
        }
        #expect(try search("muse") == ["Musée d'Orsay guide"])
        #expect(try search("LEGER") == ["Musée d'Orsay guide"], "the author, accents off")
        #expect(try search("strasse weiss") == ["Die Hafenstraße"], "ß as ss, both words")
        #expect(try search("hobbit tolkien") == ["The Hobbit"])
        #expect(try search("hobbit orsay").isEmpty)
        _ = try search("volume 12")
        let expected = (0..<9_997).count { "Volume \($0)\nAuthor \($0 % 97)".contains("12") }
        #expect(list.rowCount == expected, "every Volume with a 12 in its number or its author's")
        #expect(list.allRows.count < 40, "views only for the rows in view: \(list.allRows.count)")
        _ = try search("")
        #expect(list.rowCount == 10_000)
    }

    @Test("folding: case, accents, ß, marks typed apart")
    func folding() {
        #expect(TextFolding.fold("Musée") == "musee")
        #expect(TextFolding.fold("STRAẞE Weiß") == "strasse weiss")
        #expect(TextFolding.fold("Cafe\u{301}") == "cafe", "a combining acute is dropped")
        #expect(TextFolding.fold("Łódź Ærø") == "lodz aero")
        #expect(TextFolding.fold("Москва") == "москва", "other scripts are lower-cased")
    }
}

/// What a text field costs when nobody types, and what idle clears.
@Suite("Config: a quiet caret, and idle clears what was typed")
struct TextFieldQuietTests {
    @Test("nothing focused draws nothing; a focused caret's blink copies only its own strip; 10 s after the last key it stops")
    func caretCost() throws {
        let typist = try TextFieldTests.Typist()
        let output = typist.run.output
        typist.run.advance(2)
        let idleFlips = output.flipCount
        typist.run.advance(3)
        #expect(output.flipCount == idleFlips, "no frame while nothing is focused")
        _ = try typist.scene.control("tap", arguments: .object([("id", .string("query"))]))
        typist.run.advance(2)
        let field = try #require(StateTests.view("query", in: typist.run.window.root) as? TextField)
        #expect(field.isBlinking)
        let caret = field.caretFrame
        let before = output.flipCount
        typist.run.advance(3)
        let blinks = output.flips.suffix(output.flipCount - before)
        #expect(blinks.count >= 4 && blinks.count <= 6, "a blink every 600 ms: \(blinks.count) frames in 3 s")
        for flip in blinks {
            let bounds = flip.copied.bounds
            #expect(bounds.width <= Int(caret.width) + 2 && bounds.height <= Int(caret.height) + 2, "a blink copied \(bounds), the caret is \(caret)")
        }
        typist.run.advance(10)
        #expect(!field.isBlinking && field.caretIsShown, "quiet 10 s after the last key, the caret left showing")
        let quiet = output.flipCount
        typist.run.advance(5)
        #expect(output.flipCount == quiet)
    }

    @Test("idle: the keyboard goes, every field and the state are empty again, the last scan is forgotten")
    func idleClears() throws {
        let typist = try TextFieldTests.Typist()
        _ = try typist.scene.control("tap", arguments: .object([("id", .string("query"))]))
        typist.run.advance(1)
        try typist.type("secret")
        _ = try typist.scene.control("scan", arguments: .object([("code", .string("1234"))]))
        typist.run.advance(1)
        _ = try typist.scene.control("navigate", arguments: .object([("to", .string("pop"))]))
        _ = try typist.scene.control("type", arguments: .object([("id", .string("pin")), ("text", .string("1234"))]))
        typist.run.advance(31)
        #expect(typist.state["keyboard"]?["shown"] == .bool(false))
        #expect(typist.state["focus"] == .null)
        #expect(typist.scene.controller?.stateValue("query") == .string(""))
        #expect(typist.scene.controller?.stateValue("pin") == .string(""))
        #expect(typist.scene.controller?.data.sources["scan"]?["code"] == .string(""))
        let field = try #require(StateTests.view("query", in: typist.run.window.root) as? TextField)
        #expect(field.text.isEmpty)
    }
}

/// The keyboard's keys that act over time, and text that is not plain Latin.
@Suite("Config: Caps Lock, Backspace held, the key popup, right-to-left text and combining marks")
struct KeyboardKeysTests {
    @Test("two quick taps on Shift lock it: every letter is a capital until it is tapped again")
    func capsLock() throws {
        let typist = try TextFieldTests.Typist()
        _ = try typist.scene.control("tap", arguments: .object([("id", .string("query"))]))
        typist.run.advance(1)
        try typist.tapKey("A")  // the sentence's capital, then Shift is off
        try typist.tapKey("shift")
        try typist.tapKey("shift")
        #expect(typist.state["keyboard"]?["shift"] == .string("locked"))
        for key in ["B", "C"] { try typist.tapKey(key) }
        #expect(typist.state["keyboard"]?["shift"] == .string("locked"), "it stays on")
        try typist.tapKey("shift")
        try typist.tapKey("d")
        #expect(typist.controllerState("query") == "ABCd")
    }

    @Test("Backspace deletes at the press, repeats after 400 ms every 50 ms while held, and stops after 200 repeats")
    func backspaceRepeat() throws {
        let typist = try TextFieldTests.Typist()
        _ = try typist.scene.control("type", arguments: .object([("id", .string("query")), ("text", .string("hello world"))]))
        typist.run.advance(1)
        // Held 720 ms: one at the press, repeats at 400, 450, … 700 ms: 8 characters.
        typist.press(try typist.keyCenter("backspace"), hold: 0.72)
        #expect(typist.controllerState("query") == "hel")
        let long = String(repeating: "x", count: 256)
        _ = try typist.scene.control("type", arguments: .object([("text", .string(long))]))
        typist.press(try typist.keyCenter("backspace"), hold: 20)
        // "hel" and as many x as the 256 characters of maxLength leave room for.
        #expect(typist.controllerState("query")?.count == 256 - 201, "one at the press and 200 repeats, then it stops")
    }

    @Test("a pressed letter shows itself in a bubble over the finger; the lift types it and the bubble goes")
    func popup() throws {
        let typist = try TextFieldTests.Typist()
        _ = try typist.scene.control("tap", arguments: .object([("id", .string("query"))]))
        typist.run.advance(1)
        let g = try typist.keyCenter("G")
        typist.contact += 1
        let id = typist.contact
        func frame(_ phase: TouchContact.Phase) -> TouchFrame {
            TouchFrame(timestamp: UInt64(typist.run.loop.now.microseconds), contacts: [TouchContact(id: id, phase: phase, x: g.x, y: g.y)])
        }
        typist.run.touch(frame(.began))
        typist.run.advance(0.1)
        let popup = try #require(StateTests.view("keyPopup", in: typist.run.window.root) as? KeyPopupView)
        #expect(popup.characters == ["G"] && !popup.isHidden)
        #expect(popup.windowFrame.maxY > g.y && popup.windowFrame.minY < g.y - 50, "over the key, reaching above the finger")
        try typist.run.writeScreenshot(to: "/tmp/kb-popup.png")
        typist.run.touch(frame(.ended))
        typist.run.advance(0.1)
        #expect(popup.isHidden)
        #expect(typist.controllerState("query") == "G")
    }

    @Test("Hebrew: the caret starts at the right and moves left as letters come; a combining accent joins its letter, and one Backspace takes both")
    func rightToLeftAndMarks() throws {
        let typist = try TextFieldTests.Typist()
        _ = try typist.scene.control("type", arguments: .object([("id", .string("query")), ("text", .string("שלום"))]))
        typist.run.advance(1)
        let field = try #require(StateTests.view("query", in: typist.run.window.root) as? TextField)
        let end = field.caretFrame.minX
        _ = try typist.scene.control("key", arguments: .object([("key", .string("home"))]))
        typist.run.advance(0.1)
        let start = field.caretFrame.minX
        #expect(start > end + 20, "the text's start is its right end: \(start) vs \(end)")
        _ = try typist.scene.control("key", arguments: .object([("key", .string("left"))]))
        typist.run.advance(0.1)
        #expect(field.editing.caret == 1, "left moves on through right-to-left text")
        #expect(field.caretFrame.minX < start)
        // e + U+0301 COMBINING ACUTE ACCENT is one character: é.
        _ = try typist.scene.control("set", arguments: .object([("path", .string("state.query")), ("value", .string(""))]))
        _ = try typist.scene.control("type", arguments: .object([("id", .string("query")), ("text", .string("Cafe\u{301}"))]))
        #expect(field.editing.caret == 4 && field.text.count == 4)
        _ = try typist.scene.control("key", arguments: .object([("key", .string("backspace"))]))
        #expect(typist.controllerState("query") == "Caf")
    }
}

extension TextFieldTests.Typist {
    /// A state string as the scene has it (a PIN unmasked).
    func controllerState(_ name: String) -> String? { self.scene.controller?.stateValue(name)?.stringValue }
}
