import Glibc
import VitrineCore
import VitrineSystem

/// `vitrine ctl`: one command to the running kiosk over its control socket (Docs/operations.md,
/// "Control socket"), or `subscribe` to print its events as they happen.
enum CtlCommand: Command {
    static let name = "ctl"
    static let summary = "Send a command to the running kiosk's control socket (state, navigate, set, reload, screenshot, blank, wake…)."
    static let synopsis = "[--socket PATH] COMMAND [key=value ...]"
    static let defaultSocket = "/run/vitrine/control.sock"
    static let options: [OptionSpec] = [
        OptionSpec("socket", value: "PATH", help: "the kiosk's control socket [\(CtlCommand.defaultSocket)]"),
        OptionSpec("timeout", value: "S", help: "seconds to wait for the reply [5]")
    ]
    static let discussion = """
        Each key=value becomes a member of the request; values that read as JSON (numbers, true,
        null, "quoted", [..], {..}) are sent as such, others as strings. Examples:
          vitrine ctl state
          vitrine ctl navigate to=push screen=confirm-single
          vitrine ctl set path=fares.single.price value='"3.10"'
          vitrine ctl screenshot path=/var/lib/vitrine/shot.png
          vitrine ctl blank
          vitrine ctl subscribe events='["emit","screen"]'     (prints events until interrupted)
        Prints the reply's result as JSON and exits 0, or the error on stderr and exits 1. The
        socket is for members of the vitrine-control group (and root).
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let command = arguments.positionals.first else { throw CommandLineError.missingArgument(command: self.name, name: "COMMAND") }
        let path = arguments.value("socket") ?? self.defaultSocket
        let timeout = try arguments.number("timeout", in: 0.1...3600) ?? 5
        var members: [(key: String, value: JSONValue)] = [("id", .number(1)), ("command", .string(command))]
        for pair in arguments.positionals.dropFirst() {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw VitrineError(.invalidArgument, "\(QuotedValue.quoted(pair)) is not key=value", hint: "e.g. vitrine ctl navigate to=push screen=home")
            }
            let text = String(pair[pair.index(after: equals)...])
            members.append((String(pair[..<equals]), (try? JSONParser.parse(text)) ?? .string(text)))
        }
        let connection = try ControlConnection(path: path)
        let hello = try connection.readLine(timeout: timeout)
        guard (try? JSONParser.parse(hello))?["protocol"]?.stringValue == "vitrine-control/1" else {
            throw VitrineError(.invalidData, "\(path) did not greet with protocol vitrine-control/1 (it said \(hello.prefix(120)))")
        }
        try connection.send(JSONValue.object(members).serialized(pretty: false) + "\n")
        while true {
            let line = try connection.readLine(timeout: command == "subscribe" ? nil : timeout)
            guard let reply = try? JSONParser.parse(line) else { continue }
            if reply["event"] != nil {
                StandardStreams.writeOutput(line + "\n")
                continue
            }
            guard reply["id"] == .number(1) else { continue }
            if reply["ok"] == .bool(true) {
                if command == "subscribe" { continue }
                StandardStreams.writeOutput((reply["result"] ?? .null).serialized() + "\n")
                return 0
            }
            StandardStreams.writeError("vitrine ctl: \(command): \(reply["error"]?.stringValue ?? line)\n")
            return 1
        }
    }
}

/// A connected control socket: whole lines in and out.
final class ControlConnection {
    let path: String
    private let descriptor: OwnedDescriptor
    private var buffer: [UInt8] = []

    init(path: String) throws(VitrineError) {
        self.path = path
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw VitrineError(.ioFailure, "cannot make a socket", cause: SystemError("socket", errno: errno)) }
        self.descriptor = OwnedDescriptor(adopting: fd)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw VitrineError(.invalidArgument, "the socket path \(path) is too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            let code = errno
            switch code {
            case ENOENT, ECONNREFUSED:
                throw VitrineError(
                    .notFound, "no kiosk listens on \(path)",
                    hint:
                        "is vitrine.service running (systemctl status vitrine)? it listens on /run/vitrine/control.sock; a kiosk started by hand only with `vitrine run --control PATH`",
                    cause: SystemError("connect", errno: code))
            case EACCES, EPERM:
                throw VitrineError(
                    .permissionDenied, "not allowed to use \(path)",
                    hint: "add the user to the vitrine-control group (usermod -aG vitrine-control USER, then log in again), or run as root",
                    cause: SystemError("connect", errno: code))
            default:
                throw VitrineError(.ioFailure, "cannot connect to \(path)", cause: SystemError("connect", errno: code))
            }
        }
    }

    func send(_ text: String) throws(VitrineError) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent: Int
            do {
                sent = try Syscall.retryingSize("send") {
                    bytes.withUnsafeBytes { Glibc.send(self.descriptor.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                }
            } catch {
                throw VitrineError(.ioFailure, "the kiosk closed \(self.path)", cause: error)
            }
            guard sent > 0 else { throw VitrineError(.ioFailure, "the kiosk closed \(self.path)") }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// The next line (without its newline); `timeout` nil waits for ever.
    func readLine(timeout: Double?) throws(VitrineError) -> String {
        let deadline = timeout.map { MonotonicTime.now() + .seconds($0) }
        while true {
            if let newline = self.buffer.firstIndex(of: 10) {
                let line = String(decoding: self.buffer[..<newline], as: UTF8.self)
                self.buffer.removeSubrange(...newline)
                return line
            }
            var poller = pollfd(fd: self.descriptor.rawValue, events: Int16(POLLIN), revents: 0)
            // Interrupted, the wait starts again with what is left until the deadline.
            let ready =
                (try? Syscall.retrying("poll") { poll(&poller, 1, deadline.map { Int32(max(0, ($0 - MonotonicTime.now()).milliseconds)) } ?? -1) }) ?? -1
            guard ready > 0 else { throw VitrineError(.busy, "no reply from \(self.path) within \(timeout ?? 0) s") }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count =
                (try? Syscall.retryingSize("recv") { chunk.withUnsafeMutableBytes { recv(self.descriptor.rawValue, $0.baseAddress, $0.count, 0) } }) ?? -1
            guard count > 0 else { throw VitrineError(.ioFailure, "the kiosk closed \(self.path)") }
            self.buffer += chunk[..<count]
        }
    }
}
