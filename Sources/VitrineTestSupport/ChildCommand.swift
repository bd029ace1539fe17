import Glibc
import VitrineSystem

/// Runs a program (found on PATH) to its end, for tests that need another process: a client
/// running as another user (`setpriv`), a Python peer.
public enum ChildCommand {
    /// Runs `arguments` and returns its exit status (128 + N when signal N ended it).
    public static func run(_ arguments: [String]) throws(SystemCallFailure) -> Int32 {
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let status = posix_spawnp(&pid, arguments[0], nil, nil, &argv, environ)
        guard status == 0 else { throw SystemCallFailure(call: "posix_spawnp(\(arguments[0]))", errno: status) }
        var result: Int32 = 0
        do {
            try Syscall.retrying("waitpid") { waitpid(pid, &result, 0) }
        } catch {
            throw SystemCallFailure(call: error.call, errno: error.errno)
        }
        if result & 0x7f == 0 { return (result >> 8) & 0xff }
        return 128 + (result & 0x7f)
    }
}

/// A system call of a test helper that failed.
public struct SystemCallFailure: Error, CustomStringConvertible {
    public var call: String
    public var errno: Int32
    public var description: String { "\(self.call): \(String(cString: strerror(self.errno)))" }
}
