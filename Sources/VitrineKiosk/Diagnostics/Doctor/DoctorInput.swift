import VitrineCore
import VitrineUdev

/// The input checks: udev's input devices (`/dev/input/event*` with `ID_INPUT=1`) and what they
/// can do (udev's `ID_INPUT_TOUCHSCREEN`, `ID_INPUT_MOUSE`, `ID_INPUT_KEYBOARD`…, which
/// libinput reads too), whether their nodes open read-write for the user the kiosk runs as, and
/// whether the service user is in the groups its sysusers file and unit expect.
///
/// udev lists devices a user may not open, so this works where libinput (which lists only the
/// devices it could open) would just show nothing.
public struct DoctorInput: Sendable {
    public struct Device: Sendable, Equatable {
        public var node: String
        public var name: String
        /// sysfs `device/id/vendor` and `device/id/product` (what `CalibrationKey` uses without a serial).
        public var vendor: Int
        public var product: Int
        public var capabilities: InputCapabilities
        public var properties: [String: String]
        /// Whether `DoctorInput.subject` may open the node read-write.
        public var openable: Bool
        /// The node's group (`input`).
        public var group: String?
    }

    public var devices: [Device]
    /// Who the permissions are judged for: the running user, or as root the service user with
    /// the groups the service runs with (`vitrine (as the service runs it)`).
    public var subject: String
    /// The user to add to the group in a fix.
    public var subjectUser: String
    /// The service user, its groups (`/etc/group`), the groups expected and where that was read.
    public var serviceUser: String
    public var serviceUserExists: Bool
    public var memberOf: [String]
    public var expected: [String]
    public var expectedSource: String
    public var unitGroups: [String]
    public var existingGroups: Set<String>

    /// udev's capability properties (udev-builtin-input_id) as libinput capabilities.
    public static func capabilities(_ properties: [String: String]) -> InputCapabilities {
        var capabilities: InputCapabilities = []
        if properties["ID_INPUT_TOUCHSCREEN"] == "1" { capabilities.insert(.touch) }
        if properties["ID_INPUT_MOUSE"] == "1" || properties["ID_INPUT_TOUCHPAD"] == "1" || properties["ID_INPUT_POINTINGSTICK"] == "1" {
            capabilities.insert(.pointer)
        }
        if properties["ID_INPUT_KEYBOARD"] == "1" || properties["ID_INPUT_KEY"] == "1" { capabilities.insert(.keyboard) }
        if properties["ID_INPUT_TABLET"] == "1" { capabilities.insert(.tabletTool) }
        if properties["ID_INPUT_SWITCH"] == "1" { capabilities.insert(.switch) }
        return capabilities
    }

    /// Whether a file of `status` opens read-write for `uid` with `gids` (the mode bits, as the
    /// kernel checks them for a process without capabilities).
    public static func permits(_ status: DoctorSystem.FileStatus, uid: UInt32, gids: Set<UInt32>) -> Bool {
        if status.uid == uid { return status.mode & 0o600 == 0o600 }
        if gids.contains(status.gid) { return status.mode & 0o060 == 0o060 }
        return status.mode & 0o006 == 0o006
    }

    public static func load(_ system: DoctorSystem, accounts: DoctorAccounts, service: DoctorService) -> DoctorInput {
        let serviceUser = service.user
        let account = accounts.user(named: serviceUser)
        let expected = DoctorAccounts.expectedGroups(user: serviceUser, system: system)
        let unitGroups = service.isInstalled ? service.supplementaryGroups : []
        let memberOf = account.map { accounts.groupNames(of: $0) } ?? []
        let subject: String, subjectUser: String
        let openable: (String) -> Bool
        if system.isRoot {
            subjectUser = serviceUser
            subject = "\(serviceUser) (as the service runs it)"
            let gids = Set((memberOf + unitGroups).compactMap { accounts.group(named: $0)?.gid } + (account.map { [$0.gid] } ?? []))
            openable = { node in
                guard let account, let status = system.status(node) else { return false }
                return Self.permits(status, uid: account.uid, gids: gids)
            }
        } else {
            subjectUser = accounts.user(id: system.userID)?.name ?? "uid \(system.userID)"
            subject = subjectUser
            openable = system.canOpen
        }
        let devices = system.inputDevices().compactMap { device -> Device? in
            guard let node = device.devnode, device.properties["ID_INPUT"] == "1" else { return nil }
            let name = system.read(device.syspath + "/device/name")?.trimmingNewlines ?? device.properties["NAME"]?.replacing("\"", with: "") ?? device.sysname
            let id = { (name: String) in system.read(device.syspath + "/device/id/" + name).flatMap { Int($0.trimmingNewlines, radix: 16) } ?? 0 }
            let group = system.status(node).flatMap { accounts.group(id: $0.gid)?.name }
            return Device(
                node: node, name: name, vendor: id("vendor"), product: id("product"), capabilities: Self.capabilities(device.properties),
                properties: device.properties, openable: openable(node), group: group)
        }
        return DoctorInput(
            devices: devices, subject: subject, subjectUser: subjectUser, serviceUser: serviceUser, serviceUserExists: account != nil,
            memberOf: memberOf, expected: expected?.groups ?? DoctorAccounts.defaultGroups, expectedSource: expected?.file ?? "Systemd/vitrine.sysusers",
            unitGroups: unitGroups, existingGroups: Set(accounts.groups.map(\.name)))
    }

    /// The input lines: one per device, then the service user's groups.
    public func findings() -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        if !self.devices.contains(where: { $0.capabilities.contains(.touch) }) {
            let pointer = self.devices.contains { $0.capabilities.contains(.pointer) }
            findings.append(
                .warn(
                    "input", "no touchscreen: udev lists no device with ID_INPUT_TOUCHSCREEN=1" + (pointer ? " (a mouse stands in for touch)" : ""),
                    fix: "check the panel's touch cable and driver (dmesg | grep -i input; sudo libinput list-devices)"))
        }
        for device in self.devices {
            var what = "\(device.node) (\(device.name)): \(device.capabilities)"
            if device.capabilities.contains(.touch), let controller = DoctorBoard.touchController(name: device.name) { what += ", \(controller)" }
            if device.openable {
                findings.append(.ok("input", "\(what), opens for \(self.subject)"))
                continue
            }
            let group = device.group ?? "input"
            var fix = "add \(self.subjectUser) to group \(group): usermod -aG \(group) \(self.subjectUser)"
            let message = "\(what), is not readable by \(self.subject)"
            guard self.subjectUser == self.serviceUser else {
                // Another user's access says nothing about the kiosk's.
                fix = "check as root or as \(self.serviceUser) (sudo vitrine doctor); for \(self.subjectUser): usermod -aG \(group) \(self.subjectUser)"
                findings.append(.warn("input", message, fix: fix))
                continue
            }
            // Vitrine reads touch, and a mouse standing in; a keyboard it cannot open costs nothing.
            findings.append(device.capabilities.producesContacts ? .fail("input", message, fix: fix) : .warn("input", message, fix: fix))
        }
        findings += self.groupFindings()
        return findings
    }

    func groupFindings() -> [DoctorFinding] {
        let user = self.serviceUser
        guard self.serviceUserExists else {
            return [
                .fail(
                    "input", "the service user \(user) does not exist",
                    fix: "create it: systemd-sysusers \(self.expectedSource) (installing the package, or scripts/install.sh, does)")
            ]
        }
        var findings: [DoctorFinding] = []
        var present: [String] = []
        for group in self.expected {
            if !self.existingGroups.contains(group) {
                findings.append(
                    .fail("input", "group \(group) does not exist (\(self.expectedSource) puts \(user) in it)", fix: "systemd-sysusers \(self.expectedSource)"))
            } else if self.memberOf.contains(group) {
                present.append(group)
            } else if self.unitGroups.contains(group) {
                findings.append(
                    .warn(
                        "input",
                        "\(user) is not in group \(group) (/etc/group); the service still gets it from SupplementaryGroups=, but \(user) outside the service (vitrine doctor, vitrine run by hand) does not",
                        fix: "usermod -aG \(group) \(user) (\(self.expectedSource): m \(user) \(group))"))
            } else {
                findings.append(
                    .fail(
                        "input", "\(user) is not in group \(group), and the unit does not add it",
                        fix: "usermod -aG \(group) \(user) (\(self.expectedSource): m \(user) \(group))"))
            }
        }
        if !present.isEmpty { findings.insert(.ok("input", "\(user) is in groups \(present.joined(separator: ", ")) (\(self.expectedSource))"), at: 0) }
        return findings
    }
}
