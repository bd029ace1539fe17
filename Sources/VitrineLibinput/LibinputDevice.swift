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
            (LIBINPUT_DEVICE_CAP_GESTURE, .gesture), (LIBINPUT_DEVICE_CAP_SWITCH, .switch),
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
    /// run with (`CalibrationStore.resolve`): a file overrides libinput's default from the udev
    /// property; a rejected matrix is replaced by the identity. Returns the description and any
    /// warning or error to report.
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
        var reports: [InputDeviceEvent] = []
        guard libinput_device_config_calibration_has_matrix(device) != 0 else { return (info, reports) }

        var defaults = [Float](repeating: 0, count: 6)
        let hasDefault = libinput_device_config_calibration_get_default_matrix(device, &defaults) != 0
        let udevMatrix = hasDefault ? CalibrationMatrix(values: defaults.map(Self.decimal)) : nil
        let (calibration, warning) = calibrations.resolve(name: name, key: key, udevMatrix: udevMatrix)
        if let warning { reports.append(.warning(warning)) }
        // libinput applied the udev default itself when it created the device; anything else is ours to set.
        if calibration.source != .udevProperty && (hasDefault || !calibration.matrix.isIdentity) {
            let values = calibration.matrix.values.map { Float($0) }
            let status = libinput_device_config_calibration_set_matrix(device, values)
            if status != LIBINPUT_CONFIG_STATUS_SUCCESS {
                let text = String(cString: libinput_config_status_to_str(status))
                reports.append(.error(InputErrors.calibrationRefused(device: name, status: text)))
                info.calibration = ActiveCalibration(matrix: udevMatrix ?? .identity, source: hasDefault ? .udevProperty : .identity)
                return (info, reports)
            }
        }
        info.calibration = calibration
        return (info, reports)
    }

    /// A float from libinput as the decimal it was written as (`Float`'s shortest form), so the
    /// udev value `1.0123` reads back as 1.0123, not 1.0123000144958496.
    static func decimal(_ value: Float) -> Double {
        Double(String(describing: value)) ?? Double(value)
    }
}
