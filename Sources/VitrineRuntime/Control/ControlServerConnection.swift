import Glibc
import VitrineCore
import VitrineSystem

/// The server's side of one connection to the control socket: reads the client's lines, answers
/// them through the server, and queues what it is sent — never blocking the loop. (The client's
/// side, what `vitrine ctl` uses, is `ControlClient`.)
///
/// - Input is read 64 KiB at a time; at most `ControlServer.commandsPerWakeup` lines are handled
///   per wake-up (the rest wait for a timer due at once, so other fds are served in between), and
///   a token bucket (`commandsPerSecond`, `commandBurst`) answers a flood with a short
///   `rate limited` error without parsing it.
/// - A line longer than `maximumLineLength` gets one error reply; the rest of it is discarded up to
///   its newline and the client stays connected.
/// - Output is sent with `MSG_DONTWAIT | MSG_NOSIGNAL`; what does not fit waits in a queue sent
///   when the socket is writable. A client whose queue would pass `maximumQueuedBytes` is not
///   reading its replies and is disconnected.
final class ControlServerConnection {
    /// Why a connection ended.
    enum Ending {
        /// EOF, EPIPE, ECONNRESET: the client went away.
        case vanished
        /// Its output queue passed the bound.
        case notReading
        /// The server closed.
        case serverClosed
        /// The loop would not watch its socket for room to write (`epoll_ctl`).
        case unwatchable(SystemError)
    }

    let descriptor: OwnedDescriptor
    let peer: ControlPeer
    /// Which event kinds it gets: nil until it subscribes, empty for all of them.
    var subscription: Set<String>?
    private unowned let server: ControlServer
    private let loop: any EventLoop
    private var input: [UInt8] = []
    /// Set after a line passed the limit without a newline: input is dropped up to the next one.
    private var discardingLongLine = false
    private var output: [UInt8] = []
    private var outputStart = 0
    private var readWatch: WatchID?
    private var writeWatch: WatchID?
    private var drainScheduled = false
    private var tokens = Double(ControlServer.commandBurst)
    private var refilled: MonotonicTime
    private(set) var isClosed = false

    /// - Throws: when the loop cannot watch the socket (`epoll_ctl`).
    init(descriptor: OwnedDescriptor, peer: ControlPeer, server: ControlServer, loop: any EventLoop) throws(SystemError) {
        self.descriptor = descriptor
        self.peer = peer
        self.server = server
        self.loop = loop
        self.refilled = loop.now
        self.readWatch = try loop.watch(fileDescriptor: descriptor.rawValue) { [weak self] in self?.readable() }
    }

    var queuedBytes: Int { self.output.count - self.outputStart }

    // MARK: - Input

    private func readable() {
        guard !self.isClosed else { return }
        var budget = ControlServer.commandsPerWakeup
        self.handleLines(budget: &budget)
        // Read more only when every complete line is handled: unread data keeps the fd readable.
        guard !self.isClosed, budget > 0 else { return self.scheduleDrain() }
        let chunk: [UInt8]?
        do {
            chunk = try self.descriptor.read(upTo: ControlServer.readChunk)
        } catch {
            return self.close(.vanished)
        }
        guard let chunk else { return self.close(.vanished) }
        guard !chunk.isEmpty else { return }
        self.append(chunk)
        self.handleLines(budget: &budget)
        self.scheduleDrain()
    }

    private func append(_ chunk: [UInt8]) {
        var bytes = chunk[...]
        if self.discardingLongLine {
            guard let newline = bytes.firstIndex(of: 10) else { return }
            self.discardingLongLine = false
            bytes = bytes[(newline + 1)...]
        }
        self.input.append(contentsOf: bytes)
    }

    /// Handles complete lines while `budget` lasts; refuses a line that grew past the limit.
    private func handleLines(budget: inout Int) {
        var start = 0
        while budget > 0, !self.isClosed, let newline = self.input[start...].firstIndex(of: 10) {
            let line = self.input[start..<newline]
            start = newline + 1
            budget -= 1
            if line.count > ControlServer.maximumLineLength {
                self.send(Self.lineTooLong)
            } else {
                self.handle(line)
            }
        }
        guard !self.isClosed else { return }
        self.input.removeSubrange(0..<start)
        if self.input.count > ControlServer.maximumLineLength, self.input.firstIndex(of: 10) == nil {
            self.input.removeAll(keepingCapacity: false)
            self.discardingLongLine = true
            self.send(Self.lineTooLong)
        }
    }

    private func scheduleDrain() {
        guard !self.isClosed, !self.drainScheduled, self.input.contains(10) else { return }
        self.drainScheduled = true
        self.loop.schedule(at: self.loop.now) { [weak self] in
            self?.drainScheduled = false
            self?.readable()
        }
    }

    private func handle(_ line: ArraySlice<UInt8>) {
        var line = line
        if line.last == 13 { line.removeLast() }
        if line.allSatisfy({ $0 == 32 || $0 == 9 }) { return }
        guard self.takeToken() else { return self.send(Self.rateLimited) }
        switch ControlRequest.parse(line, peer: self.peer, commandNames: self.server.commandNames) {
        case .success(let request): self.reply(self.server.answer(request, from: self), id: request.id)
        case .failure(let rejection): self.reply(.failure(rejection.message), id: rejection.id)
        }
    }

    /// The token bucket: `commandsPerSecond` refill, `commandBurst` at most.
    private func takeToken() -> Bool {
        let now = self.loop.now
        let elapsed = Double((now - self.refilled).value) / 1e9
        self.refilled = now
        self.tokens = min(Double(ControlServer.commandBurst), self.tokens + elapsed * Double(ControlServer.commandsPerSecond))
        guard self.tokens >= 1 else { return false }
        self.tokens -= 1
        return true
    }

    private func reply(_ reply: ControlReply, id: JSONValue?) {
        self.send(reply.message(id: id))
    }

    private static let lineTooLong = ControlServerConnection.encode(
        ControlReply.failure("line longer than \(ControlServer.maximumLineLength) bytes; the rest of it up to its newline is ignored — send shorter requests")
            .message(id: nil))
    private static let rateLimited = ControlServerConnection.encode(
        ControlReply.failure(
            "rate limited: more than \(ControlServer.commandsPerSecond) commands a second (bursts of \(ControlServer.commandBurst)); this one was not run — send fewer"
        ).message(id: nil))

    static func encode(_ message: JSONValue) -> [UInt8] {
        Array((message.serialized(pretty: false) + "\n").utf8)
    }

    // MARK: - Output

    func send(_ message: JSONValue) {
        self.send(Self.encode(message))
    }

    /// Sends `line` (newline included) now, as far as the socket takes it, and queues the rest.
    func send(_ line: [UInt8]) {
        guard !self.isClosed else { return }
        if self.queuedBytes == 0 {
            let sent = self.write(line[...])
            guard let sent, !self.isClosed else { return }
            if sent == line.count { return }
            guard line.count - sent <= ControlServer.maximumQueuedBytes else { return self.close(.notReading) }
            self.output = Array(line[sent...])
            self.outputStart = 0
        } else {
            guard self.queuedBytes + line.count <= ControlServer.maximumQueuedBytes else { return self.close(.notReading) }
            self.output.append(contentsOf: line)
        }
        if self.writeWatch == nil {
            do {
                self.writeWatch = try self.loop.watch(fileDescriptor: self.descriptor.rawValue, events: .writable) { [weak self] in self?.flush() }
            } catch {
                self.close(.unwatchable(error))
            }
        }
    }

    private func flush() {
        guard !self.isClosed else { return }
        guard let sent = self.write(self.output[self.outputStart...]), !self.isClosed else { return }
        self.outputStart += sent
        if self.outputStart == self.output.count {
            self.output = []
            self.outputStart = 0
            if let watch = self.writeWatch { self.loop.unwatch(watch) }
            self.writeWatch = nil
        } else if self.outputStart > 1 << 16, self.outputStart * 2 > self.output.count {
            self.output.removeSubrange(0..<self.outputStart)
            self.outputStart = 0
        }
    }

    /// How many bytes the socket took (0 when it is full); nil after the peer went away.
    private func write(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return 0 }
        let fd = self.descriptor.rawValue
        do throws(SystemError) {
            return try Syscall.retryingSize("send") {
                bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
            }
        } catch  where error.errno == EAGAIN || error.errno == EWOULDBLOCK {
            return 0
        } catch {
            self.close(.vanished)
            return nil
        }
    }

    // MARK: - Closing

    func close(_ ending: Ending) {
        guard !self.isClosed else { return }
        self.isClosed = true
        if let watch = self.readWatch { self.loop.unwatch(watch) }
        if let watch = self.writeWatch { self.loop.unwatch(watch) }
        self.readWatch = nil
        self.writeWatch = nil
        self.descriptor.close()
        self.input = []
        self.output = []
        self.server.closed(self, ending)
    }
}
