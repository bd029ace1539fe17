import VitrineCore

extension VitrineError.Code {
    /// No touchscreen or mouse on the seat.
    public static let noInputDevice = VitrineError.Code("no-input-device")
}

/// The input errors users meet, each one line with what to do (Docs/input.md lists them; tests
/// match on their codes and key phrases).
public enum InputErrors {
    /// An input node could not be opened.
    public static func cannotOpen(_ path: String, _ error: SystemError) -> VitrineError {
        .cannotOpen(
            path, error,
            permissionHint: "add the user to the 'input' group (usermod -aG input USER), or run Vitrine in a logind session (Docs/input.md, \"Permissions\")",
            notFoundHint: "the device went away while it was being opened")
    }

    /// No device on the seat can produce touch frames.
    public static func noDevice(seat: String) -> VitrineError {
        VitrineError(
            .noInputDevice, "no touchscreen or mouse on \(seat); the kiosk runs without input",
            hint: "connect one: it is picked up when it appears (check with `vitrine list-inputs`)")
    }

    /// libinput refused a calibration matrix.
    static func calibrationRefused(device: String, status: String) -> VitrineError {
        VitrineError(.unsupported, "libinput refused the calibration matrix for '\(device)' (\(status)); it runs uncalibrated")
    }
}
