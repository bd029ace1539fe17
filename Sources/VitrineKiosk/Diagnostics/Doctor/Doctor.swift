import VitrineCalibration
import VitrineCore

/// `vitrine doctor`: every check, in the order a kiosk needs things (service, display, input,
/// calibration, config, VT), through one `DoctorSystem` (the machine, or a test's fake tree).
public enum Doctor {
    public static func run(
        system: DoctorSystem, configPath: String = KioskConfigLoader.defaultPath, calibrationDirectory: String = CalibrationStore.defaultDirectory
    ) -> DoctorReport {
        let accounts = DoctorAccounts.load(system)
        let service = DoctorService.load(system)
        let user = accounts.user(id: system.userID)?.name ?? "uid \(system.userID)"
        var journal: String? = nil
        if (Int(service["NRestarts"]) ?? 0) > 0,
            let answer = system.run(["journalctl", "-u", DoctorService.unit, "-b", "--no-pager", "-o", "cat", "-n", "300"]),
            answer.status == 0, !answer.output.isEmpty
        {
            journal = answer.output
        }
        var findings = service.findings(journal: journal)
        findings += DoctorDisplay.load(system, accounts: accounts, user: user, serviceUser: service.user).findings(service: service)
        let input = DoctorInput.load(system, accounts: accounts, service: service)
        findings += input.findings()
        findings += DoctorCalibration.load(system, directory: calibrationDirectory, input: input).findings()
        findings += DoctorConfig.findings(path: configPath, fonts: system.fonts, user: user)
        findings += DoctorConsole.load(system).findings(service: service)
        return DoctorReport(findings: findings)
    }
}
