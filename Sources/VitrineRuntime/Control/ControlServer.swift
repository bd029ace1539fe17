import CVitrineShims
import Glibc
import VitrineCore
import VitrineSystem

/// The kiosk's control socket: a Unix stream socket served from the run loop (no threads), over
/// which the integrator's software steers the kiosk and hears its events. Docs/operations.md,
/// "Control socket", describes the protocol, `vitrine-control/1`:
///
/// - On connect the server sends `{"protocol":"vitrine-control/1","commands":[…]}`.
/// - A request is one JSON object per line: `{"id": 1, "command": "state"}` (the `id` is
///   optional, of any type, and echoed); the reply is `{"id":1,"ok":true,"result":…}` or
///   `{"id":1,"ok":false,"error":"…"}`.
/// - `{"command":"subscribe","events":["emit"]}` starts events (`{"event":"emit","name":…,
///   "payload":…,"time_ms":…}`) on that connection; `unsubscribe` stops them. `hello`,
///   `subscribe` and `unsubscribe` are answered here; every other command goes to `handler`, so
///   the server knows nothing of what the commands do.
///
/// Access is the file's: mode 0660, group `group` (`vitrine-control` by default) when it exists.
/// Each client's credentials (`SO_PEERCRED`) are logged. Limits (below) keep one client from
/// starving the loop, filling memory, or keeping a slot it does not use.
public final class ControlServer {
    /// The protocol's name and version, sent in the hello line.
    public static let protocolName = "vitrine-control/1"
    /// The group given the socket when none is named: the users allowed to steer the kiosk.
    public static let defaultGroup = "vitrine-control"
    /// The longest request line, newline excluded: 64 KiB, far above any command, small enough that
    /// one client's partial line is a bounded buffer.
    public static let maximumLineLength = 65536
    /// How much is read from a client per wake-up.
    static let readChunk = 65536
    /// At most this many lines of one client are handled per wake-up; the rest wait for the next
    /// turn of the loop, after other fds and due timers (frames, touches) were served.
    public static let commandsPerWakeup = 64
    /// A client's sustained command rate: far above what a ticket machine or a CMS sends, far below
    /// what would take the loop's time (one `state` is well under a millisecond).
    public static let commandsPerSecond = 200
    /// The token bucket's size: a client may send this many at once after a quiet time.
    public static let commandBurst = 400
    /// The most bytes queued for one client (replies and events it has not read): 1 MiB. A client
    /// that lets more pile up is not reading and is disconnected.
    public static let maximumQueuedBytes = 1 << 20
    /// The most clients connected at once; more are told so and closed.
    public static let maximumClients = 32
    /// The commands the server answers itself.
    public static let ownCommands = ["hello", "subscribe", "unsubscribe"]

    public typealias Handler = (ControlRequest) -> ControlReply

    public let path: String
    private let loop: any EventLoop
    private let logger: Logger
    private let handler: Handler
    private let commands: () -> [String]
    private var listener: OwnedDescriptor
    private var listenWatch: WatchID?
    /// The socket file's identity, so `close` removes only the file this server made.
    private var fileIdentity: (device: UInt64, inode: UInt64)?
    private var clients: [ObjectIdentifier: ControlServerConnection] = [:]

    /// Creates the socket at `path` and starts accepting.
    ///
    /// - Parameters:
    ///   - group: the group the socket file is given (nil: the process's own). When it does not
    ///     exist or `chown` fails, a warning names it and the socket stays with the process's group.
    ///   - commands: the handler's commands, listed in the hello line and in errors.
    /// - Throws: when a file that is not a socket is at `path`, another process listens there, or
    ///   the socket cannot be created or bound; the message names the path and what to do.
    public init(
        path: String, group: String? = ControlServer.defaultGroup, loop: any EventLoop, logger: Logger = Logger("control"),
        commands: @escaping () -> [String] = { [] }, handler: @escaping Handler
    ) throws(VitrineError) {
        self.path = path
        self.loop = loop
        self.logger = logger
        self.handler = handler
        self.commands = commands
        var address = try UnixSocketAddress(path: path, what: "the control socket")
        try Self.removeStaleSocket(at: path, address: &address)
        do throws(SystemError) {
            self.listener = try address.bind(type: Int32(SOCK_STREAM.rawValue), nonBlocking: true)
            let fd = self.listener.rawValue
            try Syscall.retrying("listen(\(path))") { listen(fd, 16) }
        } catch {
            let hint =
                error.errno == ENOENT || error.errno == EACCES
                ? "create the directory and let the kiosk's user write it (systemd: RuntimeDirectory=vitrine), or pass --control with another path"
                : nil
            throw VitrineError(.ioFailure, "cannot listen on the control socket \(path)", hint: hint, cause: error)
        }
        let fd = self.listener.rawValue
        var info = stat()
        if lstat(path, &info) == 0 { self.fileIdentity = (UInt64(info.st_dev), UInt64(info.st_ino)) }
        if chmod(path, 0o660) != 0 {
            logger.warning("cannot make the control socket \(path) mode 0660: \(SystemError("chmod", errno: Syscall.lastErrno).errnoText)")
        }
        if let group { self.assignGroup(group) }
        do {
            self.listenWatch = try loop.watch(fileDescriptor: fd) { [weak self] in self?.accept() }
        } catch {
            throw VitrineError(.ioFailure, "cannot accept connections on the control socket \(path)", cause: error)
        }
        logger.notice("control socket \(path) (\(Self.protocolName)) listening")
    }

    deinit { self.close() }

    /// Every command a client may send, the server's own first.
    public var commandNames: [String] { Self.ownCommands + self.commands() }

    /// How many clients are connected; how many of them subscribed.
    public var clientCount: Int { self.clients.count }
    public var subscriberCount: Int { self.clients.values.filter { $0.subscription != nil }.count }

    /// Queues `event` (one object, sent as one line) to every client subscribed to `kind`.
    public func broadcast(_ event: JSONValue, kind: String) {
        let targets = self.clients.values.filter { client in client.subscription.map { $0.isEmpty || $0.contains(kind) } ?? false }
        guard !targets.isEmpty else { return }
        let line = ControlServerConnection.encode(event)
        for client in targets { client.send(line) }
    }

    /// Disconnects every client, stops listening and removes the socket file (if it is still the
    /// one this server made).
    public func close() {
        guard self.listener.isOpen else { return }
        for client in Array(self.clients.values) { client.close(.serverClosed) }
        if let watch = self.listenWatch { self.loop.unwatch(watch) }
        self.listenWatch = nil
        self.listener.close()
        var info = stat()
        if let identity = self.fileIdentity, lstat(self.path, &info) == 0, UInt64(info.st_dev) == identity.device, UInt64(info.st_ino) == identity.inode {
            unlink(self.path)
        }
    }

    // MARK: - Commands

    func answer(_ request: ControlRequest, from client: ControlServerConnection) -> ControlReply {
        switch request.command {
        case "hello":
            return .success(self.hello)
        case "subscribe":
            var kinds: Set<String> = []
            switch request.arguments["events"] {
            case nil, .null?: break
            case .string(let kind)?: kinds = [kind]
            case .array(let items)?:
                for item in items {
                    guard let kind = item.stringValue else {
                        return .failure("subscribe: \"events\" must list event kinds as strings, e.g. [\"emit\", \"screen\"]; found \(item.kindName)")
                    }
                    kinds.insert(kind)
                }
            case let other?:
                return .failure("subscribe: \"events\" must be an array of event kinds, e.g. [\"emit\", \"screen\"], not \(other.kindName)")
            }
            client.subscription = kinds
            return .success(.object([("events", kinds.isEmpty ? .string("all") : .array(kinds.sorted().map(JSONValue.string)))]))
        case "unsubscribe":
            client.subscription = nil
            return .success(.object([("events", .string("none"))]))
        default:
            return self.handler(request)
        }
    }

    private var hello: JSONValue {
        .object([("protocol", .string(Self.protocolName)), ("commands", .array(self.commandNames.map(JSONValue.string)))])
    }

    // MARK: - Connections

    private func accept() {
        // A few per wake-up; the rest stay in the backlog, which keeps the fd readable.
        for _ in 0..<8 {
            let fd: Int32
            do {
                fd = try Syscall.retrying("accept4") { CVitrineShims_acceptNonBlocking(self.listener.rawValue) }
            } catch {
                if error.errno != EAGAIN && error.errno != EWOULDBLOCK && error.errno != ECONNABORTED {
                    self.logger.warning("control socket \(self.path): accept: \(error.errnoText)")
                }
                return
            }
            let descriptor = OwnedDescriptor(adopting: fd)
            let peer = Self.peer(of: fd)
            guard self.clients.count < Self.maximumClients else {
                self.logger.warning("control client \(peer) refused: \(Self.maximumClients) clients are connected already")
                let line = ControlServerConnection.encode(
                    ControlReply.failure("too many control clients (\(Self.maximumClients) are connected); close one and connect again").message(id: nil))
                _ = line.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
                descriptor.close()
                continue
            }
            let client: ControlServerConnection
            do {
                client = try ControlServerConnection(descriptor: descriptor, peer: peer, server: self, loop: self.loop)
            } catch {
                self.logger.error("control client \(peer) refused: cannot read its socket: \(error)")
                descriptor.close()
                continue
            }
            self.clients[ObjectIdentifier(client)] = client
            self.logger.notice("control client connected: \(peer)")
            client.send(self.hello)
        }
    }

    func closed(_ client: ControlServerConnection, _ ending: ControlServerConnection.Ending) {
        guard self.clients.removeValue(forKey: ObjectIdentifier(client)) != nil else { return }
        switch ending {
        case .vanished: self.logger.notice("control client \(client.peer) disconnected")
        case .notReading:
            self.logger.warning(
                "control client \(client.peer) disconnected: not reading its replies (more than \(Self.maximumQueuedBytes) bytes were waiting for it)")
        case .unwatchable(let error):
            self.logger.error("control client \(client.peer) disconnected: its replies cannot be sent: \(error)")
        case .serverClosed: break
        }
    }

    private static func peer(of fd: Int32) -> ControlPeer {
        var pid: Int32 = -1
        var uid = UInt32.max
        var gid = UInt32.max
        _ = CVitrineShims_peerCredentials(fd, &pid, &uid, &gid)
        return ControlPeer(pid: pid, uid: uid, gid: gid)
    }

    // MARK: - The socket file

    /// Removes a socket file nobody listens on (left by a killed kiosk); refuses anything else.
    private static func removeStaleSocket(at path: String, address: inout UnixSocketAddress) throws(VitrineError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw VitrineError(
                .invalidArgument, "\(path) exists and is not a socket, so it is not replaced by the control socket",
                hint: "remove it or choose another --control path")
        }
        if (try? address.connect(type: Int32(SOCK_STREAM.rawValue))) != nil {
            throw VitrineError(
                .invalidArgument, "another process is listening on the control socket \(path)", hint: "stop the other kiosk, or pass another --control path")
        }
        guard unlink(path) == 0 else {
            throw VitrineError(.permissionDenied, "cannot remove the stale control socket \(path)", cause: SystemError("unlink", errno: Syscall.lastErrno))
        }
    }

    private func assignGroup(_ name: String) {
        guard let entry = getgrnam(name) else {
            self.logger.warning(
                "control socket \(self.path): there is no group \"\(name)\", so only the kiosk's own user and group may connect (create it: groupadd --system \(name))"
            )
            return
        }
        var info = stat()
        if lstat(self.path, &info) == 0, info.st_gid == entry.pointee.gr_gid { return }
        if chown(self.path, uid_t.max, entry.pointee.gr_gid) != 0 {
            if Syscall.lastErrno == EPERM {
                // The shipped unit refuses chown (SystemCallFilter=~@privileged) and gives the
                // socket to the group itself once the kiosk is ready (ExecStartPost=).
                self.logger.notice(
                    "control socket \(self.path): chown to group \"\(name)\" not permitted here; the service gives it to the group (Systemd/vitrine.service, ExecStartPost=)"
                )
                return
            }
            self.logger.warning("control socket \(self.path): cannot give it to group \"\(name)\": \(SystemError("chown", errno: Syscall.lastErrno).errnoText)")
        }
    }
}
