import VitrineCalibration
import VitrineCore
import VitrineKiosk

/// `vitrine doctor`: checks the machine the kiosk runs on, one line per check.
enum DoctorCommand: Command {
    static let name = "doctor"
    static let summary =
        "Check the kiosk's machine: display, DRM master, input and groups, calibration, config and fonts, service, VT; one ok/warn/fail line each."
    static let synopsis = "[--config PATH] [--calibration DIR] [--json]"
    static let options: [OptionSpec] = [
        OptionSpec("config", value: "PATH", help: "the kiosk config to check [\(KioskConfigLoader.defaultPath)]"),
        OptionSpec("calibration", value: "DIR", help: "the calibration directory [\(CalibrationStore.defaultDirectory)]"),
        OptionSpec("json", help: "print the findings as JSON instead of lines")
    ]
    static let discussion = """
        Each line is `ok`, `warn` or `fail`, the area and what was found; a warning or a failure
        ends with what to do (` — usermod -aG input vitrine`). Checks: vitrine.service (state, last
        exit, restarts, watchdog); DRM cards, connected connectors and modes, whether DRM master
        can be taken now and who holds the card if not (fbdev when there is no card); input
        devices, whether their /dev/input/event* nodes open, the service user's groups (its
        sysusers file and the unit's SupplementaryGroups=); calibration files and whether udev
        applied them (70-vitrine-calibration.rules); the config, as vitrine check-config checks
        it, and whether the installed fonts draw its texts; plymouth and getty on tty1.
        Run it as root, or as the service user (runuser -u vitrine -- vitrine doctor) to see what
        the kiosk sees; as another user, checks that need root say so (warn). Never takes DRM
        master for longer than the test. Exit status 0 when nothing failed (warnings do not
        fail), 1 when something did. Docs/deployment.md, "vitrine doctor", lists each check's fix.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let report = Doctor.run(
            system: .live(), configPath: arguments.value("config") ?? KioskConfigLoader.defaultPath,
            calibrationDirectory: arguments.value("calibration") ?? CalibrationStore.defaultDirectory)
        StandardStreams.writeOutput(arguments.has("json") ? report.json.serialized() + "\n" : report.text)
        return report.exitStatus
    }
}
