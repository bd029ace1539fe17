import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineScene
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// Every screen of every example as a visitor who chose Larger text, and one who chose High
/// contrast, sees it (issue 33): on its own, a sheet's screen in its sheet over its presenter,
/// a split sheet's screen risen over its holder. 1280×800 points drawn at half scale (640×400
/// pixels), a quarter of the full pictures' bytes.
@Suite("Accessibility goldens: larger text and high contrast on every screen of the examples")
struct AccessibilityGoldenTests {
    static let examples = ["demo", "museum", "cafe", "tickets", "library"]
    /// The states a visitor reaches by navigation first: each screen once.
    static let states: Set<String> = ["screen", "sheet-collapsed", "split-shown"]

    enum Mode: String, CaseIterable {
        case largerText = "larger-text"
        case highContrast = "high-contrast"

        var settings: VisitorSettings {
            self == .largerText ? VisitorSettings(largerText: true) : VisitorSettings(highContrast: true)
        }
    }

    static func configuration(_ name: String) throws -> (KioskConfiguration, String?) {
        if name == "demo" { return (KioskDemo.configuration, nil) }
        let loaded = try KioskConfigLoader.load(path: KioskRun.examples + "/\(name)/kiosk.json")
        return (loaded.configuration, loaded.baseDirectory)
    }

    @Test("each screen matches its golden, and every control keeps a 44-point target", arguments: examples, Mode.allCases)
    func rendersAsGoldens(name: String, mode: Mode) throws {
        let (configuration, base) = try Self.configuration(name)
        let directory = TemporaryDirectory(prefix: "vitrine-access")
        defer { directory.remove() }
        var renderer = KioskRenderer(configuration: configuration, baseDirectory: base)
        renderer.visitorSettings = mode.settings
        renderer.states = Self.states
        var small: [String] = []
        renderer.inspect = { shot, window in
            for finding in HitTargetAudit.audit(window) where !finding.isLargeEnough { small.append("\(shot.file): \(finding)") }
        }
        let shots = try renderer.render(size: PixelSize(width: 640, height: 400), scale: 0.5, into: directory.path)
        #expect(Set(shots.map(\.screen)) == Set(configuration.scene.screens.map(\.id)))
        #expect(small.isEmpty, "\(small)")
        let snapshots = GoldenImage.snapshotDirectory() + "/accessibility/\(name)-\(mode.rawValue)"
        try Directory.create(snapshots)
        for shot in shots {
            let image = try PNGCodec.read(path: directory.file(shot.file))
            let comparison = GoldenImage.compare(image, name: String(shot.file.dropLast(4)), directory: snapshots)
            #expect(comparison.matches(tolerance: 3), "\(comparison)")
        }
    }
}
