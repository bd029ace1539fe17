import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineScene
import VitrineTestSupport
import VitrineUI

/// `check-config`'s reach check (issue 33): with `accessibility.mountHeight` every screen is laid
/// out at the display's size and each control outside 380–1,220 mm is a warning naming the
/// screen, the control and its height, and what reach mode does for it.
@Suite("Reach check: controls out of a seated visitor's reach, by screen, in check-config")
struct ReachCheckTests {
    static let config = #"""
        {"version": 2,
         "accessibility": {"mountHeight": {"top": 1500, "bottom": 1000}},
         "screens": {
           "home": {"title": "Lobby", "right": {"title": "Help", "action": "accessibility"},
             "content": {"type": "vstack", "spacing": 16, "padding": 24, "distribution": "spaceBetween", "children": [
               {"type": "button", "id": "top", "title": "Top", "action": {"push": "details"}},
               {"type": "button", "id": "middle", "title": "Middle", "action": {"push": "details"}},
               {"type": "button", "id": "bottom", "title": "Bottom", "action": "reach"}]}},
           "details": {"title": "Details", "content": {"type": "text", "text": "Nothing to press"}}}}
        """#

    @Test("check-config warns of every control above 1,220 mm, says where reach mode takes it, and names nothing within reach")
    func warns() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-reach")
        defer { directory.remove() }
        let path = directory.file("kiosk.json")
        try FileBytes.writeAtomically(Array(Self.config.utf8), to: path)
        let check = try ConfigDiagnosis.check(path: path, fonts: { _, _ in [] })
        #expect(check.errors.isEmpty, "\(check.errorLines)")
        let lines = check.warnings.map(\.description)
        // 1280×800 points on a panel 500 mm tall: 1,220 mm is 448 points down; reach mode moves
        // the screens 400 (448, clamped to half the screen).
        #expect(lines.count == 4, "\(lines)")
        #expect(
            lines.contains(
                "screens.home: button \"Help\" is 1,483 mm above the floor, above the 1,220 mm a seated visitor reaches (ADA 308.2.1); reach mode brings it only to 1,233 mm: move it lower on the screen or lower the panel"
            ), "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("screens.home: button \"Top\" (top) is 1,435 mm") && $0.hasSuffix("reach mode brings it within reach (to 1,185 mm)") }
        )
        #expect(lines.contains { $0.hasPrefix("screens.home: button \"Middle\" (middle) is 1,233 mm") && $0.hasSuffix("(to 983 mm)") })
        #expect(lines.contains { $0.hasPrefix("screens.details: button \"Back\" is 1,483 mm") })
        #expect(!lines.contains { $0.contains("Bottom") })
        #expect(check.warningLines.first == path + ": " + lines[0])
    }

    @Test("without a mounting height nothing is checked by default; asked for, the check says what it needs")
    func needsMount() throws {
        let text = Self.config.replacing(#""accessibility": {"mountHeight": {"top": 1500, "bottom": 1000}},"#, with: "")
        let check = KioskConfigLoader.check(text: text, file: "kiosk.json", baseDirectory: "/tmp")
        #expect(check.errors.isEmpty && check.warnings.isEmpty)
        #expect(try ReachCheck.findings(check.configuration, baseDirectory: "/tmp").isEmpty)
        #expect(
            ReachCheck.warnings(check).map(\.description) == [
                "accessibility.mountHeight: not given, so nothing says which controls a seated visitor reaches: add {\"top\": …, \"bottom\": …}, the heights of the screen's edges above the floor in millimetres"
            ])
    }

    @Test("the examples mounted at 1,450–950 mm: every control of every screen found and measured")
    func examples() throws {
        for name in ["museum", "cafe", "tickets", "library"] {
            var loaded = try KioskConfigLoader.load(path: KioskRun.examples + "/\(name)/kiosk.json")
            loaded.configuration.scene.accessibility.mountHeight = .init(top: 1450, bottom: 950)
            let findings = try ReachCheck.findings(loaded.configuration, baseDirectory: loaded.baseDirectory)
            // Everything reported is out of range; reach mode's 368 points (230 of the panel's
            // 500 mm) take the screens' controls down by 230 mm, sheets' not at all.
            for finding in findings {
                #expect(!AccessibilityModel.reachRange.contains(finding.height), "\(name): \(finding)")
                if let moved = finding.heightInReachMode { #expect(abs(finding.height - moved - 230) < 0.01, "\(name): \(finding)") }
            }
            #expect(!findings.isEmpty, "\(name): its bar is at the top, above 1,220 mm")
        }
    }
}
