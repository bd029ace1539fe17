import CVitrineShims
import Glibc
import VitrineCore

/// Tells systemd how the service is doing, without libsystemd: one `AF_UNIX` datagram of
/// newline-separated `KEY=VALUE` lines to the socket in `$NOTIFY_SOCKET` (sd_notify(3); the
/// standalone version is systemd's `man/notify-selfcontained-example.c`).
///
/// A path starting with `@` is an abstract socket: the `@` becomes a NUL byte and the address
/// length counts no trailing NUL (the usual bug, research/kiosk_boot.md §2).
public final class SystemdNotifier {
    public let socketPath: String
    private var address: UnixSocketAddress
    private let descriptor: OwnedDescriptor
    private let logger: Logger
    private var failed = false
    /// Every message sent (for logs and tests).
    public private(set) var sent: [String] = []

    /// The notifier for `$NOTIFY_SOCKET`, or nil when the process is not run by systemd with
    /// `Type=notify` (or the variable is not an absolute or abstract path).
    public static func fromEnvironment(logger: Logger = Logger("systemd")) -> SystemdNotifier? {
        guard let path = Environment.value("NOTIFY_SOCKET") else { return nil }
        return try? SystemdNotifier(socketPath: path, logger: logger)
    }

    public init(socketPath: String, logger: Logger = Logger("systemd")) throws(VitrineError) {
        guard let first = socketPath.first, first == "/" || first == "@" else {
            throw VitrineError(.invalidArgument, "NOTIFY_SOCKET=\(socketPath) is neither a path nor an abstract socket (@…)")
        }
        do {
            self.address = try UnixSocketAddress(path: socketPath, what: "NOTIFY_SOCKET", example: "/run/systemd/notify")
        } catch {
            throw VitrineError(.invalidArgument, "NOTIFY_SOCKET=\(socketPath) is longer than a socket address can be")
        }
        self.socketPath = socketPath
        self.logger = logger
        let kind = Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        do {
            self.descriptor = OwnedDescriptor(adopting: try Syscall.retrying("socket(AF_UNIX, SOCK_DGRAM)") { socket(AF_UNIX, kind, 0) })
        } catch {
            throw VitrineError(.ioFailure, "cannot create the systemd notification socket", cause: error)
        }
    }

    /// Sends one message; a failure is logged once (systemd gone is not fatal to a kiosk).
    @discardableResult
    public func send(_ fields: [(String, String)]) -> Bool {
        let message = fields.map { "\($0.0)=\($0.1)" }.joined(separator: "\n")
        let bytes = Array(message.utf8)
        let fd = self.descriptor.rawValue
        let result = self.address.withSockaddr { address, length in
            bytes.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), address, length) }
        }
        guard result >= 0 else {
            if !self.failed {
                self.failed = true
                self.logger.warning("cannot notify systemd at \(self.socketPath): \(SystemError("sendto", errno: errno).errnoText)")
            }
            return false
        }
        self.sent.append(message)
        return true
    }

    public func ready(status: String? = nil) {
        var fields = [("READY", "1")]
        if let status { fields.append(("STATUS", status)) }
        fields.append(("MAINPID", String(getpid())))
        self.send(fields)
    }

    public func status(_ text: String) { self.send([("STATUS", text)]) }
    public func watchdog() { self.send([("WATCHDOG", "1")]) }
    public func stopping() { self.send([("STOPPING", "1")]) }
    public func reloading() { self.send([("RELOADING", "1")]) }

    /// Half the watchdog period from `WATCHDOG_USEC`, when the watchdog is on for this process
    /// (`WATCHDOG_PID` unset or ours): how often to send `WATCHDOG=1` (sd_watchdog_enabled(3)).
    public static func watchdogInterval(environment: (String) -> String? = Environment.value) -> Nanoseconds? {
        guard let text = environment("WATCHDOG_USEC"), let usec = Int64(text), usec > 0 else { return nil }
        if let pid = environment("WATCHDOG_PID"), pid != String(getpid()) { return nil }
        return Nanoseconds.microseconds(usec) / 2
    }
}

/// Sends `WATCHDOG=1` every interval from the run loop: if the loop hangs, the pings stop and
/// systemd restarts the service. It pings whether or not frames flow (no display, VT away).
public final class WatchdogPinger {
    private let loop: Clock
    private let interval: Nanoseconds
    private let ping: () -> Void
    private var timer: TimerID?
    public private(set) var pings = 0

    public init(loop: Clock, interval: Nanoseconds, ping: @escaping () -> Void) {
        self.loop = loop
        self.interval = interval
        self.ping = ping
    }

    public func start() {
        self.schedule(at: self.loop.now)
    }

    public func stop() {
        if let timer = self.timer { self.loop.cancel(timer) }
        self.timer = nil
    }

    private func schedule(at time: MonotonicTime) {
        self.timer = self.loop.schedule(at: time) { [weak self] in
            guard let self else { return }
            self.pings += 1
            self.ping()
            self.schedule(at: time + self.interval)
        }
    }
}
