import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineRuntime
import VitrineSystem
import VitrineTestSupport

@testable import VitrineCLI

/// Issue 29, item 18: the preview's error page said `systemctl reload vitrine`, which does
/// nothing for the preview (a save reloads it). The runner as `PreviewSession` sets it up, on a
/// headless screen instead of the SDL window (the window is what test-preview.py checks).
@Suite("The preview's error page says that a save reloads")
struct PreviewErrorPageTests {
    @Test("a broken file in the preview: the page says to save, not to run systemctl; on a panel it says systemctl")
    func previewHint() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-preview-hint")
        defer { directory.remove() }
        let path = directory.file("kiosk.json")
        try FileBytes.writeAtomically(Array(#"{"version": 2, "screens": "#.utf8), to: path)
        func runner() -> Runner {
            let runner = Runner(loop: ManualEventLoop(), notifier: nil, logger: Logger("test", sink: MemoryLogSink())) {
                () throws(VitrineError) -> LoadedScene in
                let loaded = try KioskConfigLoader.load(path: path)
                return LoadedScene(
                    settings: loaded.configuration.settings, scene: KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory))
            }
            runner.fallback.display.kind = .headless
            runner.fallback.display.headlessSize = PixelSize(width: 640, height: 400)
            runner.controlPath = nil
            runner.takesOver = []
            return runner
        }
        let preview = runner()
        let session = PreviewSession(path: path, runner: preview, screenshotDirectory: directory.path)
        preview.openDisplay = nil
        preview.openInput = nil
        try preview.start()
        defer { preview.finish() }
        let page = try #require(preview.errorPage)
        #expect(page.hintLabel.text.hasPrefix("Fix the file and save it: the preview reloads on every save"), "\(page.hintLabel.text)")
        #expect(!page.hintLabel.text.contains("systemctl"))
        _ = session

        let panel = runner()
        try panel.start()
        defer { panel.finish() }
        #expect(panel.errorPage?.hintLabel.text.hasPrefix(ErrorPage.serviceHint) == true)
    }
}
