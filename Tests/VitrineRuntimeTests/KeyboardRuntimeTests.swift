import Testing
import VitrineCore
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// Keys and scans through the whole runtime (issue 32): a `libinput record` of a keyboard played
/// as the kiosk's input types into a field, Tab moves on, Enter presses; a scanner's burst becomes
/// a `scan` event on a real control socket and runs the config's `onScan`.
@Suite("Runtime: a recorded keyboard and a recorded scanner")
struct KeyboardRuntimeTests {
    static let config = #"""
        {"version": 2,
         "keyboard": {"hardware": "us"},
         "state": {"name": "", "code": ""},
         "onScan": [{"set": {"code": {"bind": "scan.code"}}}, {"push": "checked"}],
         "screens": {
           "form": {"title": "Order", "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
              {"type": "textField", "id": "name", "state": "name", "placeholder": "Name on the cup"},
              {"type": "button", "id": "send", "title": "Send", "action": [{"emit": "sent", "payload": {"name": {"bind": "state.name"}}}, {"push": "done"}]}]}},
           "done": {"title": "Thanks", "content": {"type": "text", "text": {"bind": "'Thanks, ' + state.name"}}},
           "checked": {"title": "Checked", "content": {"type": "text", "text": {"bind": "'Book ' + state.code"}}}}}
        """#

    static func recording(_ name: String) -> String {
        let file = #filePath
        return String(file[..<file.firstRange(of: "/Tests/")!.lowerBound]) + "/Tests/VitrineInputTests/Recordings/" + name
    }

    /// The runner with the config above on a headless screen, its input the recording `name`.
    static func runner(directory: TemporaryDirectory, playing name: String) throws -> Runner {
        let path = directory.file("kiosk.json")
        try AtomicFile.write(Array(Self.config.utf8), to: path)
        let runner = Runner(loop: ManualEventLoop(readsDescriptors: true), notifier: nil) { () throws(VitrineError) -> LoadedScene in
            let loaded = try KioskConfigLoader.load(path: path)
            var settings = loaded.configuration.settings
            settings.display.kind = .headless
            settings.display.headlessSize = PixelSize(width: 800, height: 600)
            return LoadedScene(settings: settings, scene: KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory))
        }
        runner.openInput = { configuration, loop throws(VitrineError) in
            var configuration = configuration
            configuration.replayPath = Self.recording(name)
            return try InputOpener.open(configuration, loop: loop)
        }
        return runner
    }

    @Test("Tab focuses the field, the keys type Cafe 5 into it and the state, Tab moves to Send with the ring, Enter presses it")
    func keyboardOnly() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-keys")
        defer { directory.remove() }
        let runner = try Self.runner(directory: directory, playing: "keyboard-form.yml")
        var events: [SceneEvent] = []
        runner.onSceneEvent = { events.append($0) }
        try KioskRunnerTests.run(runner, steps: Array(repeating: {}, count: 25))
        let controller = try #require(ControlSocketTests.controller(runner))
        #expect(controller.stateValue("name") == .string("Cafe 5"))
        #expect(controller.frontScreenID == "done")
        let sent = try #require(events.last { $0.kind == .emit && $0.name == "sent" })
        #expect(sent.payload["name"] == .string("Cafe 5"))
        #expect(controller.actions.contains { $0.hasPrefix("screens.form.content.children[1]") || $0.contains("send") }, "\(Array(controller.actions))")
    }

    @Test("a scanner's burst is a scan event on a real control socket, runs onScan, and types nothing into the focused field")
    func scannerOnTheSocket() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-scan")
        defer { directory.remove() }
        let socket = directory.file("control.sock")
        let runner = try Self.runner(directory: directory, playing: "scanner-burst.yml")
        runner.controlPath = socket
        runner.controlGroup = nil
        var client: ControlSocketTests.SteppedClient!
        var steps: [() throws -> Void] = [
            {
                client = try ControlSocketTests.SteppedClient(path: socket)
                try client.send("subscribe")
                // The field has the focus when the second scan comes.
                try client.send("navigate", ("to", .string("root")))
            },
            { try client.send("tap", ("id", .string("name"))) }
        ]
        steps += Array(repeating: { client.drain() }, count: 20)
        try KioskRunnerTests.run(runner, steps: steps)
        // The recording scans at its start (before the client subscribed) and again 1 s later.
        let scans = client.events("scan")
        #expect(scans.map { $0["payload"]?["code"] } == [.string("9780141036144")], "\(scans)")
        #expect(scans.first?["payload"]?["device"] == .string("USB Barcode Scanner"))
        let controller = try #require(ControlSocketTests.controller(runner))
        #expect(controller.callbacks.filter { $0 == "scan" }.count == 2, "both scans ran onScan")
        #expect(controller.stateValue("code") == .string("9780141036144"))
        #expect(controller.stateValue("name") == .string(""), "nothing typed into the focused field")
        #expect(client.received.contains { $0["result"]?["view"] == .string("name") }, "the field was tapped before the second scan")
        #expect(controller.frontScreenID == "checked")
    }
}
