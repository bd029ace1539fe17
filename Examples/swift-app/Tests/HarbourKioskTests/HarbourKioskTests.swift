import HarbourKiosk
import Testing
import VitrineCore
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineUI

@Suite("Harbour kiosk, headless")
struct HarbourKioskTests {
    static let folder: String = {
        let file = #filePath
        return String(file[..<file.lastIndex(of: "/")!])
    }()

    @Test("a replayed touch script pushes the departures and a tapped row emits boarding")
    func replay() throws {
        let scene = HarbourKiosk.scene()
        let run = try HeadlessRunner(scene: scene, size: PixelSize(width: 1280, height: 800))
        // The app's own view is on screen, drawn by itself.
        let gauge = try #require(scene.navigationStack.first?.body.content.subviews.first { $0 is TideGauge } as? TideGauge)
        #expect(gauge.level == 2.4)
        try run.replay(Self.folder + "/departures.json")
        #expect(scene.navigationStack.map(\.model.id) == ["home", "departures"])
        #expect(scene.emitted.elements.map(\.payload) == [.object([("departure", .string("09:30"))])])
        #expect(run.events.last?.name == "boarding")
    }

    @Test("a config file places the app's view by its type name; a bad property is an error naming the field")
    func config() throws {
        let text = #"{"version": 2, "screens": {"home": {"content": {"type": "tide-gauge", "level": 4.1, "height": 200}}}}"#
        let check = KioskConfigLoader.check(text: text, file: "tide.json", baseDirectory: ".", registry: HarbourKiosk.registry())
        #expect(check.errors.isEmpty, "\(check.errorLines)")
        let scene = KioskScene(configuration: check.configuration, registry: HarbourKiosk.registry())
        _ = try HeadlessRunner(scene: scene, size: PixelSize(width: 640, height: 400))
        let gauge = scene.controller?.topScreen?.body.content as? TideGauge
        #expect(gauge?.level == 4.1)
        let bad = KioskConfigLoader.check(text: text.replacing("4.1", with: "9"), file: "tide.json", baseDirectory: ".", registry: HarbourKiosk.registry())
        #expect(bad.errorLines == ["tide.json: screens.home.content: level: 9.0 is outside 0 to 5 metres"])
    }
}
