import Testing
import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineTestSupport
import VitrineUI

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
