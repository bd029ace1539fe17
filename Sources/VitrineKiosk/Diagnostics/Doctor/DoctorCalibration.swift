import VitrineCalibration
import VitrineCore

/// The calibration checks: every file in the calibration directory parses
/// (`CalibrationStore.load`, the kiosk's own reader), and for a device that is present, udev
/// gave it the file's matrix as `LIBINPUT_CALIBRATION_MATRIX` through
/// `70-vitrine-calibration.rules` (Docs/calibration.md, "The udev rule"), so every libinput
/// user, not only Vitrine, sees it.
public struct DoctorCalibration: Sendable {
    public static let rule = "70-vitrine-calibration.rules"
    public static let ruleFolders = ["/etc/udev/rules.d", "/run/udev/rules.d", "/usr/lib/udev/rules.d", "/lib/udev/rules.d"]

    public var store: CalibrationStore
    /// Whether the directory could be listed (it is the service user's; 0750 under `UMask=0027`).
    public var readable: Bool
    /// The installed rule, nil when there is none.
    public var rulePath: String?
    /// The touch devices present: node, name, key, udev's matrix.
    public var devices: [(node: String, name: String, key: String, udevMatrix: String?)]
    public var user: String

    public static func load(_ system: DoctorSystem, directory: String, input: DoctorInput) -> DoctorCalibration {
        let store = CalibrationStore.load(directory: system.file(directory))
        let readable = store.problems.isEmpty
        let rule = self.ruleFolders.map { $0 + "/" + self.rule }.first { system.exists($0) }
        let devices = input.devices.filter { $0.capabilities.contains(.touch) }.map { device in
            let key =
                device.properties["VITRINE_CALIBRATION_KEY"]
                ?? CalibrationKey.make(
                    serial: device.properties["ID_SERIAL"], vendor: device.vendor, product: device.product, name: device.name)
            return (device.node, device.name, key, device.properties[CalibrationStore.propertyName])
        }
        return DoctorCalibration(store: store, readable: readable, rulePath: rule, devices: devices, user: input.subjectUser)
    }

    public func findings() -> [DoctorFinding] {
        let directory = self.store.directory
        guard self.readable else {
            // The kiosk runs its touch devices uncalibrated then: the fix is the folder's owner
            // and mode (or doctor was run by a user who may not look).
            let reason = self.store.problems.first.map(\.summary) ?? "cannot be read"
            return [
                .warn(
                    "calibration", "\(directory): \(reason); touch devices run uncalibrated",
                    fix:
                        "make it a folder the service user can read and enter: chown vitrine: \(directory) && chmod 750 \(directory) (as another user, run sudo vitrine doctor)"
                )
            ]
        }
        var findings: [DoctorFinding] = []
        if self.rulePath == nil {
            findings.append(
                .warn(
                    "calibration", "the udev rule \(Self.rule) is not installed: only Vitrine applies the calibration files, other libinput users do not",
                    fix: "cp Systemd/\(Self.rule) /etc/udev/rules.d/ && udevadm control --reload && udevadm trigger -s input"))
        }
        let entries = self.store.entries.values.sorted { $0.key < $1.key }
        if entries.isEmpty {
            findings.append(.ok("calibration", "no calibration files in \(directory) (no device calibrated; touch runs uncalibrated)"))
            return findings
        }
        for entry in entries {
            if let problem = entry.problem ?? entry.matrix?.defect.map({ "its matrix is unusable: \($0)" }) {
                findings.append(
                    .fail(
                        "calibration", "\(entry.path): \(problem)",
                        fix: "calibrate again: systemctl start vitrine-calibrate (or remove the file: vitrine calibrate --reset)"))
                continue
            }
            guard let matrix = entry.matrix else { continue }
            guard let device = self.devices.first(where: { $0.key == entry.key }) else {
                findings.append(.ok("calibration", "\(entry.path) parses (\(matrix.udevValue)); its device is not plugged in"))
                continue
            }
            let label = "\(entry.path) parses (\(matrix.udevValue)) for \(device.node) (\(device.name))"
            if let value = device.udevMatrix, let udev = CalibrationMatrix(udevValue: value), udev.values == matrix.values {
                findings.append(.ok("calibration", "\(label), applied by udev"))
            } else if self.rulePath != nil {
                let seen =
                    device.udevMatrix.map { "udev has LIBINPUT_CALIBRATION_MATRIX=\"\($0)\" (another rule wins, or it is stale)" } ?? "udev has not applied it"
                findings.append(
                    .warn(
                        "calibration", "\(label); \(seen): Vitrine applies the file itself, other libinput users do not",
                        fix: "udevadm trigger --action=add \(device.node.replacing("/dev/input/", with: "/sys/class/input/"))"))
            }
        }
        return findings
    }
}
