import Testing
import VitrineCore
import VitrineKiosk
import VitrineTestSupport
import VitrineUI

/// Every built-in control a visitor can reach takes a 44 × 44-point touch (issue 17), checked
/// through the window's hit testing in every screen and sheet state `vitrine render` draws.
@Suite("Hit targets: 44 × 44 points for every reachable control")
struct HitTargetTests {
    static let configs = ["demo/kiosk.json", "museum/kiosk.json", "cafe/kiosk.json", "tickets/kiosk.json", "kiosk.json"]

    @Test("every reachable control in every state of the example takes the whole 44-point square", arguments: configs)
    func examples(config: String) throws {
        let loaded = try KioskConfigLoader.load(path: KioskRun.examples + "/" + config)
        let directory = TemporaryDirectory(prefix: "vitrine-hit")
        defer { directory.remove() }
        var renderer = KioskRenderer(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        var audited = 0
        var small: [String] = []
        renderer.inspect = { shot, window in
            for finding in HitTargetAudit.audit(window) {
                audited += 1
                if !finding.isLargeEnough { small.append("\(shot.file): \(finding)") }
            }
        }
        _ = try renderer.render(size: PixelSize(width: 1280, height: 800), scale: 1, into: directory.path)
        #expect(audited > 0, "no reachable control in \(config)")
        #expect(small.isEmpty, "\(small.joined(separator: "\n"))")
    }

    @Test("the audit finds a control under 44 points, and passes it once it is 44")
    func auditCanFail() throws {
        let window = Window(pixelSize: PixelSize(width: 400, height: 300), scale: 1, frameClock: nil)
        let button = Button(title: "", icon: "close", style: .plain, frame: Rect(x: 100, y: 100, width: 30, height: 30))
        window.root.addSubview(button)
        let narrow = try #require(HitTargetAudit.audit(window).first)
        #expect(!narrow.isLargeEnough && narrow.missed.count == 16, "\(narrow)")
        button.frame = Rect(x: 100, y: 100, width: 44, height: 44)
        #expect(HitTargetAudit.audit(window).map(\.isLargeEnough) == [true])
        // Covered by another view, it is not reachable and not audited.
        let cover = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        window.root.addSubview(cover)
        #expect(HitTargetAudit.audit(window).isEmpty)
    }
}
