import Glibc
import Testing
import VitrineCore
import VitrineSystem

/// A datagram socket standing in for systemd's notification socket.
final class NotifySocket {
    let fd: Int32
    let path: String

    init(abstract: Bool) throws {
        self.fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        let name = "vitrine-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        self.path = abstract ? "@" + name : "/tmp/" + name
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(self.path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            if abstract { raw[0] = 0 }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let status = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(self.fd, $0, length) } }
        #expect(status == 0)
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(self.fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { recv(self.fd, $0.baseAddress, $0.count, 0) }
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
    }

    deinit {
        close(self.fd)
        if !self.path.hasPrefix("@") { unlink(self.path) }
    }
}

@Suite("sd_notify without libsystemd")
struct SystemdNotifierTests {
    @Test("messages reach a socket named by path and by an abstract @ name", arguments: [false, true])
    func datagrams(abstract: Bool) throws {
        let server = try NotifySocket(abstract: abstract)
        let notifier = try SystemdNotifier(socketPath: server.path)
        notifier.ready(status: "showing the kiosk")
        #expect(server.receive() == "READY=1\nSTATUS=showing the kiosk\nMAINPID=\(getpid())")
        notifier.watchdog()
        #expect(server.receive() == "WATCHDOG=1")
        notifier.stopping()
        #expect(server.receive() == "STOPPING=1")
    }

    @Test("a relative NOTIFY_SOCKET is refused; a vanished socket is logged once and not fatal")
    func badSockets() throws {
        #expect(throws: VitrineError.self) { try SystemdNotifier(socketPath: "relative/path") }
        let sink = MemoryLogSink()
        let notifier = try SystemdNotifier(socketPath: "/tmp/vitrine-no-such-socket-\(getpid())", logger: Logger("t", sink: sink))
        #expect(!notifier.send([("STATUS", "a")]))
        #expect(!notifier.send([("STATUS", "b")]))
        #expect(sink.entries.count == 1)
    }

    @Test("the watchdog interval is half of WATCHDOG_USEC, and only for this PID")
    func watchdogInterval() {
        let env: [String: String] = ["WATCHDOG_USEC": "10000000", "WATCHDOG_PID": String(getpid())]
        #expect(SystemdNotifier.watchdogInterval { env[$0] } == .seconds(5))
        #expect(SystemdNotifier.watchdogInterval { ["WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "1"][$0] } == nil)
        #expect(SystemdNotifier.watchdogInterval { _ in nil } == nil)
    }

    @Test("the watchdog pings at every half period on the loop's clock")
    func cadence() {
        let loop = ManualEventLoop()
        var times: [MonotonicTime] = []
        let pinger = WatchdogPinger(loop: loop, interval: .seconds(5)) { times.append(loop.now) }
        pinger.start()
        loop.advance(by: .seconds(21))
        #expect(times.map(\.seconds) == [0, 5, 10, 15, 20])
        pinger.stop()
        loop.advance(by: .seconds(20))
        #expect(times.count == 5)
    }
}
