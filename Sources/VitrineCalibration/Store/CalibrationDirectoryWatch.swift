import Glibc
import VitrineCore
import VitrineSystem

/// Follows the calibration directory with inotify and hands over a freshly read store whenever a
/// `*.env` file in it appears, changes, is replaced or removed — the way a running kiosk applies a
/// new calibration at once, without a restart, a reboot or `udevadm` (Docs/calibration.md).
///
/// The inotify fd sits in the run loop: no thread, no polling. Two watches: the directory itself
/// (files written, renamed in or out, deleted) and its parent, for the directory's own name, so a
/// directory that does not exist yet (nothing calibrated) or is removed and created again is
/// picked up. Temporary files (`<key>.env.tmp-<pid>`) are ignored; the rename that finishes an
/// atomic write is what counts.
public final class CalibrationDirectoryWatch {
    public let directory: String
    private let descriptor: OwnedDescriptor
    private let onChange: (CalibrationStore) -> Void
    private let logger: Logger
    private var directoryWatch: Int32 = -1
    private var parentWatch: Int32 = -1
    private var loopWatch: WatchID?
    private weak var loop: EventLoop?

    /// What happens to files in the directory that matters.
    private static let fileEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    /// What happens to the directory's name in its parent.
    private static let nameEvents = UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ONLYDIR)

    /// Starts watching; `onChange` runs on the loop with the whole directory read again.
    /// - Throws: when inotify is unavailable or neither the directory nor its parent exists.
    public init(
        directory: String = CalibrationStore.defaultDirectory, loop: EventLoop, logger: Logger = Logger("calibration"),
        onChange: @escaping (CalibrationStore) -> Void
    ) throws(VitrineError) {
        var trimmed = directory
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.directory = trimmed
        self.onChange = onChange
        self.logger = logger
        do {
            let fd = try Syscall.retrying("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
            self.descriptor = OwnedDescriptor(adopting: fd)
        } catch {
            throw VitrineError(.unsupported, "cannot follow the calibration directory \(trimmed)", hint: "calibrations apply at the next start", cause: error)
        }
        let parent = Directory.parent(of: trimmed)
        self.parentWatch = inotify_add_watch(self.descriptor.rawValue, parent, Self.nameEvents)
        if self.parentWatch < 0 {
            throw VitrineError(
                .notFound, "cannot follow the calibration directory \(trimmed): its parent \(parent) cannot be watched",
                hint: "create \(parent) (the shipped units do, StateDirectory=vitrine); calibrations apply at the next start",
                cause: SystemError("inotify_add_watch(\(parent))", errno: Syscall.lastErrno))
        }
        self.watchDirectory()
        self.loop = loop
        do {
            self.loopWatch = try loop.watch(fileDescriptor: self.descriptor.rawValue) { [weak self] in self?.drain() }
        } catch {
            throw VitrineError(
                .ioFailure, "cannot follow the calibration directory \(trimmed): the run loop refused the inotify fd",
                hint: "calibrations apply at the next start", cause: error)
        }
    }

    deinit {
        if let watch = self.loopWatch { self.loop?.unwatch(watch) }
    }

    /// The inotify fd (tests on a `ManualEventLoop` signal it readable).
    public var fileDescriptor: Int32 { self.descriptor.rawValue }

    /// Watches the directory when it exists; returns whether it does.
    @discardableResult
    private func watchDirectory() -> Bool {
        let watch = inotify_add_watch(self.descriptor.rawValue, self.directory, Self.fileEvents)
        self.directoryWatch = watch
        return watch >= 0
    }

    /// Reads every queued event; reloads once if any concerned a calibration file or the directory.
    private func drain() {
        var changed = false
        let name = String(self.directory.split(separator: "/").last ?? "")
        for event in FileWatch.readEvents(self.descriptor.rawValue, logger: self.logger, what: "calibration directory events") {
            if event.watch == self.parentWatch, event.name == name {
                // The directory appeared, was replaced or went away: watch whatever is there now.
                self.watchDirectory()
                changed = true
            } else if event.watch == self.directoryWatch {
                if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                    self.directoryWatch = -1
                    changed = true
                } else if event.name.hasSuffix(CalibrationStore.fileExtension) {
                    changed = true
                }
            }
        }
        if changed { self.onChange(CalibrationStore.load(directory: self.directory)) }
    }
}
