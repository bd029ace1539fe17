import Testing
import VitrineCore
import VitrineGraphics
import VitrineTestSupport

/// `vitrine check-config --accessibility` as a user runs it: the real binary, its output as
/// printed, its exit status.
@Suite("vitrine check-config --accessibility")
struct AccessibilityCommandTests {
    static let reachNotice =
        "notice: reachability: not checked — give accessibility.mountHeight (the screen's top and bottom edges above the floor, in millimetres)"

    @Test("the check, then the report per screen and a summary; errors found by the audit leave the exit status at 0")
    func report() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-audit")
        defer { directory.remove() }
        let config = directory.file("kiosk.json")
        try FileBytes.writeAtomically(
            Array(
                """
                {"version": 2, "languages": ["en", "de"], "start": "home",
                 "screens": {
                   "home": {"title": {"en": "Home", "de": "Start"}, "content": {"type": "vstack", "padding": 24, "spacing": 16, "children": [
                     {"type": "text", "text": "Opening hours"},
                     {"type": "button", "icon": "qr_code_scanner", "width": 64, "height": 64, "action": {"push": "hours"}}]}},
                   "hours": {"title": {"en": "Hours", "de": "Zeiten"}, "content": {"type": "text", "text": {"en": "9 to 5", "de": "9 bis 17 Uhr"}}}}}
                """.utf8), to: config)
        let run = try VitrineProcess.run(["check-config", "--accessibility", config], in: directory)
        #expect(run.status == 0)
        #expect(
            run.stderr == """
                \(config): ok
                \(config): accessibility: 2 screens laid out at 1280×800 px in en, de
                  the kiosk:
                    \(Self.reachNotice)
                  screen home:
                    error: labels: screens.home.content.children[1]: a button showing only the icon "qr_code_scanner", which speech has no word for, says nothing but "button": add an "accessibilityLabel" (what speech says for it, in each language)
                    warning: translations: screens.home.content.children[0].text: "Opening hours" is written once, so it is shown and said as written in en, de: write it per language ({"en": …, "de": …}; the same text in each for a name)
                  screen hours: ok
                \(config): accessibility: 1 error, 1 warning, 1 notice

                """, "\(run.stderr)")
    }

    @Test("a file with errors is not audited (exit 1); --print and --accessibility together are a usage error (exit 2)")
    func refusals() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-audit")
        defer { directory.remove() }
        let bad = directory.file("bad.json")
        try FileBytes.writeAtomically(Array(##"{"version": 2, "screens": {"home": {"content": {"type": "txet"}}}}"##.utf8), to: bad)
        let refused = try VitrineProcess.run(["check-config", "--accessibility", bad], in: directory)
        #expect(refused.status == 1)
        #expect(refused.stderr.hasSuffix("\(bad): accessibility: not audited: the file has errors\n"), "\(refused.stderr)")
        let both = try VitrineProcess.run(["check-config", "--print", "--accessibility", bad], in: directory)
        #expect(both.status == 2)
        #expect(both.stderr.contains("unexpected argument '--accessibility'"), "\(both.stderr)")
    }
}
