import Testing
import VitrineCore
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineTestSupport
import VitrineUI

/// An EZ-Access–style keypad mapped by the config (issue 33): its keys move, select, go back and
/// ask for help, as the arrows, Enter and Escape do; the speech keys and the control socket's
/// `speech` command repeat, stop, change the volume and turn speech on and off.
@Suite("Config: a keypad's keys mapped in accessibility.keys, and the control socket's speech command")
struct KeypadTests {
    static let config = #"""
        {"version": 2,
         "accessibility": {"keys": {"KP_Up": "up", "KP_Down": "down", "KP_Begin": "select", "KP_Insert": "back", "KP_Add": "help",
                                    "KP_Multiply": "repeat", "KP_Divide": "stop", "KP_Subtract": "speech", "9": "volumeUp"}},
         "screens": {
           "home": {"title": "Tickets", "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
              {"type": "text", "text": "Choose a ticket"},
              {"type": "button", "id": "day", "title": "Day pass", "action": {"push": "paid"}},
              {"type": "button", "id": "week", "title": "Week pass", "action": {"push": "paid"}},
              {"type": "button", "id": "info", "icon": "info", "title": "", "action": {"push": "paid"}}]}},
           "paid": {"title": "Paid", "content": {"type": "text", "text": "Take your ticket"}}}}
        """#

    static func press(_ typist: TextFieldTests.Typist, _ key: KeyEvent.Key) {
        typist.run.window.handle(KeyEvent(key, timestamp: UInt64(typist.run.loop.now.microseconds), device: "EZ keypad"))
        typist.run.advance(1)
    }

    static func said(_ typist: TextFieldTests.Typist) -> [String] {
        typist.scene.controller?.transcript.elements.map(\.text) ?? []
    }

    @Test("without speech the mapped keys move the focus with its ring, select pushes, back pops; the speech key starts speech mode")
    func mappedKeys() throws {
        let typist = try TextFieldTests.Typist(Self.config)
        Self.press(typist, .other("KP_Down"))
        #expect(typist.state["focus"]?["id"] == .string("day"))
        #expect(typist.run.window.showsFocusRing)
        Self.press(typist, .other("KP_Down"))
        Self.press(typist, .other("KP_Up"))
        #expect(typist.state["focus"]?["id"] == .string("day"))
        Self.press(typist, .other("KP_Begin"))
        #expect(typist.scene.controller?.navigationStack.map(\.model.id) == ["home", "paid"])
        Self.press(typist, .other("KP_Insert"))
        #expect(typist.scene.controller?.navigationStack.map(\.model.id) == ["home"])
        #expect(Self.said(typist).isEmpty, "speech is off: nothing is said")
        Self.press(typist, .other("KP_Subtract"))
        #expect(typist.scene.controller?.speechMode == true)
        #expect(Self.said(typist) == ["Speech on", "Tickets, Choose a ticket", "Day pass, button, 1 of 3"])
    }

    @Test(
        "in speech mode: help says the screen and the keys, repeat says the last again, a mapped character turns the volume up, the icon button says its word")
    func speechKeys() throws {
        let typist = try TextFieldTests.Typist(Self.config)
        Self.press(typist, .other("KP_Subtract"))
        Self.press(typist, .other("KP_Up"))
        #expect(Self.said(typist).last == "Information, button, 3 of 3", "up from the first wraps to the last; an icon alone is said by its word")
        Self.press(typist, .other("KP_Add"))
        #expect(
            Self.said(typist).last
                == "Tickets, Choose a ticket, Up and down move through the screen, select chooses, back goes back. The repeat key says it again.")
        Self.press(typist, .other("KP_Multiply"))
        #expect(Self.said(typist).suffix(2).allSatisfy { $0.hasPrefix("Tickets, Choose a ticket, Up and down") })
        Self.press(typist, .text("9"))
        #expect(Self.said(typist).last == "Volume 90 percent")
        #expect(typist.state["speech"]?["volume"] == .number(0.9))
        Self.press(typist, .other("KP_Subtract"))
        #expect(typist.scene.controller?.speechMode == false)
    }

    @Test("the control socket: speech on, say an error, volume, repeat, stop, off; bad arguments are clear errors that change nothing")
    func controlSocket() throws {
        let typist = try TextFieldTests.Typist(Self.config)
        let scene = typist.scene
        func speech(_ members: [(String, JSONValue)]) throws -> JSONValue { try scene.control("speech", arguments: .object(members)) }
        // Swift 6.0's #expect(throws:) returns nothing: the error is caught by hand.
        do {
            _ = try speech([("action", .string("say")), ("text", .string("Card declined"))])
            Issue.record("say was taken while speech mode is off")
        } catch let error as VitrineError {
            #expect(error.message.contains("speech mode is off"), "\(error)")
        }
        #expect(try speech([("action", .string("on"))])["mode"] == .bool(true))
        typist.run.advance(1)
        _ = try speech([("action", .string("say")), ("text", .string("Card declined — try again")), ("kind", .string("error"))])
        #expect(scene.controller?.transcript.last == Utterance("Card declined — try again", language: "en", kind: .error))
        #expect(try speech([("action", .string("volume")), ("volume", .number(0.5))])["volume"] == .number(0.5))
        _ = try speech([("action", .string("repeat"))])
        #expect(Self.said(typist).suffix(2) == ["Volume 50 percent", "Volume 50 percent"])
        for bad: [(String, JSONValue)] in [
            [("action", .string("shout"))], [("action", .string("volume")), ("volume", .number(3))],
            [("action", .string("say")), ("text", .string(String(repeating: "a", count: 501)))],
            [("action", .string("say")), ("text", .string("x")), ("kind", .string("poem"))]
        ] {
            #expect(throws: VitrineError.self) { try speech(bad) }
        }
        #expect(Self.said(typist).count == 6, "\(Self.said(typist))")
        _ = try speech([("action", .string("stop"))])
        #expect(try speech([("action", .string("off"))])["mode"] == .bool(false))
        #expect(scene.controller?.callbacks.elements.contains("speech.stop") == true)
    }

    static let form = #"""
        {"version": 2,
         "accessibility": {"keys": {"KP_Up": "up", "KP_Down": "down", "KP_Begin": "select", "KP_Insert": "back"}},
         "state": {"name": ""},
         "screens": {
           "home": {"title": "Visitor book", "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
              {"type": "textField", "id": "name", "state": "name", "placeholder": "Your name", "onSubmit": {"push": "thanks"}}]}},
           "thanks": {"title": "Thank you", "content": {"type": "text", "text": {"bind": "'Thank you, ' + state.name"}}}}}
        """#

    /// Walks the keyboard's keys down with the keypad until the one named `name` has the focus.
    static func walk(to name: String, _ typist: TextFieldTests.Typist) throws {
        for _ in 0..<80 {
            if typist.run.window.focusedView?.identifier == "key:" + name { return }
            Self.press(typist, .other("KP_Down"))
        }
        Issue.record("no key \(name) reached: focus on \(typist.run.window.focusedView?.identifier ?? "nothing")")
    }

    @Test("a keypad types: select on the field opens the keyboard's keys, down walks them, select types, back returns to the field, the submit key submits")
    func keypadTypes() throws {
        let typist = try TextFieldTests.Typist(Self.form)
        Self.press(typist, .other("KP_Down"))
        #expect(typist.state["focus"]?["id"] == .string("name"))
        #expect(typist.state["keyboard"]?["shown"] == .bool(false), "reached by keys: no keyboard yet")
        Self.press(typist, .other("KP_Begin"))
        #expect(typist.state["keyboard"]?["shown"] == .bool(true))
        #expect(typist.run.window.focusedView?.identifier == "key:Q", "the first key, shifted for a sentence's capital")
        try Self.walk(to: "H", typist)
        let image = try #require(typist.run.screenshot)
        let comparison = GoldenImage.compare(image, name: "keypad-keys", directory: GoldenImage.snapshotDirectory())
        #expect(comparison.matches(tolerance: 3), "the ring on the keyboard's H: \(comparison)")
        Self.press(typist, .other("KP_Begin"))
        try Self.walk(to: "i", typist)
        Self.press(typist, .other("KP_Begin"))
        #expect(typist.state["state"]?["name"] == .string("Hi"))
        Self.press(typist, .other("KP_Insert"))
        #expect(typist.state["focus"]?["id"] == .string("name"), "back returns to the field")
        #expect(typist.state["keyboard"]?["shown"] == .bool(false))
        Self.press(typist, .other("KP_Begin"))
        try Self.walk(to: "submit", typist)
        Self.press(typist, .other("KP_Begin"))
        #expect(typist.scene.controller?.navigationStack.map(\.model.id) == ["home", "thanks"])
        #expect(typist.state["keyboard"]?["shown"] == .bool(false))
    }

    @Test("in speech mode each key is said as the keypad reaches it, and what it typed after select; a PIN's digits never")
    func keypadTypingSaid() throws {
        let typist = try TextFieldTests.Typist(Self.form)
        typist.scene.controller?.setSpeechMode(true)
        typist.run.advance(1)
        #expect(Self.said(typist).last == "Your name, empty, text field")
        Self.press(typist, .enter)
        #expect(Self.said(typist).last == "Q", "Enter on an empty field in speech mode opens the keys; the first is said")
        Self.press(typist, .down)
        #expect(Self.said(typist).last == "W")
        Self.press(typist, .enter)
        #expect(Self.said(typist).last == "W", "what it typed")
        try Self.walk(to: "backspace", typist)
        #expect(Self.said(typist).last == "Delete")
        Self.press(typist, .enter)
        #expect(typist.state["state"]?["name"] == .string(""))
        #expect(Self.said(typist).last == "Delete")
    }
}
