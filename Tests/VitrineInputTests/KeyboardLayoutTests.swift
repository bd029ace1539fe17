import Testing
import VitrineCore
import VitrineKeys

/// The on-screen keyboard's letter rows as xkeyboard-config's layouts give them, and what a user
/// is told for names xkbcommon refuses.
@Suite("Keyboard layouts read from xkb")
struct KeyboardLayoutTests {
    func rows(_ layout: String, variant: String = "") throws -> [String] {
        try XkbLayoutReader.layout(KeymapNames(layout: layout, variant: variant)).rows.map { $0.map(\.base).joined() }
    }

    func shifted(_ layout: String) throws -> [String] {
        try XkbLayoutReader.layout(KeymapNames(layout: layout)).rows.map { $0.map(\.shifted).joined() }
    }

    @Test("us: the three QWERTY letter rows, capitals with Shift")
    func us() throws {
        #expect(try self.rows("us") == ["qwertyuiop", "asdfghjkl", "zxcvbnm"])
        #expect(try self.shifted("us") == ["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"])
        #expect(try XkbLayoutReader.layout(KeymapNames(layout: "us")) == KeyboardLayout.qwerty)
    }

    @Test("de: QWERTZ with ü, ö, ä on their keys and ß from the digit row at the end of the last row")
    func german() throws {
        #expect(try self.rows("de") == ["qwertzuiopü", "asdfghjklöä", "yxcvbnmß"])
        // ß's Shift level is `?`, not a letter: the key stays ß.
        #expect(try self.shifted("de") == ["QWERTZUIOPÜ", "ASDFGHJKLÖÄ", "YXCVBNMß"])
        #expect(try XkbLayoutReader.layout(KeymapNames(layout: "de")).name == "de")
    }

    @Test("fr: AZERTY; the accented letters on its symbol row (é è ç à) are not added, its dead keys are skipped")
    func french() throws {
        #expect(try self.rows("fr") == ["azertyuiop", "qsdfghjklmù", "wxcvbn"])
        // ù's Shift level is `%`, not a letter: Shift shows ù's own capital.
        #expect(try self.shifted("fr") == ["AZERTYUIOP", "QSDFGHJKLMÙ", "WXCVBN"])
    }

    @Test("ru: the Cyrillic rows ЙЦУКЕН, ФЫВАПРОЛДЖЭ, ЯЧСМИТЬБЮ")
    func russian() throws {
        #expect(try self.rows("ru") == ["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"])
        #expect(try self.shifted("ru") == ["ЙЦУКЕНГШЩЗХЪ", "ФЫВАПРОЛДЖЭ", "ЯЧСМИТЬБЮ"])
    }

    @Test("a variant changes the rows: us(dvorak)")
    func variant() throws {
        let layout = try XkbLayoutReader.layout(KeymapNames(layout: "us", variant: "dvorak"))
        #expect(layout.name == "us(dvorak)")
        #expect(layout.rows.map { $0.map(\.base).joined() } == ["pyfgcrl", "aoeuidhtns", "qjkxbmwvz"])
    }

    @Test("an unknown layout names the close ones xkeyboard-config has")
    func unknownLayout() {
        #expect {
            try XkbKeymap(KeymapNames(layout: "dee"))
        } throws: { error in
            let error = error as! VitrineError
            return error.code == .invalidKeymap && error.message == #"no xkb layout "dee"; close names: de, ee, dk"#
                && error.hint?.contains("localectl list-x11-keymap-layouts") == true
        }
        #expect(throws: VitrineError.self) { try XkbLayoutReader.layout(KeymapNames(layout: "dee")) }
    }

    @Test("a layout's description finds its name: german → de first")
    func byDescription() throws {
        let names = try XkbLayoutNames.load()
        #expect(names.closest(to: "german").first == "de")
        #expect(names.closest(to: "zzzzzzzz").isEmpty)
        #expect(names.contains("de") && !names.contains("dee"))
    }

    @Test("an unknown variant of a known layout is named as such, with close variants")
    func unknownVariant() {
        #expect {
            try XkbKeymap(KeymapNames(layout: "us", variant: "nonsense"))
        } throws: { error in
            let error = error as! VitrineError
            return error.code == .invalidKeymap && error.message.hasPrefix(#"xkb layout "us" has no variant "nonsense""#)
                && error.hint == "its variants: `localectl list-x11-keymap-variants us`"
        }
        #expect {
            try XkbKeymap(KeymapNames(layout: "de", variant: "nodeadkey"))
        } throws: { error in
            (error as! VitrineError).message == #"xkb layout "de" has no variant "nodeadkey"; close names: nodeadkeys"#
        }
    }

    @Test("the second layout of a group is checked too: de,us with us(nonsense)")
    func groups() {
        #expect {
            try XkbKeymap(KeymapNames(layout: "de,us", variant: "nodeadkeys,nonsense"))
        } throws: { error in
            (error as! VitrineError).message.hasPrefix(#"xkb layout "us" has no variant "nonsense""#)
        }
        #expect(throws: Never.self) { try XkbKeymap(KeymapNames(layout: "de,us", variant: "nodeadkeys,")) }
    }

    @Test("an option xkbcommon does not know is ignored by it, and said in warnings; a clean keymap has none")
    func unknownOption() throws {
        let keymap = try XkbKeymap(KeymapNames(layout: "us", options: "caps:nonsense"))
        #expect(keymap.warnings.count == 1)
        #expect(keymap.warnings.first?.contains(#""caps:nonsense""#) == true)
        #expect(try XkbKeymap(KeymapNames(layout: "us", options: "caps:escape")).warnings.isEmpty)
    }

    @Test("the rules list is parsed by section; a missing one says to install xkb-data")
    func rulesList() throws {
        let names = XkbLayoutNames.parse(
            """
            ! model
              pc105           Generic 105-key PC
            ! layout
              us              English (US)
              de              German
            ! variant
              nodeadkeys      de: German (no dead keys)
            ! option
              grp             Switching to another layout
            """)
        #expect(names.layouts == [.init(name: "us", description: "English (US)"), .init(name: "de", description: "German")])
        #expect(names.variants == ["de": [.init(name: "nodeadkeys", description: "German (no dead keys)")]])
        #expect(names.hasVariant("nodeadkeys", of: "de") && !names.hasVariant("nodeadkeys", of: "us"))
        #expect {
            try XkbLayoutNames.load(directory: "/nonexistent/xkb/rules")
        } throws: { error in
            let error = error as! VitrineError
            return error.message.contains("/nonexistent/xkb/rules/evdev.lst") && error.hint == "install xkb-data (xkeyboard-config)"
        }
    }
}
