import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineTestSupport
import VitrineUI

/// The on-screen keyboard in the visitor's layout (issue 32): read from xkb by the config's
/// `keyboard.layouts`, typed on by taps at the keys the state dump places, drawn as its goldens.
@Suite("Config: the on-screen keyboard in en, de and fr, and the PIN pad")
struct OnScreenKeyboardTests {
    static let form = Self.form(keyboard: #"{"layouts": {"en": "us", "de": "de", "fr": "fr"}}"#)

    static func form(keyboard: String) -> String {
        #"{"version": 2, "languages": ["en", "de", "fr"], "keyboard": "# + keyboard + Self.rest
    }

    static let rest = #"""
        ,
         "state": {"street": "", "pin": ""},
         "screens": {
           "home": {"title": {"en": "Delivery", "de": "Lieferung", "fr": "Livraison"}, "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
              {"type": "textField", "id": "street", "state": "street", "placeholder": {"en": "Street and number", "de": "Straße und Hausnummer", "fr": "Rue et numéro"}, "autocapitalize": "words"},
              {"type": "textField", "id": "pin", "state": "pin", "keyboard": "pin", "maxLength": 4, "placeholder": "PIN"}]}}}}
        """#

    func typist(language: String) throws -> TextFieldTests.Typist {
        let typist = try TextFieldTests.Typist(Self.form)
        // Taps on the keys go through touch scripts, as `vitrine replay` plays them.
        typist.replays = true
        _ = try typist.scene.control("language", arguments: .object([("language", .string(language))]))
        typist.run.advance(0.5)
        _ = try typist.scene.control("tap", arguments: .object([("id", .string("street"))]))
        typist.run.advance(1.5)
        return typist
    }

    func keyNames(_ typist: TextFieldTests.Typist) -> [String] {
        typist.state["keyboard"]?["keys"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    }

    func matchesGolden(_ typist: TextFieldTests.Typist, _ name: String) throws {
        let image = try #require(typist.run.screenshot)
        let comparison = GoldenImage.compare(image, name: name, directory: GoldenImage.snapshotDirectory())
        #expect(comparison.matches(tolerance: 3), "\(comparison)")
    }

    @Test("German: QWERTZ with ü ö ä ß; typing Hafenstraße 5 on the keys puts it in the field and the state")
    func german() throws {
        let typist = try self.typist(language: "de")
        #expect(typist.state["keyboard"]?["layout"] == .string("de"))
        let keys = self.keyNames(typist)
        #expect(Array(keys.prefix(11)) == ["Q", "W", "E", "R", "T", "Z", "U", "I", "O", "P", "Ü"], "a word starts with a capital: \(keys.prefix(11))")
        #expect(keys.contains("ß") || keys.contains("SS") || keys.contains("ẞ") || keys.contains("ß".uppercased()), "\(keys)")
        try self.matchesGolden(typist, "keyboard-de")
        try typist.type("Hafenstraße 5")
        #expect(typist.state["state"]?["street"] == .string("Hafenstraße 5"))
        #expect(typist.state["focus"]?["text"] == .string("Hafenstraße 5"))
    }

    @Test("French: AZERTY with ù; Café with a long press on e")
    func french() throws {
        let typist = try self.typist(language: "fr")
        #expect(typist.state["keyboard"]?["layout"] == .string("fr"))
        #expect(Array(self.keyNames(typist).prefix(10)) == ["A", "Z", "E", "R", "T", "Y", "U", "I", "O", "P"])
        try self.matchesGolden(typist, "keyboard-fr")
        try typist.type("Caf")
        let e = try typist.keyCenter("e")
        typist.press(e, hold: 0.6, to: Point(x: e.x + 52, y: e.y - 58))
        #expect(typist.state["state"]?["street"] == .string("Café"))
    }

    @Test("English: QWERTY; the PIN pad")
    func englishAndPin() throws {
        let typist = try self.typist(language: "en")
        #expect(Array(self.keyNames(typist).prefix(10)) == ["Q", "W", "E", "R", "T", "Y", "U", "I", "O", "P"])
        try self.matchesGolden(typist, "keyboard-en")
        _ = try typist.scene.control("tap", arguments: .object([("id", .string("pin"))]))
        typist.run.advance(1.5)
        #expect(typist.state["keyboard"]?["page"] == .string("numberPad"))
        for digit in "2580" { try typist.tapKey(String(digit)) }
        typist.run.advance(1)
        #expect(typist.scene.controller?.stateValue("pin") == .string("2580"))
        #expect(typist.state["state"]?["pin"] == .string("***"))
        try self.matchesGolden(typist, "keyboard-pin")
    }

    @Test("check-config: an unknown layout and a wrong variant are errors naming the close ones; a layout for a language the kiosk lacks is a warning")
    func badLayouts() throws {
        let fixture = try ConfigFixture()
        let text = Self.form(keyboard: #"{"layouts": {"en": "us", "de": "dee", "fr": "fr", "it": "it"}, "hardware": "de(nodeadkey)"}"#)
        let check = fixture.check(text)
        #expect(
            ConfigFixture.describe(check.errors) == [
                #"keyboard.layouts.de: no xkb layout "dee"; close names: de, ee, dk"#,
                #"keyboard.hardware: no variant "nodeadkey" of xkb layout "de"; close names: nodeadkeys"#
            ])
        #expect(ConfigFixture.describe(check.warnings) == [#"keyboard.layouts.it: never used: "it" is not one of the kiosk's languages (en, de, fr)"#])
    }
}
