import VitrineCore
import VitrineRuntime

/// Control-socket input (vitrine-control/1): the bytes are split at newlines as `ControlClient`
/// splits them, and each line goes through `ControlRequest.parse`, the parser the socket runs for
/// every line; a request's arguments and the rejection's reply are serialised back, as the reply
/// line is.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControl(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let peer = ControlPeer(pid: 1, uid: 0, gid: 0)
    for var line in bytes.split(separator: 10, omittingEmptySubsequences: false) {
        if line.last == 13 { line.removeLast() }
        switch ControlRequest.parse(line, peer: peer, commandNames: ["hello", "state", "navigate"]) {
        case .success(let request):
            precondition(!request.command.isEmpty)
            _ = request.arguments.serialized(pretty: false)
            _ = request.id?.serialized(pretty: false)
        case .failure(let rejection):
            _ = JSONValue.string(rejection.message).serialized(pretty: false)
        }
    }
    return 0
}
