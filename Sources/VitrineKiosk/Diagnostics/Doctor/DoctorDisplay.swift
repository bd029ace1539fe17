import Glibc
import VitrineCore
import VitrineDRM

/// The display checks: every DRM card with its connectors and modes (`DisplayInventory`, read
/// without taking master), whether DRM master of each modesetting card can be taken now and,
/// when not, who holds the card; the framebuffer devices when there is no DRM card.
public struct DoctorDisplay: Sendable {
    /// Whether master could be taken (drm(7): the first process to open a card becomes master;
    /// `DRM_IOCTL_SET_MASTER` succeeds only when nobody is, and needs `CAP_SYS_ADMIN` unless the
    /// caller was master before).
    public enum Master: Sendable, Equatable {
        /// The doctor became master on opening the card (or with SET_MASTER), and dropped it.
        case free
        /// Another file holds master; the errno of SET_MASTER (EBUSY as root, EACCES otherwise).
        case held(errno: Int32)
        /// The card could not be opened.
        case unknown(String)
    }

    public struct Card: Sendable {
        public var inventory: DisplayInventory.Card
        public var master: Master
        /// The processes with the card open.
        public var processes: DoctorProcesses
        /// The card node's group, named (`video`), for the fix of a refused open.
        public var group: String?
    }

    public var cards: [Card]
    public var framebuffers: [String]
    /// Who runs the checks (`vitrine`, `root`), for the fixes.
    public var user: String
    /// Whether `user` sees what the kiosk sees (root, or the service user): another user's
    /// refused open is that user's problem, not the kiosk's, so it is only a warning.
    public var speaksForKiosk: Bool = true

    /// Opens every card twice: once for the inventory, once to test master.
    public static func load(_ system: DoctorSystem, accounts: DoctorAccounts, user: String, serviceUser: String) -> DoctorDisplay {
        let paths = system.cards()
        let inventory = DisplayInventory.scan(candidates: paths, open: system.openCard)
        let cards = inventory.cards.map { card in
            let master: Master =
                card.error == nil && card.supportsKMS ? self.probeMaster(card.path, open: system.openCard) : .unknown(card.error ?? "render-only")
            let processes = DoctorProcesses.holders(of: card.path, system: system, excluding: system.processID)
            let group = system.status(card.path).flatMap { accounts.group(id: $0.gid)?.name }
            return Card(inventory: card, master: master, processes: processes, group: group)
        }
        return DoctorDisplay(
            cards: cards, framebuffers: cards.isEmpty ? system.framebuffers() : [], user: user, speaksForKiosk: system.isRoot || user == serviceUser)
    }

    /// Opens `path`: master at once means nobody held it; else SET_MASTER says whether another does.
    /// Either way master is dropped again before the card is closed.
    public static func probeMaster(_ path: String, open: KMSDeviceOpener) -> Master {
        let device: KMSDevice
        do {
            device = try open(path)
        } catch {
            return .unknown(error.description)
        }
        if device.isMaster {
            try? device.releaseMaster()
            return .free
        }
        do {
            try device.acquireMaster()
            try? device.releaseMaster()
            return .free
        } catch {
            return .held(errno: error.errno ?? EBUSY)
        }
    }

    /// `card0` of `/dev/dri/card0`.
    static func name(_ path: String) -> String { String(path.split(separator: "/").last ?? Substring(path)) }

    /// The drm lines; `service` tells the kiosk's own process from another holder.
    public func findings(service: DoctorService) -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        if self.cards.isEmpty {
            if self.framebuffers.isEmpty {
                return [
                    .fail(
                        "drm", "no display device: no DRM card (/dev/dri/card*) and no framebuffer (/dev/fb*)",
                        fix: "load the display's kernel driver (dmesg | grep -i -e drm -e fb; on a Pi: dtoverlay=vc4-kms-v3d in config.txt)")
                ]
            }
            return self.framebuffers.map { .ok("drm", "no DRM card; the kiosk uses fbdev \($0)") }
        }
        for card in self.cards {
            findings += self.cardFindings(card, service: service)
        }
        return findings
    }

    func cardFindings(_ card: Card, service: DoctorService) -> [DoctorFinding] {
        let info = card.inventory
        let name = Self.name(info.path)
        if let error = info.error {
            if error.contains("ermission denied") {
                let group = card.group ?? "video"
                let message = "\(info.path) cannot be opened by \(self.user): permission denied"
                guard self.speaksForKiosk else {
                    return [
                        .warn(
                            "drm", message,
                            fix: "check as root or as the service user (sudo vitrine doctor); for \(self.user): usermod -aG \(group) \(self.user)")
                    ]
                }
                return [.fail("drm", message, fix: "add \(self.user) to group \(group): usermod -aG \(group) \(self.user)")]
            }
            return [.fail("drm", "\(info.path) cannot be opened: \(error)", fix: "check the driver: dmesg | grep -i drm")]
        }
        let driver = info.driver + (DoctorBoard.displayDriver(info.driver).map { ": \($0)" } ?? "")
        guard info.supportsKMS else { return [.ok("drm", "\(name) (\(driver)) is render-only (no display on it)")] }
        var findings: [DoctorFinding] = []
        let connected = info.connectors.filter { $0.status == .connected }
        if connected.isEmpty {
            let list = info.connectors.map { "\($0.name) \($0.status)" }.joined(separator: ", ")
            findings.append(
                .warn(
                    "drm", "\(name) (\(driver)): no connector connected" + (list.isEmpty ? "" : " (\(list))"),
                    fix:
                        "plug the panel in and check its cable; the kiosk waits for it (vitrine list-displays shows every connector; display.connector picks one)"
                ))
        }
        for connector in connected {
            let mode = connector.modes.first(where: \.isPreferred) ?? connector.modes.first
            let modeText = mode.map { "\($0.width)x\($0.height)@\(String(fixed: $0.refreshRate, decimals: 2))" } ?? "no modes"
            findings.append(
                .ok(
                    "drm",
                    "\(name) (\(driver)) \(connector.name) connected \(modeText), \(connector.modes.count) mode\(connector.modes.count == 1 ? "" : "s")"))
        }
        findings.append(self.masterFinding(card, service: service))
        return findings
    }

    func masterFinding(_ card: Card, service: DoctorService) -> DoctorFinding {
        let name = Self.name(card.inventory.path)
        let kiosk = service.mainPID.flatMap { pid in card.processes.holders.first { $0.pid == pid } }
        switch card.master {
        case .free:
            if let kiosk, service.isActive {
                return .warn(
                    "drm", "master of \(name) is free although the kiosk (\(kiosk)) has it open: it is switched away from tty1 or paused",
                    fix: "switch back with chvt 1; see journalctl -u vitrine -b")
            }
            return .ok("drm", "master of \(name) is free: the kiosk can take it")
        case .unknown(let reason):
            return .warn("drm", "master of \(name) not checked: \(reason)", fix: "run as root: sudo vitrine doctor")
        case .held:
            if let kiosk {
                return .ok("drm", "master of \(name) is held by the kiosk, \(DoctorService.unit) (\(kiosk))")
            }
            let others = card.processes.holders
            if !others.isEmpty {
                let list = others.map(\.description).joined(separator: ", ")
                let kill = others.map { String($0.pid) }.joined(separator: " ")
                return .fail(
                    "drm", "master of \(name) is held by another process: \(list) has \(card.inventory.path) open",
                    fix: "the kiosk cannot draw while it does: stop it (kill \(kill)), or a display manager: systemctl disable --now gdm lightdm sddm")
            }
            if card.processes.hidden > 0 {
                return .warn(
                    "drm", "master of \(name) is held by a process \(self.user) cannot see (\(card.processes.hidden) processes' files are not readable)",
                    fix: "run as root to name it: sudo vitrine doctor (or sudo fuser -v \(card.inventory.path))")
            }
            return .warn(
                "drm", "master of \(name) is held, and no process has \(card.inventory.path) open",
                fix: "see sudo fuser -v \(card.inventory.path); dmesg | grep -i drm")
        }
    }
}
