/// What an input device can do (libinput's `LIBINPUT_DEVICE_CAP_*`).
public struct InputCapabilities: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let touch = InputCapabilities(rawValue: 1 << 0)
    public static let pointer = InputCapabilities(rawValue: 1 << 1)
    public static let keyboard = InputCapabilities(rawValue: 1 << 2)
    public static let tabletTool = InputCapabilities(rawValue: 1 << 3)
    public static let tabletPad = InputCapabilities(rawValue: 1 << 4)
    public static let gesture = InputCapabilities(rawValue: 1 << 5)
    public static let `switch` = InputCapabilities(rawValue: 1 << 6)

    private static let names: [(InputCapabilities, String)] = [
        (.touch, "touch"), (.pointer, "pointer"), (.keyboard, "keyboard"), (.tabletTool, "tablet-tool"),
        (.tabletPad, "tablet-pad"), (.gesture, "gesture"), (.switch, "switch")
    ]

    /// Whether Vitrine turns the device's input into touch frames (touch, or a mouse standing in).
    public var producesContacts: Bool { !self.isDisjoint(with: [.touch, .pointer]) }

    /// `touch, pointer`; `none` when empty.
    public var description: String {
        let names = Self.names.filter { self.contains($0.0) }.map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}

/// Where a device's active calibration matrix came from (Docs/input.md, "Calibration").
public enum CalibrationSource: Hashable, Sendable, CustomStringConvertible {
    /// Nothing configured, or what was configured was rejected.
    case identity
    /// The device's udev property `LIBINPUT_CALIBRATION_MATRIX`, which libinput applied by itself.
    case udevProperty
    /// A file in the calibration directory, applied with `libinput_device_config_calibration_set_matrix`.
    case file(path: String)

    public var description: String {
        switch self {
        case .identity: "identity"
        case .udevProperty: "udev property LIBINPUT_CALIBRATION_MATRIX"
        case .file(let path): "file \(path)"
        }
    }
}

/// The calibration a device runs with, and where it came from.
public struct ActiveCalibration: Hashable, Sendable, CustomStringConvertible {
    public var matrix: CalibrationMatrix
    public var source: CalibrationSource

    public init(matrix: CalibrationMatrix, source: CalibrationSource) {
        self.matrix = matrix
        self.source = source
    }

    public static let identity = ActiveCalibration(matrix: .identity, source: .identity)

    /// `0.5 0 0.25 0 0.5 0.25 (file /var/lib/vitrine/calibration/x.env)`.
    public var description: String { "\(self.matrix.udevValue) (\(self.source))" }
}

/// An input device as Vitrine sees it: for `vitrine list-inputs`, logs and device events.
public struct InputDeviceInfo: Hashable, Sendable {
    /// The kernel's name for it (`EVIOCGNAME`), which touch frames carry as their `device`.
    public var name: String
    /// Its event node, `/dev/input/event5` (for a recording: the node it was recorded from).
    public var node: String
    public var vendor: Int
    public var product: Int
    public var capabilities: InputCapabilities
    /// The sensor's size in millimetres; nil when the device does not report a resolution.
    public var widthMM: Double?
    public var heightMM: Double?
    /// The file name (without `.env`) its calibration is stored under (`CalibrationKey`).
    public var calibrationKey: String
    /// nil for devices that cannot be calibrated (anything without absolute axes).
    public var calibration: ActiveCalibration?

    public init(
        name: String, node: String, vendor: Int = 0, product: Int = 0, capabilities: InputCapabilities,
        widthMM: Double? = nil, heightMM: Double? = nil, calibrationKey: String = "", calibration: ActiveCalibration? = nil
    ) {
        self.name = name
        self.node = node
        self.vendor = vendor
        self.product = product
        self.capabilities = capabilities
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.calibrationKey = calibrationKey
        self.calibration = calibration
    }

    /// `255.9x157.5 mm`, or nil without a size.
    public var sizeText: String? {
        guard let width = self.widthMM, let height = self.heightMM else { return nil }
        return "\(String(fixed: width, decimals: 1))x\(String(fixed: height, decimals: 1)) mm"
    }

    /// One line: `touch, 255.9x157.5 mm, calibration 1 0 0 0 1 0 (identity)`.
    public var summary: String {
        var parts = [self.capabilities.description]
        if let size = self.sizeText { parts.append(size) }
        if let calibration = self.calibration { parts.append("calibration \(calibration)") }
        return parts.joined(separator: ", ")
    }
}

/// Something an `InputSource` reports besides touch frames.
public enum InputDeviceEvent: Sendable {
    case added(InputDeviceInfo)
    case removed(InputDeviceInfo)
    /// A device present now runs with another calibration (the calibration directory changed);
    /// the info carries the new one.
    case calibrationChanged(InputDeviceInfo)
    /// A device cannot be used (it cannot be opened, say): the rest keeps working.
    case error(VitrineError)
    /// Something was replaced or repaired and the user should know: a rejected calibration,
    /// no device at all, a recording that had to be recovered.
    case warning(VitrineError)
}
