import VitrineCalibration
import VitrineCore
import VitrineLibinput
import VitrineRuntime

/// Picks the touchscreen `vitrine calibrate` works on: the one asked for by node or name, else the
/// first in node order; with none, an error that says why (permission names the 'input' group).
enum CalibrationTouchscreen {
    /// Starts `source` (every device of the seat is opened) and chooses.
    static func choose(in source: LibinputSource, seat: String, requested: String?) throws(VitrineError) -> InputDeviceInfo {
        var errors: [VitrineError] = []
        source.onDeviceEvent = { event in
            if case .error(let error) = event { errors.append(error) }
        }
        try source.start()
        source.onDeviceEvent = nil
        let touchscreens = source.devices.filter { $0.capabilities.contains(.touch) && $0.calibration != nil }
        let names = touchscreens.map { "\($0.node) (\($0.name))" }.joined(separator: ", ")
        if let requested {
            if let found = touchscreens.first(where: { $0.node == requested || $0.name == requested }) { return found }
            throw VitrineError(
                .notFound, "no touchscreen \(requested) on \(seat)",
                hint: touchscreens.isEmpty ? "no touchscreen is present (check `vitrine list-inputs`)" : "touchscreens: \(names)")
        }
        if let first = touchscreens.first { return first }
        if let denied = errors.first(where: { $0.code == .permissionDenied }) {
            throw VitrineError(
                .permissionDenied, "no touchscreen to calibrate on \(seat): \(denied.message)",
                hint:
                    "add the user to the 'input' group (usermod -aG input USER), or run it as the kiosk's user: systemctl start vitrine-calibrate (Docs/calibration.md)",
                cause: denied.cause)
        }
        throw VitrineError(
            .noInputDevice, "no touchscreen to calibrate on \(seat)",
            hint: "connect one and check `vitrine list-inputs` (a single-touch controller libinput drives as a mouse has no calibration matrix)")
    }
}

extension CalibrationRun {
    /// Removes the chosen touchscreen's calibration file, so it runs with its udev property or the
    /// identity (at once in a running kiosk, whose watcher sees the file go). Returns the file's
    /// path, whether there was one, and the device.
    public static func reset(_ options: CalibrationOptions, loop: EventLoop) throws(VitrineError) -> (path: String, removed: Bool, device: InputDeviceInfo) {
        let input = try LibinputSource(
            seat: options.seat, transform: TouchTransform(nativeSize: InputOpener.fallbackSize),
            calibrations: .empty(directory: options.calibrationDirectory), loop: loop, logger: Logger("input"))
        let device = try CalibrationTouchscreen.choose(in: input, seat: options.seat, requested: options.touchscreen)
        let path = CalibrationStore.path(forKey: device.calibrationKey, in: options.calibrationDirectory)
        return (path, try CalibrationStore.remove(key: device.calibrationKey, directory: options.calibrationDirectory), device)
    }
}
