import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineSystem
import VitrineTestSupport
import VitrineUI

@testable import VitrineScene

/// The accessibility sheet (issue 33): a bar item's `accessibility` action opens it; its rows
/// turn larger text, high contrast, speech and reach on and off, every screen laid out again
/// where it was; idle brings the defaults back. Real taps through the replay source, the manual
/// clock, the state dump.
@Suite("Accessibility sheet: larger text, high contrast, speech and reach, chosen by the visitor")
struct AccessibilitySheetTests {
    static let config = #"""
        {"version": 2, "languages": ["en", "de", "fr", "es", "it", "nl"],
         "state": {"count": 0},
         "idle": {"after": 90, "action": "popToRoot"},
         "screens": {
           "home": {"title": "Lobby", "right": {"title": "Accessibility", "icon": "accessibility_new", "action": "accessibility"},
             "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
               {"type": "text", "id": "welcome", "text": "Welcome", "style": "title"},
               {"type": "button", "id": "details", "title": "Details", "action": {"push": "details"}}]}},
           "details": {"title": "Details", "left": {"title": "Reach", "icon": "expand_more", "action": "reach"},
             "right": {"title": "Accessibility", "icon": "accessibility_new", "action": "accessibility"},
             "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
               {"type": "text", "id": "count", "text": {"bind": "'Count ' + state.count"}},
               {"type": "button", "id": "more", "title": "One more", "action": {"increment": "count"}},
               {"type": "textField", "id": "note", "placeholder": "A note"}]}}}}
        """#

    static func run(_ text: String = Self.config) throws -> KioskRun {
        let check = KioskConfigLoader.check(text: text, file: "kiosk.json", baseDirectory: "/tmp")
        #expect(check.errors.isEmpty, "\(check.errorLines)")
        #expect(check.warnings.isEmpty, "\(check.warningLines)")
        return try KioskRun(configuration: check.configuration)
    }

    static func rows(_ run: KioskRun) -> [String] {
        run.controller.accessibilitySheet?.list.allRows.map { "\($0.row.title): \($0.row.trailing ?? "")" } ?? []
    }

    @Test("the accessibility action parses on any button or bar item, as does reach")
    func actionsParse() throws {
        let run = try Self.run()
        let model = run.controller.model
        #expect(model.screen("home")?.rightItem?.action == .accessibility)
        #expect(model.screen("details")?.leftItem?.action == .reach)
        #expect(SceneAction.accessibility.json == .string("accessibility"))
        let check = KioskConfigLoader.check(
            text: #"{"version": 2, "screens": {"a": {"content": {"type": "button", "title": "x", "action": "acessibility"}}}}"#, file: "kiosk.json",
            baseDirectory: "/tmp")
        #expect(check.errors.first?.message.contains("did you mean accessibility?") == true, "\(check.errorLines)")
    }

    @Test("a bar item opens the sheet: its rows say what is on, each a 44-point target, and ✕ closes it")
    func opens() throws {
        let run = try Self.run()
        try run.replayTap(try #require(run.controller.topScreen?.bar?.rightButton))
        #expect(run.state["accessibility"]?["sheet"] == .bool(true))
        #expect(run.state["content_sheet"]?["presented"] == .bool(true))
        #expect(Self.rows(run) == ["Larger text: Off", "High contrast: Off", "Speech: Off", "Reach: Off"])
        #expect(run.controller.contentSheet?.header?.titleLabel.text == "Accessibility")
        let small = HitTargetAudit.audit(run.run.window).filter { !$0.isLargeEnough }
        #expect(small.isEmpty, "\(small)")
        for setting in AccessibilitySheet.Setting.allCases where setting != .speech {
            let row = try #require(run.view(setting.identifier))
            #expect(row.frame.height >= Button.minimumHitSize)
        }
        try run.replayTap(try #require(run.controller.contentSheet?.header?.leftButton))
        #expect(run.state["content_sheet"]?["presented"] == .bool(false))
        #expect(run.state["accessibility"]?["sheet"] == .bool(false))
    }

    @Test("larger text lays every screen out again at 1.5×, keeping the stack, the state, typed text and the open sheet")
    func largerText() throws {
        let run = try Self.run()
        try run.replayTap(try #require(run.view("details")))
        try run.replayTap(try #require(run.view("more")))
        let note = try #require(run.view("note") as? TextField)
        note.setText("Room 4")
        let before = try #require((run.view("count") as? Label)?.style.pointSize)
        try run.replayTap(try #require(run.controller.topScreen?.bar?.rightButton))
        let sheetBefore = try #require(run.state["content_sheet"]?["visible_height"]?.doubleValue)
        try run.replayTap(try #require(run.view("accessibility.largerText")))
        #expect(run.controller.theme.typeScale == 1.5)
        #expect(run.stack == ["home", "details"])
        #expect(run.controller.stateValue("count") == .number(1))
        #expect((run.view("count") as? Label)?.text == "Count 1")
        #expect((run.view("count") as? Label)?.style.pointSize == before * 1.5)
        #expect((run.view("note") as? TextField)?.text == "Room 4")
        // The sheet is there again, built in the new size, taller, saying what is on.
        #expect(Self.rows(run) == ["Larger text: On", "High contrast: Off", "Speech: Off", "Reach: Off"])
        let sheetAfter = try #require(run.state["content_sheet"]?["visible_height"]?.doubleValue)
        #expect(sheetAfter > sheetBefore)
        #expect(run.state["accessibility"]?["larger_text"] == .bool(true))
        // Back to the default size from the sheet.
        try run.replayTap(try #require(run.view("accessibility.largerText")))
        #expect(run.controller.theme == run.controller.baseTheme)
        #expect(run.stack == ["home", "details"])
    }

    @Test("high contrast builds the screens in the 7:1 palette; idle brings back every default")
    func highContrastAndIdle() throws {
        let run = try Self.run()
        try run.replayTap(try #require(run.view("details")))
        try run.replayTap(try #require(run.controller.topScreen?.bar?.rightButton))
        #expect(Self.rows(run) == ["Larger text: Off", "High contrast: Off", "Speech: Off", "Reach: Off"])
        // Speech last: once it is on, a tap explores (says the row) and a double tap presses.
        for setting in ["accessibility.highContrast", "accessibility.largerText", "accessibility.reach", "accessibility.speech"] {
            try run.replayTap(try #require(run.view(setting), "no \(setting)"))
        }
        #expect(Self.rows(run) == ["Larger text: On", "High contrast: On", "Speech: On", "Reach: On"])
        let theme = run.controller.theme
        #expect(theme.isHighContrast && theme.typeScale == 1.5 && theme.enhancedContrastShortfalls().isEmpty)
        #expect((run.view("count") as? Label)?.textColor == .black)
        #expect(run.run.window.root.backgroundColor == theme.background)
        #expect(run.controller.speechMode && run.controller.reachMode)
        // Nobody, for twice the idle time (speech is on): every setting goes back, the screens
        // in the config's theme.
        #expect(run.controller.idleTime == 180)
        run.run.advance(181)
        run.run.settle()
        #expect(run.stack == ["home"])
        #expect(run.controller.visitorSettings.isDefault && !run.controller.reachMode && !run.controller.speechMode)
        #expect(run.controller.theme == run.controller.baseTheme)
        #expect((run.view("welcome") as? Label)?.style.pointSize == TypeStyle.title.metrics.size)
        #expect(run.state["accessibility"]?["sheet"] == .bool(false))
        #expect(run.controller.callbacks.elements.contains("settings reset"))
    }

    @Test("the sheet speaks the kiosk's language: English, German, French, Spanish, Italian, Dutch")
    func languages() throws {
        let run = try Self.run()
        let titles = [
            "en": "Accessibility", "de": "Bedienungshilfen", "fr": "Accessibilité", "es": "Accesibilidad", "it": "Accessibilità", "nl": "Toegankelijkheid"
        ]
        let largerText = [
            "en": "Larger text", "de": "Größerer Text", "fr": "Texte plus grand", "es": "Texto más grande", "it": "Testo più grande", "nl": "Grotere tekst"
        ]
        for language in ["de", "fr", "es", "it", "nl", "en"] {
            run.controller.perform(.setLanguage(language))
            run.run.settle()
            run.controller.perform(.accessibility)
            run.run.settle()
            #expect(run.controller.contentSheet?.header?.titleLabel.text == titles[language])
            #expect(run.controller.accessibilitySheet?.list.allRows.first?.row.title == largerText[language])
            run.controller.perform(.dismiss)
            run.run.settle()
        }
        // Every text in every language, none left empty or in English where it differs.
        for language in AccessibilityText.languages {
            for text in AccessibilityText.allCases {
                #expect(!text.text(in: language).isEmpty, "\(language) \(text)")
            }
        }
        #expect(AccessibilityText.countdown(1, in: "de") == "Der Kiosk beginnt in 1 Sekunde von vorn.")
        #expect(AccessibilityText.countdown(25, in: "fr") == "La borne recommence dans 25\u{00A0}secondes.")
        #expect(AccessibilityText.title.text(in: "pt-BR") == "Accessibility")
    }

    /// Draws the sheet over `screen` of an example, at half scale.
    static func sheetPicture(_ run: KioskRun, name: String, directory: String) throws -> GoldenImage.Comparison {
        run.controller.perform(.accessibility)
        run.run.settle()
        let image = try #require(run.run.screenshot)
        return GoldenImage.compare(image, name: name, directory: directory)
    }

    @Test("the sheet over the museum, light; over the demo, dark; and in larger text and high contrast")
    func goldens() throws {
        let directory = GoldenImage.snapshotDirectory() + "/accessibility"
        try Directory.create(directory)
        let small = PixelSize(width: 640, height: 400)
        let museum = try KioskRun(example: "museum", size: small, scale: 0.5)
        museum.controller.perform(.finishOnboarding)
        museum.run.settle()
        var comparison = try Self.sheetPicture(museum, name: "sheet-museum", directory: directory)
        #expect(comparison.matches(tolerance: 3), "\(comparison)")
        museum.controller.setVisitorSettings(VisitorSettings(largerText: true, highContrast: true))
        museum.run.settle()
        let image = try #require(museum.run.screenshot)
        comparison = GoldenImage.compare(image, name: "sheet-museum-larger-high-contrast", directory: directory)
        #expect(comparison.matches(tolerance: 3), "\(comparison)")
        var dark = KioskDemo.configuration
        dark.theme = dark.theme.withColours(of: .dark)
        let demo = try KioskRun(configuration: dark, size: small, scale: 0.5)
        demo.controller.perform(.finishOnboarding)
        demo.run.settle()
        comparison = try Self.sheetPicture(demo, name: "sheet-demo-dark", directory: directory)
        #expect(comparison.matches(tolerance: 3), "\(comparison)")
    }
}
