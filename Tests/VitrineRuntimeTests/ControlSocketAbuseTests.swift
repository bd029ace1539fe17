import Glibc
import Synchronization
import Testing
import VitrineCore
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// The control socket's limits on the running kiosk: clients that misbehave get an answer or are
/// cut off, and the kiosk goes on drawing and answering the others.
extension ControlSocketTests {
    /// One misbehaving client on the test's thread: what it still has to send (sent as far as
    /// its socket takes it, never waiting, at most `chunk` bytes a step) and every line it got
    /// back.
    final class Abuser {
        let name: String
        let connection: ControlClient
        let chunk: Int
        private var pending: ArraySlice<UInt8>
        private(set) var lines: [String] = []
        /// Set when the kiosk closed the connection (or a send found it closed).
        private(set) var cutOff: String?
        private(set) var sentBytes = 0

        init(_ name: String, path: String, sends bytes: [UInt8], chunk: Int = .max) throws {
            self.name = name
            self.connection = try ControlClient(path: path)
            self.chunk = chunk
            self.pending = bytes[...]
        }

        var isDone: Bool { self.pending.isEmpty || self.cutOff != nil }

        /// Sends what fits now.
        func send() {
            guard self.cutOff == nil, !self.pending.isEmpty else { return }
            do {
                let sent = try self.connection.sendAvailable(self.pending.prefix(self.chunk))
                self.pending = self.pending.dropFirst(sent)
                self.sentBytes += sent
            } catch {
                self.cutOff = "send failed after \(self.sentBytes) bytes: \(error.message)"
            }
        }

        /// Reads the lines that arrived.
        func read() {
            let (lines, closed) = self.connection.availableLines()
            self.lines += lines
            if closed, self.cutOff == nil { self.cutOff = "closed by the kiosk after \(self.sentBytes) bytes" }
        }
    }

    @Test(
        "abuse on the manual clock: 10 MB without a newline, invalid UTF-8 and JSON, 10,000 commands at once, a client that never reads — each gets its answer, the rate is held to the token bucket exactly, the kiosk draws a frame after every navigation and answers a good client"
    )
    func abuse() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-control")
        defer { directory.remove() }
        let socket = directory.file("control.sock")
        let loop = ManualEventLoop(readsDescriptors: true)
        let runner = try Self.runner(socket: socket, loop: loop)
        try runner.start()
        defer { runner.finish() }
        loop.runUntilIdle(limit: loop.now + .seconds(5))
        #expect(Self.flips(runner) > 0, "the kiosk drew its first frame")

        let good = try SteppedClient(path: socket)
        let floodLines = 10_000
        let long = try Abuser(
            "long", path: socket, sends: [UInt8](repeating: UInt8(ascii: "x"), count: 10 << 20) + Array("\n{\"id\":\"after\",\"command\":\"hello\"}\n".utf8))
        let bad = try Abuser("bad", path: socket, sends: Array("not json\n[1]\n{\"id\":4}\n{\"command\":7}\n".utf8))
        // Bytes that are not UTF-8 on their own line (Swift strings cannot hold them).
        let notUTF8 = try Abuser("utf8", path: socket, sends: [0xFF, 0xFE, 0x0A])
        // It reads its replies while it sends, as a client thread would: 32 KiB (1,310 commands)
        // a step. All at once, the rate-limit replies of one instant would pass the 1 MiB a client
        // may leave unread (that is the deaf client's case, below).
        let flood = try Abuser(
            "flood", path: socket, sends: Array(String(repeating: "{\"command\":\"idle-reset\"}\n", count: floodLines).utf8), chunk: 32 << 10)
        // Asks and asks and never reads a reply: 200,000 requests, if it is not cut off first.
        let deaf = try Abuser("deaf", path: socket, sends: Array(String(repeating: "{\"command\":\"state\"}\n", count: 200_000).utf8))
        let readers = [long, bad, notUTF8, flood]
        let floodStart = loop.now
        var floodAnswered: MonotonicTime?
        var goodIDs: [Int] = []
        var navigations = 0
        var framesMissed: [String] = []
        var pushed = false

        // Steps of 100 ms on the kiosk's clock: every client sends what fits and reads what came,
        // the good client asks for the state, and the scene navigates; by the next step a frame
        // must have reached the screen.
        for step in 0..<600 {
            for abuser in readers + [deaf] { abuser.send() }
            good.drain()
            goodIDs.append(try good.send("state"))
            let before = Self.flips(runner)
            pushed.toggle()
            Self.controller(runner)?.perform(pushed ? .push("confirm") : .pop)
            navigations += 1
            loop.advance(by: .milliseconds(100))
            if Self.flips(runner) == before { framesMissed.append("step \(step) at \(loop.now)") }
            for abuser in readers { abuser.read() }
            let floodReplies = flood.lines.count - 1
            if floodAnswered == nil, floodReplies >= floodLines { floodAnswered = loop.now }
            let finished = readers.allSatisfy(\.isDone) && deaf.cutOff != nil && floodAnswered != nil
            if finished, long.lines.contains(where: { $0.contains("\"after\"") }), bad.lines.count > 4, !notUTF8.lines.isEmpty { break }
        }
        good.drain()
        for abuser in readers { abuser.connection.close() }
        loop.advance(by: .milliseconds(100))
        let clientsAtEnd = runner.control?.clientCount ?? -1

        #expect(long.lines.filter { $0.contains("longer than 65536 bytes") }.count == 1, "one error for the long line: \(long.lines.map { $0.prefix(100) })")
        #expect(long.lines.last?.contains("\"ok\":true") == true, "the same connection is served after it: \(long.lines.map { $0.prefix(100) })")
        let badReplies = Array(bad.lines.dropFirst())
        #expect(badReplies.count == 4 && badReplies.allSatisfy { $0.contains("\"ok\":false") }, "\(badReplies)")
        #expect(badReplies.contains { $0.contains("invalid JSON") })
        #expect(badReplies.contains { $0.contains("must be a JSON object") })
        #expect(badReplies.contains { $0.contains("\\\"command\\\" is missing") })
        #expect(notUTF8.lines.dropFirst().first?.contains("not valid UTF-8") == true, "\(notUTF8.lines)")
        // Every flooded line got an answer; what was run is the burst plus the refill over the
        // time it took on the kiosk's clock (exact here: the clock is the test's).
        let floodReplies = flood.lines.dropFirst()
        let ran = floodReplies.filter { $0.contains("\"ok\":true") }.count
        let limited = floodReplies.filter { $0.contains("rate limited") }.count
        #expect(ran + limited == floodLines, "every flooded line got an answer: ok=\(ran) limited=\(limited) of \(floodReplies.count)")
        let seconds = Double(((floodAnswered ?? loop.now) - floodStart).value) / 1e9
        #expect(ran >= ControlServer.commandBurst, "the burst is served: ok=\(ran)")
        #expect(
            Double(ran) <= Double(ControlServer.commandBurst) + Double(ControlServer.commandsPerSecond) * seconds + 1,
            "the rate is held: ok=\(ran) in \(seconds) s")
        #expect(deaf.cutOff != nil, "a client that never reads is disconnected")
        #expect(deaf.sentBytes < 200_000 * 20, "it was cut off before it sent everything: \(deaf.sentBytes) bytes")
        // The good client got every reply it asked for, and the kiosk drew a frame after every
        // navigation, on time.
        for id in goodIDs.dropLast() { #expect(good.reply(id)?["ok"] == .bool(true), "the good client's request \(id)") }
        #expect(framesMissed.isEmpty, "a frame followed every navigation within 100 ms: missed at \(framesMissed.prefix(5))")
        print(
            "control abuse: \(navigations) navigations in \(String(fixed: seconds, decimals: 1)) s of the kiosk's clock; flood ok=\(ran) limited=\(limited); deaf: \(deaf.cutOff ?? "-")"
        )
        #expect(clientsAtEnd == 1, "only the good client is left")
    }

    @Test(
        "a client past the 32nd is told so and closed; the others stay connected and one that leaves frees its place; each client's credentials, from the kernel, are logged"
    )
    func tooManyClients() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-control")
        defer { directory.remove() }
        let socket = directory.file("control.sock")
        let loop = ManualEventLoop(readsDescriptors: true)
        let log = MemoryLogSink()
        let server = try ControlServer(path: socket, group: nil, loop: loop, logger: Logger("control", sink: log)) { _ in .success(.null) }
        defer { server.close() }
        var clients: [ControlClient] = []
        for _ in 0..<ControlServer.maximumClients {
            clients.append(try ControlClient(path: socket))
            loop.advance(by: .milliseconds(5))
        }
        #expect(server.clientCount == ControlServer.maximumClients)
        let me = "pid \(getpid()) uid \(getuid()) gid \(getgid())"
        #expect(log.messages.filter { $0 == "control client connected: \(me)" }.count == ControlServer.maximumClients, "\(log.messages.prefix(3))")
        let extra = try ControlClient(path: socket)
        loop.advance(by: .milliseconds(50))
        let refused = extra.availableLines()
        #expect(refused.lines.first?.contains("too many control clients") == true, "\(refused)")
        #expect(refused.closed, "the extra client is closed")
        // One leaves: a new client gets in.
        clients.removeFirst().close()
        loop.advance(by: .milliseconds(50))
        let late = try ControlClient(path: socket)
        loop.advance(by: .milliseconds(50))
        #expect(late.availableLines().lines.first?.contains("vitrine-control/1") == true, "a place freed by a client that left is given to the next")
        #expect(server.clientCount == ControlServer.maximumClients)
    }

    /// What a client thread found, read by the loop's thread once it finished.
    final class ThreadReport: @unchecked Sendable {
        private let lock = Locked<String>("")
        let finished = Atomic<Bool>(false)
        func set(_ outcome: String) { self.lock.withLock { $0 = outcome } }
        var outcome: String { self.lock.withLock { $0 } }
    }

    /// A blocking socket whose sends give up after 10 s, for the client that never reads.
    static func deafClient(_ path: String) throws -> ControlClient {
        let client = try ControlClient(path: path)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(client.fileDescriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return client
    }

    @Test(
        "on the real loop: a client on its own thread that asks and never reads is cut off once the kernel's buffer and the 1 MiB queue are full, and the kiosk draws after a navigation"
    )
    func deafClientOnTheRealLoop() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-control")
        defer { directory.remove() }
        let socket = directory.file("control.sock")
        let runner = try Self.runner(socket: socket, loop: try EpollEventLoop())
        unowned let scheduled = runner
        let report = ThreadReport()
        var thread: BackgroundThread?
        var drew = false
        runner.onFirstFrame = { _ in
            thread = BackgroundThread {
                defer { report.finished.store(true, ordering: .sequentiallyConsistent) }
                guard let client = try? Self.deafClient(socket) else { return report.set("no connection") }
                var request = Array("{\"command\":\"state\"}\n".utf8)
                for sent in 0..<200_000 {
                    if Glibc.send(client.fileDescriptor, &request, request.count, Int32(MSG_NOSIGNAL)) < 0 {
                        return report.set("cut off after \(sent) requests: errno \(errno)")
                    }
                }
                report.set("never cut off")
            }
            func poll() {
                if report.finished.load(ordering: .sequentiallyConsistent) {
                    // The kiosk still draws: a navigation reaches the screen.
                    let before = Self.flips(scheduled)
                    Self.controller(scheduled)?.perform(.push("confirm"))
                    _ = scheduled.loop.schedule(at: scheduled.loop.now + .milliseconds(500)) {
                        drew = Self.flips(scheduled) > before
                        scheduled.loop.stop()
                    }
                    return
                }
                _ = scheduled.loop.schedule(at: scheduled.loop.now + .milliseconds(20)) { poll() }
            }
            poll()
        }
        try runner.run(seconds: 60)
        thread?.join()
        #expect(report.outcome.hasPrefix("cut off"), "a client that never reads is disconnected: \(report.outcome)")
        #expect(drew, "a navigation after the flood reached the screen")
    }
}
