import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineScene

@testable import VitrineCLI

/// The top-level fields a kiosk runs by: languages, data sources and their bindings, idle; and
/// check-config's font coverage.
@Suite("Config: languages, live data bindings, idle, font coverage")
struct OperationsConfigTests {
    /// A version 2 document with `top` members before the screens and `content` as home's content.
    static func document(_ top: String, content: String = #"{"type": "text", "text": "Hi"}"#) -> String {
        #"{"version": 2, "# + (top.isEmpty ? "" : top + ", ") + #""screens": {"home": {"title": "Home", "content": "# + content + "}}}"
    }

    @Test("languages and translations: the default comes first, translations are read, a missing one is a warning naming the fallback")
    func languages() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            Self.document(
                #""languages": ["en", "de", "fr"], "defaultLanguage": "de""#, content: #"{"type": "text", "text": {"en": "Hours", "de": "Öffnungszeiten"}}"#))
        #expect(check.errors.isEmpty, "\(check.errorLines)")
        #expect(check.configuration.scene.languages == ["en", "de", "fr"])
        #expect(check.configuration.scene.defaultLanguage == "de")
        #expect(ConfigFixture.describe(check.warnings) == ["screens.home.content.text: no fr text: shown in en instead"])
        guard case .text(let text) = check.configuration.scene.screens[0].content.kind else {
            Issue.record("not a text")
            return
        }
        #expect(text.text.resolve(language: "de", fallback: "en", data: nil) == "Öffnungszeiten")
        #expect(text.text.resolve(language: "fr", fallback: "de", data: nil) == "Öffnungszeiten")
        // It survives the trip through --print.
        let again = KioskConfigLoader.check(json: check.configuration.json, file: "printed", baseDirectory: fixture.directory.path)
        #expect(again.errors.isEmpty && again.configuration == check.configuration)
    }

    @Test("language mistakes are errors naming the field and what is allowed")
    func languageErrors() throws {
        let fixture = try ConfigFixture()
        #expect(
            ConfigFixture.describe(fixture.check(Self.document(#""languages": ["en", "English"]"#)).errors) == [
                #"languages[1]: "English" is not a language code (two or three letters, optionally a region: en, de, pt-BR)"#
            ])
        #expect(
            ConfigFixture.describe(fixture.check(Self.document(#""languages": ["en", "de"], "defaultLanguage": "fr""#)).errors) == [
                #"defaultLanguage: "fr" is not in languages (en, de)"#
            ])
        #expect(
            ConfigFixture.describe(fixture.check(Self.document("", content: #"{"type": "text", "text": {"en": "A", "de": "B"}}"#)).errors) == [
                #"screens.home.content.text: translations need the kiosk's languages: add "languages": ["en", "de"] at the top"#
            ])
        #expect(
            ConfigFixture.describe(
                fixture.check(Self.document(#""languages": ["en", "de"]"#, content: #"{"type": "text", "text": {"en": "A", "dee": "B"}}"#)).errors) == [
                    #"screens.home.content.text.dee: "dee" is not one of the kiosk's languages (en, de) (did you mean de?)"#
                ])
        #expect(
            ConfigFixture.describe(
                fixture.check(Self.document(#""languages": ["en", "de"]"#, content: #"{"type": "button", "title": "X", "action": {"setLanguage": "fr"}}"#))
                    .errors) == [
                    #"screens.home.content.action.setLanguage: "fr" is not one of the kiosk's languages (en, de)"#
                ])
        #expect(
            ConfigFixture.describe(fixture.check(Self.document(#""languages": ["en"]"#, content: #"{"type": "languages"}"#)).errors) == [
                #"screens.home.content.type: a language switcher needs two languages or more in "languages" at the top (found 1)"#
            ])
    }

    @Test("the language switcher is a row of buttons titled in their own languages, each setting its language")
    func switcher() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(Self.document(#""languages": ["en", "de", "ja"]"#, content: #"{"type": "languages", "style": "plain"}"#))
        #expect(check.errors.isEmpty, "\(check.errorLines)")
        guard case .stack(let stack) = check.configuration.scene.screens[0].content.kind else {
            Issue.record("not a stack")
            return
        }
        let buttons = stack.children.compactMap { node -> ButtonNode? in if case .button(let button) = node.kind { button } else { nil } }
        #expect(buttons.map(\.title.written) == ["English", "Deutsch", "日本語"])
        #expect(buttons.map(\.action) == [.setLanguage("en"), .setLanguage("de"), .setLanguage("ja")])
        #expect(buttons.allSatisfy { $0.style == .plain && $0.selectedStyle == .filled })
    }

    @Test("idle: after and action are read; a short time, a wrong action and a missing screen are errors")
    func idle() throws {
        let fixture = try ConfigFixture()
        let good = fixture.check(Self.document(#""idle": {"after": 90, "action": {"push": "home"}}"#))
        #expect(good.errors.isEmpty, "\(good.errorLines)")
        #expect(good.configuration.scene.idle == IdleModel(after: 90, action: .push("home")))
        #expect(fixture.check(Self.document(#""idle": {"after": 60}"#)).configuration.scene.idle == IdleModel(after: 60, action: .popToRoot))
        #expect(
            ConfigFixture.describe(fixture.check(Self.document(#""idle": {"after": 1}"#)).errors) == ["idle.after: expected a number from 5 to 86400, found 1"])
        #expect(
            ConfigFixture.describe(fixture.check(Self.document(#""idle": {"after": 30, "action": "dismiss"}"#)).errors) == [
                #"idle.action: dismiss is not an idle action (popToRoot, restartOnboarding, or {"push": "attract-screen"})"#
            ])
        #expect(
            ConfigFixture.describe(fixture.check(Self.document(#""idle": {"after": 30, "action": {"push": "atract"}}"#)).errors).first?
                .hasPrefix(#"idle.action.push: pushes "atract", but there is no such screen"#) == true)
        #expect(
            ConfigFixture.describe(fixture.check(Self.document(#""idle": {"action": "popToRoot"}"#)).errors) == [
                "idle.after: missing: the seconds without a touch before the idle action (e.g. 90)"
            ])
    }

    /// A list bound to `menu.items` with a row template, and a price text.
    static let boundContent = #"""
        {"type": "vstack", "children": [
          {"type": "text", "text": {"bind": "menu.coffee.price", "format": "€ {}"}},
          {"type": "list", "rows": {"repeat": "menu.items", "row": {"title": {"bind": "item.name"}, "trailing": {"bind": "item.price"}}}}
        ]}
        """#

    @Test("bindings are checked against the sample: a missing path and a wrong kind are errors naming the field and the file")
    func bindingsAgainstSample() throws {
        let fixture = try ConfigFixture()
        _ = try fixture.write(#"{"coffee": {"price": 3.2}, "items": [{"name": "Tea", "price": "2.80"}]}"#, as: "menu.sample.json")
        let good = fixture.check(Self.document(#""data": {"menu": {"file": "live/menu.json", "sample": "menu.sample.json"}}"#, content: Self.boundContent))
        #expect(good.errors.isEmpty, "\(good.errorLines)")
        #expect(good.warnings.isEmpty, "\(good.warningLines)")
        #expect(good.configuration.data == [DataSourceFile(name: "menu", file: "live/menu.json", sample: "menu.sample.json")])

        _ = try fixture.write(#"{"coffee": {"price": {"small": 3}}, "items": [{"title": "Tea"}]}"#, as: "menu.sample.json")
        let bad = fixture.check(Self.document(#""data": {"menu": {"file": "live/menu.json", "sample": "menu.sample.json"}}"#, content: Self.boundContent))
        #expect(
            ConfigFixture.describe(bad.errors) == [
                #"screens.home.content.children[0].text.bind: "menu.coffee.price" is an object in menu.sample.json; a text binds to a string, a number or true/false"#,
                #"screens.home.content.children[1].rows.row.title.bind: "item.name" leads to nothing in menu.sample.json: item has no "name" (its keys: title)"#,
                #"screens.home.content.children[1].rows.row.trailing.bind: "item.price" leads to nothing in menu.sample.json: item has no "price" (its keys: title)"#
            ])
        // A misspelt path names what is there and the closest key.
        let content =
            #"{"type": "vstack", "children": [{"type": "text", "text": {"bind": "menu.cofee.price"}}, {"type": "text", "text": {"bind": "menu.items.3.name"}}]}"#
        _ = try fixture.write(#"{"coffee": {"price": 3.2}, "tea": {"price": 2.8}, "items": [{"name": "Tea", "price": "2.80"}]}"#, as: "menu.sample.json")
        let typo = fixture.check(Self.document(#""data": {"menu": {"file": "live/menu.json", "sample": "menu.sample.json"}}"#, content: content))
        #expect(
            ConfigFixture.describe(typo.errors) == [
                #"screens.home.content.children[0].text.bind: "menu.cofee.price" leads to nothing in menu.sample.json: menu has no "cofee" (its keys: coffee, tea, items) (did you mean coffee?)"#,
                #"screens.home.content.children[1].text.bind: "menu.items.3.name" leads to nothing in menu.sample.json: menu.items is an array of 1, "3" is not one of its indices (0 to 0)"#
            ])
    }

    @Test("a binding to an unknown source is an error; without a sample a missing live file is a warning and a bad one names its line")
    func bindingsWithoutSample() throws {
        let fixture = try ConfigFixture()
        let unknown = fixture.check(Self.document(#""data": {"menu": "menu.json"}"#, content: #"{"type": "text", "text": {"bind": "menus.coffee"}}"#))
        #expect(
            ConfigFixture.describe(unknown.errors) == [
                #"screens.home.content.text.bind: "menus.coffee": no data source "menus" (data: menu) (did you mean menu?)"#
            ])
        #expect(ConfigFixture.describe(unknown.warnings).first?.hasPrefix("data.menu: \(fixture.directory.file("menu.json")) does not exist yet") == true)

        _ = try fixture.write(#"{"coffee": "#, as: "menu.json")
        let truncated = fixture.check(Self.document(#""data": {"menu": "menu.json"}"#, content: #"{"type": "text", "text": {"bind": "menu.coffee"}}"#))
        #expect(truncated.errors.isEmpty)
        #expect(
            ConfigFixture.describe(truncated.warnings).first?.hasPrefix(
                "data.menu: data file \(fixture.directory.file("menu.json")): not JSON (line 1, column 12") == true, "\(truncated.warningLines)")

        let itemOutside = fixture.check(Self.document(#""data": {"menu": "menu.json"}"#, content: #"{"type": "text", "text": {"bind": "item.name"}}"#))
        #expect(
            ConfigFixture.describe(itemOutside.errors) == [
                #"screens.home.content.text.bind: "item.name": item. paths read a repeated row's element, and this is not in a row template"#
            ])
    }

    @Test("check-config warns of CJK text when no installed font has it, naming fonts-noto-cjk; Latin text passes")
    func fontCoverage() throws {
        let fixture = try ConfigFixture()
        let latin = try fixture.write(
            Self.document(#""languages": ["en", "de"]"#, content: #"{"type": "text", "text": {"en": "Hours", "de": "Öffnungszeiten"}}"#), as: "latin.json")
        let check = try KioskConfigLoader.check(path: latin)
        #expect(ConfigDiagnosis.fontWarnings(check).isEmpty)

        let cjk = try fixture.write(
            Self.document(#""languages": ["en", "ja"]"#, content: #"{"type": "text", "text": {"en": "Hours", "ja": "営業時間"}}"#), as: "cjk.json")
        let fonts = try FontLibrary()
        let scalars = Set("営業時間".unicodeScalars.map(\.value))
        let installed = fonts.uncovered(scalars, family: FontDescriptor.defaultFamily).isEmpty
        let warnings = ConfigDiagnosis.fontWarnings(try KioskConfigLoader.check(path: cjk)).map(\.description)
        if installed {
            // A machine with a CJK font draws it: nothing to warn about.
            #expect(warnings.isEmpty, "\(warnings)")
        } else {
            #expect(
                warnings == [
                    "screens.home.content.text.ja: 4 CJK characters (U+55B6 営, U+6642 時, U+696D 業, U+9593 間) in no installed font: the panel would draw boxes; install fonts-noto-cjk (apt-get install fonts-noto-cjk)"
                ])
        }
    }
}
