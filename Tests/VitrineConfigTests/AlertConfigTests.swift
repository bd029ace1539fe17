import Testing
import VitrineCore
import VitrineKiosk
import VitrineScene

/// The alert action in a config (issue 35, item 5): read into an `AlertModel`, and every
/// mistake an error at its field — no buttons, too many, an empty title, an unknown style, a
/// button leading to a screen that does not exist.
@Suite("Alert action: read, and mistakes named at their field")
struct AlertConfigTests {
    static func check(_ alert: String) throws -> KioskConfigCheck {
        let fixture = try ConfigFixture()
        return fixture.check(
            #"{"version": 2, "languages": ["en", "de"], "screens": {"home": {"title": "Home", "content": {"type": "button", "title": "Pay", "action": {"alert": "#
                + alert + "}}}}}")
    }

    static func errors(_ alert: String) throws -> [String] { ConfigFixture.describe(try self.check(alert).errors) }

    static let field = "screens.home.content.action.alert"

    @Test("a card with translated texts and two buttons reads into the model, actions and styles kept")
    func reads() throws {
        let check = try Self.check(
            #"{"title": {"en": "Card declined", "de": "Karte abgelehnt"}, "message": "Try again.", "buttons": [{"title": "Cancel", "style": "cancel"}, {"title": "Again", "action": [{"emit": "retry"}, "pop"]}]}"#
        )
        #expect(ConfigFixture.describe(check.errors + check.warnings) == [])
        let screen = try #require(check.configuration.scene.screen("home"))
        guard case .button(let button) = screen.content.kind, case .alert(let alert)? = button.action else {
            Issue.record("not an alert: \(screen.content.kind)")
            return
        }
        #expect(alert.title == .translated([.init("en", "Card declined"), .init("de", "Karte abgelehnt")]))
        #expect(alert.message == .plain("Try again."))
        #expect(alert.buttons.map(\.style) == [.cancel, .default])
        #expect(alert.buttons[0].action == nil)
        #expect(alert.buttons[1].action == .sequence([.emit("retry", .null), .pop]))
    }

    @Test("no buttons, too many, empty titles, an unknown style, a screen that does not exist, a bare name")
    func mistakes() throws {
        let field = Self.field
        #expect(
            try Self.errors(#"{"title": "Stuck"}"#) == [
                #"\#(field).buttons: missing: an alert is closed only by its buttons, so it needs 1 to 3 (e.g. [{"title": "OK"}])"#
            ])
        #expect(
            try Self.errors(#"{"title": "Stuck", "buttons": []}"#) == [
                #"\#(field).buttons: is empty: an alert is closed only by its buttons, so it needs at least one (e.g. [{"title": "OK"}])"#
            ])
        #expect(
            try Self.errors(#"{"title": "Many", "buttons": [{"title": "A"}, {"title": "B"}, {"title": "C"}, {"title": "D"}]}"#) == [
                "\(field).buttons: has 4 buttons; an alert has at most 3 (more choices belong on a screen)"
            ])
        #expect(try Self.errors(#"{"title": "", "buttons": [{"title": "OK"}]}"#) == ["\(field).title: must not be empty: it says what happened"])
        #expect(try Self.errors(#"{"buttons": [{"title": "OK"}]}"#) == ["\(field).title: missing"])
        #expect(try Self.errors(#"{"title": "T", "buttons": [{"title": ""}]}"#) == ["\(field).buttons[0].title: must not be empty"])
        #expect(
            try Self.errors(#"{"title": "T", "buttons": [{"title": "OK", "style": "cancle"}]}"#) == [
                #"\#(field).buttons[0].style: "cancle" is not a button style (default, cancel) (did you mean cancel?)"#
            ])
        let nowhere = try Self.errors(#"{"title": "T", "buttons": [{"title": "Go", "action": {"push": "nowhere"}}]}"#)
        #expect(nowhere.count == 1 && nowhere[0].contains(#"leads to "nowhere", but there is no such screen"#))
        let fixture = try ConfigFixture()
        let bare = ConfigFixture.describe(
            fixture.check(#"{"version": 2, "screens": {"home": {"title": "Home", "content": {"type": "button", "title": "Pay", "action": "alert"}}}}"#).errors)
        #expect(bare == [#"screens.home.content.action: "alert" needs its card: {"alert": {"title": "Card declined", "buttons": [{"title": "OK"}]}}"#])
    }
}
