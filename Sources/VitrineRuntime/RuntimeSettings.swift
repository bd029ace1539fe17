import VitrineCalibration
import VitrineCore
import VitrineUI

/// Which touch input: the libinput seat and the calibration directory.
public struct InputSettings: Sendable, Equatable {
    public var seat = InputConfiguration.defaultSeat
    public var calibrationDirectory = CalibrationStore.defaultDirectory
    /// The keymap keyboards on the panel are decoded with: an xkb layout, `de` or
    /// `de(nodeadkeys)` (the config's `keyboard.hardware`; empty: the on-screen keyboard's
    /// layout for the default language, else `us`).
    public var keymap = ""
    /// Devices that are barcode or QR scanners: a name as `vitrine list-inputs` shows it, or
    /// `vvvv:pppp` (USB vendor and product, hexadecimal) — `keyboard.scanners`.
    public var scanners: [String] = []
    /// Whether a keyboard that types a burst faster than a person can, ended by Enter, is taken
    /// for a scanner (`keyboard.detectScanners`, on unless set false).
    public var detectScanners = true
    public init() {}
}

/// What the runtime needs to know before there is a scene: the screen, the touch input and the
/// scale (pixels per point). A kiosk config's `display`, `input` and `theme.scale`.
public struct RuntimeSettings: Sendable, Equatable {
    public var display = DisplayConfiguration()
    public var input = InputSettings()
    /// Pixels per point.
    public var scale = 1.0
    /// Whether and how the kiosk speaks (the config's `accessibility`).
    public var speech = SpeechSettings()

    public init(display: DisplayConfiguration = DisplayConfiguration(), input: InputSettings = InputSettings(), scale: Double = 1) {
        self.display = display
        self.input = input
        self.scale = scale
    }
}

/// A scene ready to run, with the settings it runs with: what a `Runner`'s loader returns at
/// start and at every reload.
public struct LoadedScene {
    public var settings: RuntimeSettings
    public var scene: any Scene
    /// Which file it came from, and that file's content as a digest: the metrics'
    /// `vitrine_config_info` (nil for a scene built in code).
    public var source: ConfigVersion?

    public init(settings: RuntimeSettings, scene: any Scene, source: ConfigVersion? = nil) {
        self.settings = settings
        self.scene = scene
        self.source = source
    }
}

/// A config file as it was loaded: its path and the SHA-256 of the bytes read, which a fleet
/// compares with `sha256sum` of the file it deployed (Docs/fleet.md, "Metrics").
public struct ConfigVersion: Sendable, Equatable {
    /// The path as given (`demo` for the built-in demo).
    public var path: String
    /// 64 lowercase hexadecimal digits; empty for the built-in demo.
    public var sha256: String

    public init(path: String, sha256: String) {
        self.path = path
        self.sha256 = sha256
    }
}
