import Glibc

/// Unbuffered writes to stdout/stderr and environment reads, in one place.
public enum StandardStreams {
    public static func writeOutput(_ text: String) { self.write(text, to: 1) }
    public static func writeError(_ text: String) { self.write(text, to: 2) }

    /// Whether stderr is connected to journald: `JOURNAL_STREAM` names the device and inode of
    /// the journal's stream, and it must match fd 2 (a child that redirected stderr inherits the
    /// variable but not the stream — systemd.exec(5), "$JOURNAL_STREAM").
    public static var stderrIsJournal: Bool {
        guard let value = Environment.value("JOURNAL_STREAM") else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(2, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    private static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            guard
                let n = try? InterruptedCall.retrying(
                    "write", { bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) } })
            else { return }
            offset += n
        }
        bytes.removeAll()
    }
}

/// Reads of the process environment.
public enum Environment {
    public static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        return String(cString: raw)
    }
}
