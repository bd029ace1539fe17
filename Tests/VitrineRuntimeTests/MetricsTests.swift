import Glibc
import Testing
import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// `vitrine run --metrics FILE` through the real runner on the manual clock: the file at the
/// start, every 15 s and at the stop, what each value says against the kiosk's own state, the
/// starts in one boot, and a file that cannot be written (issue 30, 7a). scripts/test-metrics.py
/// parses the running binary's file with Prometheus's own parser.
@Suite("Metrics file: what the kiosk is doing, for node_exporter, every 15 s")
struct MetricsTests {
    static let config = #"""
        {"version": 2, "data": {"menu": "menu.json"},
         "screens": {"home": {"title": "Menu", "content": {"type": "button", "title": "More", "action": {"push": "detail"}}},
                     "detail": {"title": "Detail", "content": {"type": "text", "text": {"bind": "menu.coffee"}}}}}
        """#

    /// A touchscreen the test plays frames into: the runner's input source, as libinput is on a panel.
    final class Touchscreen: InputSource {
        var onFrame: ((TouchFrame) -> Void)?
        var onDeviceEvent: ((InputDeviceEvent) -> Void)?
        var onKey: ((KeyEvent) -> Void)?
        var onScan: ((ScanEvent) -> Void)?
        var devices: [InputDeviceInfo] { [] }
        var transform = TouchTransform(nativeSize: PixelSize(width: 320, height: 200), rotation: .none, scale: 1)
        func start() throws(VitrineError) {}
    }

    /// The samples of a metrics file: `name{labels}` → value.
    static func samples(_ path: String) throws -> [String: Double] {
        let text = try FileReader.readText(path, limit: 1 << 16, what: "the metrics file")
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            #expect(parts.count == 2, "\(line)")
            samples[String(parts[0])] = Double(parts[1])
        }
        return samples
    }

    static func runner(path: String, metrics: String, touch: Touchscreen, sink: LogSink) throws -> Runner {
        let runner = Runner(loop: ManualEventLoop(), notifier: nil, logger: Logger("kiosk", sink: sink)) { () throws(VitrineError) -> LoadedScene in
            let loaded = try KioskConfigLoader.load(path: path, digest: true)
            var settings = loaded.configuration.settings
            settings.display.kind = .headless
            settings.display.headlessSize = PixelSize(width: 320, height: 200)
            return LoadedScene(
                settings: settings, scene: KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory),
                source: ConfigVersion(path: path, sha256: loaded.sha256 ?? ""))
        }
        runner.takesOver = []
        runner.controlPath = nil
        runner.openInput = { _, _ in touch }
        runner.metricsPath = metrics
        return runner
    }

    @Test(
        "written at the start, every 15 s and at the stop with vitrine_up 0; frames, the last touch, blank, config digest and data version are the kiosk's own; a second start in the same boot counts 2"
    )
    func fileFollowsTheKiosk() throws {
        let fixture = try FixtureFolder()
        let path = try fixture.write(Self.config)
        try FileBytes.writeAtomically(Array(#"{"coffee": "3.20"}"#.utf8), to: fixture.directory.file("menu.json"))
        let metrics = fixture.directory.file("vitrine.prom")
        let touch = Touchscreen()
        let log = MemoryLogSink()
        let runner = try Self.runner(path: path, metrics: metrics, touch: touch, sink: log)
        try runner.start()
        let loop = try #require(runner.loop as? ManualEventLoop)
        let clock = try #require(runner.output?.frameClock)
        let started = loop.now

        // At the start: up, one start, nothing drawn yet, no touch, the config's digest.
        var file = try Self.samples(metrics)
        #expect(file["vitrine_up"] == 1)
        #expect(file["vitrine_starts_total"] == 1)
        #expect(file["vitrine_frames_drawn_total"] == 0)
        #expect(file["vitrine_last_touch_seconds"] == nil, "no touch yet")
        #expect(file["vitrine_blank"] == 0)
        #expect(file["vitrine_error"] == 0)
        #expect(file["vitrine_control_clients"] == 0)
        #expect(file["vitrine_data_version"] != nil)
        let bytes = try FileReader.read(path, limit: 1 << 20, what: "the config")
        #expect(file["vitrine_config_info{path=\"\(path)\",sha256=\"\(SHA256.hex(bytes))\"}"] == 1, "\(file.keys.sorted())")

        // A tap on "More" at 1 s; 14 s later nothing was written yet.
        loop.advance(by: .seconds(1))
        let button = try #require(RunnerPowerTests.button(titled: "More", in: runner.window!.root))
        let centre = button.windowFrame.center
        touch.onFrame?(TouchFrame(timestamp: UInt64(loop.now.nanoseconds / 1000), contacts: [TouchContact(id: 0, phase: .began, x: centre.x, y: centre.y)]))
        loop.advance(by: .milliseconds(50))
        touch.onFrame?(TouchFrame(timestamp: UInt64(loop.now.nanoseconds / 1000), contacts: [TouchContact(id: 0, phase: .ended, x: centre.x, y: centre.y)]))
        let touched = loop.now
        loop.advance(to: started + .seconds(14.9))
        #expect(try Self.samples(metrics)["vitrine_frames_drawn_total"] == 0, "not written again before 15 s")

        // At 15 s: the frames the clock drew, none late, 13.95 s since the touch.
        loop.advance(to: started + .seconds(15))
        file = try Self.samples(metrics)
        #expect(clock.submittedFrames > 10, "the push animated")
        #expect(file["vitrine_frames_drawn_total"] == Double(clock.sequence))
        #expect(clock.sequence == UInt64(runner.window!.framesRendered), "the state's frames_drawn")
        #expect(file["vitrine_frames_dropped_total"] == 0)
        #expect(file["vitrine_frame_time_p99_seconds"] == 0, "drawing takes no time on the manual clock")
        let since = try #require(file["vitrine_last_touch_seconds"])
        #expect(abs(since - (started + .seconds(15) - touched).seconds) < 1e-6, "\(since)")

        // New data and a blank panel show at 30 s.
        let scene = try #require(runner.scene as? KioskScene)
        _ = try scene.control("set", arguments: .object([("path", .string("menu.coffee")), ("value", .string("3.40"))]))
        runner.blank()
        loop.advance(to: started + .seconds(30))
        file = try Self.samples(metrics)
        #expect(file["vitrine_blank"] == 1)
        let version = try #require(scene.state().objectValue?.first { $0.key == "data_version" }?.value)
        #expect(version == .number(file["vitrine_data_version"] ?? -1), "\(version)")
        #expect(file["vitrine_data_version"] ?? 0 > 0)

        // The stop writes vitrine_up 0; nothing but the file is left in the folder.
        runner.finish()
        #expect(try Self.samples(metrics)["vitrine_up"] == 0)
        #expect(Directory.entryNames(fixture.directory.path).filter { $0.hasPrefix("vitrine.prom") } == ["vitrine.prom"])
        #expect(!log.messages.contains { $0.contains("--metrics") }, "\(log.messages)")

        // A restart in the same boot is the second start.
        let again = try Self.runner(path: path, metrics: metrics, touch: Touchscreen(), sink: log)
        try again.start()
        #expect(try Self.samples(metrics)["vitrine_starts_total"] == 2)
        again.finish()
        // After a reboot (another boot id) the count starts at 1 again.
        #expect(MetricsFile(path: metrics, bootID: "another-boot").starts == 1)
        #expect(MetricsFile(path: metrics, bootID: MetricsFile.currentBootID()).starts == 3)
    }

    @Test("a folder that does not exist: the kiosk runs on, one warning names the file and what to do, and the file appears once the folder does")
    func unwritableFolder() throws {
        let fixture = try FixtureFolder()
        let path = try fixture.write(Self.config)
        try FileBytes.writeAtomically(Array(#"{"coffee": "3.20"}"#.utf8), to: fixture.directory.file("menu.json"))
        let folder = fixture.directory.file("node-exporter")
        let metrics = folder + "/vitrine.prom"
        let log = MemoryLogSink()
        let runner = try Self.runner(path: path, metrics: metrics, touch: Touchscreen(), sink: log)
        try runner.start()
        defer { runner.finish() }
        let loop = try #require(runner.loop as? ManualEventLoop)
        loop.advance(by: .seconds(46))
        #expect(runner.scene != nil && runner.errorPage == nil, "the kiosk shows its screen")
        #expect(runner.output?.frameClock.submittedFrames ?? 0 > 0)
        let warnings = log.entries.filter { $0.message.contains("--metrics") }
        #expect(warnings.count == 1, "one warning for four failed writes: \(log.messages)")
        let warning = warnings.first?.message ?? ""
        #expect(warning.contains(metrics) && warning.contains("does not exist") && warning.contains("Docs/fleet.md"), "\(warning)")

        #expect(mkdir(folder, 0o755) == 0)
        loop.advance(by: .seconds(15))
        #expect(try Self.samples(metrics)["vitrine_up"] == 1)
        #expect(log.messages.last?.contains("writing \(metrics) again") == true, "\(log.messages)")
    }

    @Test("the 99th percentile is the nearest rank; an interval without frames says 0")
    func percentile() {
        let ms = { (value: Int) in Nanoseconds.milliseconds(Double(value)) }
        let file = MetricsFile(path: "/nonexistent/vitrine.prom", logger: Logger("metrics", sink: Log.discard), bootID: nil)
        #expect(file.takeFrameTimeP99() == 0)
        for value in (1...100).reversed() { file.record(renderTime: ms(value)) }
        #expect(abs(file.takeFrameTimeP99() - 0.099) < 1e-9, "the 99th of 100")
        #expect(file.takeFrameTimeP99() == 0, "forgotten once taken")
        file.record(renderTime: ms(7))
        #expect(abs(file.takeFrameTimeP99() - 0.007) < 1e-9)
        // 1,000 frames of 2 ms and 11 slow ones of 30 ms: the slow ones are more than 1 %.
        for _ in 0..<1000 { file.record(renderTime: ms(2)) }
        for _ in 0..<11 { file.record(renderTime: ms(30)) }
        #expect(abs(file.takeFrameTimeP99() - 0.030) < 1e-9)
    }

    @Test("a path with a quote, a backslash and a line feed is escaped in its label")
    func labelEscaping() {
        var snapshot = MetricsSnapshot()
        snapshot.config = ConfigVersion(path: "/etc/vitrine/a \"b\"\\c\nd.json", sha256: "ab")
        #expect(snapshot.text.contains(#"vitrine_config_info{path="/etc/vitrine/a \"b\"\\c\nd.json",sha256="ab"} 1"#), "\(snapshot.text)")
        #expect(snapshot.text.hasSuffix("vitrine_error 0\n"))
    }
}
