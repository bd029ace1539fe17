import VitrineCalibration
import VitrineCore
import VitrineRuntime

/// The lines `vitrine input-debug` prints, one per frame or device event, in a stable format
/// (Docs/input.md, "vitrine input-debug"):
///
///     0.000 added ELAN Touchscreen (/dev/input/event5): touch, 255.9x157.5 mm, calibration 1 0 0 0 1 0 (identity)
///     16.000 frame ELAN Touchscreen: #0 began (320.00, 400.00) #1 moved (410.50, 200.00)
///     96.000 removed ELAN Touchscreen (/dev/input/event5)
///     101.000 key Logitech USB Keyboard: text "é"
///     102.000 key Logitech USB Keyboard: tab shift
///     140.000 scan USB Barcode Scanner: "9780141036144" (13 characters)
///     120.000 calibration ELAN Touchscreen (/dev/input/event5): 1.02 0 -0.01 0 0.98 0.02 (file /var/lib/vitrine/calibration/ELAN_Touchscreen.env)
///     0.000 error: cannot open /dev/input/event3: Permission denied — add the user to the 'input' group …
///     0.000 warning: no touchscreen or mouse on seat0; the kiosk runs without input — …
///
/// The first number is milliseconds since input-debug started (frames: their sample time), with
/// three decimals; positions are logical points with two.
public struct InputDebugLog: Sendable {
    /// When input-debug started: time zero of every line.
    public let origin: MonotonicTime

    public init(origin: MonotonicTime) {
        self.origin = origin
    }

    public func line(for frame: TouchFrame) -> String {
        let contacts = frame.contacts.map(\.description).joined(separator: " ")
        return "\(self.milliseconds(frame.time)) frame \(frame.device): \(contacts)"
    }

    /// A key, what it types shown (input-debug is run by hand to check a keymap or a scanner;
    /// the kiosk itself never logs typed text).
    public func line(for key: KeyEvent) -> String {
        let what: String
        if case .text(let text) = key.key { what = "text " + text.debugDescription } else { what = key.key.description }
        var flags: [String] = []
        if key.modifiers.contains(.shift) { flags.append("shift") }
        if key.modifiers.contains(.control) { flags.append("control") }
        if key.modifiers.contains(.alt) { flags.append("alt") }
        if key.isRepeat { flags.append("repeat") }
        let time = MonotonicTime(microseconds: Int64(clamping: key.timestamp))
        return "\(self.milliseconds(time)) key \(key.device): " + ([what] + flags).joined(separator: " ")
    }

    /// A scan, with the code it read.
    public func line(for scan: ScanEvent) -> String {
        let time = MonotonicTime(microseconds: Int64(clamping: scan.timestamp))
        return "\(self.milliseconds(time)) scan \(scan.device): \(scan.code.debugDescription) (\(scan.code.count) characters)"
    }

    public func line(for event: InputDeviceEvent, at time: MonotonicTime) -> String {
        let stamp = self.milliseconds(time)
        switch event {
        case .added(let device): return "\(stamp) added \(device.name) (\(device.node)): \(device.summary)"
        case .removed(let device): return "\(stamp) removed \(device.name) (\(device.node))"
        case .calibrationChanged(let device):
            return "\(stamp) calibration \(device.name) (\(device.node)): \(device.calibration ?? .identity)"
        case .error(let error): return "\(stamp) error: \(error)"
        case .warning(let error): return "\(stamp) warning: \(error)"
        }
    }

    private func milliseconds(_ time: MonotonicTime) -> String {
        String(fixed: Double((time - self.origin).value) / 1e6, decimals: 3)
    }
}

/// What `vitrine list-inputs` prints: each device with its capabilities, size, calibration and
/// calibration file, then any problem met while looking.
public struct InputInventory: Sendable {
    public var seat: String
    public var calibrationDirectory: String
    public var devices: [InputDeviceInfo]
    public var problems: [InputDeviceEvent]

    public init(seat: String, calibrationDirectory: String, devices: [InputDeviceInfo], problems: [InputDeviceEvent]) {
        self.seat = seat
        self.calibrationDirectory = calibrationDirectory
        self.devices = devices
        self.problems = problems
    }

    public var report: String {
        var text = ""
        for device in self.devices {
            text += "\(device.node): \(device.name)\n"
            text += "  capabilities: \(device.capabilities)\n"
            if device.vendor != 0 || device.product != 0 {
                text += "  id: vendor \(CalibrationKey.hex4(device.vendor)) product \(CalibrationKey.hex4(device.product))\n"
            }
            if let size = device.sizeText {
                text += "  size: \(size)\n"
            } else if device.capabilities.contains(.touch) {
                text += "  size: unknown (the device reports no resolution)\n"
            }
            if let calibration = device.calibration {
                text += "  calibration: \(calibration)\n"
                let file = self.calibrationDirectory + "/" + device.calibrationKey + CalibrationStore.fileExtension
                text += "  calibration file: \(file)\n"
            }
        }
        if self.devices.isEmpty { text += "no input devices on \(self.seat)\n" }
        for problem in self.problems {
            switch problem {
            case .error(let error): text += "error: \(error)\n"
            case .warning(let error): text += "warning: \(error)\n"
            case .added, .removed, .calibrationChanged: break
            }
        }
        return text
    }
}
