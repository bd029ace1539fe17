import Glibc
import Testing
import VitrineCore

@testable import VitrineCLI
@testable import VitrineKiosk

@Suite("vitrine doctor: input, groups, calibration, config, VT, and the whole run")
struct DoctorInputConfigTests {
    static let touch = ["ID_INPUT_TOUCHSCREEN": "1"]

    static func input(_ machine: FakeMachine) -> [String] {
        let system = machine.system
        let accounts = DoctorAccounts.load(system)
        return DoctorInput.load(system, accounts: accounts, service: DoctorService.load(system)).findings().map(\.description)
    }

    @Test(
        "as root, a node is judged for vitrine with the service's groups: in input ok; out of /etc/group but in the unit a warn; in neither a fail with usermod"
    )
    func groups() throws {
        let machine = try FakeMachine()
        try machine.inputDevice("event3", name: "QEMU touch", properties: Self.touch)
        try machine.inputDevice("event0", name: "Power Button", properties: ["ID_INPUT_KEY": "1"])
        #expect(
            Self.input(machine) == [
                "ok   input: /dev/input/event3 (QEMU touch): touch, opens for vitrine (as the service runs it)",
                "ok   input: /dev/input/event0 (Power Button): keyboard, opens for vitrine (as the service runs it)",
                "ok   input: vitrine is in groups video, input, render, vitrine-control (/etc/sysusers.d/vitrine.conf)"
            ])
        try machine.write("/etc/group", "root:x:0:\nvideo:x:44:vitrine\ninput:x:105:\nrender:x:106:vitrine\nvitrine:x:998:\nvitrine-control:x:997:vitrine\n")
        let removed = Self.input(machine)
        #expect(removed[0].hasPrefix("ok   input: /dev/input/event3"))
        #expect(
            removed.last
                == "warn input: vitrine is not in group input (/etc/group); the service still gets it from SupplementaryGroups=, but vitrine outside the service (vitrine doctor, vitrine run by hand) does not — usermod -aG input vitrine (/etc/sysusers.d/vitrine.conf: m vitrine input)"
        )
        machine.units["vitrine.service"] = FakeMachine.running(pid: 412).replacing(
            "SupplementaryGroups=video input render vitrine-control", with: "SupplementaryGroups=video render")
        let neither = Self.input(machine)
        #expect(
            neither[0]
                == "fail input: /dev/input/event3 (QEMU touch): touch, is not readable by vitrine (as the service runs it) — add vitrine to group input: usermod -aG input vitrine"
        )
        #expect(neither[1].hasPrefix("warn input: /dev/input/event0 (Power Button): keyboard, is not readable"))
        #expect(
            neither.contains(
                "fail input: vitrine is not in group input, and the unit does not add it — usermod -aG input vitrine (/etc/sysusers.d/vitrine.conf: m vitrine input)"
            ))
        #expect(DoctorReport(findings: []).exitStatus == 0)
    }

    @Test("as a user, the node's access(2) decides: the service user fails, another user warns (it is not the kiosk); no touchscreen warns")
    func user() throws {
        let machine = try FakeMachine()
        machine.userID = 1000
        try machine.inputDevice("event3", name: "QEMU touch", properties: Self.touch)
        // alice is not the kiosk: her refused open is a warning, with the way to check the kiosk's.
        #expect(
            Self.input(machine).first
                == "warn input: /dev/input/event3 (QEMU touch): touch, is not readable by alice — check as root or as vitrine (sudo vitrine doctor); for alice: usermod -aG input alice"
        )
        machine.userID = 998
        #expect(
            Self.input(machine).first
                == "fail input: /dev/input/event3 (QEMU touch): touch, is not readable by vitrine — add vitrine to group input: usermod -aG input vitrine")
        machine.userID = 1000
        machine.openable = ["/dev/input/event3"]
        #expect(Self.input(machine).first == "ok   input: /dev/input/event3 (QEMU touch): touch, opens for alice")
        let mouseOnly = try FakeMachine()
        try mouseOnly.inputDevice("event5", name: "USB mouse", properties: ["ID_INPUT_MOUSE": "1"])
        #expect(
            Self.input(mouseOnly).first?.hasPrefix("warn input: no touchscreen: udev lists no device with ID_INPUT_TOUCHSCREEN=1 (a mouse stands in for touch)")
                == true)
    }

    @Test("calibration: a broken file fails; a file udev applied is ok; one udev did not apply warns with udevadm trigger; no rule warns with cp")
    func calibration() throws {
        let machine = try FakeMachine()
        try machine.inputDevice("event3", name: "QEMU touch", properties: Self.touch)
        try machine.write("/var/lib/vitrine/calibration/1234-5678-QEMU_touch.env", "# device: QEMU touch\nLIBINPUT_CALIBRATION_MATRIX=\"1.1 0 -0.05 0 1 0\"\n")
        try machine.write("/var/lib/vitrine/calibration/broken.env", "LIBINPUT_CALIBRATION_MATRIX=\"1 2\"\n")
        func lines() -> [String] {
            let system = machine.system
            let input = DoctorInput.load(system, accounts: DoctorAccounts.load(system), service: DoctorService.load(system))
            return DoctorCalibration.load(system, directory: "/var/lib/vitrine/calibration", input: input).findings().map(\.description)
        }
        let root = machine.directory.path
        #expect(
            lines() == [
                "warn calibration: \(root)/var/lib/vitrine/calibration/1234-5678-QEMU_touch.env parses (1.1 0 -0.05 0 1 0) for /dev/input/event3 (QEMU touch); udev has not applied it: Vitrine applies the file itself, other libinput users do not — udevadm trigger --action=add /sys/class/input/event3",
                "fail calibration: \(root)/var/lib/vitrine/calibration/broken.env: LIBINPUT_CALIBRATION_MATRIX \"1 2\" is not six numbers — calibrate again: systemctl start vitrine-calibrate (or remove the file: vitrine calibrate --reset)"
            ])
        machine.devices[0].properties["LIBINPUT_CALIBRATION_MATRIX"] = "1.1 0 -0.05 0 1 0"
        #expect(lines().first?.hasSuffix("for /dev/input/event3 (QEMU touch), applied by udev") == true)
        _ = unlink(root + "/etc/udev/rules.d/70-vitrine-calibration.rules")
        #expect(lines().first?.hasPrefix("warn calibration: the udev rule 70-vitrine-calibration.rules is not installed") == true)
    }

    @Test("calibration: a directory that cannot be read warns, naming it and the owner and mode to give it")
    func unreadableCalibrationDirectory() throws {
        let machine = try FakeMachine()
        let root = machine.directory.path
        let directory = root + "/var/lib/vitrine/calibration"
        // As root a mode of 000 denies nothing: root's test puts a file where the folder goes
        // (ENOTDIR); another user gets a real chmod 000 folder.
        if getuid() == 0 {
            #expect(rmdir(directory) == 0)
            try machine.write("/var/lib/vitrine/calibration", "not a folder\n")
        } else {
            #expect(chmod(directory, 0o000) == 0)
        }
        defer { _ = chmod(directory, 0o755) }
        let system = machine.system
        let input = DoctorInput.load(system, accounts: DoctorAccounts.load(system), service: DoctorService.load(system))
        let findings = DoctorCalibration.load(system, directory: "/var/lib/vitrine/calibration", input: input).findings().map(\.description)
        let reason = getuid() == 0 ? "Not a directory" : "Permission denied"
        #expect(
            findings == [
                "warn calibration: \(directory): cannot read the calibration directory \(directory): \(reason); touch devices run uncalibrated — make it a folder the service user can read and enter: chown vitrine: \(directory) && chmod 750 \(directory) (as another user, run sudo vitrine doctor)"
            ])
    }

    @Test("config: check-config's path; a missing image fails naming the field, a CJK title with no CJK font warns naming the field and fonts-noto-cjk")
    func config() throws {
        let machine = try FakeMachine()
        try machine.write(
            "/etc/vitrine/missing.json", #"{"version": 2, "screens": {"home": {"title": "Lobby", "content": {"type": "image", "image": "images/gone.png"}}}}"#)
        try machine.write("/etc/vitrine/cjk.json", #"{"version": 2, "screens": {"home": {"title": "営業時間", "content": {"type": "text", "text": "Hours"}}}}"#)
        let missing = machine.directory.path + "/etc/vitrine/missing.json", cjk = machine.directory.path + "/etc/vitrine/cjk.json"
        let failed = DoctorConfig.findings(path: missing, fonts: FakeMachine.latinOnly, user: "root")
        #expect(failed.map(\.level) == [.fail])
        #expect(failed[0].message.hasPrefix("\(missing): screens.home.content.image: "), "\(failed)")
        #expect(failed[0].fix == "fix screens.home.content.image (Docs/config.md), check with vitrine check-config \(missing), then systemctl reload vitrine")
        let warned = DoctorConfig.findings(path: cjk, fonts: FakeMachine.latinOnly, user: "root")
        #expect(
            warned.map(\.description) == [
                "ok   config: \(cjk) is valid (version 2)",
                "warn config: \(cjk): screens.home.title: 4 CJK characters (U+55B6 営, U+6642 時, U+696D 業, U+9593 間) in no installed font: the panel would draw boxes — apt-get install fonts-noto-cjk"
            ])
        // The same text with a font that draws it: nothing to warn of.
        #expect(DoctorConfig.findings(path: cjk, fonts: { _, _ in [] }, user: "root").map(\.level) == [.ok])
        #expect(DoctorConfig.findings(path: machine.directory.file("none.json"), fonts: nil, user: "root").map(\.level) == [.warn])
    }

    @Test("vt: plymouthd running warns; a getty on tty1 fails; masked is ok; enabled warns")
    func console() throws {
        let machine = try FakeMachine()
        let running = DoctorService(values: DoctorService.parse(FakeMachine.running(pid: 412)))
        #expect(
            DoctorConsole.load(machine.system).findings(service: running).map(\.description) == [
                "ok   vt: plymouth is not installed (no splash to hand over)", "ok   vt: getty@tty1.service is masked (no login prompt on tty1)"
            ])
        try machine.process(120, comm: "plymouthd", arguments: ["@usr/sbin/plymouthd", "--mode=boot"])
        machine.units["getty@tty1.service"] = "LoadState=loaded\nUnitFileState=enabled\nActiveState=active\n"
        let lines = DoctorConsole.load(machine.system).findings(service: running)
        #expect(lines.map(\.level) == [.warn, .fail])
        #expect(lines[0].message == "plymouth still runs (pid 120 (plymouthd: @usr/sbin/plymouthd --mode=boot)) although the kiosk is up")
        #expect(lines[1].fix == "systemctl mask --now getty@tty1.service")
        machine.units["getty@tty1.service"] = "LoadState=loaded\nUnitFileState=enabled\nActiveState=inactive\n"
        #expect(DoctorConsole.load(machine.system).findings(service: running).last?.level == .warn)
    }

    @Test("the whole run: a healthy fake machine is all ok and exits 0; another DRM master makes it exit 1")
    func wholeRun() throws {
        let machine = try FakeMachine()
        try machine.inputDevice("event3", name: "QEMU touch", properties: Self.touch)
        try machine.write("/etc/vitrine/kiosk.json", #"{"version": 2, "screens": {"home": {"title": "Lobby", "content": {"type": "text", "text": "Hours"}}}}"#)
        try machine.process(412, comm: "vitrine", arguments: ["/usr/local/bin/vitrine", "run"], open: [DoctorTests.cardPath])
        machine.framebuffers = ["/dev/fb0: 1280x800"]
        let healthy = machine.run(config: machine.directory.path + "/etc/vitrine/kiosk.json")
        #expect(healthy.findings.allSatisfy { $0.level == .ok }, "\(healthy.text)")
        #expect(healthy.exitStatus == 0)
        machine.cards = [DoctorTests.cardPath]
        machine.openCard = { path throws(VitrineError) in FakeCard(path: path, master: false, refuse: EBUSY) }
        machine.units["vitrine.service"] = "LoadState=loaded\nActiveState=inactive\nSubState=dead\nResult=success\nMainPID=0\nUnitFileState=enabled\n"
        let held = machine.run(config: machine.directory.path + "/etc/vitrine/kiosk.json")
        #expect(held.exitStatus == 1)
        #expect(
            held.findings.contains { $0.level == .fail && $0.message.hasPrefix("master of card0 is held by another process: pid 412 (vitrine") }, "\(held.text)"
        )
        #expect(CommandLineTool.commands.contains { $0.name == "doctor" })
        #expect(DoctorCommand.help.contains("--config PATH") && DoctorCommand.help.contains("Exit status 0 when nothing failed"))
    }
}
