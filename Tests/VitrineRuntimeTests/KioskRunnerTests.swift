import Testing
import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// The kiosk runner on the manual clock and a headless screen: the path `vitrine run` takes at
/// boot (the same `Runner`, the config kiosk, the notifier on a real socket), without a display
/// and without waiting for the wall clock. `vitrine run` itself, on the real loop, is tested in
/// VitrineCLITests (`RunCommandTests`).
@Suite("Runner: error page, reload keeping the last good config, readiness (manual clock)")
struct KioskRunnerTests {
    /// A config with one screen titled `title`.
    static func config(title: String) -> String {
        #"{"version": 2, "screens": {"home": {"title": ""# + title + #"", "content": {"type": "button", "title": "Info", "action": "pop"}}}}"#
    }

    /// The title of the first screen of the config kiosk the runner shows.
    static func title(_ runner: Runner) -> String? {
        (runner.scene as? KioskScene)?.configuration.scene.screens.first?.title.written
    }

    /// A runner reading `path` on every start and reload, on a small headless screen, on a
    /// manual loop that reads its real descriptors (the control socket, the data watch).
    static func runner(path: String, notifier: SystemdNotifier?) throws -> Runner {
        let runner = Runner(loop: ManualEventLoop(readsDescriptors: true), notifier: notifier) { () throws(VitrineError) -> LoadedScene in
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

    /// Runs `runner` and, from the first frame on screen, calls `steps` one after another, 100 ms
    /// apart (on the runner's clock), from inside its loop.
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
        let fixture = try FixtureFolder()
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
                    try fixture.write(#"{"version": 2, "screens": {"home": {"title": 5, "content": {"type": "divider"}}}}"#)
                    runner.reload()
                },
                {
                    #expect(runner.scene === first, "a bad file must not replace the running scene")
                    #expect(runner.errorPage == nil)
                    #expect(notifier.sent.last?.hasPrefix("READY=1") == true)
                    #expect(notifier.sent.contains { $0.hasPrefix("STATUS=new configuration rejected, showing the last good one: ") })
                    try fixture.write(Self.config(title: "Second"))
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
        let fixture = try FixtureFolder()
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
                    try fixture.write(#"{"version": 1, "onboarding": {"pages": [{"title": "A", "image": "photo.png"}]}}"#)
                    runner.reload()
                },
                {
                    #expect(runner.errorPage == nil)
                    #expect((runner.scene as? KioskScene)?.controller?.isOnboardingShowing == true)
                }
            ])
    }
}
