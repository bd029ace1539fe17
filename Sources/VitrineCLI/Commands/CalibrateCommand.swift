import VitrineCalibration
import VitrineCore
import VitrineKiosk
import VitrineSystem

/// `vitrine calibrate`: on-device touch calibration, in place of the kiosk.
enum CalibrateCommand: Command {
    static let name = "calibrate"
    static let summary = "Calibrate a touchscreen on the panel: touch the targets, check, save (or --reset its calibration)."
    static let synopsis = "[--touchscreen NAME|NODE] [--timeout S] [--reset] [--config PATH] [--seat NAME] [--calibration DIR] [display options]"
    static let watchesStopSignals = true
    static let options: [OptionSpec] =
        [
            OptionSpec("touchscreen", value: "NAME|NODE", help: "the touchscreen to calibrate, e.g. /dev/input/event5 [the first]"),
            OptionSpec("timeout", value: "S", help: "give up after S seconds without a touch taken [30]"),
            OptionSpec("scale", value: "N", help: "pixels per point for the text [the config's scale, 1]"),
            OptionSpec("reset", help: "remove the touchscreen's calibration file instead (it then runs with its udev property or uncalibrated)"),
            OptionSpec(
                "config", value: "PATH",
                help: "the kiosk config whose display, input and scale settings to use [\(KioskConfigLoader.defaultPath) if it exists]")
        ] + InputArguments.options + DisplayArguments.options
    static let discussion = """
        Takes over the display (stop the kiosk first, or use `systemctl start vitrine-calibrate`,
        which does and brings the kiosk back after), runs the touchscreen uncalibrated, and shows
        nine targets then a check target. Touch the centre of each cross and hold still until it
        turns green. A touch far off is asked for again; touches that cannot be fitted start over.
        The check shows its error in millimetres: Save writes <calibration dir>/<key>.env
        atomically (a running kiosk applies it at once; udev's rule when the device is next
        added); Retry starts over; Cancel, SIGINT, SIGTERM or 30 s without a touch taken leave
        the previous file untouched. The display (rotation, card, connector), the seat, the
        calibration directory and the scale are the kiosk config's, so the crosses are upright
        and the file lands where the kiosk reads it; options given here override them. Each
        target's position and the outcome are printed on stdout. Exit status: 0 saved, 1 not
        saved. Docs/calibration.md explains when to calibrate, rotation versus calibration, where
        the data lives and how to reset it.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        InputDebugCommand.quietenInfoLogs()
        let kiosk = try self.kioskConfiguration(arguments.value("config"))
        var options = CalibrationOptions()
        options.display = try DisplayArguments.apply(arguments, to: kiosk.display, command: self.name)
        options.seat = arguments.value("seat") ?? kiosk.input.seat
        options.calibrationDirectory = arguments.value("calibration") ?? kiosk.input.calibrationDirectory
        options.touchscreen = arguments.value("touchscreen")
        if let seconds = try arguments.number("timeout", in: 1...86_400) { options.settings.targetTimeout = .seconds(seconds) }
        options.scale = try arguments.number("scale", in: 0.25...8) ?? kiosk.scale
        let loop = try EpollEventLoop()
        if arguments.has("reset") {
            // No loop watches signals here: SIGTERM ends it as usual.
            StopSignals.release()
            let (path, removed, device) = try CalibrationRun.reset(options, loop: loop)
            StandardStreams.writeOutput(
                removed
                    ? "removed \(path): \(device.name) (\(device.node)) now runs with its udev property LIBINPUT_CALIBRATION_MATRIX, if any, else uncalibrated\n"
                    : "no calibration file for \(device.name) (\(device.node)): \(path) does not exist\n")
            return 0
        }
        return try CalibrationRun(options: options, loop: loop).run().exitStatus
    }

    /// The kiosk config's settings: from `path`, else from the default path when a file is there,
    /// else the defaults. A default config that cannot be loaded is only warned about — the
    /// kiosk shows an error page then, and calibrating must still work — but a `--config` that
    /// cannot be loaded is an error.
    static func kioskConfiguration(_ path: String?) throws(VitrineError) -> KioskConfiguration {
        let logger = Logger("config")
        do {
            let loaded = try KioskConfigLoader.load(path: path ?? KioskConfigLoader.defaultPath)
            for line in loaded.warningLines { logger.warning(line) }
            return loaded.configuration
        } catch  where path == nil {
            if error.code != .notFound {
                logger.warning("\(error); calibrating with the default display and input settings")
            }
            return KioskConfiguration()
        }
    }
}
