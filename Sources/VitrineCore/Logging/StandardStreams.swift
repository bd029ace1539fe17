import Glibc

/// Unbuffered writes to stdout/stderr and environment reads, in one place.
public enum StandardStreams {
    public static func writeOutput(_ text: String) { self.write(text, to: 1) }
    public static func writeError(_ text: String) { self.write(text, to: 2) }

    private static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
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
