import Glibc
import VitrineCore
import VitrineSystem

/// Runs the programs `vitrine doctor` asks (`systemctl show`, `journalctl`): stdout captured,
/// stdin and stderr `/dev/null`, looked up in `PATH` plus the sbin folders a service user's
/// `PATH` may lack.
enum DoctorProgram {
    /// Exit status and stdout, or nil when the program cannot be started (not installed).
    static func run(_ command: [String]) -> (status: Int32, output: String)? {
        guard let program = command.first, let path = self.find(program) else { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, ends[1])
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + command.dropFirst()).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        // SYSTEMD_PAGER/LESS off: systemctl and journalctl never wait for a pager here.
        let variables: [String] = ["PATH=/usr/sbin:/usr/bin:/sbin:/bin", "SYSTEMD_PAGER=cat", "SYSTEMD_COLORS=0", "LC_ALL=C"]
        let environment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { for pointer in environment { free(pointer) } }
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environment)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            return nil
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = (try? Syscall.retryingSize("read") { chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) } }) ?? -1
            if n <= 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        close(ends[0])
        var status: Int32 = 0
        _ = try? Syscall.retrying("waitpid") { waitpid(pid, &status, 0) }
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (code, String(decoding: bytes, as: UTF8.self))
    }

    /// The program's path: as given when it has a slash, else the first executable in the folders.
    static func find(_ program: String) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        for folder in ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"] where access(folder + "/" + program, X_OK) == 0 {
            return folder + "/" + program
        }
        return nil
    }
}
