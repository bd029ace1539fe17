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
