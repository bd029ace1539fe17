import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineScene
import VitrineTestSupport
import VitrineUI

@testable import VitrineCLI

/// `qrCode`, `progress` and `spinner` in a config (issue 35, items 2 and 3): what they read,
/// what `check-config` says of bad ones, `--print`'s form, the audits.
@Suite("Config: QR codes, progress bars and spinners")
struct ActivityConfigTests {
    static func screen(_ content: String) -> String {
        #"{"version": 2, "screens": {"home": {"title": "Home", "content": "# + content + "}}}"
    }

    @Test("the three views read into their nodes, with the defaults: correction M")
    func reads() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            Self.screen(
                #"{"type": "vstack", "children": [{"type": "qrCode", "text": "https://museum.example"}, {"type": "qrCode", "text": "x", "correction": "H"}, {"type": "progress", "value": 0.25}, {"type": "spinner"}]}"#
            ))
        #expect(check.errors.isEmpty && check.warnings.isEmpty, "\(check.errors) \(check.warnings)")
        let screen = try #require(check.configuration.scene.screens.first)
        let content = screen.content
        guard case .stack(let stack) = content.kind else {
            Issue.record("the content is \(content.kind), not a stack")
            return
        }
        #expect(
            stack.children.map(\.kind) == [
                .qrCode(QRCodeNode("https://museum.example")), .qrCode(QRCodeNode("x", correction: .high)), .progress(ProgressNode(value: 0.25)), .spinner
            ])
    }

    @Test("a text too long for any symbol is an error naming the field and the limit at its level, for a plain text and for one translation")
    func tooLong() throws {
        let fixture = try ConfigFixture()
        let long = String(repeating: "a", count: 2332)
        let check = fixture.check(Self.screen(#"{"type": "qrCode", "text": ""# + long + #""}"#))
        #expect(
            ConfigFixture.describe(check.errors) == [
                "screens.home.content.text: is 2,332 bytes of UTF-8, more than a QR code holds at level M: at most 2,331 bytes of 8-bit data (version 40, ISO/IEC 18004 Table 7) — shorten it (a short link instead of a long one), or lower \"correction\" (level L holds 2,953 bytes)"
            ])
        // At L the same text fits.
        #expect(fixture.check(Self.screen(#"{"type": "qrCode", "correction": "L", "text": ""# + long + #""}"#)).errors.isEmpty)
        let high = fixture.check(Self.screen(#"{"type": "qrCode", "correction": "H", "text": ""# + String(repeating: "ü", count: 700) + #""}"#))
        #expect(
            ConfigFixture.describe(high.errors).first?.hasPrefix(
                "screens.home.content.text: is 1,400 bytes of UTF-8, more than a QR code holds at level H: at most 1,272 bytes of 8-bit data") == true,
            "\(high.errors)")
        let translated = fixture.check(
            #"{"version": 2, "languages": ["en", "de"], "screens": {"home": {"title": "Home", "content": {"type": "qrCode", "text": {"en": "https://museum.example/en", "de": ""#
                + long
                + #""}}}}}"#)
        #expect(translated.errors.count == 1)
        #expect(
            ConfigFixture.describe(translated.errors).first?.hasPrefix("screens.home.content.text.de: is 2,332 bytes of UTF-8, more") == true,
            "\(translated.errors)")
        // What check-config prints and exits with.
        #expect(CheckConfigCommand.report(check).contains("screens.home.content.text: is 2,332 bytes"))
        #expect(CommandLineTool.run(["check-config", try fixture.write(Self.screen(#"{"type": "qrCode", "text": ""# + long + #""}"#))]) == 1)
    }

    @Test(
        "bad QR and progress fields are errors or warnings naming the field",
        arguments: [
            (#"{"type": "qrCode", "text": "x", "correction": "X"}"#, "error: screens.home.content.correction: \"X\" is not an error-correction level"),
            (#"{"type": "qrCode", "text": "x", "correction": "m"}"#, "error: screens.home.content.correction: \"m\" is not an error-correction level"),
            (#"{"type": "qrCode"}"#, "error: screens.home.content.text: missing"),
            (#"{"type": "qrCode", "text": ""}"#, "error: screens.home.content.text: is empty: a QR code needs a text to encode"),
            (#"{"type": "qrCode", "text": 5}"#, "error: screens.home.content.text: expected a text"),
            (#"{"type": "progress"}"#, "error: screens.home.content.value: missing: how far the work has gone, 0 to 1"),
            (
                #"{"type": "progress", "value": "half"}"#,
                "error: screens.home.content.value: expected a number from 0 to 1 or {\"bind\": \"state.done / state.total\"}, found a string"
            ),
            (#"{"type": "progress", "value": 1.5}"#, "warning: screens.home.content.value: 1.5 is outside 0 to 1; the bar shows it as full (1)"),
            (#"{"type": "progress", "value": -2}"#, "warning: screens.home.content.value: -2 is outside 0 to 1; the bar shows it as empty (0)"),
            (#"{"type": "progress", "value": {"bind": "state.(("}}"#, "error: screens.home.content.value.bind: "),
            (#"{"type": "spinner", "speed": 2}"#, "warning: screens.home.content.speed: unknown key, ignored")
        ])
    func badFields(view: String, expected: String) throws {
        let check = try ConfigFixture().check(Self.screen(view))
        let lines = check.errors.map { "error: \($0)" } + check.warnings.map { "warning: \($0)" }
        #expect(lines.contains { $0.hasPrefix(expected) }, "\(lines)")
    }

    @Test("a QR code's text is not checked against the fonts (it is encoded, not drawn); a text view's beside it is")
    func fontCheckLeavesQRTextAlone() throws {
        let fixture = try ConfigFixture()
        let path = try fixture.write(
            Self.screen(#"{"type": "vstack", "children": [{"type": "qrCode", "text": "営業時間"}, {"type": "text", "text": "営業時間"}]}"#))
        let warnings = ConfigDiagnosis.fontWarnings(try KioskConfigLoader.check(path: path)).map(\.description)
        let fonts = try FontLibrary()
        let installed = fonts.uncovered(Set("営業時間".unicodeScalars.map(\.value)), family: FontDescriptor.defaultFamily).isEmpty
        #expect(!warnings.contains { $0.contains("children[0]") }, "\(warnings)")
        #expect(installed || warnings.contains { $0.hasPrefix("screens.home.content.children[1].text: 4 CJK characters") }, "\(warnings)")
    }

    @Test("--print writes them back as the reader reads them")
    func printRoundTrip() throws {
        let fixture = try ConfigFixture()
        let text = #"""
            {"version": 2, "state": {"done": 3, "link": "https://museum.example"},
             "screens": {"home": {"title": "Home", "content": {"type": "vstack", "children": [
               {"type": "qrCode", "text": {"bind": "state.link"}, "correction": "Q"},
               {"type": "progress", "value": {"bind": "state.done / 10"}},
               {"type": "progress", "value": 0.5},
               {"type": "spinner", "visible": {"bind": "state.done < 10"}}]}}}}
            """#
        let check = fixture.check(text)
        #expect(check.errors.isEmpty, "\(check.errors)")
        let configuration = check.configuration
        let printed = configuration.json.serialized(pretty: true)
        let again = fixture.check(printed)
        #expect(again.errors.isEmpty, "\(again.errors)")
        #expect(again.configuration.scene.screens == configuration.scene.screens)
    }

    @Test("a screen with all three is clean in the accessibility audit and has no control under 44 points")
    func audits() throws {
        let fixture = try ConfigFixture()
        let path = try fixture.write(
            #"""
            {"version": 2, "state": {"done": 4},
             "screens": {"home": {"title": "Your ticket", "content": {"type": "vstack", "spacing": 24, "padding": 40, "children": [
               {"type": "text", "text": "Printing your ticket", "style": "title2"},
               {"type": "progress", "value": {"bind": "state.done / 10"}, "accessibilityLabel": "Printing"},
               {"type": "spinner"},
               {"type": "qrCode", "text": "https://museum.example/receipt/123"},
               {"type": "button", "title": "Done", "action": {"emit": "done"}}]}}}}
            """#)
        let check = try KioskConfigLoader.load(path: path)
        let report = try AccessibilityAudit(check: check, registry: ViewRegistry()).run()
        #expect(report.count(.error) == 0 && report.count(.warning) == 0, "\(report.text)")
        var renderer = KioskRenderer(configuration: check.configuration, baseDirectory: check.baseDirectory)
        var small: [String] = []
        var elements: [String] = []
        renderer.inspect = { _, window in
            small += HitTargetAudit.audit(window).filter { !$0.isLargeEnough }.map(\.description)
            elements += window.accessibilityElements().compactMap { SpokenDescription.text(for: $0, phrases: AccessibilityPhrases(language: "en")) }
        }
        let directory = TemporaryDirectory(prefix: "vitrine-activity")
        defer { directory.remove() }
        _ = try renderer.render(size: PixelSize(width: 1280, height: 800), scale: 1, into: directory.path)
        #expect(small.isEmpty, "\(small)")
        #expect(elements.contains("Printing, 40 percent, progress bar"), "\(elements)")
        #expect(elements.contains("in progress, progress bar"), "\(elements)")
        #expect(elements.contains("https://museum.example/receipt/123, image"), "\(elements)")
    }
}
