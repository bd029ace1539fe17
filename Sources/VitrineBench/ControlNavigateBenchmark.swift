import Glibc
import Synchronization
import VitrineCore
import VitrineKiosk
import VitrineRuntime
import VitrineSystem

/// `control-navigate`: the control socket's `navigate` round trip on the real runner — a client on
/// its own thread sends `{"command":"navigate","to":"push","screen":"detail"}`, then `"to":"root"`,
/// one at a time, and times each from its `send` to the reply line read back (CLOCK_MONOTONIC):
/// the loop's wake-up, the server's read, parse and rate check, the scene starting the slide, the
/// reply's encoding and the client's wake-up. Peer: the transport floor — the same client, lines
/// and pauses against an echo on the same kind of Unix socket, served from an epoll loop on the
/// main thread, answering each line with the reply the kiosk gave it (same size, no command).
///
/// A navigate that arrives while the previous slide (0.4 s) runs is ignored by the navigation
/// stack, so the client waits for the `screen` event that ends each slide, then ~30 ms, before it
/// sends the next one: every timed request starts a real transition, from an idle loop.
struct ControlNavigateBenchmark: Benchmark {
    let name = "control-navigate"

    static let config = #"""
        {"version": 2, "display": {"output": "headless", "headlessSize": "1280x800", "headlessRefreshRate": 60},
         "start": "home",
         "screens": {
           "home": {"title": "Menu", "content": {"type": "vstack", "padding": 32, "spacing": 16, "children": [
             {"type": "text", "text": "Today's menu", "style": "title"},
             {"type": "button", "title": "Details", "action": {"push": "detail"}}
           ]}},
           "detail": {"title": "Details", "content": {"type": "vstack", "padding": 32, "spacing": 16, "children": [
             {"type": "text", "text": "Soup of the day", "style": "title"},
             {"type": "text", "text": "Tomato, basil, a slice of bread."}
           ]}}
         }}
        """#

    /// Untimed round trips (a push and a root) before the timed ones.
    static let warmUp = 2
    /// How long the client waits for a reply or an event before it gives up.
    static let timeout = 5.0

    func run(_ context: BenchContext) throws -> [BenchRow] {
        context.report("bench: \(self.name): control socket navigate push/root, send -> reply line (real runner, 60 Hz headless; peer: echo on a Unix socket)")
        var template = Array("/tmp/vitrine-bench-control-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw VitrineError(.ioFailure, "\(self.name): cannot make a folder in /tmp", cause: SystemError("mkdtemp", errno: errno))
        }
        let directory = String(cString: made)
        let configPath = directory + "/kiosk.json"
        let controlPath = directory + "/control.sock"
        let echoPath = directory + "/echo.sock"
        defer {
            for file in [configPath, configPath + ".new", controlPath, echoPath] { unlink(file) }
            rmdir(directory)
        }
        try DataUpdateBenchmark.place(Self.config, at: configPath)

        let count = context.options.runs(normal: 200)
        // Line 0 subscribes to screen events; then push, root, push, … with ids 1, 2, 3, …
        var requests: [[UInt8]] = [Array(#"{"id":0,"command":"subscribe","events":["screen"]}"#.utf8) + [10]]
        var stacks: [[String]?] = [nil]
        var pauses: [Double] = [0]
        for index in 0..<(Self.warmUp + count) {
            let id = index + 1
            let push = index % 2 == 0
            let line =
                push
                ? #"{"id":\#(id),"command":"navigate","to":"push","screen":"detail"}"#
                : #"{"id":\#(id),"command":"navigate","to":"root"}"#
            requests.append(Array(line.utf8) + [10])
            stacks.append(push ? ["home", "detail"] : ["home"])
            // At a different phase of the 60 Hz refresh each time (the same pauses on both sides).
            pauses.append(30 + Double(index * 7 % 17))
        }

        let ours = try self.measureRunner(configPath: configPath, controlPath: controlPath, requests: requests, stacks: stacks, pauses: pauses)
        let echo = try self.measureEcho(path: echoPath, hello: ours.hello, replies: ours.replies, requests: requests, pauses: pauses)
        guard ours.samples.milliseconds.count == count, echo.milliseconds.count == count else {
            throw VitrineError(
                .invalidData,
                "\(self.name): only \(ours.samples.milliseconds.count) navigate and \(echo.milliseconds.count) echo round trips of \(count) were timed")
        }
        func format(_ value: Double?) -> String { value.map { String(fixed: $0, decimals: 3) } ?? "-" }
        context.note(
            "\(self.name): ours = control socket navigate push/root, send -> reply line on a client thread (median of \(count); "
                + "p50 \(format(ours.samples.median)), p99 \(format(ours.samples.percentile(99))) ms), each after the previous slide ended + 30-46 ms; "
                + "peer = the same lines and pauses to an echo on a Unix socket served by an epoll loop (p50 \(format(echo.median)), "
                + "p99 \(format(echo.percentile(99))) ms): the transport floor")
        return [
            BenchRow(
                name: self.name, oursMilliseconds: ours.samples.median, peer: "unix-socket echo", peerMilliseconds: echo.median,
                p50Milliseconds: ours.samples.median, p99Milliseconds: ours.samples.percentile(99))
        ]
    }

    /// The round trips against the kiosk, with what it sent (for the echo to send back).
    private func measureRunner(
        configPath: String, controlPath: String, requests: [[UInt8]], stacks: [[String]?], pauses: [Double]
    ) throws -> (samples: TimingSamples, hello: [UInt8], replies: [[UInt8]]) {
        let loop = try EpollEventLoop()
        let runner = Runner(loop: loop, notifier: nil, logger: Logger("bench", sink: MemoryLogSink())) { () throws(VitrineError) -> LoadedScene in
            let loaded = try KioskConfigLoader.load(path: configPath)
            return LoadedScene(
                settings: loaded.configuration.settings, scene: KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory))
        }
        runner.controlPath = controlPath
        runner.controlGroup = nil
        let client = Client(path: controlPath, requests: requests, pauses: pauses, timedFrom: 1 + Self.warmUp) { (index, reply, events) throws(VitrineError) in
            try Self.checkNavigateReply(reply, index: index, path: controlPath)
            guard let stack = stacks[index] else { return }
            // The slide it started ends with a screen event showing the new stack.
            while true {
                let line = try events()
                guard let event = try? JSONParser.parse(line), event["event"]?.stringValue == "screen" else { continue }
                if event["payload"]?["stack"] == .array(stack.map(JSONValue.string)) { return }
            }
        }
        var failure: String?
        var shown = false
        runner.onFirstFrame = { _ in
            shown = true
            guard runner.control != nil else {
                failure = "the runner opened no control socket at \(controlPath) (the log above says why)"
                return loop.stop()
            }
            do {
                try client.start()
            } catch {
                failure = "\(error)"
                return loop.stop()
            }
            Self.stop(loop, when: client)
        }
        let limit = 30 + Double(requests.count) * (0.6 + (pauses.max() ?? 0) / 1e3)
        try runner.run(seconds: limit)
        // The control socket is closed now, so a client still waiting reads the end and stops.
        client.join()
        if let failure { throw VitrineError(.ioFailure, "\(self.name): \(failure)") }
        if let error = client.failure { throw VitrineError(.ioFailure, "\(self.name): \(error.description)") }
        guard shown else { throw VitrineError(.busy, "\(self.name): the kiosk with the control socket \(controlPath) showed no frame within \(Int(limit)) s") }
        guard client.isFinished else {
            throw VitrineError(.busy, "\(self.name): the client of \(controlPath) did not finish within \(Int(limit)) s")
        }
        guard let hello = try? JSONParser.parse(client.hello), hello["protocol"]?.stringValue == ControlServer.protocolName,
            hello["commands"]?.arrayValue?.contains(.string("navigate")) == true
        else {
            throw VitrineError(
                .invalidData,
                "\(self.name): \(controlPath) greeted with \(String(decoding: client.hello.prefix(200), as: UTF8.self)), not \(ControlServer.protocolName) with navigate"
            )
        }
        return (client.samples, client.hello, client.replies)
    }

    /// A navigate (or the subscribe) was answered `ok`, with its id, and a navigate started a slide.
    private static func checkNavigateReply(_ reply: [UInt8], index: Int, path: String) throws(VitrineError) {
        let text = String(decoding: reply, as: UTF8.self)
        guard let value = try? JSONParser.parse(reply), value["id"] == .number(Double(index)) else {
            throw VitrineError(.invalidData, "\(path): request \(index) got \(text.prefix(200)), not its reply")
        }
        guard value["ok"] == .bool(true) else {
            throw VitrineError(.invalidData, "\(path): request \(index) failed: \(value["error"]?.stringValue ?? text)")
        }
        if index > 0, value["result"]?["transitioning"] != .bool(true) {
            throw VitrineError(.invalidData, "\(path): navigate \(index) started no transition: \(text.prefix(200))")
        }
    }

    /// The same round trips against an echo that answers line k with `replies[k]`.
    private func measureEcho(path: String, hello: [UInt8], replies: [[UInt8]], requests: [[UInt8]], pauses: [Double]) throws -> TimingSamples {
        let loop = try EpollEventLoop()
        let echo = try Echo(path: path, loop: loop, hello: hello, replies: replies)
        defer { echo.close() }
        let client = Client(path: path, requests: requests, pauses: pauses, timedFrom: 1 + Self.warmUp) { (index, reply, _) throws(VitrineError) in
            guard reply == replies[index] else {
                throw VitrineError(
                    .invalidData, "\(path): echo line \(index) is \(String(decoding: reply.prefix(200), as: UTF8.self)), not the reply it was given")
            }
        }
        try client.start()
        Self.stop(loop, when: client)
        let limit = 30 + Double(requests.count) * (0.2 + (pauses.max() ?? 0) / 1e3)
        try loop.run(for: .seconds(limit))
        echo.close()
        client.join()
        if let error = echo.failure { throw VitrineError(.ioFailure, "\(self.name): \(error.description)") }
        if let error = client.failure { throw VitrineError(.ioFailure, "\(self.name): \(error.description)") }
        guard client.isFinished else { throw VitrineError(.busy, "\(self.name): the client of \(path) did not finish within \(Int(limit)) s") }
        return client.samples
    }

    /// Stops `loop` once `client`'s thread is done (polled: the loop has no cross-thread wake-up).
    private static func stop(_ loop: EpollEventLoop, when client: Client) {
        loop.schedule(after: .milliseconds(10)) {
            if client.isFinished { loop.stop() } else { Self.stop(loop, when: client) }
        }
    }

    // MARK: - The client thread

    /// One connection on its own thread (plain blocking AF_UNIX socket): reads the hello line, then
    /// sends `requests` one at a time, timing each from `send` to its reply line. `check` validates
    /// reply k and may read further lines (`events`) before the pause that follows it.
    private final class Client: @unchecked Sendable {
        typealias Check = (_ index: Int, _ reply: [UInt8], _ events: () throws(VitrineError) -> [UInt8]) throws(VitrineError) -> Void

        let path: String
        private let requests: [[UInt8]]
        private let pauses: [Double]
        private let timedFrom: Int
        private let check: Check
        private let finished = Atomic<Bool>(false)
        private var thread = pthread_t()
        private var started = false
        // Written by the thread; read on the main thread after `join`.
        private(set) var samples = TimingSamples()
        private(set) var hello: [UInt8] = []
        private(set) var replies: [[UInt8]] = []
        private(set) var failure: VitrineError?

        init(path: String, requests: [[UInt8]], pauses: [Double], timedFrom: Int, check: @escaping Check) {
            self.path = path
            self.requests = requests
            self.pauses = pauses
            self.timedFrom = timedFrom
            self.check = check
        }

        /// Whether the thread is done (successfully or not).
        var isFinished: Bool { self.finished.load(ordering: .acquiring) }

        func start() throws(VitrineError) {
            let context = Unmanaged.passRetained(self).toOpaque()
            let status = pthread_create(
                &self.thread, nil,
                { raw in
                    let client = Unmanaged<Client>.fromOpaque(raw!).takeRetainedValue()
                    client.runThread()
                    return nil
                }, context)
            guard status == 0 else {
                Unmanaged<Client>.fromOpaque(context).release()
                throw VitrineError(.ioFailure, "cannot start the client thread for \(self.path)", cause: SystemError("pthread_create", errno: status))
            }
            self.started = true
        }

        /// Waits for the thread (bounded: every read it makes times out).
        func join() {
            guard self.started else { return }
            self.started = false
            pthread_join(self.thread, nil)
        }

        private func runThread() {
            defer { self.finished.store(true, ordering: .releasing) }
            do throws(VitrineError) {
                let connection = try ControlClient(path: self.path)
                self.hello = try connection.readLineBytes(timeout: ControlNavigateBenchmark.timeout)
                for (index, request) in self.requests.enumerated() {
                    let start = TimingSamples.now()
                    try connection.send(bytes: request)
                    let reply = try connection.readLineBytes(timeout: ControlNavigateBenchmark.timeout)
                    let elapsed = TimingSamples.now() - start
                    if index >= self.timedFrom { self.samples.append(elapsed) }
                    self.replies.append(reply)
                    try self.check(index, reply) { () throws(VitrineError) -> [UInt8] in try connection.readLineBytes(timeout: ControlNavigateBenchmark.timeout)
                    }
                    Syscall.sleep(for: Nanoseconds(Int64(self.pauses[index] * 1e6)))
                }
            } catch {
                self.failure = error
            }
        }
    }
}
