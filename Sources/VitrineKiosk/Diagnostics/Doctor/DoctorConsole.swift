import VitrineCore

/// The VT checks (Docs/deployment.md, "The unit, line by line"): plymouth must have let go of
/// the display (its `plymouthd` holds DRM master until `plymouth deactivate`; the unit runs
/// `deactivate` before the kiosk and `quit` after its first frame), and no getty may run on
/// tty1, the kiosk's VT (a login prompt would flash or take the screen; install.sh masks
/// `getty@tty1.service`).
public struct DoctorConsole: Sendable {
    public var plymouthInstalled: Bool
    public var plymouthd: [DoctorProcesses.Process]
    /// `systemctl show getty@tty1.service` (UnitFileState, ActiveState), nil without systemctl.
    public var getty: [String: String]?

    public static func load(_ system: DoctorSystem) -> DoctorConsole {
        let installed = ["/usr/bin/plymouth", "/bin/plymouth", "/usr/sbin/plymouthd", "/sbin/plymouthd"].contains { system.exists($0) }
        let getty = system.run(["systemctl", "show", "getty@tty1.service", "--property=LoadState,UnitFileState,ActiveState"])
            .flatMap { $0.status == 0 ? DoctorService.parse($0.output) : nil }
        return DoctorConsole(plymouthInstalled: installed, plymouthd: DoctorProcesses.running("plymouthd", system: system), getty: getty)
    }

    public func findings(service: DoctorService) -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        if let process = self.plymouthd.first {
            if service.isActive {
                findings.append(
                    .warn(
                        "vt", "plymouth still runs (\(process)) although the kiosk is up",
                        fix: "plymouth quit; the unit's ExecStartPost=-+/usr/bin/plymouth quit --retain-splash should have (journalctl -u vitrine -b)"))
            } else {
                findings.append(
                    .warn(
                        "vt", "plymouth runs (\(process)) and may hold DRM master",
                        fix: "systemctl start vitrine (its ExecStartPre deactivates plymouth), or plymouth quit"))
            }
        } else {
            findings.append(.ok("vt", self.plymouthInstalled ? "plymouth has quit" : "plymouth is not installed (no splash to hand over)"))
        }
        guard let getty = self.getty else {
            findings.append(
                .warn("vt", "systemctl does not answer: getty@tty1.service is not checked", fix: "systemctl mask getty@tty1.service on a systemd system"))
            return findings
        }
        let state = getty["UnitFileState"] ?? "", active = getty["ActiveState"] ?? ""
        if active == "active" || active == "activating" {
            findings.append(
                .fail(
                    "vt", "a getty runs on tty1 (getty@tty1.service \(active)): its login prompt takes the kiosk's screen",
                    fix: "systemctl mask --now getty@tty1.service"))
        } else if state == "masked" || getty["LoadState"] == "masked" {
            findings.append(.ok("vt", "getty@tty1.service is masked (no login prompt on tty1)"))
        } else if state == "disabled" {
            findings.append(
                .ok("vt", "getty@tty1.service is disabled (logind may still start autovt@tty1 on a VT switch; the unit conflicts with it)"))
        } else {
            findings.append(
                .warn(
                    "vt", "getty@tty1.service is \(state.isEmpty ? "not masked" : state): a login prompt may flash on tty1 at boot",
                    fix: "systemctl mask getty@tty1.service"))
        }
        return findings
    }
}
