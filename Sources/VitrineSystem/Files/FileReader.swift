import Glibc
import VitrineCore

/// The one way Vitrine reads a file it was pointed at: a config, an image, a recording or touch
/// script, a calibration file, a data file, a `/proc` or `/sys` file. One set of checks, one
/// wording for its errors:
///
/// - `stat(2)` first, and anything that is not a regular file (a FIFO, a character or block
///   device, a directory, a socket) is refused without being opened: opening a FIFO for reading
///   waits for a writer (`check-config` and `run` hung on one), and opening some devices acts
///   (`/dev/watchdog` arms the hardware watchdog).
/// - Then `open(2)` with `O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC` and `fstat(2)` on the
///   descriptor, so something swapped in between the two is refused too and never blocks the
///   open.
/// - A file larger than the caller's `limit` is refused before a byte is read, naming the size
///   and the limit; reading stops at `limit` + 1 bytes too, since `/proc` and `/sys` files say
///   they are 0 or 4096 bytes whatever they hold, and a file can grow while it is read.
/// - `EINTR` is retried by `Syscall`.
///
/// Messages start with the path (callers put the field or option in front): "file not found:
/// PATH", "cannot open PATH" (permission), "PATH is a FIFO, not a regular file", "PATH is N
/// bytes, more than the L a config file may have", "cannot read PATH".
public enum FileReader {
    /// The largest `/proc`, `/sys` or other small system file read (1 MiB): they hold a
    /// number, a line or a table of a few kilobytes (`/proc/self/status` is ~1.5 KB).
    public static let largestSystemFile = 1 << 20

    /// The whole of `path`.
    /// - Parameters:
    ///   - limit: the most bytes the file may hold.
    ///   - what: what the file is, for the size message ("a config file").
    ///   - field: the option or field that named the path ("--events", "screens.home.image"),
    ///     for the hint of a path that is not a file.
    public static func read(_ path: String, limit: Int, what: String, field: String? = nil) throws(VitrineError) -> [UInt8] {
        let (file, info) = try self.open(path, limit: limit, what: what, field: field)
        // One more byte than the file says it has, so end of file is seen in the first pass;
        // at least a page for the files that report a size of 0.
        var bytes = [UInt8](repeating: 0, count: min(max(Int(info.st_size), 4095), limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= limit else {
                    throw self.tooLarge(path, size: nil, limit: limit, what: what)
                }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - bytes.count))
            }
            let fd = file.rawValue
            let offset = count
            let n: Int
            do {
                n = try Syscall.retryingSize("read") {
                    bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, $0.count - offset) }
                }
            } catch {
                throw VitrineError(.ioFailure, "cannot read \(QuotedValue.path(path))", cause: error)
            }
            if n == 0 { break }
            count += n
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Makes the checks `read` makes (it exists, can be opened, is a regular file, is at most
    /// `limit` bytes) without reading: for a file a library opens by its path itself (a font
    /// FreeType reads), so that library never blocks on a FIFO or opens a device.
    public static func check(_ path: String, limit: Int, what: String, field: String? = nil) throws(VitrineError) {
        _ = try self.open(path, limit: limit, what: what, field: field)
    }

    /// The whole of `path` as text; bytes that are not UTF-8 become U+FFFD (callers that must
    /// refuse such text read the bytes and check them).
    public static func readText(_ path: String, limit: Int, what: String, field: String? = nil) throws(VitrineError) -> String {
        String(decoding: try self.read(path, limit: limit, what: what, field: field), as: UTF8.self)
    }

    /// What `mode` says a file is, for messages: "a FIFO", "a directory", … .
    public static func kind(ofMode mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// Sizes in messages: bytes below 1 KiB, else KiB or MiB with one decimal ("100.0 MiB").
    public static func sizeText(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1 << 20 { return String(fixed: Double(bytes) / 1024, decimals: 1) + " KiB" }
        return String(fixed: Double(bytes) / Double(1 << 20), decimals: 1) + " MiB"
    }

    /// `path` opened for reading after the checks, and what `fstat` says of it.
    static func open(_ path: String, limit: Int, what: String, field: String?) throws(VitrineError) -> (OwnedDescriptor, stat) {
        var info = stat()
        if stat(path, &info) != 0 { throw self.failure(opening: path, SystemError("stat", errno: Syscall.lastErrno)) }
        try self.requireRegular(info, path: path, field: field)
        try self.requireSize(Int(info.st_size), limit: limit, path: path, what: what)
        let file: OwnedDescriptor
        do {
            file = try OwnedDescriptor.open(path, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY)
        } catch {
            throw self.failure(opening: path, error)
        }
        if fstat(file.rawValue, &info) != 0 {
            throw VitrineError(.ioFailure, "cannot read \(QuotedValue.path(path))", cause: SystemError("fstat", errno: Syscall.lastErrno))
        }
        try self.requireRegular(info, path: path, field: field)
        try self.requireSize(Int(info.st_size), limit: limit, path: path, what: what)
        return (file, info)
    }

    static func requireRegular(_ info: stat, path: String, field: String?) throws(VitrineError) {
        guard (info.st_mode & S_IFMT) != S_IFREG else { return }
        throw VitrineError(
            .invalidArgument, "\(QuotedValue.path(path)) is \(self.kind(ofMode: info.st_mode)), not a regular file",
            hint: "point \(field ?? "it") at a file")
    }

    static func requireSize(_ size: Int, limit: Int, path: String, what: String) throws(VitrineError) {
        guard size > limit else { return }
        throw self.tooLarge(path, size: size, limit: limit, what: what)
    }

    static func tooLarge(_ path: String, size: Int?, limit: Int, what: String) -> VitrineError {
        let has = size.map { "is \(self.sizeText($0)), more than" } ?? "holds more than"
        return VitrineError(
            .invalidData, "\(QuotedValue.path(path)) \(has) the \(self.sizeText(limit)) \(what) may have",
            hint: "is it the right file? (Docs/troubleshooting.md, \"File limits\")")
    }

    static func failure(opening path: String, _ error: SystemError) -> VitrineError {
        switch error.errno {
        case ENOENT:
            return VitrineError(.notFound, "file not found: \(QuotedValue.path(path))", cause: error)
        case EACCES, EPERM:
            return VitrineError(
                .permissionDenied, "cannot open \(QuotedValue.path(path))",
                hint: "the kiosk's user must be able to read it: check the file's owner and mode, and its folders'",
                cause: error)
        case ENOTDIR:
            return VitrineError(.notFound, "file not found: \(QuotedValue.path(path)) (a part of the path is not a folder)", cause: error)
        default:
            return VitrineError(.ioFailure, "cannot open \(QuotedValue.path(path))", cause: error)
        }
    }
}
