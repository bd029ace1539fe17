import Glibc
import Testing
import VitrineCore
import VitrineDRM

@testable import VitrineCLI
@testable import VitrineKiosk

@Suite("vitrine doctor: the lines, the exit status, each check's decisions")
struct DoctorTests {
    static let cardPath = "/dev/dri/card0"

    static func card(connected: Bool = true) -> DisplayInventory.Card {
        let modes = [DRMMode(width: 1280, height: 800, refreshRate: 60, preferred: true), DRMMode(width: 1024, height: 768, refreshRate: 60)]
        let connector = KMSConnector(
            id: 31, name: "Virtual-1", status: connected ? .connected : .disconnected, modes: connected ? modes : [], encoderID: 0, encoderIDs: [])
        return DisplayInventory.Card(path: Self.cardPath, driver: "bochs-drm", supportsKMS: true, connectors: [connector], crtcs: [], error: nil)
    }

    @Test("a line is the level padded to five, the area, the message and ' — ' the fix; warnings exit 0, a failure 1")
    func format() {
        let ok = DoctorFinding.ok("drm", "card0 (bochs-drm) Virtual-1 connected 1280x800@60.00")
        let warn = DoctorFinding.warn("vt", "getty@tty1.service is enabled", fix: "systemctl mask getty@tty1.service")
        let fail = DoctorFinding.fail("input", "/dev/input/event3 (QEMU touch): touch, is not readable by vitrine", fix: "usermod -aG input vitrine")
        #expect(ok.description == "ok   drm: card0 (bochs-drm) Virtual-1 connected 1280x800@60.00")
        #expect(warn.description == "warn vt: getty@tty1.service is enabled — systemctl mask getty@tty1.service")
        #expect(fail.description == "fail input: /dev/input/event3 (QEMU touch): touch, is not readable by vitrine — usermod -aG input vitrine")
        #expect(DoctorReport(findings: [ok, warn]).exitStatus == 0)
        #expect(DoctorReport(findings: [ok, warn, fail]).exitStatus == 1)
        #expect(DoctorReport(findings: [ok, warn, fail]).text.hasSuffix("\n1 ok, 1 warn, 1 fail\n"))
        #expect(DoctorReport(findings: [fail]).json.serialized(pretty: false).contains(#""fix":"usermod -aG input vitrine""#))
    }

    @Test("service: absent systemctl and a missing unit warn; running is ok; a watchdog restart warns with the watchdog's fix; failed fails")
    func service() {
        #expect(DoctorService(values: nil).findings(journal: nil).map(\.level) == [.warn])
        #expect(DoctorService(values: ["LoadState": "not-found"]).findings(journal: nil).first?.message == "vitrine.service is not installed")
        let running = DoctorService(values: DoctorService.parse(FakeMachine.running(pid: 412)))
        #expect(
            running.findings(journal: nil).map(\.description) == [
                #"ok   service: vitrine.service active (running), pid 412, status "showing the kiosk", 0 restarts"#
            ])
        let restarted = DoctorService(values: DoctorService.parse(FakeMachine.running(pid: 500, restarts: 2)))
        let journal = "Started vitrine.service\nvitrine.service: Watchdog timeout (limit 10s)!\nvitrine.service: Failed with result 'watchdog'.\n"
        let lines = restarted.findings(journal: journal)
        #expect(lines.map(\.level) == [.ok, .warn])
        #expect(lines[1].message == "vitrine.service restarted 2 times since it was started, last stop: Failed with result 'watchdog'")
        #expect(lines[1].fix?.hasPrefix("the watchdog killed a hung kiosk") == true)
        var values = DoctorService.parse(FakeMachine.running(pid: 0))
        values["ActiveState"] = "failed"
        values["SubState"] = "failed"
        values["Result"] = "exit-code"
        values["ExecMainCode"] = "1"
        values["ExecMainStatus"] = "1"
        #expect(
            DoctorService(values: values).findings(journal: nil).first?.description
                == "fail service: vitrine.service failed (failed): Result=exit-code, exit status 1 — see why: journalctl -u vitrine -b; then systemctl restart vitrine"
        )
        values["Result"] = "watchdog"
        values["ExecMainCode"] = "2"
        values["ExecMainStatus"] = "6"
        #expect(DoctorService(values: values).findings(journal: nil).first?.message == "vitrine.service failed (failed): Result=watchdog, killed by signal 6")
        values["ActiveState"] = "inactive"
        values["Result"] = "success"
        values["UnitFileState"] = "disabled"
        #expect(DoctorService(values: values).findings(journal: nil).map(\.level) == [.warn, .warn])
    }

    @Test("drm master: opened as master or SET_MASTER works is free (and dropped again); a refused SET_MASTER is held")
    func probeMaster() {
        let first = FakeCard(path: Self.cardPath, master: true, refuse: nil)
        #expect(DoctorDisplay.probeMaster(Self.cardPath, open: { _ in first }) == .free)
        #expect(!first.isMaster && first.released == 1)
        let second = FakeCard(path: Self.cardPath, master: false, refuse: nil)
        #expect(DoctorDisplay.probeMaster(Self.cardPath, open: { _ in second }) == .free)
        #expect(second.acquired == 1 && !second.isMaster)
        let held = FakeCard(path: Self.cardPath, master: false, refuse: EBUSY)
        #expect(DoctorDisplay.probeMaster(Self.cardPath, open: { _ in held }) == .held(errno: EBUSY))
        #expect(
            DoctorDisplay.probeMaster(Self.cardPath, open: { path throws(VitrineError) in throw VitrineError(.notFound, "gone \(path)") })
                == .unknown("gone /dev/dri/card0"))
    }

    @Test("drm master held: by the service's main pid ok, by another process fail naming pid, comm and command, unseen warn to run as root")
    func masterHolder() throws {
        let machine = try FakeMachine()
        try machine.process(412, comm: "vitrine", arguments: ["/usr/local/bin/vitrine", "run"], open: [Self.cardPath, "/dev/tty1"])
        try machine.process(733, comm: "vitrine", arguments: ["/usr/local/bin/vitrine", "test-pattern", "--seconds", "60"], open: ["/dev/null"])
        try machine.process(800, comm: "bash", arguments: ["bash"])
        let service = DoctorService(values: DoctorService.parse(FakeMachine.running(pid: 412)))
        func master(_ holders: DoctorProcesses, _ service: DoctorService) -> String {
            let display = DoctorDisplay(
                cards: [.init(inventory: Self.card(), master: .held(errno: EBUSY), processes: holders, group: "video")], framebuffers: [], user: "root")
            return display.findings(service: service).map(\.description).joined(separator: "\n")
        }
        let kiosk = DoctorProcesses.holders(of: Self.cardPath, system: machine.system, excluding: 1)
        #expect(kiosk.holders.map(\.pid) == [412])
        #expect(
            master(kiosk, service) == """
                ok   drm: card0 (bochs-drm) Virtual-1 connected 1280x800@60.00, 2 modes
                ok   drm: master of card0 is held by the kiosk, vitrine.service (pid 412 (vitrine: /usr/local/bin/vitrine run))
                """)
        let testPattern = ["/usr/local/bin/vitrine", "test-pattern", "--seconds", "60"]
        try machine.process(733, comm: "vitrine", arguments: testPattern, open: ["/dev/null", Self.cardPath])
        let stopped = DoctorService(values: ["LoadState": "loaded", "ActiveState": "inactive", "MainPID": "0"])
        let other = DoctorProcesses.holders(of: Self.cardPath, system: machine.system, excluding: 412)
        #expect(
            master(other, stopped).hasSuffix(
                "fail drm: master of card0 is held by another process: pid 733 (vitrine: /usr/local/bin/vitrine test-pattern --seconds 60) has /dev/dri/card0 open — the kiosk cannot draw while it does: stop it (kill 733), or a display manager: systemctl disable --now gdm lightdm sddm"
            ))
        try machine.hiddenProcess(900)
        let unseen = DoctorProcesses.holders(of: Self.cardPath, system: machine.system, excluding: 733).holders.filter { $0.pid != 412 }
        let hidden = DoctorProcesses(holders: unseen, hidden: 1)
        #expect(
            master(hidden, stopped).contains(
                "warn drm: master of card0 is held by a process root cannot see (1 processes' files are not readable) — run as root to name it: sudo vitrine doctor"
            ))
    }

    @Test("drm: a card with nothing connected warns; no card and no framebuffer fails; fbdev alone is ok; a refused open names the card's group")
    func cards() {
        let service = DoctorService(values: nil)
        let empty = DoctorDisplay(
            cards: [.init(inventory: Self.card(connected: false), master: .free, processes: .init(holders: [], hidden: 0), group: "video")], framebuffers: [],
            user: "vitrine")
        #expect(empty.findings(service: service).map(\.level) == [.warn, .ok])
        #expect(DoctorDisplay(cards: [], framebuffers: [], user: "root").findings(service: service).map(\.level) == [.fail])
        #expect(
            DoctorDisplay(cards: [], framebuffers: ["/dev/fb0: 1280x800"], user: "root").findings(service: service).map(\.description) == [
                "ok   drm: no DRM card; the kiosk uses fbdev /dev/fb0: 1280x800"
            ])
        let refused = DisplayInventory.Card(
            path: Self.cardPath, driver: "?", supportsKMS: false, connectors: [], crtcs: [], error: "cannot open /dev/dri/card0: Permission denied")
        let denied = DoctorDisplay(
            cards: [.init(inventory: refused, master: .unknown(""), processes: .init(holders: [], hidden: 0), group: "video")], framebuffers: [], user: "alice")
        #expect(
            denied.findings(service: service).map(\.description) == [
                "fail drm: /dev/dri/card0 cannot be opened by alice: permission denied — add alice to group video: usermod -aG video alice"
            ])
        var other = denied
        other.speaksForKiosk = false
        #expect(other.findings(service: service).map(\.level) == [.warn])
    }
}
