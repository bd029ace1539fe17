import CLibinput
import CUdev
import VitrineCalibration
import VitrineCore
import VitrineUdev

/// Reads what Vitrine needs to know about a `struct libinput_device` and applies its calibration.
enum LibinputDevice {
    /// The capabilities libinput reports (`libinput_device_has_capability`).
    static func capabilities(_ device: OpaquePointer) -> InputCapabilities {
        let pairs: [(libinput_device_capability, InputCapabilities)] = [
            (LIBINPUT_DEVICE_CAP_TOUCH, .touch), (LIBINPUT_DEVICE_CAP_POINTER, .pointer), (LIBINPUT_DEVICE_CAP_KEYBOARD, .keyboard),
            (LIBINPUT_DEVICE_CAP_TABLET_TOOL, .tabletTool), (LIBINPUT_DEVICE_CAP_TABLET_PAD, .tabletPad),
            (LIBINPUT_DEVICE_CAP_GESTURE, .gesture), (LIBINPUT_DEVICE_CAP_SWITCH, .switch)
        ]
        var result: InputCapabilities = []
        for (capability, flag) in pairs where libinput_device_has_capability(device, capability) != 0 { result.insert(flag) }
        return result
    }

    /// The device's udev properties (`ID_SERIAL`, `LIBINPUT_CALIBRATION_MATRIX`, …) and node.
    static func udevDevice(_ device: OpaquePointer) -> UdevDevice? {
        guard let raw = libinput_device_get_udev_device(device) else { return nil }
        defer { udev_device_unref(raw) }
        return UdevDevice(raw)
    }

    /// Describes the device and, when it can be calibrated, applies the calibration it should
    /// run with (`calibrate`). Returns the description and any warning or error to report.
    static func describeAndCalibrate(_ device: OpaquePointer, calibrations: CalibrationStore) -> (InputDeviceInfo, [InputDeviceEvent]) {
        let name = String(cString: libinput_device_get_name(device))
        let udev = self.udevDevice(device)
        let node = udev?.devnode ?? "/dev/input/" + String(cString: libinput_device_get_sysname(device))
        let vendor = Int(libinput_device_get_id_vendor(device))
        let product = Int(libinput_device_get_id_product(device))
        var width = 0.0
        var height = 0.0
        let hasSize = libinput_device_get_size(device, &width, &height) == 0
        let key = CalibrationKey.make(serial: udev?.properties["ID_SERIAL"], vendor: vendor, product: product, name: name)
        var info = InputDeviceInfo(
            name: name, node: node, vendor: vendor, product: product, capabilities: self.capabilities(device),
            widthMM: hasSize ? width : nil, heightMM: hasSize ? height : nil, calibrationKey: key)
        guard libinput_device_config_calibration_has_matrix(device) != 0 else { return (info, []) }
        let (calibration, reports) = self.calibrate(device, name: name, key: key, calibrations: calibrations)
        // Refused: the device runs with what libinput gave it, its udev default or the identity.
        info.calibration = calibration ?? self.udevDefault(device).map { ActiveCalibration(matrix: $0, source: .udevProperty) } ?? .identity
        return (info, reports)
    }

    /// Applies the calibration the device should run with (`CalibrationStore.resolve`): a file
    /// overrides libinput's default from the udev property; a rejected matrix is replaced by the
    /// identity. The matrix is set only when it differs from the one the device runs with (libinput
    /// applied the udev default itself when it created the device). Returns the calibration now in
    /// force — nil when libinput refused it and the device kept its matrix — and what to report.
    static func calibrate(_ device: OpaquePointer, name: String, key: String, calibrations: CalibrationStore) -> (ActiveCalibration?, [InputDeviceEvent]) {
        let (calibration, warning) = calibrations.resolve(name: name, key: key, udevMatrix: self.udevDefault(device))
        var reports: [InputDeviceEvent] = warning.map { [.warning($0)] } ?? []
        if let refusal = self.setMatrix(device, calibration.matrix, name: name) {
            reports.append(.error(refusal))
            return (nil, reports)
        }
        return (calibration, reports)
    }

    /// `libinput_device_config_calibration_set_matrix`, skipped when the device already runs with
    /// `matrix`; the refusal, if libinput refuses.
    static func setMatrix(_ device: OpaquePointer, _ matrix: CalibrationMatrix, name: String) -> VitrineError? {
        let values = matrix.values.map { Float($0) }
        var current = [Float](repeating: 0, count: 6)
        _ = libinput_device_config_calibration_get_matrix(device, &current)
        guard current != values else { return nil }
        let status = libinput_device_config_calibration_set_matrix(device, values)
        guard status != LIBINPUT_CONFIG_STATUS_SUCCESS else { return nil }
        return InputErrors.calibrationRefused(device: name, status: String(cString: libinput_config_status_to_str(status)))
    }

    /// The device's `LIBINPUT_CALIBRATION_MATRIX`, which libinput applies as its default.
    static func udevDefault(_ device: OpaquePointer) -> CalibrationMatrix? {
        var defaults = [Float](repeating: 0, count: 6)
        guard libinput_device_config_calibration_get_default_matrix(device, &defaults) != 0 else { return nil }
        return CalibrationMatrix(values: defaults.map(Self.decimal))
    }

    /// A float from libinput as the decimal it was written as (`Float`'s shortest form), so the
    /// udev value `1.0123` reads back as 1.0123, not 1.0123000144958496.
    static func decimal(_ value: Float) -> Double {
        Double(String(describing: value)) ?? Double(value)
    }
}
