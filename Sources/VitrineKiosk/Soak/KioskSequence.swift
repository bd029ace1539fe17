import VitrineCore
import VitrineGraphics
import VitrineRuntime
import VitrineScene
import VitrineSystem
import VitrineUI

/// A hostile sequence over time, read from bytes: a visitor's taps and drags, and a control
/// client's lines — `navigate`, `language`, `set`, `perform`, `tap`, `reload`, `blank`, raw
/// bytes — interleaved with waits, played through a config kiosk on the panel's `Runner` (a
/// headless screen, the real control socket in a private folder, the manual clock: the loop
/// reads the socket while time moves). The fuzz target `fuzz-sequence` (scripts/fuzz.sh) makes
/// the bytes; the unit suite plays its corpus and past crashes (Docs/testing.md, "Fuzzing").
///
/// After the last step the kiosk must be alive and at rest: no error page, every line answered
/// with one reply that says `ok` or gives a one-line error, the navigation holding each screen
/// once, and nothing stuck (`KioskSoak.restingProblem`: sheets at a detent, content-sheet
/// callbacks matched). Issue 29 found sequences that aborted the kiosk (a language change
/// during a transition), grew it without bound (screens pushing each other) or left a sheet
/// between its detents; this is what looks for the next one.
public final class KioskSequence {
    /// The most steps one input plays (the rest of a longer input is ignored): enough for a
    /// visit, and an input stays well under a second.
    public static let mostSteps = 48
    /// The screen: 320×200 pixels at a quarter of a pixel per point, the 1280×800 points the
    /// examples are laid out for, drawn cheaply.
    public static let pixels = PixelSize(width: 320, height: 200)
    public static let scale = 0.25

    public let configuration: KioskConfiguration
    public let runner: Runner
    private let loop: ManualEventLoop
    private let client: ControlClient
    private let folder: String
    /// Lines sent and replies read (each line gets exactly one).
    private var sent = 0
    private var replies = 0
    private var problems: [String] = []
    /// The steps played, for a report ("tap 640,400", "navigate push coffee", …).
    public private(set) var steps: [String] = []
    /// The replies read, the last 16 (a report's context).
    public private(set) var lastReplies = BoundedLog<String>(capacity: 16)

    /// Starts `configuration` (its relative files from `baseDirectory`) with its control socket
    /// in `folder`, which must exist and be the caller's (screenshots go there too).
    public init(configuration: KioskConfiguration, baseDirectory: String?, folder: String) throws(VitrineError) {
        self.configuration = configuration
        self.folder = folder
        var settings = configuration.settings
        settings.display.kind = .headless
        settings.display.headlessSize = Self.pixels
        settings.scale = Self.scale
        let loop = ManualEventLoop(readsDescriptors: true)
        // Each load makes a new scene from the same configuration, as a reload of an unchanged
        // file does.
        let runner = Runner(loop: loop, notifier: nil, logger: Logger("sequence", sink: Log.discard)) { () throws(VitrineError) -> LoadedScene in
            LoadedScene(settings: settings, scene: KioskScene(configuration: configuration, baseDirectory: baseDirectory))
        }
        runner.takesOver = []
        runner.openInput = { _, _ in nil }
        runner.controlPath = folder + "/control.sock"
        runner.controlGroup = nil
        runner.screenshotDirectories = [folder]
        do {
            try runner.start()
        } catch {
            throw error as? VitrineError ?? VitrineError(.ioFailure, "the headless screen did not open: \(error)")
        }
        self.runner = runner
        self.loop = loop
        do {
            self.client = try ControlClient(path: folder + "/control.sock")
        } catch {
            runner.finish()
            throw error
        }
        loop.runUntilIdle(limit: loop.now + .seconds(10))
    }

    deinit {
        self.client.close()
        self.runner.finish()
    }

    /// The scene's controller (nil while the error page shows).
    public var controller: SceneController? { (self.runner.scene as? KioskScene)?.controller }
    var screens: [String] { self.configuration.scene.screens.map(\.id) }

    /// Plays `bytes` (at most `mostSteps` steps), lets everything settle, and returns what is
    /// wrong: empty when the kiosk lived and came to rest.
    public func play(_ bytes: [UInt8]) -> [String] {
        var reader = ByteReader(bytes)
        while self.steps.count < Self.mostSteps, let op = reader.next() {
            self.step(op, &reader)
            self.pump(0.016)
        }
        // Every line answered, then nothing moving.
        self.pump(0.5)
        if self.runner.isBlank { self.send(.object([("command", .string("wake"))]), "wake") }
        self.pump(0.1)
        if !self.loop.runUntilIdle(limit: self.loop.now + .seconds(30)) { self.problems.append("still moving 30 s after the last step") }
        self.pump(0)
        return self.problems + self.settledProblems()
    }

    // MARK: - Steps

    private func step(_ op: UInt8, _ reader: inout ByteReader) {
        let a = reader.next() ?? 0
        let b = reader.next() ?? 0
        switch op % 12 {
        case 0: self.tap(Point(x: Double(a) / 255 * 1280, y: Double(b) / 255 * 800))
        case 1: self.tapView(Int(a) << 8 | Int(b))
        case 2:
            let c = Int8(bitPattern: reader.next() ?? 0)
            let d = Int8(bitPattern: reader.next() ?? 0)
            let ms = Double((reader.next() ?? 0) % 40 + 2) * 8
            self.drag(from: Point(x: Double(a) / 255 * 1280, y: Double(b) / 255 * 800), by: Point(x: Double(c) * 8, y: Double(d) * 6), ms: ms)
        case 3:
            self.steps.append("wait \(Int(a) * 8) ms")
            self.pump(Double(a) * 0.008)
        case 4:
            let moves = ["push", "pop", "root", "replace", "present", "dismiss"]
            let screen = self.pick(self.screens + ["no-such-screen"], b)
            var members: [(String, JSONValue)] = [("command", .string("navigate")), ("to", .string(moves[Int(a) % moves.count]))]
            members.append(("screen", .string(screen)))
            if a & 0x80 != 0 { members.append(("height", .number(Double(b) * 4))) }
            self.send(.object(members), "navigate \(moves[Int(a) % moves.count]) \(screen)")
        case 5:
            let language = self.pick(self.configuration.scene.languages + ["xx"], a)
            self.send(.object([("command", .string("language")), ("language", .string(language))]), "language \(language)")
        case 6: self.set(a, b)
        case 7:
            let action = self.action(a, b)
            self.send(.object([("command", .string("perform")), ("action", action)]), "perform \(action.serialized(pretty: false))")
        case 8:
            let ids = self.identifiers()
            let id = self.pick(ids + ["no-such-view"], Int(a) << 8 | Int(b))
            self.send(.object([("command", .string("tap")), ("id", .string(id))]), "tap id \(id)")
        case 9:
            let commands = ["blank", "wake", "idle-reset", "state", "reload", "screenshot", "hello", "subscribe", "unsubscribe"]
            let command = commands[Int(a) % commands.count]
            var members: [(String, JSONValue)] = [("command", .string(command))]
            if command == "screenshot" { members.append(("path", .string(self.folder + "/shot.png"))) }
            self.send(.object(members), command)
        case 10:
            // A raw line: what a careless client writes (the parser's own fuzz target covers bytes).
            var line: [UInt8] = []
            for _ in 0..<Int(a % 48) { if let byte = reader.next(), byte != 10 { line.append(byte) } }
            self.sendLine(line, "raw \(line.count) bytes")
        default:
            // Long waits: the idle action (the examples' idle is under a few minutes).
            self.steps.append("wait \(Int(a)) s")
            self.pump(Double(a))
        }
    }

    private func pick<T>(_ items: [T], _ byte: some BinaryInteger) -> T { items[Int(byte) % items.count] }

    /// An action as the config writes it, from the config's own screens and languages.
    private func action(_ a: UInt8, _ b: UInt8) -> JSONValue {
        let screen = JSONValue.string(self.pick(self.screens, b))
        let language = JSONValue.string(self.pick(self.configuration.scene.languages + ["en"], b))
        let actions: [JSONValue] = [
            .object([("push", screen)]), .object([("present", screen)]), .object([("replace", screen)]), .string("pop"), .string("popToRoot"),
            .string("dismiss"), .object([("setLanguage", language)]), .array([.object([("present", screen)]), .object([("setLanguage", language)])]),
            .array([.object([("push", screen)]), .string("pop"), .object([("push", screen)])]), .object([("emit", .string("fuzz"))]),
            .array([.object([("present", screen)]), .string("dismiss")]), .string("toggleSplitSheet"), .string("restartOnboarding"),
            .string("finishOnboarding"),
            // Alerts: over everything, answered by the taps that follow (or not), one leading on.
            .object([("alert", .object([("title", .string("Card declined")), ("buttons", .array([.object([("title", .string("OK"))])]))]))]),
            .object([
                (
                    "alert",
                    .object([
                        ("title", .string("Go on?")), ("message", .string("Choose")),
                        (
                            "buttons",
                            .array([
                                .object([("title", .string("Cancel")), ("style", .string("cancel"))]),
                                .object([("title", .string("Go")), ("action", .array([.object([("push", screen)]), .object([("setLanguage", language)])]))])
                            ])
                        )
                    ])
                )
            ])
        ]
        return self.pick(actions, a)
    }

    /// A `set` of a path the data has (or one it has not), to a value of some kind.
    private func set(_ a: UInt8, _ b: UInt8) {
        var paths = ["nowhere.x"]
        for (name, value) in self.controller?.data.sources.sorted(by: { $0.key < $1.key }) ?? [] {
            paths.append(name)
            for (key, _) in value.objectValue ?? [] { paths.append(name + "." + key) }
        }
        let values: [JSONValue] = [
            .string("3.10"), .number(Double(b)), .null, .array([]), .object([("a", .string("b"))]), .string(String(repeating: "é", count: Int(b)))
        ]
        let path = self.pick(paths, a)
        self.send(.object([("command", .string("set")), ("path", .string(path)), ("value", self.pick(values, b))]), "set \(path)")
    }

    // MARK: - A visitor

    private var touchTime: UInt64 { UInt64(self.loop.now.microseconds) }

    /// One finger at `point` (in points, as the window takes touches).
    private func touch(_ phase: TouchContact.Phase, _ point: Point) {
        self.runner.window?.handle(TouchFrame(timestamp: self.touchTime, contacts: [TouchContact(id: 0, phase: phase, x: point.x, y: point.y)]))
    }

    private func tap(_ point: Point) {
        self.steps.append("tap \(Int(point.x)),\(Int(point.y))")
        self.touch(.began, point)
        self.pump(0.05)
        self.touch(.ended, point)
    }

    private func drag(from: Point, by delta: Point, ms: Double) {
        self.steps.append("drag \(Int(from.x)),\(Int(from.y)) by \(Int(delta.x)),\(Int(delta.y)) in \(Int(ms)) ms")
        let count = max(1, Int(ms / 8))
        self.touch(.began, from)
        var last = from
        for index in 1...count {
            self.pump(0.008)
            let f = Double(index) / Double(count)
            last = Point(x: from.x + delta.x * f, y: from.y + delta.y * f)
            self.touch(.moved, last)
        }
        self.pump(0.008)
        self.touch(.ended, last)
    }

    /// A visitor's tap on one of the buttons and rows whose middle is on screen.
    private func tapView(_ index: Int) {
        guard let window = self.runner.window else { return }
        let screen = Rect(size: window.size)
        var targets: [View] = []
        func collect(_ view: View) {
            if view.isHidden { return }
            if view is Button || view is ListRowView, screen.contains(view.windowFrame.center) { targets.append(view) }
            for child in view.subviews { collect(child) }
        }
        collect(window.root)
        guard !targets.isEmpty else { return self.steps.append("tap a view: none on screen") }
        let target = targets[index % targets.count]
        self.tap(target.windowFrame.center)
    }

    /// The config ids and paths of the views in the window (what `tap` by id takes).
    private func identifiers() -> [String] {
        guard let window = self.runner.window else { return [] }
        var found: [String] = []
        func collect(_ view: View) {
            if view is Button || view is ListRowView, let id = view.identifier, !id.isEmpty { found.append(id) }
            for child in view.subviews { collect(child) }
        }
        collect(window.root)
        return found
    }

    // MARK: - A control client

    private func send(_ request: JSONValue, _ step: String) {
        self.sendLine(Array(request.serialized(pretty: false).utf8), step)
    }

    private func sendLine(_ line: [UInt8], _ step: String) {
        self.steps.append(step)
        let bytes = line + [10]
        guard (try? self.client.sendAvailable(bytes[...])) == bytes.count else {
            return self.problems.append("after \(step): the control socket took less than a \(bytes.count)-byte line")
        }
        // A blank line (spaces, tabs, a CR) is skipped without a reply, as the protocol says.
        var text = line[...]
        if text.last == 13 { text.removeLast() }
        if !text.allSatisfy({ $0 == 32 || $0 == 9 }) { self.sent += 1 }
    }

    /// Moves time by `seconds` (frames and the socket served on the way), then reads the replies.
    private func pump(_ seconds: Double) {
        if seconds > 0 { self.loop.advance(by: .seconds(seconds)) }
        let (lines, closed) = self.client.availableLines()
        if closed { self.problems.append("the kiosk closed the control connection (after \(self.steps.last ?? "the start"))") }
        for line in lines {
            guard let reply = try? JSONParser.parse(line), reply.objectValue != nil else {
                self.problems.append("a reply that is not a JSON object: \(QuotedValue.shortened(line))")
                continue
            }
            guard let ok = reply["ok"] else { continue }  // the hello, an event
            self.replies += 1
            self.lastReplies.append(line)
            if ok == .bool(false), reply["error"]?.stringValue?.isEmpty != false {
                self.problems.append("an error reply without its message: \(QuotedValue.shortened(line))")
            }
        }
    }

    // MARK: - At the end

    private func settledProblems() -> [String] {
        var found: [String] = []
        if self.replies != self.sent { found.append("\(self.sent) lines sent, \(self.replies) replies") }
        if let error = self.runner.errorPage { found.append("the kiosk shows its error page: \(error.message)") }
        guard let controller = self.controller, let window = self.runner.window else { return found + ["no scene is mounted"] }
        let stack = controller.navigationStack.map(\.model.id)
        if Set(stack).count != stack.count { found.append("the navigation holds a screen twice: \(stack)") }
        if let problem = KioskSoak.restingProblem(of: controller, in: window) { found.append(problem) }
        return found
    }
}

extension KioskSequence {
    /// The kiosks sequences play through: the examples (Examples/<name>/kiosk.json); an input's
    /// first byte picks one.
    public struct Examples {
        public static let names = ["demo", "cafe", "museum", "tickets"]
        /// The repository's Examples folder.
        public let directory: String

        public init(directory: String) { self.directory = directory }

        /// Loads example `name` (a fresh configuration: nothing is shared between sequences).
        public func load(_ name: String) throws(VitrineError) -> (configuration: KioskConfiguration, baseDirectory: String) {
            let loaded = try KioskConfigLoader.load(path: self.directory + "/" + name + "/kiosk.json")
            return (loaded.configuration, loaded.baseDirectory)
        }

        /// Plays `bytes` (after the first) through a fresh kiosk of the example the first picks,
        /// its socket in `folder`: the example's name, the steps played, what is wrong, and (when
        /// something is) the scene's last callbacks.
        public func play(_ bytes: [UInt8], folder: String) throws(VitrineError) -> (
            example: String, steps: [String], problems: [String], callbacks: [String]
        ) {
            guard let first = bytes.first else { return ("none", [], [], []) }
            let name = Self.names[Int(first) % Self.names.count]
            let kiosk = try self.load(name)
            let sequence = try KioskSequence(configuration: kiosk.configuration, baseDirectory: kiosk.baseDirectory, folder: folder)
            let problems = sequence.play(Array(bytes.dropFirst()))
            return (name, sequence.steps, problems, problems.isEmpty ? [] : sequence.controller.map { Array($0.callbacks) } ?? [])
        }
    }
}

/// Bytes read one at a time.
struct ByteReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> UInt8? {
        guard self.index < self.bytes.count else { return nil }
        defer { self.index += 1 }
        return self.bytes[self.index]
    }
}
