import Glibc
import VitrineCore

/// Whole-file reads and atomic writes, with errors that name the file.
public enum FileBytes {
    /// Files larger than this are refused by `read` (no kiosk asset is near it).
    public static let maximumSize = 512 * 1024 * 1024

    public static func read(_ path: String) throws(VitrineError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Self.error(opening: path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw VitrineError(.ioFailure, "cannot read \(path)", cause: SystemError("fstat", errno: errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw VitrineError(.invalidArgument, "\(path) is not a regular file")
        }
        guard Int(info.st_size) <= maximumSize else {
            throw VitrineError(.invalidData, "\(path) is \(info.st_size) bytes", hint: "files over \(maximumSize >> 20) MB are refused")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw VitrineError(.ioFailure, "cannot read \(path)", cause: SystemError("read", errno: errno))
            }
            if n == 0 { break }
            offset += n
        }
        bytes.removeSubrange(offset...)
        return bytes
    }

    /// Writes `bytes` to a temporary file beside `path`, fsyncs it and renames it over `path`,
    /// so a reader never sees a half-written file and a crash leaves the old one intact.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(VitrineError) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw Self.error(opening: temporary, errno: errno) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(fd)
                unlink(temporary)
                throw VitrineError(.ioFailure, "cannot write \(temporary)", cause: SystemError("write", errno: code))
            }
            offset += n
        }
        if fsync(fd) != 0 {
            let code = errno
            close(fd)
            unlink(temporary)
            throw VitrineError(.ioFailure, "cannot write \(temporary)", cause: SystemError("fsync", errno: code))
        }
        close(fd)
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw VitrineError(.ioFailure, "cannot replace \(path)", cause: SystemError("rename", errno: code))
        }
    }

    static func error(opening path: String, errno code: Int32) -> VitrineError {
        switch code {
        case ENOENT:
            return VitrineError(.notFound, "file not found: \(path)", cause: SystemError("open", errno: code))
        case EACCES, EPERM:
            return VitrineError(
                .permissionDenied, "cannot open \(path)", hint: "check the file's owner and mode",
                cause: SystemError("open", errno: code))
        default:
            return VitrineError(.ioFailure, "cannot open \(path)", cause: SystemError("open", errno: code))
        }
    }
}
