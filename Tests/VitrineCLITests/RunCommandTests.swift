import Testing
import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineTestSupport
import VitrineUI

@testable import VitrineCLI

/// `vitrine run` as the service starts it, on the real epoll loop and a headless screen: what
/// reaches the screen, the error page for a broken file, the demo when the default file is
/// missing. The runner's own behaviour (reload, readiness) is tested on the manual clock in
/// VitrineRuntimeTests.
@Suite("vitrine run: the screen, the error page, the default config")
struct RunCommandTests {
    @Test("vitrine run: the screen equals the headless render of the same config, as `vitrine replay` draws it")
    func runMatchesReplay() throws {
        let fixture = try FixtureFolder()
        let path = try fixture.write(#"{"version": 1, "onboarding": {"pages": [{"title": "Hello", "body": "World", "image": "photo.png"}]}}"#)
        let shot = fixture.directory.file("run.png")
        let status = CommandLineTool.run([
            "run", "--config", path, "--output", "headless", "--size", "640x400", "--exit-after-first-frame", "--screenshot", shot
        ])
        #expect(status == 0)
        let (configuration, base) = try SceneArguments.configuration(path)
        let headless = try HeadlessRunner(scene: KioskScene(configuration: configuration, baseDirectory: base), size: PixelSize(width: 640, height: 400))
        let expected = try #require(headless.screenshot)
        let actual = try PNGCodec.read(path: shot)
        #expect(differingPixels(actual, expected) == 0)
    }

    @Test("vitrine run: a broken config is drawn as the error page; a missing default config runs the demo, a missing explicit one is an error")
    func runErrors() throws {
        let fixture = try FixtureFolder()
        let path = try fixture.write("{\"version\": 1,\n  \"main\": {\"title\": \"x\",}\n}")
        let shot = fixture.directory.file("error.png")
        #expect(CommandLineTool.run(["run", path, "--output", "headless", "--size", "640x400", "--exit-after-first-frame", "--screenshot", shot]) == 0)
        // The same page, drawn directly from the loader's error.
        var message = ""
        do { _ = try KioskConfigLoader.load(path: path) } catch { message = error.description }
        #expect(message.contains("line 2, column"))
        let loop = ManualEventLoop()
        let output = HeadlessOutput(logicalSize: PixelSize(width: 640, height: 400), loop: loop)
        let window = Window(output: output)
        let page = ErrorPage(message: message)
        window.root.addSubview(page)
        page.pinToEdges()
        loop.runUntilIdle(limit: loop.now + .seconds(1))
        let expected = try #require(output.logicalScreen())
        #expect(differingPixels(try PNGCodec.read(path: shot), expected) == 0)
        // --error-details starts it on the staff's page, the error by line and column.
        let detailsShot = fixture.directory.file("error-details.png")
        #expect(
            CommandLineTool.run([
                "run", path, "--output", "headless", "--size", "640x400", "--exit-after-first-frame", "--error-details", "--screenshot", detailsShot
            ])
                == 0)
        page.showsDetails = true
        loop.runUntilIdle(limit: loop.now + .seconds(1))
        let details = try #require(output.logicalScreen())
        #expect(differingPixels(try PNGCodec.read(path: detailsShot), details) == 0)
        #expect(differingPixels(details, expected) > 10_000, "the two pages differ")

        // A file whose theme is sound (only a screen is wrong) brands the visitors' page with
        // its tint; the syntax error above left the default tint.
        #expect(try PNGCodec.read(path: shot)[5, 5] & 0x00FF_FFFF == Theme.standard.tint.argbPremultiplied & 0x00FF_FFFF)
        let branded = try fixture.write(
            ##"{"version": 2, "theme": {"tint": "#7A1F3D"}, "start": "home", "screens": {"home": {"content": {"type": "vstak"}}}}"##, as: "branded.json")
        let brandedShot = fixture.directory.file("branded.png")
        #expect(
            CommandLineTool.run(["run", branded, "--output", "headless", "--size", "640x400", "--exit-after-first-frame", "--screenshot", brandedShot]) == 0)
        #expect(try PNGCodec.read(path: brandedShot)[5, 5] & 0x00FF_FFFF == 0x7A_1F3D)

        let logger = Logger("test", sink: MemoryLogSink())
        let missing = fixture.directory.file("absent.json")
        #expect(try RunCommand.load(path: missing, explicit: false, logger: logger).0 == KioskDemo.configuration)
        #expect(throws: VitrineError.self) { try RunCommand.load(path: missing, explicit: true, logger: logger) }
        #expect(CommandLineTool.run(["run", "a.json", "b.json"]) == 2)
    }
}
