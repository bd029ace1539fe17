import Glibc
import Testing
import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// The control socket on the real runner (headless output, the ticket machine example) with real
/// clients on real Unix sockets — `vitrine ctl`'s own `ControlClient`, stepped from the loop's
/// thread — on the manual clock: the loop reads the sockets (`ManualEventLoop(readsDescriptors:)`)
/// while the test moves time, so the rate limit and the idle time are exact and nothing waits
/// for the wall clock. What needs the kernel's own timing (a client that never reads, on a
/// thread of its own) runs on the real loop. Docs/operations.md, "Control socket".
@Suite("Control socket on the running kiosk")
struct ControlSocketTests {
    static let tickets: String = {
        let file = #filePath
        return String(file[..<file.firstRange(of: "/Tests/")!.lowerBound]) + "/Examples/tickets/kiosk.json"
    }()

    /// The runner with the ticket machine on a 640×400 headless screen and its socket at `socket`.
    static func runner(socket: String, loop: any EventLoop = ManualEventLoop(readsDescriptors: true)) throws -> Runner {
        let runner = Runner(loop: loop, notifier: nil) { () throws(VitrineError) -> LoadedScene in
            let loaded = try KioskConfigLoader.load(path: Self.tickets)
            var settings = loaded.configuration.settings
            settings.display.kind = .headless
            settings.display.headlessSize = PixelSize(width: 640, height: 400)
            return LoadedScene(settings: settings, scene: KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory))
        }
        runner.controlPath = socket
        runner.controlGroup = nil
        runner.screenshotDirectories = [Directory.parent(of: socket)]
        return runner
    }

    /// A client stepped from the loop's thread: requests are sent at once, replies and events
    /// read at the next step (100 ms later, the loop served them meanwhile).
    final class SteppedClient {
        let connection: ControlClient
        private(set) var received: [JSONValue] = []
        private var nextID = 0

        init(path: String) throws { self.connection = try ControlClient(path: path) }

        @discardableResult
        func send(_ command: String, _ members: (String, JSONValue)...) throws -> Int {
            self.nextID += 1
            let request = JSONValue.object([("id", .number(Double(self.nextID))), ("command", .string(command))] + members.map { ($0.0, $0.1) })
            try self.connection.send(request.serialized(pretty: false) + "\n")
            return self.nextID
        }

        /// Everything that arrived since the last call (never waits).
        @discardableResult
        func drain() -> [JSONValue] {
            let lines = self.connection.availableLines().lines.compactMap { try? JSONParser.parse($0) }
            self.received += lines
            return lines
        }

        func reply(_ id: Int) -> JSONValue? { self.received.last { $0["id"] == .number(Double(id)) } }
        func events(_ kind: String) -> [JSONValue] { self.received.filter { $0["event"]?.stringValue == kind } }
    }

    static func controller(_ runner: Runner) -> SceneController? { (runner.scene as? KioskScene)?.controller }

    static func view(_ runner: Runner, _ identifier: String) -> View? {
        func find(_ view: View) -> View? {
            if view.identifier == identifier, !view.isHidden { return view }
            for child in view.subviews.reversed() { if let found = find(child) { return found } }
            return nil
        }
        return runner.window.flatMap { find($0.root) }
    }

    static func labels(_ runner: Runner) -> [String] {
        func collect(_ view: View) -> [String] {
            ((view as? Label).map { [$0.text] } ?? []) + view.subviews.flatMap(collect)
        }
        return runner.window.map { collect($0.root) } ?? []
    }

    static func tap(_ runner: Runner, _ view: View) {
        let centre = view.windowFrame.center
        let t = UInt64(runner.loop.now.nanoseconds / 1000)
        runner.window?.handle(TouchFrame(timestamp: t, contacts: [TouchContact(id: 0, phase: .began, x: centre.x, y: centre.y)]))
        runner.window?.handle(TouchFrame(timestamp: t + 40_000, contacts: [TouchContact(id: 0, phase: .ended, x: centre.x, y: centre.y)]))
    }

    static func flips(_ runner: Runner) -> Int { (runner.output as? HeadlessOutput)?.flipCount ?? 0 }

    @Test("every command answers on a real socket and every event reaches a subscribed client: screen, emit after a tap, language, blank, wake")
    func commandsAndEvents() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-control")
        defer { directory.remove() }
        let socket = directory.file("control.sock")
        let runner = try Self.runner(socket: socket)
        var client: SteppedClient!
        var ids: [String: Int] = [:]
        var flipsWhileBlank = 0
        var firstScene: (any Scene)?
        let wait: [() throws -> Void] = Array(repeating: {}, count: 6)
        // Built in parts with the element type named: Swift 6.0 cannot type-check one literal
        // of closures joined with `+` in reasonable time (Debian 13's toolchain, issue 30).
        var steps: [() throws -> Void] = [
            {
                var info = stat()
                #expect(lstat(socket, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK)
                #expect(info.st_mode & 0o777 == 0o660, "the socket is for its owner and group only")
                client = try SteppedClient(path: socket)
                ids["subscribe"] = try client.send("subscribe")
                ids["state"] = try client.send("state")
            },
            {
                let lines = client.drain()
                #expect(lines.first?["protocol"]?.stringValue == "vitrine-control/1")
                let commands = lines.first?["commands"]?.arrayValue?.compactMap(\.stringValue) ?? []
                for name in [
                    "hello", "subscribe", "unsubscribe", "state", "reload", "screenshot", "blank", "wake", "navigate", "set", "idle-reset", "language"
                ] {
                    #expect(commands.contains(name), "the hello line lists \(name): \(commands)")
                }
                #expect(client.reply(ids["subscribe"]!)?["result"]?["events"]?.stringValue == "all")
                let state = try #require(client.reply(ids["state"]!)?["result"])
                #expect(state["screen"]?.stringValue == "choose")
                #expect(state["runtime"]?["blank"] == .bool(false))
                #expect(state["runtime"]?["output"]?.stringValue?.isEmpty == false)
                ids["push"] = try client.send("navigate", ("to", .string("push")), ("screen", .string("confirm")))
                // A second move while the first one slides is refused, not dropped silently.
                ids["tooSoon"] = try client.send("navigate", ("to", .string("pop")))
            }
        ]
        steps += wait
        steps += [
            {
                client.drain()
                // The reply comes at once, while the push animates; the screen event when it is in front.
                #expect(client.reply(ids["push"]!)?["result"]?["transitioning"] == .bool(true))
                #expect(client.reply(ids["tooSoon"]!)?["error"]?.stringValue?.contains("still moving") == true, "\(client.received)")
                #expect(client.events("screen").last?["name"]?.stringValue == "confirm")
                #expect(Self.controller(runner)?.navigationStack.map(\.model.id) == ["choose", "confirm"])
                // A visitor presses Buy: the client hears `purchase` with the route, ticket, count and total.
                Self.tap(runner, try #require(Self.view(runner, "buy")))
            }
        ]
        steps += wait
        steps += [
            {
                client.drain()
                let purchase = try #require(client.events("emit").last)
                #expect(purchase["name"]?.stringValue == "purchase")
                #expect(
                    purchase["payload"]
                        == .object([("route", .string("city")), ("ticket", .string("single")), ("count", .number(1)), ("total_cents", .number(290))]))
                #expect(purchase["time_ms"]?.doubleValue != nil)
                #expect(client.events("screen").last?["name"]?.stringValue == "thanks")
                ids["root"] = try client.send("navigate", ("to", .string("root")))
            }
        ]
        steps += wait
        steps += [
            {
                client.drain()
                #expect(client.reply(ids["root"]!)?["ok"] == .bool(true))
                #expect(Self.controller(runner)?.navigationStack.map(\.model.id) == ["choose"])
                #expect(!Self.labels(runner).contains { $0.contains("3.10") })
                ids["set"] = try client.send("set", ("path", .string("fares.tickets.0.price")), ("value", .number(3.1)))
            },
            {
                client.drain()
                #expect(client.reply(ids["set"]!)?["ok"] == .bool(true), "\(client.received.last!)")
                #expect(Self.labels(runner).contains { $0.contains("3.10") }, "the list shows the new fare: \(Self.labels(runner))")
                ids["language"] = try client.send("language", ("language", .string("de")))
            },
            {
                client.drain()
                #expect(client.reply(ids["language"]!)?["result"]?["language"]?.stringValue == "de")
                #expect(client.events("language").last?["name"]?.stringValue == "de")
                #expect(Self.controller(runner)?.language == "de")
                ids["idle"] = try client.send("idle-reset")
            },
            {
                client.drain()
                #expect(client.reply(ids["idle"]!)?["result"]?["idle_at_ms"]?.doubleValue != nil)
                ids["blank"] = try client.send("blank")
            },
            {
                client.drain()
                #expect(client.reply(ids["blank"]!)?["result"]?["blank"] == .bool(true))
                #expect(client.events("blank").count == 1)
                flipsWhileBlank = Self.flips(runner)
                // A change while blank is not drawn.
                Self.controller(runner)?.perform(.push("confirm"))
            },
            {},
            {
                #expect(Self.flips(runner) == flipsWhileBlank, "no frames while the panel is blank")
                ids["wake"] = try client.send("wake")
            },
            {
                client.drain()
                #expect(client.reply(ids["wake"]!)?["result"]?["blank"] == .bool(false))
                #expect(client.events("wake").count == 1)
                #expect(Self.flips(runner) > flipsWhileBlank, "waking draws the screen again")
                ids["shot"] = try client.send("screenshot", ("path", .string(directory.file("shot.png"))))
                ids["badShot"] = try client.send("screenshot", ("path", .string("relative.png")))
                // Outside the screenshot folders, also through a link that leads out of one.
                #expect(symlink("/etc", directory.file("out")) == 0)
                ids["etc"] = try client.send("screenshot", ("path", .string("/etc/vitrine-test-shot.png")))
                ids["link"] = try client.send("screenshot", ("path", .string(directory.file("out/vitrine-test-shot.png"))))
            },
            {
                client.drain()
                #expect(client.reply(ids["shot"]!)?["ok"] == .bool(true))
                let shot = try PNGCodec.read(path: directory.file("shot.png"))
                #expect(shot.size == PixelSize(width: 640, height: 400))
                #expect(client.reply(ids["badShot"]!)?["error"]?.stringValue?.contains("absolute path") == true)
                for name in ["etc", "link"] {
                    #expect(
                        client.reply(ids[name]!)?["error"]?.stringValue?.contains("is not in a folder the kiosk writes screenshots to") == true,
                        "\(client.reply(ids[name]!) ?? .null)")
                }
                #expect(access("/etc/vitrine-test-shot.png", F_OK) != 0, "nothing was written in /etc")
                ids["present"] = try client.send("navigate", ("to", .string("present")), ("screen", .string("thanks")))
            }
        ]
        steps += wait
        steps += [
            {
                client.drain()
                #expect(client.reply(ids["present"]!)?["result"]?["sheet"]?.stringValue == "thanks")
                ids["dismiss"] = try client.send("navigate", ("to", .string("dismiss")))
            }
        ]
        steps += wait
        steps += [
            {
                ids["afterDismiss"] = try client.send("state")
            },
            {
                client.drain()
                #expect(client.reply(ids["dismiss"]!)?["ok"] == .bool(true))
                #expect(client.reply(ids["afterDismiss"]!)?["result"]?["content_sheet"]?["presented"] == .bool(false))
                firstScene = runner.scene
                ids["reload"] = try client.send("reload")
                ids["unknown"] = try client.send("fly")
                ids["noScreen"] = try client.send("navigate", ("to", .string("push")), ("screen", .string("nowhere")))
                ids["noTo"] = try client.send("navigate")
            },
            {
                client.drain()
                #expect(client.reply(ids["reload"]!)?["result"]?["reloaded"] == .bool(true))
                #expect(runner.scene !== firstScene, "reload mounted the file again")
                #expect(client.reply(ids["unknown"]!)?["error"]?.stringValue?.contains("unknown command \"fly\"") == true)
                #expect(client.reply(ids["noScreen"]!)?["error"]?.stringValue?.contains("no screen \"nowhere\"") == true)
                #expect(client.reply(ids["noTo"]!)?["error"]?.stringValue?.contains("\"to\" must be push") == true)
                // The kiosk still answers after the errors.
                ids["after"] = try client.send("state")
            },
            {
                client.drain()
                #expect(client.reply(ids["after"]!)?["result"]?["screen"]?.stringValue == "choose")
            }
        ]
        try KioskRunnerTests.run(runner, steps: steps)
        var info = stat()
        #expect(lstat(socket, &info) != 0, "the socket file is removed when the kiosk stops")
    }

    @Test(
        "a member of the socket's group may connect, another user is refused by the kernel (run as root: a second user in the test)",
        .enabled(if: getuid() == 0, "needs root to run a client as another user"))
    func permission() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-control")
        defer { directory.remove() }
        #expect(chmod(directory.path, 0o755) == 0)
        let socket = directory.file("control.sock")
        let loop = try EpollEventLoop()
        let server = try ControlServer(path: socket, group: nil, loop: loop) { _ in .success(.null) }
        defer { server.close() }
        var info = stat()
        #expect(lstat(socket, &info) == 0)
        let connect = "import socket,sys\ns=socket.socket(socket.AF_UNIX)\ntry: s.connect(sys.argv[1])\nexcept PermissionError: sys.exit(13)\n"
        let outsider = try ChildCommand.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", connect, socket])
        #expect(outsider == 13, "a user outside the group must get EACCES")
        let member = try ChildCommand.run(["setpriv", "--reuid=65534", "--regid=65534", "--groups=\(info.st_gid)", "/usr/bin/python3", "-c", connect, socket])
        #expect(member == 0, "a member of the socket's group may connect")
    }

    @Test("the idle event reaches a subscribed client exactly when nobody touched the panel for the idle time, and the kiosk is back at its start")
    func idleEvent() throws {
        let fixture = try FixtureFolder()
        let path = try fixture.write(
            #"""
            {"version": 2, "idle": {"after": 5, "action": "popToRoot"},
             "screens": {"home": {"title": "Home", "content": {"type": "text", "text": "Welcome"}},
                         "detail": {"title": "Detail", "content": {"type": "text", "text": "More"}}}}
            """#)
        let socket = fixture.directory.file("control.sock")
        let runner = try KioskRunnerTests.runner(path: path, notifier: nil)
        runner.controlPath = socket
        runner.controlGroup = nil
        var client: SteppedClient!
        var subscribed = MonotonicTime.zero
        func poll() {
            client.drain()
            let home = client.events("screen").last?["name"]?.stringValue == "home"
            if (!client.events("idle").isEmpty && home) || runner.loop.now - subscribed > .seconds(20) { return runner.loop.stop() }
            _ = runner.loop.schedule(at: runner.loop.now + .milliseconds(100)) { poll() }
        }
        runner.onFirstFrame = { _ in
            do {
                client = try SteppedClient(path: socket)
                try client.send("subscribe", ("events", .array([.string("idle"), .string("screen")])))
                try client.send("navigate", ("to", .string("push")), ("screen", .string("detail")))
            } catch { Issue.record(error) }
            subscribed = runner.loop.now
            poll()
        }
        try runner.run(seconds: 30)
        let idle = try #require(client.events("idle").first, "no idle event within 20 s: \(client.received)")
        #expect(idle["name"]?.stringValue == "popToRoot")
        #expect(idle["payload"] == .number(5))
        let waited = Double((runner.loop.now - subscribed).value) / 1e9
        // On the manual clock the idle time is exact: the event is read at the first 100 ms step
        // after 5 s, plus the 0.4 s slide back to the start.
        #expect(waited >= 5 && waited <= 5.6, "at the idle time: \(waited) s")
        #expect(client.events("screen").map { $0["name"]?.stringValue } == ["detail", "home"], "\(client.events("screen"))")
    }
}
