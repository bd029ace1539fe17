import Glibc
import Synchronization
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

@testable import VitrineCLI

/// The control socket's limits on the running kiosk: clients that misbehave get an answer or are
/// cut off, and the kiosk goes on drawing and answering the others.
extension ControlSocketTests {
    /// How long a navigation may wait for its frame before it counts as never drawn. A wall-clock
    /// figure on a shared two-core host: p50 is a few ms and the worst was 2.5 s with the unit
    /// tests under AddressSanitizer and the other core busy, so only a frame that never came fails.
    static let frameDeadline = Nanoseconds.seconds(30)

    /// What the flooding threads found, read by the loop's thread once they finished.
    final class FloodReport: @unchecked Sendable {
        let lock = Mutex<[String: [String]]>([:])
        let finished = Atomic<Int>(0)
        func add(_ key: String, _ line: String) { self.lock.withLock { $0[key, default: []].append(line) } }
        func lines(_ key: String) -> [String] { self.lock.withLock { $0[key] ?? [] } }
    }

    /// A blocking socket whose sends give up after 10 s, for the client that never reads.
    static func rawClient(_ path: String) -> Int32 {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    @Test(
        "abuse: 10 MB without a newline, invalid UTF-8 and JSON, 10,000 commands at once, a client that never reads — each gets its answer, the kiosk keeps drawing frames and answering a good client"
    )
    func abuse() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-control")
        defer { directory.remove() }
        let socket = directory.file("control.sock")
        let runner = try Self.runner(socket: socket)
        // The loop keeps the closures of timers still pending when it stops (the poll below);
        // they reach the runner unowned, so the runner, its loop and scene are freed after the test.
        unowned let scheduled = runner
        let report = FloodReport()
        var threads: [BackgroundThread] = []
        var good: SteppedClient!
        var goodIDs: [Int] = []
        var latencies: [Double] = []
        var pushed = false
        var floodStart = MonotonicTime.zero
        var floodEnd = MonotonicTime.zero
        let threadCount = 4
        var clientsAtEnd = 0

        func startFloods() {
            floodStart = scheduled.loop.now
            // 10 MB without a newline, then a good request on the same connection.
            threads.append(
                BackgroundThread {
                    defer { report.finished.add(1, ordering: .sequentiallyConsistent) }
                    guard let connection = try? ControlConnection(path: socket) else { return report.add("long", "no connection") }
                    let chunk = String(repeating: "x", count: 1 << 20)
                    do {
                        for _ in 0..<10 { try connection.send(chunk) }
                        try connection.send("\n{\"id\":\"after\",\"command\":\"hello\"}\n")
                        while true {
                            let line = try connection.readLine(timeout: 30)
                            report.add("long", line)
                            if line.contains("\"after\"") { break }
                        }
                    } catch { report.add("long", "failed: \(error)") }
                })
            // Bytes that are not UTF-8, not JSON, not an object, an object without a command.
            threads.append(
                BackgroundThread {
                    defer { report.finished.add(1, ordering: .sequentiallyConsistent) }
                    guard let connection = try? ControlConnection(path: socket) else { return report.add("bad", "no connection") }
                    let fd = Self.rawClient(socket)
                    defer { Glibc.close(fd) }
                    do {
                        _ = try connection.readLine(timeout: 30)
                        try connection.send("not json\n[1]\n{\"id\":4}\n{\"command\":7}\n")
                        for _ in 0..<4 { report.add("bad", try connection.readLine(timeout: 30)) }
                    } catch { report.add("bad", "failed: \(error)") }
                    // Raw bytes 0xFF 0xFE on their own line (Swift strings cannot hold them).
                    var bytes: [UInt8] = [0xFF, 0xFE, 0x0A]
                    _ = Glibc.send(fd, &bytes, 3, Int32(MSG_NOSIGNAL))
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    var text = ""
                    while !text.contains("UTF-8") {
                        let count = Glibc.recv(fd, &buffer, buffer.count, 0)
                        guard count > 0 else { break }
                        text += String(decoding: buffer[..<count], as: UTF8.self)
                    }
                    report.add("utf8", text)
                })
            // 10,000 commands at once, replies read by a second thread.
            threads.append(
                BackgroundThread {
                    defer { report.finished.add(1, ordering: .sequentiallyConsistent) }
                    guard let connection = try? ControlConnection(path: socket) else { return report.add("flood", "no connection") }
                    let reader = BackgroundThread {
                        var ok = 0
                        var limited = 0
                        do {
                            _ = try connection.readLine(timeout: 30)
                            while ok + limited < 10_000 {
                                let line = try connection.readLine(timeout: 30)
                                if line.contains("\"ok\":true") { ok += 1 } else if line.contains("rate limited") { limited += 1 }
                            }
                        } catch { report.add("flood", "failed: \(error)") }
                        report.add("flood", "ok=\(ok) limited=\(limited)")
                    }
                    let lines = String(repeating: "{\"command\":\"idle-reset\"}\n", count: 10_000)
                    do { try connection.send(lines) } catch { report.add("flood", "send failed: \(error)") }
                    reader.join()
                })
            // Asks and asks and never reads a reply.
            threads.append(
                BackgroundThread {
                    defer { report.finished.add(1, ordering: .sequentiallyConsistent) }
                    let fd = Self.rawClient(socket)
                    defer { Glibc.close(fd) }
                    var request = Array("{\"command\":\"state\"}\n".utf8)
                    for sent in 0..<200_000 {
                        if Glibc.send(fd, &request, request.count, Int32(MSG_NOSIGNAL)) < 0 {
                            report.add("deaf", "cut off after \(sent) requests: errno \(errno)")
                            return
                        }
                    }
                    report.add("deaf", "never cut off")
                })
        }

        func measureFrame() {
            let start = scheduled.loop.now
            let before = Self.flips(scheduled)
            pushed.toggle()
            Self.controller(scheduled)?.perform(pushed ? .push("confirm-day") : .pop)
            func poll() {
                if Self.flips(scheduled) > before {
                    latencies.append(Double((scheduled.loop.now - start).value) / 1e6)
                } else if scheduled.loop.now - start < Self.frameDeadline {
                    _ = scheduled.loop.schedule(at: scheduled.loop.now + .milliseconds(1)) { poll() }
                } else {
                    latencies.append(.infinity)
                }
            }
            poll()
        }

        var ticks = 0
        func tick() {
            ticks += 1
            good.drain()
            if ticks == 1 { startFloods() }
            do { goodIDs.append(try good.send("state")) } catch { Issue.record(error) }
            measureFrame()
            let done = report.finished.load(ordering: .sequentiallyConsistent) == threadCount
            if done && floodEnd == .zero { floodEnd = scheduled.loop.now }
            if (done && ticks > 3 && scheduled.loop.now - floodEnd > .milliseconds(300)) || ticks > 600 {
                clientsAtEnd = scheduled.control?.clientCount ?? -1
                return scheduled.loop.stop()
            }
            _ = scheduled.loop.schedule(at: scheduled.loop.now + .milliseconds(100)) { tick() }
        }
        scheduled.onFirstFrame = { _ in
            do { good = try SteppedClient(path: socket) } catch { Issue.record(error) }
            _ = scheduled.loop.schedule(at: scheduled.loop.now + .milliseconds(100)) { tick() }
        }
        try runner.run(seconds: 90)
        for thread in threads { thread.join() }

        let long = report.lines("long")
        #expect(long.filter { $0.contains("longer than 65536 bytes") }.count == 1, "one error for the long line: \(long.map { $0.prefix(100) })")
        #expect(long.last?.contains("\"ok\":true") == true, "the same connection is served after it: \(long.map { $0.prefix(100) })")
        let bad = report.lines("bad")
        #expect(bad.count == 4 && bad.allSatisfy { $0.contains("\"ok\":false") }, "\(bad)")
        #expect(bad.contains { $0.contains("invalid JSON") })
        #expect(bad.contains { $0.contains("must be a JSON object") })
        #expect(bad.contains { $0.contains("\\\"command\\\" is missing") })
        #expect(report.lines("utf8").first?.contains("not valid UTF-8") == true, "\(report.lines("utf8"))")
        let flood = report.lines("flood").first ?? ""
        let counts = flood.split(separator: " ").compactMap { Int($0.split(separator: "=").last ?? "") }
        #expect(counts.count == 2 && counts[0] + counts[1] == 10_000, "every flooded line got an answer: \(flood)")
        if counts.count == 2 {
            let seconds = Double((floodEnd - floodStart).value) / 1e9
            #expect(counts[0] >= ControlServer.commandBurst, "the burst is served: \(flood)")
            #expect(
                Double(counts[0]) <= Double(ControlServer.commandBurst) + Double(ControlServer.commandsPerSecond) * seconds + 10,
                "the rate is held: \(flood) in \(seconds) s")
        }
        #expect(report.lines("deaf").first?.hasPrefix("cut off") == true, "a client that never reads is disconnected: \(report.lines("deaf"))")
        // The good client got every reply it asked for, the kiosk drew a frame after every change.
        for id in goodIDs.dropLast() { #expect(good.reply(id)?["ok"] == .bool(true), "the good client's request \(id)") }
        let worst = latencies.max() ?? .infinity
        let sorted = latencies.sorted()
        print("control abuse: \(latencies.count) navigations during the floods, frame after p50 \(sorted[sorted.count / 2]) ms, worst \(worst) ms")
        // The figure is printed; only a navigation that never reached a frame fails (see
        // frameDeadline). The tight number is `vitrine bench`'s control-navigate row.
        #expect(worst.isFinite, "a frame followed every navigation: worst \(worst) ms")
        #expect(clientsAtEnd == 1, "only the good client is left")
    }

    @Test("a client past the 32nd is told so and closed; the others stay connected and one that leaves frees its place")
    func tooManyClients() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-control")
        defer { directory.remove() }
        let socket = directory.file("control.sock")
        let loop = try EpollEventLoop()
        let server = try ControlServer(path: socket, group: nil, loop: loop, logger: Logger("control", sink: MemoryLogSink())) { _ in .success(.null) }
        defer { server.close() }
        var clients: [ControlConnection] = []
        var refused: String?
        var countAtLimit = 0
        var afterLeaving = ""
        func connectNext() {
            do {
                if clients.count < ControlServer.maximumClients {
                    clients.append(try ControlConnection(path: socket))
                } else if refused == nil {
                    countAtLimit = server.clientCount
                    let extra = try ControlConnection(path: socket)
                    _ = loop.schedule(at: loop.now + .milliseconds(50)) {
                        refused = try? extra.readLine(timeout: 1)
                        // One leaves: a new client gets in.
                        clients.removeFirst()
                        _ = loop.schedule(at: loop.now + .milliseconds(50)) {
                            do {
                                let late = try ControlConnection(path: socket)
                                _ = loop.schedule(at: loop.now + .milliseconds(50)) {
                                    afterLeaving = (try? late.readLine(timeout: 1)) ?? ""
                                    loop.stop()
                                }
                            } catch {
                                Issue.record(error)
                                loop.stop()
                            }
                        }
                    }
                    return
                }
            } catch {
                Issue.record(error)
                return loop.stop()
            }
            _ = loop.schedule(at: loop.now + .milliseconds(5)) { connectNext() }
        }
        connectNext()
        try loop.run(for: .seconds(20))
        #expect(countAtLimit == ControlServer.maximumClients)
        #expect(refused?.contains("too many control clients") == true, "\(refused ?? "nothing")")
        #expect(afterLeaving.contains("vitrine-control/1"), "a place freed by a client that left is given to the next: \(afterLeaving)")
        #expect(server.clientCount == ControlServer.maximumClients)
    }
}
