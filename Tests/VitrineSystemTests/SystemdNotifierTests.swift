import Glibc
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

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
