import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineRuntime
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// The runner's preview behaviour (`vitrine preview`, Docs/preview.md) on a real loop and a
/// headless screen: a rejected reload shows the error page instead of keeping the last good
/// scene, and a reload keeps the visitor where they were as far as those screens still exist.
/// The panel's defaults (keep the last good scene, start afresh) are tested in KioskRunnerTests.
@Suite("Runner in preview mode: error page on a bad save, position kept", .serialized)
struct PreviewReloadTests {
    static func config(detailTitle: String?) -> String {
        let detail = detailTitle.map { #", "detail": {"title": ""# + $0 + #"", "content": {"type": "text", "text": "Detail"}}"# } ?? ""
        return #"{"version": 2, "screens": {"home": {"title": "Home", "content": {"type": "button", "title": "More", "action": {"push": "detail"}}}"#
            + detail + "}}"
    }

    func front(_ runner: Runner) -> String? { (runner.scene as? KioskScene)?.controller?.frontScreenID }
    func stack(_ runner: Runner) -> [String] { (runner.scene as? KioskScene)?.controller?.navigationStack.map(\.model.id) ?? [] }

    @Test(
        "a save keeps the pushed screen; a broken save shows the error page; the next good save is back on the screen; a removed screen falls back to the start"
    )
    func previewReloads() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-preview-reload")
        defer { directory.remove() }
        let path = directory.file("kiosk.json")
        try FileBytes.writeAtomically(Array(Self.config(detailTitle: "Detail").utf8), to: path)
        let runner = try KioskRunnerTests.runner(path: path, notifier: nil)
        runner.controlPath = nil
        runner.showsRejectedReload = true
        runner.keepsPositionOnReload = true
        try KioskRunnerTests.run(
            runner,
            steps: [
                {
                    _ = try (runner.scene as? ControllableScene)?.control(
                        "navigate", arguments: .object([("to", .string("push")), ("screen", .string("detail"))]))
                },
                // The push slides for a few hundred milliseconds.
                {}, {}, {}, {}, {}, {}, {}, {},
                {
                    #expect(self.stack(runner) == ["home", "detail"])
                    try FileBytes.writeAtomically(Array(Self.config(detailTitle: "Detail, edited").utf8), to: path)
                    #expect(runner.reload() == nil)
                    #expect(self.stack(runner) == ["home", "detail"], "a good save keeps the pushed screen")
                    #expect((runner.scene as? KioskScene)?.configuration.scene.screen("detail")?.title.written == "Detail, edited")
                },
                {
                    try FileBytes.writeAtomically(Array("{\"version\": 2, \"screens\": ".utf8), to: path)
                    #expect(runner.reload() != nil)
                    #expect(runner.errorPage != nil, "a broken save shows the error page, not the last good scene")
                    #expect(runner.scene == nil)
                },
                {
                    try FileBytes.writeAtomically(Array(Self.config(detailTitle: "Detail again").utf8), to: path)
                    #expect(runner.reload() == nil)
                    #expect(runner.errorPage == nil)
                    #expect(self.stack(runner) == ["home", "detail"], "the good save after an error page is back on the screen being edited")
                },
                {
                    let homeOnly = #"{"version": 2, "screens": {"home": {"title": "Home", "content": {"type": "text", "text": "No more detail"}}}}"#
                    try FileBytes.writeAtomically(Array(homeOnly.utf8), to: path)
                    #expect(runner.reload() == nil)
                    #expect(self.stack(runner) == ["home"], "a screen that is gone falls back to the one below it")
                }
            ])
    }
}
