import Testing
import VitrineCore
import VitrineKeys

/// Evdev key codes through a keyboard's xkb state, as libinput delivers them.
@Suite("Key decoding with xkb")
struct KeyDecoderTests {
    /// Presses and releases `codes` one after another, 100 ms apart; keys in `held` stay down
    /// around the next press (Shift for a capital).
    final class Typist {
        let decoder: KeyDecoder
        var time: UInt64 = 1_000_000
        var events: [KeyEvent] = []

        init(_ layout: String, variant: String = "") throws {
            self.decoder = try KeyDecoder(keymap: XkbKeymap(KeymapNames(layout: layout, variant: variant)))
        }

        func press(_ code: UInt32, holding modifiers: [UInt32] = []) {
            for modifier in modifiers { self.send(modifier, true) }
            self.send(code, true)
            self.send(code, false)
            for modifier in modifiers.reversed() { self.send(modifier, false) }
            self.time += 100_000
        }

        func send(_ code: UInt32, _ pressed: Bool) {
            if let event = self.decoder.handle(code: code, pressed: pressed, timestamp: self.time, device: "AT keyboard") { self.events.append(event) }
        }

        /// What was typed, as text with the named keys in brackets.
        var typed: String {
            self.events.map { event in
                if case .text(let text) = event.key { return text }
                return "[\(event.key)]"
            }.joined()
        }
    }

    @Test("German: Shift+H, a f e n s t r a, ß (the key right of 0), e, space, 5 types Hafenstraße 5")
    func hafenstrasse() throws {
        let typist = try Typist("de")
        typist.press(EvdevKeys.code("h"), holding: [EvdevKeys.leftShift])
        for character in "afenstra" { typist.press(EvdevKeys.code(character)) }
        typist.press(EvdevKeys.minus)  // ß on a German keyboard
        for character in "e 5" { typist.press(EvdevKeys.code(character)) }
        #expect(typist.typed == "Hafenstraße 5")
        #expect(typist.events.count == 13)
        #expect(typist.events[0] == KeyEvent(.text("H"), modifiers: .shift, timestamp: 1_000_000, device: "AT keyboard"))
        #expect(typist.events[1].modifiers.isEmpty && !typist.events[1].isRepeat)
        #expect(typist.events.last?.timestamp == 2_200_000)
        // German y and z are the other way round from US.
        typist.press(EvdevKeys.code("y"))
        #expect(typist.typed.hasSuffix("z"))
    }

    @Test("the keys with a meaning of their own, on the main block and the keypad")
    func namedKeys() throws {
        let typist = try Typist("us")
        for code in [
            EvdevKeys.backspace, EvdevKeys.delete, EvdevKeys.enter, EvdevKeys.keypadEnter, EvdevKeys.tab, EvdevKeys.escape, EvdevKeys.left, EvdevKeys.right,
            EvdevKeys.up, EvdevKeys.down, EvdevKeys.home, EvdevKeys.end, EvdevKeys.f5
        ] {
            typist.press(code)
        }
        typist.press(EvdevKeys.tab, holding: [EvdevKeys.leftShift])
        #expect(typist.typed == "[backspace][delete][enter][enter][tab][escape][left][right][up][down][home][end][F5][tab]")
        #expect(typist.events.last?.modifiers == .shift)
    }

    @Test("Control+C is the letter c with Control, not a control character; modifiers alone type nothing")
    func control() throws {
        let typist = try Typist("us")
        typist.press(EvdevKeys.code("c"), holding: [EvdevKeys.leftControl])
        typist.press(EvdevKeys.leftShift)
        #expect(typist.events == [KeyEvent(.text("c"), modifiers: .control, timestamp: 1_000_000, device: "AT keyboard")])
    }

    @Test("a dead key composes with the next: German ´ then e types é; ´ then space types ' (the compose table's choice)")
    func deadKeys() throws {
        let typist = try Typist("de")
        typist.press(EvdevKeys.equal)  // dead_acute
        #expect(typist.events.isEmpty)
        typist.press(EvdevKeys.code("e"))
        typist.press(EvdevKeys.equal)
        typist.press(EvdevKeys.space)
        #expect(typist.typed == "é'")
    }

    @Test("without dead keys (de nodeadkeys) the same key types ´ at once")
    func noDeadKeys() throws {
        let typist = try Typist("de", variant: "nodeadkeys")
        typist.press(EvdevKeys.equal)
        #expect(typist.typed == "´")
    }

    @Test("letters, Backspace, Enter and arrows repeat when held; Shift and Control do not")
    func repeats() throws {
        let decoder = try KeyDecoder(keymap: XkbKeymap(KeymapNames()))
        #expect(decoder.repeats(code: EvdevKeys.code("a")) && decoder.repeats(code: EvdevKeys.backspace) && decoder.repeats(code: EvdevKeys.left))
        #expect(decoder.repeats(code: EvdevKeys.enter))
        #expect(!decoder.repeats(code: EvdevKeys.leftShift) && !decoder.repeats(code: EvdevKeys.leftControl))
        _ = decoder.handle(code: EvdevKeys.leftShift, pressed: true, timestamp: 0, device: "k")
        #expect(
            decoder.repeatEvent(code: EvdevKeys.code("a"), timestamp: 5, device: "k")
                == KeyEvent(.text("A"), modifiers: .shift, isRepeat: true, timestamp: 5, device: "k"))
    }

    @Test("a key event's description never holds the text typed")
    func privacy() {
        let event = KeyEvent(.text("secret"), timestamp: 7, device: "AT keyboard")
        #expect(!event.description.contains("secret"))
    }
}
