import Glibc
import VitrineCore
import VitrineSystem

/// Runs another program (the OpenCV peer, python3, pip) and waits for it.
///
/// The child's stderr is the bench's stderr, so its complaints reach the user as they happen.
/// Its stdout is either captured (`run(_:_:)`) or sent to stderr too (`runToStandardError`),
/// which keeps the bench's stdout for the table alone.
enum ChildProcess {
    struct Result {
        var status: Int32
        var output: String
    }

    /// Runs `program` (looked up in `PATH` unless it contains a slash) and captures its stdout.
    static func run(_ program: String, _ arguments: [String]) throws(VitrineError) -> Result {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            throw VitrineError(.ioFailure, "cannot run \(program)", cause: SystemError("pipe", errno: errno))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        // Not the bench's terminal: a `vitrine run` child would take over a VT on its stdin.
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        let pid: pid_t
        do {
            pid = try self.spawn(program, arguments, actions: &actions)
        } catch {
            close(pipeEnds[0])
            close(pipeEnds[1])
            throw error
        }
        close(pipeEnds[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = (try? Syscall.retryingSize("read") { chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) } }) ?? -1
            if n <= 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        close(pipeEnds[0])
        let status = self.wait(pid)
        return Result(status: status, output: String(decoding: bytes, as: UTF8.self))
    }

    /// Runs `program` with its stdout sent to stderr; returns the exit status.
    static func runToStandardError(_ program: String, _ arguments: [String]) throws(VitrineError) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        let pid = try self.spawn(program, arguments, actions: &actions)
        return self.wait(pid)
    }

    /// The running program's own path (`/proc/self/exe`), to run `vitrine` subcommands.
    static func ownExecutable() throws(VitrineError) -> String {
        guard let path = Directory.linkTarget("/proc/self/exe") else {
            throw VitrineError(.notFound, "cannot find the running vitrine binary", cause: SystemError("readlink /proc/self/exe", errno: errno))
        }
        return path
    }

    private static func spawn(_ program: String, _ arguments: [String], actions: inout posix_spawn_file_actions_t) throws(VitrineError) -> pid_t {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let status = posix_spawnp(&pid, program, &actions, nil, argv, environ)
        guard status == 0 else {
            throw VitrineError(
                status == ENOENT ? .notFound : .ioFailure, "cannot run \(program)", cause: SystemError("posix_spawnp", errno: status))
        }
        return pid
    }

    /// Waits for the child; its exit status, or 128 + the signal that ended it.
    private static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        guard (try? Syscall.retrying("waitpid") { waitpid(pid, &status, 0) }) != nil else { return -1 }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
