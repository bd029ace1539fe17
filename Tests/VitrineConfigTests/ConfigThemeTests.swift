import Testing
import VitrineCore
import VitrineKiosk
import VitrineUI

/// `theme.palette` and the contrast warnings (issue 17).
@Suite("Config theme: palettes and contrast warnings")
struct ConfigThemeTests {
    static func document(theme: String) -> String {
        #"{"version": 2, "theme": {"# + theme + #"}, "start": "home", "screens": {"home": {"content": {"type": "text", "text": "Hi"}}}}"#
    }

    @Test("\"palette\": \"dark\" starts from the dark colours, and a field still overrides one")
    func darkPalette() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(Self.document(theme: ##""palette": "dark", "tint": "#5AB0FF""##))
        #expect(check.errors.isEmpty, "\(check.errors)")
        #expect(check.warnings.isEmpty, "\(check.warnings)")
        var expected = Theme(palette: .dark)
        expected.tint = Color(hex: "#5AB0FF")!
        #expect(check.configuration.theme == expected)
    }

    @Test("an unknown palette is an error naming the field")
    func unknownPalette() throws {
        let fixture = try ConfigFixture()
        #expect(
            ConfigFixture.describe(fixture.check(Self.document(theme: #""palette": "sepia""#)).errors) == [
                #"theme.palette: "sepia" is not a palette (use "light" or "dark")"#
            ])
    }

    @Test("a pair below 4.5:1 is a warning naming the field, the pair, the ratio and the fix")
    func lowContrastWarns() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(Self.document(theme: ##""secondaryLabel": "#8E8E93""##))
        #expect(check.errors.isEmpty, "\(check.errors)")
        #expect(
            ConfigFixture.describe(check.warnings) == [
                "theme.secondaryLabel: secondaryLabel #8E8E93 on background (#F2F2F7) is 2.92:1, below the 4.5:1 WCAG 2.2 AA asks of body text (list headers and footers): make secondaryLabel darker or background lighter",
                "theme.secondaryLabel: secondaryLabel #8E8E93 on surface (#FFFFFF) is 3.26:1, below the 4.5:1 WCAG 2.2 AA asks of body text (subtitles and trailing text in rows and cards): make secondaryLabel darker or surface lighter"
            ])
        // A dark background under the light palette's text: each warning is at the background,
        // the field the file set, and says which way each colour must move.
        let dark = fixture.check(Self.document(theme: ##""background": "#202020""##))
        #expect(
            ConfigFixture.describe(dark.warnings).first?.hasPrefix("theme.background: label #1C1C1E on background (#202020) is 1.") == true, "\(dark.warnings)")
        #expect(dark.warnings.count == 3 && dark.warnings.allSatisfy { $0.field == "theme.background" }, "\(dark.warnings)")
        #expect(ConfigFixture.describe(dark.warnings)[1].hasSuffix("make secondaryLabel lighter or background darker"), "\(dark.warnings)")
        #expect(ConfigFixture.describe(dark.warnings).first?.hasSuffix("make label darker or background lighter") == true, "\(dark.warnings)")
    }

    @Test("the tinted button's pairs are checked only when a screen has a tinted button")
    func tintedPairsWhenUsed() throws {
        let fixture = try ConfigFixture()
        // #0066CC: 4.99:1 on the background, 5.57:1 on white and with white on it; 4.04:1 on its wash.
        let theme = ##""tint": "#0066CC""##
        #expect(fixture.check(Self.document(theme: theme)).warnings.isEmpty)
        let tinted =
            #"{"version": 2, "theme": {"# + theme
            + #"}, "start": "home", "screens": {"home": {"content": {"type": "button", "title": "Go", "style": "tinted"}}}}"#
        let warnings = ConfigFixture.describe(fixture.check(tinted).warnings)
        #expect(warnings.first?.hasPrefix("theme.tint: tint #0066CC on the tint wash over background (#CEDDF1) is 4.04:1") == true, "\(warnings)")
        #expect(warnings.allSatisfy { $0.hasPrefix("theme.tint: tint #0066CC on the tint wash over ") }, "\(warnings)")
    }

    @Test("a text's \"measure\": \"full\" turns the readable measure off; another word is an error")
    func textMeasure() throws {
        let fixture = try ConfigFixture()
        func document(_ measure: String) -> String {
            #"{"version": 2, "start": "home", "screens": {"home": {"content": {"type": "text", "text": "Hi", "measure": "# + measure + "}}}}"
        }
        let full = fixture.check(document(#""full""#))
        #expect(full.errors.isEmpty, "\(full.errors)")
        guard case .text(let text)? = full.configuration.scene.screens.first?.content.kind else {
            Issue.record("not a text view")
            return
        }
        #expect(!text.readableMeasure)
        #expect(
            ConfigFixture.describe(fixture.check(document(#""wide""#)).errors) == [
                #"screens.home.content.measure: "wide" is not a measure (use "readable" or "full")"#
            ])
    }
}
