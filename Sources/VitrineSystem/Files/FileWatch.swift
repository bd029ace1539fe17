import Glibc
import VitrineCore

/// Follows a few files by name with inotify, in the run loop (no thread, no polling), and says
/// which of them changed: written and closed, renamed into place (the atomic replace every
/// careful writer does: write `menu.json.tmp`, rename it over `menu.json`), created, or deleted.
///
/// It watches each file's folder, not the file: a watch on the file itself would follow the old
/// inode after a rename and miss every later version. Events for other names in the folder are
/// ignored; several events for one file in one wake-up are one change.
///
/// A folder that is deleted (or moved away) and made again is followed again: its parent is
/// watched for the folder's name, and when the folder is back its files count as changed (issue
/// 29: a data folder recreated by a deploy script was never read again, silently).
public final class FileWatch {
    public let paths: [String]
    private let descriptor: OwnedDescriptor
    private let onChange: ([String]) -> Void
    private let logger: Logger
    /// inotify watch → (folder, the names in it that matter → their paths).
    private var folders: [Int32: [String: String]] = [:]
    /// The followed files' folders, each with the names that matter in it (kept while a folder is
    /// gone, to watch it again when it is back).
    private var namesByFolder: [String: [String: String]] = [:]
    /// inotify watch of a followed folder → the folder.
    private var folderOfWatch: [Int32: String] = [:]
    /// inotify watch of a followed folder's parent → the followed folders' names in it → folder.
    private var parents: [Int32: [String: String]] = [:]
    /// inotify watch → a folder all of whose names matter.
    private var wholeFolders: [Int32: String] = [:]
    private var loopWatch: WatchID?
    private weak var loop: EventLoop?

    /// What happens to a name in a folder that means a new version (or none).
    static let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ONLYDIR)

    /// Starts following `paths`; `onChange` runs on the loop with the ones that changed.
    /// - Throws: when inotify is unavailable, or a file's folder does not exist or cannot be
    ///   watched (the message names the folder).
    ///   - wholeFolders: folders in which every name is followed (`vitrine preview` follows the
    ///     config's folder and its image and data folders); hidden names, editors' backups
    ///     (`name~`, `.swp`) and vim's `4913` probe are left out.
    public init(paths: [String], wholeFolders: [String] = [], loop: EventLoop, logger: Logger = Logger("files"), onChange: @escaping ([String]) -> Void)
        throws(VitrineError)
    {
        self.paths = paths
        self.onChange = onChange
        self.logger = logger
        do {
            let fd = try Syscall.retrying("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
            self.descriptor = OwnedDescriptor(adopting: fd)
        } catch {
            throw VitrineError(
                .unsupported, "cannot follow \(paths.joined(separator: ", ")): inotify is not available", hint: "changes apply at the next start", cause: error)
        }
        var byFolder: [String: [String: String]] = [:]
        for path in paths {
            let name = String(path.split(separator: "/").last ?? Substring(path))
            byFolder[Directory.parent(of: path), default: [:]][name] = path
        }
        for (folder, names) in byFolder.sorted(by: { $0.key < $1.key }) {
            let watch = try self.addWatch(folder)
            self.folders[watch, default: [:]].merge(names) { $1 }
            self.folderOfWatch[watch] = folder
            self.namesByFolder[folder, default: [:]].merge(names) { $1 }
            self.watchParent(of: folder)
        }
        for folder in wholeFolders {
            self.wholeFolders[try self.addWatch(folder)] = folder
        }
        self.loop = loop
        do {
            self.loopWatch = try loop.watch(fileDescriptor: self.descriptor.rawValue) { [weak self] in self?.drain() }
        } catch {
            throw VitrineError(
                .ioFailure, "cannot follow \(paths.joined(separator: ", ")): the run loop refused the inotify fd", hint: "changes apply at the next start",
                cause: error)
        }
    }

    private func addWatch(_ folder: String) throws(VitrineError) -> Int32 {
        let watch = inotify_add_watch(self.descriptor.rawValue, folder, Self.events)
        guard watch >= 0 else {
            let code = Syscall.lastErrno
            throw VitrineError(
                code == ENOENT ? .notFound : code == EACCES ? .permissionDenied : .ioFailure,
                "cannot follow the files in \(folder)", hint: code == ENOENT ? "create the folder" : "make the folder readable by the kiosk's user",
                cause: SystemError("inotify_add_watch(\(folder))", errno: code))
        }
        return watch
    }

    /// Watches `folder`'s parent for the folder's name, so a folder deleted and made again is
    /// followed again. A parent that cannot be watched (unreadable, `/`) is skipped: the folder
    /// is then followed until it is deleted, as before.
    private func watchParent(of folder: String) {
        let parent = Directory.parent(of: folder)
        let name = String(folder.split(separator: "/").last ?? "")
        guard !name.isEmpty, parent != folder else { return }
        // IN_MASK_ADD: the parent may be a followed folder itself, whose own events must stay.
        let watch = inotify_add_watch(self.descriptor.rawValue, parent, UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR) | UInt32(IN_MASK_ADD))
        guard watch >= 0 else { return }
        self.parents[watch, default: [:]][name] = folder
    }

    /// A followed folder is gone (deleted or moved away): its watch is dead.
    private func folderGone(watch: Int32) -> [String] {
        guard let folder = self.folderOfWatch.removeValue(forKey: watch) else { return [] }
        self.folders[watch] = nil
        self.logger.warning("\(folder) is gone; its files are followed again when it is back")
        return (self.namesByFolder[folder] ?? [:]).values.sorted()
    }

    /// A followed folder was made again: watched again, and its files count as changed.
    private func folderBack(_ folder: String) -> [String] {
        guard !self.folderOfWatch.values.contains(folder), let names = self.namesByFolder[folder] else { return [] }
        do {
            let watch = try self.addWatch(folder)
            self.folders[watch, default: [:]].merge(names) { $1 }
            self.folderOfWatch[watch] = folder
            self.logger.notice("\(folder) is back; following its files again")
            return names.values.sorted()
        } catch {
            self.logger.warning("\(error)")
            return []
        }
    }

    /// Whether a changed name in a whole folder is worth reporting: not a hidden file, an
    /// editor's backup or swap file, or vim's write probe.
    static func isAuthoredName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.hasSuffix("~") && !name.hasSuffix(".swp") && !name.hasSuffix(".tmp") && name != "4913"
    }

    deinit {
        if let watch = self.loopWatch { self.loop?.unwatch(watch) }
    }

    /// The inotify fd (tests on a `ManualEventLoop` signal it readable).
    public var fileDescriptor: Int32 { self.descriptor.rawValue }

    private func drain() {
        var changed: [String] = []
        for event in Self.readEvents(self.descriptor.rawValue, logger: self.logger, what: "file events") {
            if event.mask & UInt32(IN_IGNORED) != 0 {
                for path in self.folderGone(watch: event.watch) where !changed.contains(path) { changed.append(path) }
                continue
            }
            if let folder = self.parents[event.watch]?[event.name], event.mask & UInt32(IN_ISDIR) != 0 {
                for path in self.folderBack(folder) where !changed.contains(path) { changed.append(path) }
                continue
            }
            // A file being created is not a version yet: its close after writing is.
            if event.mask & UInt32(IN_CREATE) != 0 { continue }
            if let path = self.folders[event.watch]?[event.name], !changed.contains(path) {
                changed.append(path)
            } else if let folder = self.wholeFolders[event.watch], Self.isAuthoredName(event.name) {
                let path = folder.hasSuffix("/") ? folder + event.name : folder + "/" + event.name
                if !changed.contains(path) { changed.append(path) }
            }
        }
        if !changed.isEmpty { self.onChange(changed) }
    }

    /// Every event queued on the inotify fd `fd` (non-blocking), read until it is empty; a read
    /// error other than "nothing more" is logged naming `what`.
    public static func readEvents(_ fd: Int32, logger: Logger, what: String) -> [(watch: Int32, mask: UInt32, name: String)] {
        var events: [(watch: Int32, mask: UInt32, name: String)] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count: Int
            do {
                count = try Syscall.retryingSize("read(inotify)") { buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            } catch {
                if error.errno != EAGAIN { logger.warning("cannot read \(what): \(error)") }
                break
            }
            guard count > 0 else { break }
            events += Self.events(in: buffer.prefix(count))
        }
        return events
    }

    /// The `struct inotify_event` records in `bytes`: wd, mask, cookie, len, then `len` bytes of
    /// NUL-padded name.
    public static func events(in bytes: ArraySlice<UInt8>) -> [(watch: Int32, mask: UInt32, name: String)] {
        var events: [(watch: Int32, mask: UInt32, name: String)] = []
        let header = MemoryLayout<inotify_event>.size
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + header <= raw.count {
                let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = raw[(offset + header)..<min(offset + header + length, raw.count)].prefix { $0 != 0 }
                events.append((watch, mask, String(decoding: nameBytes, as: UTF8.self)))
                offset += header + length
            }
        }
        return events
    }
}
