import Testing
import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineSystem
import VitrineTestSupport
import VitrineUI

@testable import VitrineCLI

/// The kiosk runner on a real epoll loop and a headless screen: the path `vitrine run` takes at
/// boot, without a display. Serialized: each test runs a loop for a fraction of a second.
@Suite("Runner and vitrine run: error page, reload keeping the last good config, readiness", .serialized)
struct KioskRunnerTests {
    /// A config with one screen titled `title`.
    static func config(title: String) -> String {
        #"{"version": 2, "screens": {"home": {"title": ""# + title + #"", "content": {"type": "button", "title": "Info", "action": "pop"}}}}"#
    }

    /// The title of the first screen of the config kiosk the runner shows.
    static func title(_ runner: Runner) -> String? {
        (runner.scene as? KioskScene)?.configuration.scene.screens.first?.title.written
    }

    /// A runner reading `path` on every start and reload, on a small headless screen.
    static func runner(path: String, notifier: SystemdNotifier?) throws -> Runner {
        let runner = Runner(loop: try EpollEventLoop(), notifier: notifier) { () throws(VitrineError) -> LoadedScene in
            let loaded = try KioskConfigLoader.load(path: path)
            var settings = loaded.configuration.settings
            settings.display.kind = .headless
            settings.display.headlessSize = PixelSize(width: 320, height: 200)
            return LoadedScene(settings: settings, scene: KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory))
        }
        runner.fallback.display.kind = .headless
        runner.fallback.display.headlessSize = PixelSize(width: 320, height: 200)
        return runner
    }

    /// How many pixels differ in colour (alpha ignored: scanout is XRGB, PNG files are ARGB).
    static func differingPixels(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        guard a.size == b.size else { return a.width * a.height }
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] & 0x00FF_FFFF != b[x, y] & 0x00FF_FFFF { count += 1 }
        }
        return count
    }

    /// Runs `runner` and, from the first frame on screen, calls `steps` one after another, 100 ms
    /// apart, from inside its loop.
    static func run(_ runner: Runner, steps: [() throws -> Void]) throws {
        var remaining = steps
        func next() {
            guard !remaining.isEmpty else { return runner.loop.stop() }
            let step = remaining.removeFirst()
            _ = runner.loop.schedule(at: runner.loop.now + .milliseconds(100)) {
                do { try step() } catch { Issue.record(error) }
                next()
            }
        }
        runner.onFirstFrame = { _ in next() }
        try runner.run(seconds: 10)
        #expect(remaining.isEmpty, "the first frame never reached the screen")
    }

    @Test("SIGHUP's reload keeps the last good configuration when the new file is bad, and takes a good one")
    func reloadKeepsLastGood() throws {
        let fixture = try ConfigFixture()
        let path = try fixture.write(Self.config(title: "First"))
        let server = try NotifySocket(abstract: true)
        let notifier = try SystemdNotifier(socketPath: server.path)
        let runner = try Self.runner(path: path, notifier: notifier)
        var first: (any Scene)?
        try Self.run(
            runner,
            steps: [
                {
                    first = runner.scene
                    #expect(Self.title(runner) == "First")
                    // READY came after the first frame reached the (headless) screen.
                    #expect(notifier.sent.contains { $0.hasPrefix("READY=1\nSTATUS=showing the kiosk") }, "\(notifier.sent)")
                    _ = try fixture.write(#"{"version": 2, "screens": {"home": {"title": 5, "content": {"type": "divider"}}}}"#)
                    runner.reload()
                },
                {
                    #expect(runner.scene === first, "a bad file must not replace the running scene")
                    #expect(runner.errorPage == nil)
                    #expect(notifier.sent.last?.hasPrefix("READY=1") == true)
                    #expect(notifier.sent.contains { $0.hasPrefix("STATUS=new configuration rejected, showing the last good one: ") })
                    _ = try fixture.write(Self.config(title: "Second"))
                    runner.reload()
                },
                {
                    #expect(runner.scene !== first)
                    #expect(Self.title(runner) == "Second")
                    #expect(notifier.sent.filter { $0 == "RELOADING=1" }.count == 2)
                }
            ])
        #expect(notifier.sent.last == "STOPPING=1")
    }

    @Test("a config that cannot be loaded at start shows the error page; the kiosk keeps running and a fixed file is picked up on reload")
    func errorPageThenFix() throws {
        let fixture = try ConfigFixture()
        let path = try fixture.write(#"{"version": 1, "onboarding": {"pages": [{"title": "A", "image": "gone.png"}]}}"#)
        let server = try NotifySocket(abstract: true)
        let notifier = try SystemdNotifier(socketPath: server.path)
        let runner = try Self.runner(path: path, notifier: notifier)
        try Self.run(
            runner,
            steps: [
                {
                    let page = try #require(runner.errorPage)
                    #expect(page.message.contains("onboarding.pages[0].image: file not found"))
                    #expect(page.message.contains(path))
                    #expect(runner.scene == nil)
                    // Ready anyway: the screen says what is wrong, and systemd must not restart it.
                    #expect(notifier.sent.contains { $0.hasPrefix("READY=1\nSTATUS=showing the configuration error") })
                    _ = try fixture.write(#"{"version": 1, "onboarding": {"pages": [{"title": "A", "image": "photo.png"}]}}"#)
                    runner.reload()
                },
                {
                    #expect(runner.errorPage == nil)
                    #expect((runner.scene as? KioskScene)?.controller?.isOnboardingShowing == true)
                }
            ])
    }

    @Test("vitrine run: the screen equals the headless render of the same config, as `vitrine replay` draws it")
    func runMatchesReplay() throws {
        let fixture = try ConfigFixture()
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
        #expect(Self.differingPixels(actual, expected) == 0)
    }

    @Test("vitrine run: a broken config is drawn as the error page; a missing default config runs the demo, a missing explicit one is an error")
    func runErrors() throws {
        let fixture = try ConfigFixture()
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
        #expect(Self.differingPixels(try PNGCodec.read(path: shot), expected) == 0)
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
        #expect(Self.differingPixels(try PNGCodec.read(path: detailsShot), details) == 0)
        #expect(Self.differingPixels(details, expected) > 10_000, "the two pages differ")

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
