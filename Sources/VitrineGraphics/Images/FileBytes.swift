import Glibc
import VitrineCore
import VitrineSystem

/// Whole-file reads and atomic writes, with errors that name the file.
public enum FileBytes {
    /// Files larger than this are refused by `read` (no kiosk asset is near it).
    public static let maximumSize = 512 * 1024 * 1024

    /// The whole file; larger than `limit` bytes, an error naming the size and the limit.
    public static func read(_ path: String, limit: Int = Self.maximumSize) throws(VitrineError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Self.error(opening: path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw VitrineError(.ioFailure, "cannot read \(path)", cause: SystemError("fstat", errno: errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw VitrineError(.invalidArgument, "\(path) is not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw VitrineError(.invalidData, "\(path) is \(info.st_size) bytes", hint: "files over \(limit >> 20) MB are refused")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let n: Int
            do {
                n = try Syscall.retryingSize("read") { bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, $0.count - offset) } }
            } catch {
                throw VitrineError(.ioFailure, "cannot read \(path)", cause: error)
            }
            if n == 0 { break }
            offset += n
        }
        bytes.removeSubrange(offset...)
        return bytes
    }

    /// Writes `bytes` to a temporary file beside `path`, fsyncs it and renames it over `path`,
    /// so a reader never sees a half-written file and a crash leaves the old one intact
    /// (`AtomicFile.write`).
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(VitrineError) {
        try AtomicFile.write(bytes, to: path, mode: mode)
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
