import Testing
import VitrineCore
import VitrineHeadless
import VitrineRuntime
import VitrineSystem
import VitrineUI

/// A scene that is not the config kiosk: one button that counts its taps and says so.
final class CounterScene: Scene {
    var onEvent: ((SceneEvent) -> Void)?
    let fails: Bool
    private(set) var button: Button?
    private(set) var taps = 0

    init(fails: Bool = false) { self.fails = fails }

    func mount(in window: Window) throws(VitrineError) {
        if self.fails { throw VitrineError(.invalidArgument, "counter: refusing to mount") }
        let button = Button(title: "Count") { [unowned self] in
            self.taps += 1
            self.onEvent?(SceneEvent(.emit, name: "counted", payload: .number(Double(self.taps))))
        }
        button.frame = Rect(x: 40, y: 40, width: 200, height: 60)
        window.root.backgroundColor = Color(hex: "#203040")!
        window.root.addSubview(button)
        self.button = button
    }

    func state() -> JSONValue { .object([("schema", .string("counter/1")), ("taps", .number(Double(self.taps)))]) }
}

@Suite("The runtime runs any scene")
struct RunnerTests {
    static var headless: RuntimeSettings {
        var settings = RuntimeSettings()
        settings.display.kind = .headless
        settings.display.headlessSize = PixelSize(width: 320, height: 200)
        return settings
    }

    static func tap(_ window: Window, at point: Point, time: MonotonicTime) {
        let t = UInt64(time.nanoseconds / 1000)
        window.handle(TouchFrame(timestamp: t, contacts: [TouchContact(id: 0, phase: .began, x: point.x, y: point.y)]))
        window.handle(TouchFrame(timestamp: t + 40_000, contacts: [TouchContact(id: 0, phase: .ended, x: point.x, y: point.y)]))
    }

    @Test("a Swift scene runs on the real epoll loop: it is drawn, its button taps, its events reach onSceneEvent")
    func swiftScene() throws {
        let scene = CounterScene()
        let runner = Runner(scene: scene, settings: Self.headless, loop: try EpollEventLoop())
        var events: [SceneEvent] = []
        runner.onSceneEvent = { events.append($0) }
        var firstFrame = false
        runner.onFirstFrame = { [unowned runner] _ in
            firstFrame = true
            let window = runner.window!
            Self.tap(window, at: Point(x: 100, y: 70), time: runner.loop.now)
            _ = runner.loop.schedule(at: runner.loop.now + .milliseconds(100)) { runner.loop.stop() }
        }
        try runner.run(seconds: 10)
        #expect(firstFrame)
        #expect(runner.scene === scene)
        #expect(scene.taps == 1)
        #expect(events.map(\.name) == ["counted"])
        #expect(runner.scene?.state()["taps"]?.doubleValue == 1)
        // What reached the screen is the scene's: its background at a corner.
        let screen = try #require((runner.output as? HeadlessOutput)?.logicalScreen())
        #expect(screen[300, 190] & 0xFF_FFFF == 0x20_3040)
    }

    @Test("a scene whose mount throws is shown as the error page; a reload whose scene throws keeps the last good one")
    func mountFailures() throws {
        var next = CounterScene(fails: true)
        let runner = Runner(loop: ManualEventLoop(readsDescriptors: true), notifier: nil) { () throws(VitrineError) -> LoadedScene in
            LoadedScene(settings: Self.headless, scene: next)
        }
        runner.fallback = Self.headless
        let good = CounterScene()
        runner.onFirstFrame = { [unowned runner] _ in
            #expect(runner.errorPage?.message.contains("refusing to mount") == true)
            next = good
            runner.reload()
            #expect(runner.scene === good)
            next = CounterScene(fails: true)
            runner.reload()
            #expect(runner.scene === good, "a failing reload keeps the last good scene")
            #expect(runner.errorPage == nil)
            runner.loop.stop()
        }
        try runner.run(seconds: 10)
        #expect(runner.scene === good)
    }
}
