import Glibc
import VitrineCore

extension VitrineError.Code {
    /// Another process is DRM master of the card (a display manager, plymouth, a second Vitrine).
    public static let displayBusy = VitrineError.Code("display-busy")
    /// No DRM card and no framebuffer device exist.
    public static let noDisplayDevice = VitrineError.Code("no-display-device")
    /// The requested connector or mode does not exist.
    public static let unknownConnector = VitrineError.Code("unknown-connector")
    public static let unknownMode = VitrineError.Code("unknown-mode")
}

/// The display errors users meet, each worded as one line with what to do about it.
/// Docs/display.md lists them; tests match on their codes and key phrases.
public enum DisplayErrors {
    /// Opening a device node failed.
    public static func cannotOpen(_ path: String, _ error: SystemError) -> VitrineError {
        .cannotOpen(
            path, error,
            permissionHint: "add the user to the 'video' and 'render' groups, or run Vitrine in a logind session (see Docs/deployment.md)",
            notFoundHint: "check the device path with `vitrine list-displays`")
    }

    /// A DRM call failed; EACCES/EBUSY on a master-only call means someone else is master.
    public static func callFailed(_ call: String, device: String, errno code: Int32) -> VitrineError {
        let cause = SystemError(call, errno: code)
        if code == EACCES || code == EBUSY || code == EPERM {
            return self.displayBusy(device, cause: cause)
        }
        return VitrineError(.ioFailure, "\(call) failed on \(device)", cause: cause)
    }

    public static func displayBusy(_ device: String, cause: SystemError?) -> VitrineError {
        VitrineError(
            .displayBusy, "another process is DRM master of \(device)",
            hint:
                "a display manager, plymouth or a second Vitrine holds the screen: stop it (systemctl stop display-manager; plymouth deactivate); Vitrine keeps retrying",
            cause: cause)
    }

    public static func noDevice() -> VitrineError {
        VitrineError(
            .noDisplayDevice, "no display device: no /dev/dri/card* with modesetting and no /dev/fb0",
            hint: "load the display driver (e.g. vc4-kms-v3d on a Raspberry Pi), or use `vitrine demo --headless` to render to PNG files")
    }

    public static func unknownConnector(_ name: String, device: String, available: [KMSConnector]) -> VitrineError {
        let list = available.map { "\($0.name) (\($0.status))" }.joined(separator: ", ")
        return VitrineError(
            .unknownConnector, "no connector named \(name) on \(device)",
            hint: "connectors: \(list.isEmpty ? "none" : list)")
    }

    public static func unknownMode(_ request: ModeRequest, connector: KMSConnector) -> VitrineError {
        let list = connector.modes.map(\.description).joined(separator: ", ")
        return VitrineError(
            .unknownMode, "mode \(request) is not offered by \(connector.name)",
            hint: "modes: \(list.isEmpty ? "none (is a display connected?)" : list)")
    }
}
