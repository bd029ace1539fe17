import Glibc
import Testing
import VitrineCore
import VitrineGestures
import VitrineKiosk
import VitrineScene
import VitrineSystem
import VitrineUI

/// A view a config places through the registry that answers a tap and nothing else: no key
/// reaches it and it has nothing to say (the audit's touch-only case, which config views alone
/// cannot make).
private final class TapArea: View {
    let tap = TapGestureRecognizer()
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        self.addGestureRecognizer(self.tap)
    }
}

/// `vitrine check-config --accessibility` (issue 33): every example laid out and audited, and a
/// config with one of each problem, each found once.
@Suite("The accessibility audit: labels, keys, translations, contrast, target sizes, reach")
struct AccessibilityAuditTests {
    static let reachNotice =
        "notice: reachability: not checked — give accessibility.mountHeight (the screen's top and bottom edges above the floor, in millimetres)"

    static func audit(_ path: String, registry: ViewRegistry = ViewRegistry()) throws -> AccessibilityReport {
        let check = try KioskConfigLoader.load(path: path, registry: registry)
        return try AccessibilityAudit(check: check, registry: registry).run()
    }

    @Test("the tickets example: every screen in English and German, clean but for the reach, printed per screen")
    func tickets() throws {
        let path = examplesDirectory + "/tickets/kiosk.json"
        let report = try Self.audit(path)
        #expect(report.findings.map(\.description) == [Self.reachNotice])
        #expect(report.screens == ["choose", "confirm", "thanks"])
        #expect(report.languages == ["en", "de"])
        #expect(
            report.text == """
                \(path): accessibility: 3 screens laid out at 1280×800 px in en, de
                  the kiosk:
                    \(Self.reachNotice)
                  screen choose: ok
                  screen confirm: ok
                  screen thanks: ok
                \(path): accessibility: 0 errors, 0 warnings, 1 notice

                """)
    }

    @Test(
        "every example: no error and no warning; only the version 1 file's pictures, which it cannot describe, are noticed",
        arguments: [
            "demo/kiosk.json", "kiosk.json", "cafe/kiosk.json", "museum/kiosk.json", "tickets/kiosk.json", "library/kiosk.json"
        ])
    func examples(config: String) throws {
        let report = try Self.audit(examplesDirectory + "/" + config)
        #expect(report.count(.error) == 0 && report.count(.warning) == 0, "\(report.text)")
        let pictures = [
            "onboarding-1: notice: labels: onboarding.pages[0]", "onboarding-2: notice: labels: onboarding.pages[1]",
            "onboarding-3: notice: labels: onboarding.pages[2]", "split-sheet: notice: labels: splitSheet"
        ]
        let found = report.findings.map { "\($0.screen ?? "kiosk"): \($0.level): \($0.check.rawValue): \($0.path ?? "")" }
        #expect(found == ["kiosk: notice: reachability: "] + (config == "kiosk.json" ? pictures : []), "\(report.text)")
    }

    /// One of each problem on one screen, in three languages, one of which (sv) speech has no
    /// words of its own for; a control below the fold.
    static let problems = """
        {
          "version": 2,
          "languages": ["en", "de", "sv"],
          "theme": {"secondaryLabel": "#A0A0A0"},
          "start": "home",
          "onboarding": {"pages": ["hello"], "completed": "go"},
          "screens": {
            "hello": {"title": {"en": "Hello", "de": "Hallo", "sv": "Hej"}, "content": {"type": "text", "text": {"en": "Swipe", "de": "Wischen", "sv": "Svep"}}},
            "go": {"content": {"type": "button", "title": {"en": "Start", "de": "Los", "sv": "Börja"}, "action": "finishOnboarding"}},
            "home": {
              "title": {"en": "Home", "de": "Start", "sv": "Hem"},
              "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
                {"type": "image", "image": "photo.png", "height": 120},
                {"type": "image", "image": "photo.png", "height": 40, "description": ""},
                {"type": "text", "text": "Opening hours"},
                {"type": "text", "text": {"en": "Welcome", "de": "Willkommen"}},
                {"type": "button", "icon": "qr_code_scanner", "width": 64, "height": 64, "action": {"emit": "scan"}},
                {"type": "button", "icon": "qr_code_scanner", "width": 64, "height": 64, "action": {"emit": "scan"},
                 "accessibilityLabel": {"en": "Scan a ticket", "de": "", "sv": "Skanna en biljett"}},
                {"type": "button", "icon": "close", "style": "plain", "width": 30, "height": 30, "action": {"emit": "close"}},
                {"type": "card", "image": "photo.png", "width": 200, "action": {"emit": "card"}},
                {"type": "textField", "placeholder": {"en": "Name", "de": "Name", "sv": "Namn"}, "width": 300},
                {"type": "spacer", "height": 400},
                {"type": "tapArea", "width": 120, "height": 60},
                {"type": "languages"}
              ]},
              "splitSheet": {"screen": "plan"}
            },
            "plan": {"title": {"en": "Plan", "de": "Plan", "sv": "Karta"}, "content": {"type": "text", "text": {"en": "Rooms", "de": "Räume", "sv": "Rum"}}}
          }
        }
        """

    @Test("a config with one of each problem: each found once, with its screen, path and what to add")
    func eachProblemOnce() throws {
        let fixture = try ConfigFixture()
        let path = try fixture.write(Self.problems)
        let registry = ViewRegistry()
        registry.register("tapArea") { _, _ in TapArea() }
        let report = try Self.audit(path, registry: registry)
        let home = "screens.home.content.children"
        let expected = [
            "kiosk: warning: contrast: theme.secondaryLabel: secondaryLabel #A0A0A0 on background (#F2F2F7) is 2.34:1, below the 4.5:1 WCAG 2.2 AA asks of body text (list headers and footers): make secondaryLabel darker or background lighter",
            "kiosk: warning: contrast: theme.secondaryLabel: secondaryLabel #A0A0A0 on surface (#FFFFFF) is 2.61:1, below the 4.5:1 WCAG 2.2 AA asks of body text (subtitles and trailing text in rows and cards): make secondaryLabel darker or surface lighter",
            "kiosk: notice: translations: languages: speech mode says its own words for sv in English (roles such as \"button\", states, \"2 of 3\", the keypad's help, the icons' words): Vitrine has them in de, en, es, fr, it, nl",
            "kiosk: " + Self.reachNotice,
            "home: error: labels: \(home)[4]: a button showing only the icon \"qr_code_scanner\", which speech has no word for, says nothing but \"button\": add an \"accessibilityLabel\" (what speech says for it, in each language)",
            "home: error: labels: \(home)[7]: a card showing only its picture says nothing but \"button\": give it a \"title\", or add an \"accessibilityLabel\" (what speech says for it, in each language)",
            "home: error: labels: \(home)[10]: a TapArea that acts has nothing to say: add an \"accessibilityLabel\" (what speech says for it, in each language)",
            "home: error: labels: \(home)[5]: a button showing only the icon \"qr_code_scanner\", which speech has no word for, says nothing but \"button\": add an \"accessibilityLabel\" (what speech says for it, in each language) (in de)",
            "home: error: keys: screens.home.splitSheet: the split sheet holding \"plan\": only a drag opens it, so keys and the keypad cannot show what it holds; give the screen a button with \"action\": \"toggleSplitSheet\", or \"initiallyShown\": true",
            "home: error: keys: \(home)[10]: a TapArea that answers a tap but cannot take the focus: keys and the keypad never reach it; make the view focusable (canBecomeFocused and activate in Swift), or give the screen a button that does the same",
            "home: warning: translations: \(home)[2].text: \"Opening hours\" is written once, so it is shown and said as written in en, de, sv: write it per language ({\"en\": …, \"de\": …, \"sv\": …}; the same text in each for a name)",
            "home: warning: translations: \(home)[3].text: no sv text: a visitor reading sv sees and hears the en text; add \"sv\"",
            "home: warning: target size: \(home)[6]: a button of 30.0×30.0 points: 16 of 25 touches across a finger's 44 × 44 points around its centre miss it; make it at least 44 points each way",
            "home: notice: labels: \(home)[0]: an image without a description, which speech passes over: decorative? leave it, or say so with \"description\": \"\"; else describe it (\"description\": what it shows, in each language)"
        ]
        let found = report.findings.map { "\($0.screen ?? "kiosk"): \($0)" }
        #expect(found == expected, "\(found.joined(separator: "\n"))")
        #expect(report.summary == "\(path): accessibility: 6 errors, 5 warnings, 3 notices")
        // The onboarding page without a button is turned by keys (down past its last element):
        // nothing to report there.
        #expect(report.findings(on: "hello").isEmpty && report.findings(on: "go").isEmpty)
    }

    @Test("a repeated row is named by its template, a bar item by its side")
    func places() throws {
        let fixture = try ConfigFixture()
        let path = try fixture.write(
            """
            {"version": 2, "start": "home", "state": {"items": [{"name": "Tea"}, {"name": ""}, {"name": ""}]},
             "screens": {
               "home": {"title": "Home", "content": {"type": "list", "rows": {"repeat": "state.items", "row": {"title": {"bind": "item.name"}, "action": {"push": "next"}}}}},
               "next": {"title": "Next", "right": {"title": "", "icon": "qr_code_scanner", "action": "pop"}, "content": {"type": "text", "text": "Hi"}}}}
            """)
        let found = try Self.audit(path).findings.filter { $0.level == .error }.map { "\($0.screen ?? "kiosk"): \($0)" }
        #expect(
            found == [
                "home: error: labels: screens.home.content.sections[0].rows.row: a list row with an empty title says nothing but \"button\": give every row a \"title\" (a bound one must not read empty)",
                "next: error: labels: screens.next.right: a bar button showing only the icon \"qr_code_scanner\", which speech has no word for: give the item a \"title\""
            ], "\(found.joined(separator: "\n"))")
    }

    @Test("with down and right mapped to other commands, no key turns the onboarding's pages")
    func noKeyTurnsTheOnboarding() throws {
        let fixture = try ConfigFixture()
        let path = try fixture.write(
            """
            {"version": 2, "start": "home", "onboarding": {"pages": ["hello"], "completed": "go"},
             "accessibility": {"keys": {"down": "help", "right": "repeat"}, "mountHeight": {"top": 1400, "bottom": 900}},
             "screens": {
               "hello": {"content": {"type": "text", "text": "Swipe"}},
               "go": {"content": {"type": "button", "title": "Start", "action": "finishOnboarding"}},
               "home": {"content": {"type": "text", "text": "Hi"}}}}
            """)
        let report = try Self.audit(path)
        #expect(
            report.findings.map(\.description) == [
                "error: keys: accessibility.keys: no key gives the keypad's down (down and right are mapped to other commands), so no key turns the onboarding's pages: map a key to \"down\""
            ])
        // A key mapped to down turns them again; the mounting heights leave the reach to its check.
        let mapped = try fixture.write(
            (try FileReader.readText(path, limit: 1 << 16, what: "a config")).replacing(#""right": "repeat""#, with: #""KP_2": "down""#), as: "mapped.json")
        #expect(try Self.audit(mapped).findings.isEmpty)
    }

    @Test(
        "with the panel's mounting heights the reach is checked: the tickets' controls above 1,220 mm are warnings at their screens, with where reach mode takes them"
    )
    func reach() throws {
        let fixture = try ConfigFixture()
        var text = try FileReader.readText(examplesDirectory + "/tickets/kiosk.json", limit: 1 << 20, what: "the tickets example")
        guard let version = text.firstRange(of: #""version": 2,"#) else {
            Issue.record("the tickets example has no version line")
            return
        }
        text.replaceSubrange(version, with: #""version": 2, "accessibility": {"mountHeight": {"top": 1700, "bottom": 1250}},"#)
        for file in ["data", "images"] { symlink(examplesDirectory + "/tickets/" + file, fixture.directory.file(file)) }
        let report = try Self.audit(try fixture.write(text))
        let reach = report.findings.filter { $0.check == .reach }
        #expect(!reach.isEmpty)
        #expect(reach.allSatisfy { $0.level == .warning && $0.description.contains("mm") }, "\(reach.map(\.description))")
        #expect(Set(reach.compactMap(\.screen)).isSubset(of: ["choose", "confirm", "thanks"]))
        #expect(!report.findings.contains { $0.description == Self.reachNotice })
    }
}
