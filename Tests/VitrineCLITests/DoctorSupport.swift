import Glibc
import VitrineCore
import VitrineDRM
import VitrineGraphics
import VitrineKiosk
import VitrineSystem
import VitrineTestSupport
import VitrineUdev

/// A machine for `vitrine doctor` to examine: a temporary root with `/proc`, `/etc` and
/// `/var` files, and the probes (systemctl, cards, udev devices, permissions) as answers.
final class FakeMachine {
    let directory = TemporaryDirectory(prefix: "vitrine-doctor")
    var userID: UInt32 = 0
    var groupIDs: [UInt32] = [0]
    /// `systemctl show UNIT` answers by unit; a missing unit is `LoadState=not-found`.
    var units: [String: String] = [:]
    var systemctlInstalled = true
    var cards: [String] = []
    var openCard: KMSDeviceOpener = { path throws(VitrineError) in throw VitrineError(.notFound, "no card \(path)") }
    var framebuffers: [String] = []
    var devices: [UdevDevice] = []
    var statuses: [String: DoctorSystem.FileStatus] = [:]
    var openable: Set<String> = []
    var fonts: ConfigDiagnosis.FontLookup? = FakeMachine.latinOnly

    /// Fonts that draw ASCII and Latin-1 only.
    static func latinOnly(_ scalars: Set<UInt32>, _ family: String) -> [UInt32] { scalars.filter { $0 > 0xFF }.sorted() }

    init() throws {
        try self.write(
            "/etc/passwd",
            "root:x:0:0:root:/root:/bin/bash\nvitrine:x:998:998:Vitrine kiosk:/var/lib/vitrine:/usr/sbin/nologin\nalice:x:1000:1000::/home/alice:/bin/sh\n")
        try self.write(
            "/etc/group",
            "root:x:0:\nvideo:x:44:vitrine\ninput:x:105:vitrine\nrender:x:106:vitrine\nvitrine:x:998:\nvitrine-control:x:997:vitrine\nalice:x:1000:\n")
        try self.write(
            "/etc/sysusers.d/vitrine.conf",
            "u vitrine - \"Vitrine kiosk\" /var/lib/vitrine\nm vitrine video\nm vitrine input\nm vitrine render\ng vitrine-control -\nm vitrine vitrine-control\n"
        )
        try self.write("/etc/udev/rules.d/70-vitrine-calibration.rules", "# rule\n")
        try Directory.create(self.directory.file("proc"))
        try Directory.create(self.directory.file("var/lib/vitrine/calibration"))
        self.units["vitrine.service"] = Self.running(pid: 412)
        self.units["getty@tty1.service"] = "LoadState=masked\nUnitFileState=masked\nActiveState=inactive\n"
    }

    deinit { self.directory.remove() }

    static func running(pid: Int, restarts: Int = 0) -> String {
        """
        LoadState=loaded
        ActiveState=active
        SubState=running
        Result=success
        ExecMainStatus=0
        ExecMainCode=0
        NRestarts=\(restarts)
        MainPID=\(pid)
        UnitFileState=enabled
        StatusText=showing the kiosk
        User=vitrine
        SupplementaryGroups=video input render vitrine-control

        """
    }

    func write(_ path: String, _ text: String) throws {
        let full = self.directory.path + path
        try Directory.create(Directory.parent(of: full))
        try FileBytes.writeAtomically(Array(text.utf8), to: full)
    }

    /// A process in the fake `/proc`, with descriptors linked to `open`.
    func process(_ pid: Int, comm: String, arguments: [String], open: [String] = []) throws {
        try self.write("/proc/\(pid)/comm", comm + "\n")
        try self.write("/proc/\(pid)/cmdline", arguments.joined(separator: "\0") + "\0")
        try Directory.create(self.directory.path + "/proc/\(pid)/fd")
        for (index, target) in open.enumerated() {
            _ = symlink(target, self.directory.path + "/proc/\(pid)/fd/\(index + 3)")
        }
    }

    /// A process whose fd folder cannot be listed (another user's, seen without root).
    func hiddenProcess(_ pid: Int) throws {
        try self.write("/proc/\(pid)/comm", "secret\n")
    }

    /// An input device udev lists, with its sysfs name.
    func inputDevice(_ event: String, name: String, properties: [String: String], mode: UInt32 = 0o660, gid: UInt32 = 105) throws {
        let syspath = "/sys/devices/virtual/input/input9/\(event)"
        try self.write(syspath + "/device/name", name + "\n")
        try self.write(syspath + "/device/id/vendor", "1234\n")
        try self.write(syspath + "/device/id/product", "5678\n")
        let node = "/dev/input/" + event
        self.devices.append(UdevDevice(sysname: event, syspath: syspath, devnode: node, action: nil, properties: ["ID_INPUT": "1"].merging(properties) { $1 }))
        self.statuses[node] = DoctorSystem.FileStatus(uid: 0, gid: gid, mode: mode)
    }

    var system: DoctorSystem {
        let units = self.units, installed = self.systemctlInstalled
        let cards = self.cards, framebuffers = self.framebuffers, devices = self.devices, statuses = self.statuses, openable = self.openable
        return DoctorSystem(
            root: self.directory.path, processID: 1, userID: self.userID, groupIDs: self.groupIDs,
            run: { command in
                guard installed else { return nil }
                if command.first == "systemctl", command.count > 2 { return (0, units[command[2]] ?? "LoadState=not-found\nActiveState=inactive\n") }
                return nil
            },
            cards: { cards }, openCard: self.openCard, framebuffers: { framebuffers }, inputDevices: { devices },
            canOpen: { openable.contains($0) }, status: { statuses[$0] }, fonts: self.fonts)
    }

    func run(config: String? = nil) -> DoctorReport {
        Doctor.run(system: self.system, configPath: config ?? self.directory.file("absent.json"), calibrationDirectory: "/var/lib/vitrine/calibration")
    }
}

/// A DRM card whose master state is set by the test; everything else is refused.
final class FakeCard: KMSDevice {
    let path: String
    var isMaster: Bool
    /// What SET_MASTER fails with; nil lets it succeed.
    let refuse: Int32?
    var acquired = 0, released = 0

    init(path: String, master: Bool, refuse: Int32?) {
        self.path = path
        self.isMaster = master
        self.refuse = refuse
    }

    var fileDescriptor: Int32 { -1 }
    var driverName: String { "fake-drm" }
    var supportsKMS: Bool { true }
    var monotonicTimestamps: Bool { true }

    func acquireMaster() throws(VitrineError) {
        if let refuse { throw VitrineError(.busy, "drmSetMaster", cause: SystemError("drmSetMaster", errno: refuse)) }
        self.acquired += 1
        self.isMaster = true
    }

    func releaseMaster() throws(VitrineError) {
        self.released += 1
        self.isMaster = false
    }

    private func refused() -> VitrineError { VitrineError(.unsupported, "not simulated") }
    func resources() throws(VitrineError) -> KMSResources { throw self.refused() }
    func connector(_ id: UInt32, probe: Bool) throws(VitrineError) -> KMSConnector { throw self.refused() }
    func encoder(_ id: UInt32) throws(VitrineError) -> KMSEncoder { throw self.refused() }
    func crtcState(_ id: UInt32) throws(VitrineError) -> KMSCRTCState { throw self.refused() }
    func createDumbBuffer(size: PixelSize) throws(VitrineError) -> DumbBuffer { throw self.refused() }
    func setCRTC(_ crtcID: UInt32, framebufferID: UInt32, x: UInt32, y: UInt32, connectorIDs: [UInt32], mode: DRMMode?) throws(VitrineError) {
        throw self.refused()
    }
    func pageFlip(_ crtcID: UInt32, framebufferID: UInt32) throws(VitrineError) { throw self.refused() }
    func markDirty(framebufferID: UInt32, rects: [PixelRect]) throws(VitrineError) { throw self.refused() }
    func readFlipEvents() throws(VitrineError) -> [FlipEvent] { [] }
}
