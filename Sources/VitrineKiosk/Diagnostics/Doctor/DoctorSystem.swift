import Glibc
import VitrineCore
import VitrineDRM
import VitrineSystem
import VitrineUdev

/// What `vitrine doctor` reads the machine through: the files under `/proc`, `/sys`, `/dev`,
/// `/etc` (through `root`), the programs it asks (`systemctl`, `journalctl`), the DRM cards, udev's
/// input devices, and the running user.
///
/// `live()` is the machine itself; tests build one over a temporary tree (a fake `/proc` with
/// `fd` links, `/etc/group`, …) and injected probes, and the checks run the same code either way.
public struct DoctorSystem {
    /// The file owner, group and mode bits of a path (`stat(2)`).
    public struct FileStatus: Sendable, Equatable {
        public var uid: UInt32
        public var gid: UInt32
        public var mode: UInt32

        public init(uid: UInt32, gid: UInt32, mode: UInt32) {
            self.uid = uid
            self.gid = gid
            self.mode = mode
        }
    }

    /// Prefixed to every absolute path read as a file ("" on the machine, a folder in tests).
    public var root: String
    /// The doctor's own process, left out of the DRM card's holders.
    public var processID: Int32
    /// The effective user and its groups (`geteuid`, `getegid` and `getgroups`).
    public var userID: UInt32
    public var groupIDs: [UInt32]
    /// Runs a program with arguments and returns its exit status and stdout; nil when it cannot
    /// be started (not installed).
    public var run: ([String]) -> (status: Int32, output: String)?
    /// The DRM card nodes (`CardDiscovery`).
    public var cards: () -> [String]
    /// Opens a card without asking for master (the first opener of a card becomes master).
    public var openCard: KMSDeviceOpener
    /// `/dev/fb*` lines (`FramebufferInventory`).
    public var framebuffers: () -> [String]
    /// udev's `input` devices named `event*`, with their properties.
    public var inputDevices: () -> [UdevDevice]
    /// Whether the running user may open `path` read-write (`access(2)`, which also honours ACLs).
    public var canOpen: (String) -> Bool
    /// `stat(2)` of an absolute path (not prefixed with `root`: device nodes come from udev).
    public var status: (String) -> FileStatus?
    /// The fonts' coverage; nil asks fontconfig.
    public var fonts: ConfigDiagnosis.FontLookup?

    public init(
        root: String, processID: Int32, userID: UInt32, groupIDs: [UInt32], run: @escaping ([String]) -> (status: Int32, output: String)?,
        cards: @escaping () -> [String], openCard: @escaping KMSDeviceOpener, framebuffers: @escaping () -> [String],
        inputDevices: @escaping () -> [UdevDevice], canOpen: @escaping (String) -> Bool, status: @escaping (String) -> FileStatus?,
        fonts: ConfigDiagnosis.FontLookup? = nil
    ) {
        self.root = root
        self.processID = processID
        self.userID = userID
        self.groupIDs = groupIDs
        self.run = run
        self.cards = cards
        self.openCard = openCard
        self.framebuffers = framebuffers
        self.inputDevices = inputDevices
        self.canOpen = canOpen
        self.status = status
        self.fonts = fonts
    }

    /// The machine this runs on.
    public static func live() -> DoctorSystem {
        let udev = try? UdevContext()
        var groups = [gid_t](repeating: 0, count: Int(getgroups(0, nil)) + 1)
        let count = getgroups(Int32(groups.count), &groups)
        let all = [UInt32(getegid())] + (count > 0 ? groups[0..<Int(count)].map { UInt32($0) } : [])
        return DoctorSystem(
            root: "", processID: getpid(), userID: UInt32(geteuid()), groupIDs: Array(Set(all)).sorted(),
            run: { DoctorProgram.run($0) },
            cards: { CardDiscovery.candidates(explicit: nil, udev: udev) },
            openCard: LibdrmDevice.open,
            framebuffers: { FramebufferInventory.scan() },
            inputDevices: { udev?.devices(subsystem: "input", sysnamePattern: "event*") ?? [] },
            canOpen: { access($0, R_OK | W_OK) == 0 },
            status: { path in
                var info = stat()
                guard stat(path, &info) == 0 else { return nil }
                return FileStatus(uid: info.st_uid, gid: info.st_gid, mode: info.st_mode & 0o7777)
            })
    }

    /// `path` under `root`.
    public func file(_ path: String) -> String { self.root + path }

    /// The text of the file at `path` (under `root`), nil when it cannot be read.
    public func read(_ path: String) -> String? {
        try? FileReader.readText(self.file(path), limit: FileReader.largestSystemFile, what: "a system file")
    }

    /// Whether `path` (under `root`) exists.
    public func exists(_ path: String) -> Bool { Directory.exists(self.file(path)) }

    /// Whether the running user is root (the checks that need root say so otherwise).
    public var isRoot: Bool { self.userID == 0 }
}
