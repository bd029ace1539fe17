import VitrineCore

/// One command a control client sent (protocol `vitrine-control/1`, Docs/operations.md, "Control
/// socket"): the line `{"id": 7, "command": "navigate", "to": "root"}` parsed.
public struct ControlRequest {
    /// The command's name (`"navigate"`).
    public var command: String
    /// The whole request object; the command reads its arguments from it (`arguments["to"]`).
    public var arguments: JSONValue
    /// The request's `id`, echoed in the reply; nil when it had none.
    public var id: JSONValue?
    /// Who sent it.
    public var peer: ControlPeer

    public init(command: String, arguments: JSONValue, id: JSONValue? = nil, peer: ControlPeer) {
        self.command = command
        self.arguments = arguments
        self.id = id
        self.peer = peer
    }
}

extension ControlRequest {
    /// Why a line is not a request: the reply's message, and the line's `id` when it had one.
    public struct Rejection: Error, Equatable {
        public var message: String
        public var id: JSONValue?
    }

    /// Reads one request line (without its newline; blank lines and the rate limit are the
    /// client's): UTF-8, one JSON object, a non-empty `"command"` string. What the control socket
    /// runs for every line a client sends.
    /// - Parameter commandNames: the commands the server knows, named when `command` is missing.
    public static func parse(_ line: ArraySlice<UInt8>, peer: ControlPeer, commandNames: @autoclosure () -> [String]) -> Result<ControlRequest, Rejection> {
        let bytes = Array(line)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return .failure(Rejection(message: "the line is not valid UTF-8; send one JSON object per line, encoded as UTF-8"))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            return .failure(Rejection(message: "invalid JSON at \(error); send one JSON object per line, e.g. {\"id\":1,\"command\":\"state\"}"))
        }
        guard case .object = value else {
            return .failure(Rejection(message: "a request must be a JSON object, not \(value.kindName); send e.g. {\"id\":1,\"command\":\"state\"}"))
        }
        let id = value["id"]
        guard let command = value["command"]?.stringValue, !command.isEmpty else {
            let found = value["command"].map { "\"command\" is \($0.kindName)" } ?? "\"command\" is missing"
            return .failure(Rejection(message: "\(found); send {\"command\": NAME} with one of: \(commandNames().joined(separator: ", "))", id: id))
        }
        return .success(ControlRequest(command: command, arguments: value, id: id, peer: peer))
    }
}

/// What a command answers: `{"ok": true, "result": …}` or `{"ok": false, "error": "…"}`.
public enum ControlReply: Equatable {
    case success(JSONValue)
    /// A message naming what was wrong and what to send instead.
    case failure(String)

    /// The reply line's object, `id` first.
    func message(id: JSONValue?) -> JSONValue {
        switch self {
        case .success(let result): .object([("id", id ?? .null), ("ok", .bool(true)), ("result", result)])
        case .failure(let message): .object([("id", id ?? .null), ("ok", .bool(false)), ("error", .string(message))])
        }
    }
}

/// A connected client's credentials, as the kernel reports them (`SO_PEERCRED`, unix(7)): the
/// process that connected, not what it claims. They go to the journal with each connection.
public struct ControlPeer: Equatable, Sendable, CustomStringConvertible {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32

    public init(pid: Int32, uid: UInt32, gid: UInt32) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }

    public var description: String { "pid \(self.pid) uid \(self.uid) gid \(self.gid)" }
}
