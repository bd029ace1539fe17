import Glibc
import VitrineCore

/// Reads of directories, for device discovery and configuration (files are read by `FileReader`).
public enum Directory {
    /// The names in `path` (without `.` and `..`), unsorted; empty when it cannot be read.
    public static func entryNames(_ path: String) -> [String] {
        (try? self.entryNamesOrError(path)) ?? []
    }

    /// The names in `path` (without `.` and `..`), unsorted, or the `opendir` failure.
    public static func entryNamesOrError(_ path: String) throws(SystemError) -> [String] {
        guard let dir = opendir(path) else { throw SystemError("opendir(\(path))", errno: Syscall.lastErrno) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            // Read the name where it is, up to its NUL: glibc allocates each entry only as long as
            // its name (`d_reclen`), so copying the whole 256-byte `d_name` read past the last
            // entry of its buffer (AddressSanitizer caught it listing a full /tmp).
            let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            let name = String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The folder part of `path`: `/var/lib` for `/var/lib/vitrine`, `/` for `/var`, `.` for a
    /// bare name.
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` with every symbolic link, `.` and `..` resolved (`realpath(3)`); nil when it does
    /// not exist or cannot be reached.
    public static func realPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// Whether something exists at `path` (following symlinks).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Where the symbolic link `path` points (`readlink(2)`: a `/proc/PID/fd/N` link, or
    /// `/proc/self/exe`); nil when it is not a link or cannot be read (`errno` says why).
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `path` is a folder (following symlinks).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Creates the folder `path` (and missing parents, like `mkdir -p`).
    public static func create(_ path: String, mode: mode_t = 0o755) throws(VitrineError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, mode) != 0 && errno != EEXIST {
                throw VitrineError(.ioFailure, "cannot create the folder \(prefix)", cause: SystemError("mkdir", errno: errno))
            }
        }
    }
}
