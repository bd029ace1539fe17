import Glibc
import VitrineCore

/// Replaces a file so that every reader, and every crash, sees either the old content or the new,
/// never a mixture or an empty file.
///
/// The bytes go to a temporary file beside the target (`<name>.tmp-<pid>`, so a reader that lists
/// `*.env` or `*.png` never picks it up), which is fsynced, renamed over the target (`rename(2)`
/// is atomic within a file system), and then the directory is fsynced so the rename itself
/// survives a power cut — what a kiosk that is switched off at the wall needs
/// (research/kiosk_boot.md §5, "write atomically (tmp + rename)").
///
/// The two halves are separate (`prepare`, then `PendingFile.commit`) so tests can stop between
/// them the way a killed process would; `write` does both. A temporary file left by a process that
/// died before its rename is removed by the next write to the same path.
///
/// Only a regular file is ever replaced: a target that exists and is anything else (a device
/// node, a FIFO, a socket, a directory, a symbolic link) is refused, by `prepare` and again just
/// before the rename — `rename(2)` would put a file where `/dev/full` was (as root,
/// `replay --state-out /dev/full` did).
public enum AtomicFile {
    /// Writes `bytes` to `path`: `prepare` then `commit`.
    /// - Parameter durable: false skips both fsyncs: readers still never see a mixture, but after
    ///   a power cut the file may be the old one. For a file rewritten every few seconds whose
    ///   loss costs nothing (the metrics file): no flash write forced each time.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644, durable: Bool = true) throws(VitrineError) {
        try self.prepare(bytes, for: path, mode: mode, durable: durable).commit()
    }

    /// Writes and fsyncs (when `durable`) the temporary file for `path`; the target is not
    /// touched yet.
    public static func prepare(_ bytes: [UInt8], for path: String, mode: mode_t = 0o644, durable: Bool = true) throws(VitrineError) -> PendingFile {
        try self.requireReplaceable(path)
        self.removeAbandonedTemporaries(of: path)
        let temporary = path + self.temporaryMarker + String(getpid())
        let file: OwnedDescriptor
        do {
            file = try OwnedDescriptor.open(temporary, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: mode)
        } catch {
            throw self.failure("cannot create", temporary, error)
        }
        do {
            var offset = 0
            while offset < bytes.count {
                let fd = file.rawValue
                offset += try Syscall.retryingSize("write") {
                    bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
                }
            }
            if durable { try Syscall.retrying("fsync") { fsync(file.rawValue) } }
        } catch {
            file.close()
            unlink(temporary)
            throw self.failure("cannot write", temporary, error)
        }
        return PendingFile(path: path, temporary: temporary, durable: durable)
    }

    /// A temporary file written and synced, waiting to replace its target.
    public struct PendingFile: Sendable {
        public let path: String
        public let temporary: String
        /// Whether the directory is synced after the rename.
        public var durable = true

        /// Renames the temporary file over the target and syncs the directory. On failure the
        /// temporary file is removed and the target is as it was.
        public func commit() throws(VitrineError) {
            do {
                try AtomicFile.requireReplaceable(self.path)
            } catch {
                unlink(self.temporary)
                throw error
            }
            if rename(self.temporary, self.path) != 0 {
                let code = Syscall.lastErrno
                unlink(self.temporary)
                throw AtomicFile.failure("cannot replace", self.path, SystemError("rename", errno: code))
            }
            if self.durable { AtomicFile.syncDirectory(of: self.path) }
        }

        /// Removes the temporary file; the target stays as it was.
        public func abandon() {
            unlink(self.temporary)
        }
    }

    /// Removes `path` (nothing to do when it does not exist) and syncs its directory; returns
    /// whether there was a file.
    @discardableResult
    public static func remove(_ path: String) throws(VitrineError) -> Bool {
        if unlink(path) != 0 {
            let code = Syscall.lastErrno
            if code == ENOENT { return false }
            throw self.failure("cannot remove", path, SystemError("unlink", errno: code))
        }
        self.syncDirectory(of: path)
        return true
    }

    /// Throws unless `path` does not exist or is a regular file (not followed when it is a
    /// symbolic link: the rename would replace the link, not what it points at).
    static func requireReplaceable(_ path: String) throws(VitrineError) {
        var info = stat()
        if lstat(path, &info) != 0 {
            let code = Syscall.lastErrno
            if code == ENOENT { return }
            throw self.failure("cannot replace", path, SystemError("lstat", errno: code))
        }
        let type = info.st_mode & S_IFMT
        guard type != S_IFREG else { return }
        let hint =
            type == S_IFLNK
            ? "write to the file it points at (\(Directory.linkTarget(path) ?? "readlink \(path)")) instead"
            : "give the path of a file (a new one, or a regular file to replace)"
        throw VitrineError(.invalidArgument, "cannot replace \(path): it is \(FileReader.kind(ofMode: info.st_mode)), not a regular file", hint: hint)
    }

    /// What separates a target's name from the writer's pid in its temporary file's name.
    public static let temporaryMarker = ".tmp-"

    /// fsync on the directory makes a rename or unlink in it durable. Failing to sync is not an
    /// error worth failing the write for (some file systems refuse fsync on directories).
    static func syncDirectory(of path: String) {
        guard let directory = try? OwnedDescriptor.open(Directory.parent(of: path), flags: O_RDONLY | O_DIRECTORY) else { return }
        _ = fsync(directory.rawValue)
    }

    /// Deletes `<name>.tmp-<pid>` files beside `path` whose writer is no longer running.
    static func removeAbandonedTemporaries(of path: String) {
        let directory = Directory.parent(of: path)
        let prefix = String(path.split(separator: "/").last ?? "") + self.temporaryMarker
        for name in Directory.entryNames(directory) where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && Syscall.lastErrno == ESRCH {
                unlink(directory + "/" + name)
            }
        }
    }

    static func failure(_ what: String, _ path: String, _ error: SystemError) -> VitrineError {
        switch error.errno {
        case EACCES, EPERM, EROFS:
            return VitrineError(
                .permissionDenied, "\(what) \(path)", hint: "the user needs write access to \(Directory.parent(of: path))", cause: error)
        case ENOENT:
            return VitrineError(.notFound, "\(what) \(path)", hint: "the folder \(Directory.parent(of: path)) does not exist", cause: error)
        default:
            return VitrineError(.ioFailure, "\(what) \(path)", cause: error)
        }
    }
}
