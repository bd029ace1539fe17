import Glibc
import VitrineCore
import VitrineSystem

/// The client's side of the control socket (`vitrine-control/1`, Docs/operations.md): a
/// connected Unix stream socket read and written in whole lines. `vitrine ctl`, the bench's
/// `control-navigate` row and the tests use it. (The server's side of a connection is
/// `ControlServerConnection`.)
///
/// Blocking calls (`send`, `readLine`) are for a client on a thread of its own; the `available`
/// calls never wait, for a client stepped from the loop's own thread — a test on a
/// `ManualEventLoop`, where the kiosk only reads what the client sent when the test advances it.
public final class ControlClient {
    public let path: String
    private let descriptor: OwnedDescriptor
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 65536)

    /// Connects to the socket at `path`.
    /// - Throws: `notFound` when nobody listens there (with how to start the kiosk's socket),
    ///   `permissionDenied` when the socket's group refuses this user (with the group to join),
    ///   `invalidArgument` for a path too long for a socket address.
    public init(path: String) throws(VitrineError) {
        self.path = path
        var address = try UnixSocketAddress(path: path, what: "the control socket")
        do {
            self.descriptor = try address.connect(type: Int32(SOCK_STREAM.rawValue))
        } catch {
            switch error.errno {
            case ENOENT, ECONNREFUSED:
                throw VitrineError(
                    .notFound, "no kiosk listens on \(path)",
                    hint:
                        "is vitrine.service running (systemctl status vitrine)? it listens on /run/vitrine/control.sock; a kiosk started by hand only with `vitrine run --control PATH`",
                    cause: error)
            case EACCES, EPERM:
                throw VitrineError(
                    .permissionDenied, "not allowed to use \(path)",
                    hint: "add the user to the vitrine-control group (usermod -aG vitrine-control USER, then log in again), or run as root",
                    cause: error)
            default:
                throw VitrineError(.ioFailure, "cannot connect to \(path)", cause: error)
            }
        }
    }

    /// The connected socket (for `poll`, or a test that shapes its socket options).
    public var fileDescriptor: Int32 { self.descriptor.rawValue }

    /// Closes the connection now (the kiosk reads the end).
    public func close() { self.descriptor.close() }

    // MARK: - Blocking

    /// Sends all of `text`, waiting while the socket is full.
    public func send(_ text: String) throws(VitrineError) {
        try self.send(bytes: Array(text.utf8))
    }

    /// Sends all of `bytes`, waiting while the socket is full.
    public func send(bytes: [UInt8]) throws(VitrineError) {
        var offset = 0
        while offset < bytes.count {
            let sent = try self.write(bytes[offset...], flags: Int32(MSG_NOSIGNAL))
            guard sent > 0 else { throw VitrineError(.ioFailure, "the kiosk closed \(self.path)") }
            offset += sent
        }
    }

    /// The next line, without its newline; `timeout` in seconds, nil waits for ever.
    /// - Throws: `busy` when no line came within `timeout`; `ioFailure` when the kiosk closed the
    ///   connection.
    public func readLine(timeout: Double?) throws(VitrineError) -> String {
        String(decoding: try self.readLineBytes(timeout: timeout).dropLast(), as: UTF8.self)
    }

    /// The next line with its newline, as bytes (what the bench compares and times).
    public func readLineBytes(timeout: Double?) throws(VitrineError) -> [UInt8] {
        let deadline = timeout.map { MonotonicTime.now() + .seconds($0) }
        while true {
            if let line = self.takeLine() { return line }
            let wait = deadline.map { Int32(max(0, ($0 - MonotonicTime.now()).milliseconds)) } ?? -1
            guard try self.poll(events: Int16(POLLIN), milliseconds: wait) else {
                throw VitrineError(.busy, "no reply from \(self.path) within \(timeout ?? 0) s")
            }
            guard try self.receive() else { throw VitrineError(.ioFailure, "the kiosk closed \(self.path)") }
        }
    }

    // MARK: - Never waiting

    /// Sends as much of `bytes` as the socket takes now; returns how many it took (0 when full).
    /// - Throws: `ioFailure` when the kiosk closed the connection.
    @discardableResult
    public func sendAvailable(_ bytes: ArraySlice<UInt8>) throws(VitrineError) -> Int {
        guard !bytes.isEmpty else { return 0 }
        do throws(VitrineError) {
            return try self.write(bytes, flags: Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        } catch  where error.code == .busy {
            return 0
        } catch {
            throw error
        }
    }

    /// Every whole line that has arrived, without their newlines; nothing when none has.
    /// `closed` tells whether the kiosk closed the connection (what came before is returned).
    public func availableLines() -> (lines: [String], closed: Bool) {
        var closed = false
        while !closed, (try? self.poll(events: Int16(POLLIN), milliseconds: 0)) == true {
            closed = (try? self.receive()) != true
        }
        var lines: [String] = []
        while let line = self.takeLine() { lines.append(String(decoding: line.dropLast(), as: UTF8.self)) }
        return (lines, closed)
    }

    // MARK: - The socket

    private func takeLine() -> [UInt8]? {
        guard let newline = self.buffer.firstIndex(of: 10) else { return nil }
        let line = Array(self.buffer[...newline])
        self.buffer.removeSubrange(...newline)
        return line
    }

    /// Whether the socket is ready for `events` within `milliseconds` (-1: for ever).
    private func poll(events: Int16, milliseconds: Int32) throws(VitrineError) -> Bool {
        var poller = pollfd(fd: self.descriptor.rawValue, events: events, revents: 0)
        do {
            return try Syscall.retrying("poll") { Glibc.poll(&poller, 1, milliseconds) } > 0
        } catch {
            throw VitrineError(.ioFailure, "cannot wait for \(self.path)", cause: error)
        }
    }

    /// Reads what is there into the buffer; false at the end of the stream.
    private func receive() throws(VitrineError) -> Bool {
        let fd = self.descriptor.rawValue
        let count: Int
        do {
            count = try Syscall.retryingSize("recv") { self.chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } }
        } catch {
            throw VitrineError(.ioFailure, "the kiosk closed \(self.path)", cause: error)
        }
        guard count > 0 else { return false }
        self.buffer += self.chunk[..<count]
        return true
    }

    /// One `send`; `busy` when it would block (MSG_DONTWAIT), `ioFailure` when the kiosk is gone.
    private func write(_ bytes: ArraySlice<UInt8>, flags: Int32) throws(VitrineError) -> Int {
        let fd = self.descriptor.rawValue
        do {
            return try Syscall.retryingSize("send") { bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, flags) } }
        } catch {
            if error.errno == EAGAIN || error.errno == EWOULDBLOCK { throw VitrineError(.busy, "\(self.path) is full", cause: error) }
            throw VitrineError(.ioFailure, "the kiosk closed \(self.path)", cause: error)
        }
    }
}
