import Testing
import VitrineCore
import VitrineKiosk
import VitrineScene

/// The `accessibility` section (issue 33): the keypad's keys, the mounting height, the more-time
/// warning, the speech rate and device — read, written back the same, and every mistake an
/// error naming the field.
@Suite("Config: the accessibility section")
struct ConfigAccessibilityTests {
    static func config(_ accessibility: String) -> String {
        #"{"version": 2, "accessibility": "# + accessibility + #", "screens": {"home": {"title": "Home", "content": {"type": "text", "text": "Hello"}}}}"#
    }

    @Test("every field read as written, and written back the same by --print")
    func reads() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            Self.config(
                #"{"keys": {"KP_8": "up", "KP_2": "down", "KP_5": "select", "F9": "reach"}, "mountHeight": {"top": 1450, "bottom": 900}, "moreTimeWarning": 25, "speechRate": 190, "speechDevice": "plughw:CARD=Headphones", "speech": false}"#
            ))
        #expect(check.errors.isEmpty, "\(check.errorLines)")
        let model = check.configuration.scene.accessibility
        #expect(model.keys == ["KP_8": .up, "KP_2": .down, "KP_5": .select, "F9": .reach])
        #expect(model.mountHeight == AccessibilityModel.MountHeight(top: 1450, bottom: 900))
        #expect(model.moreTimeWarning == 25 && model.speechRate == 190 && model.speechDevice == "plughw:CARD=Headphones" && !model.speech)
        let written = check.configuration.json.serialized()
        let again = fixture.check(written)
        #expect(again.errors.isEmpty, "\(again.errorLines)")
        #expect(again.configuration.scene.accessibility == model)
    }

    @Test("a mapped key's command, the mounting height, the warning and the rate: each mistake is one error at its field")
    func errors() throws {
        let fixture = try ConfigFixture()
        let cases: [(String, String)] = [
            (#"{"keys": {"KP_8": "upp"}}"#, "accessibility.keys.KP_8: \"upp\" is not a keypad command"),
            (#"{"keys": {"KP_8": 8}}"#, "accessibility.keys.KP_8: a number is not a keypad command"),
            (#"{"mountHeight": {"top": 900, "bottom": 1450}}"#, "accessibility.mountHeight.top: the top edge (900 mm) must be above the bottom edge (1450 mm)"),
            (#"{"mountHeight": {"top": 1450}}"#, "accessibility.mountHeight.bottom: missing"),
            (#"{"moreTimeWarning": 10}"#, "accessibility.moreTimeWarning"),
            (#"{"speechRate": 1000}"#, "accessibility.speechRate"),
            (#"{"speechDevice": ""}"#, "accessibility.speechDevice: must not be empty")
        ]
        for (section, expected) in cases {
            let check = fixture.check(Self.config(section))
            #expect(check.errors.count == 1, "\(section): \(check.errorLines)")
            #expect(check.errorLines.contains { $0.contains(expected) }, "\(section): \(check.errorLines)")
        }
        let hint = fixture.check(Self.config(#"{"keys": {"F1": "hlep"}}"#))
        #expect(hint.errorLines.contains { $0.contains("did you mean help?") }, "\(hint.errorLines)")
    }
}
