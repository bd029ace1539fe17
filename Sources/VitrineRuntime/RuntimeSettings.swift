import VitrineCalibration
import VitrineCore
import VitrineUI

/// Which touch input: the libinput seat and the calibration directory.
public struct InputSettings: Sendable, Equatable {
    public var seat = InputConfiguration.defaultSeat
    public var calibrationDirectory = CalibrationStore.defaultDirectory
    public init() {}
}

/// What the runtime needs to know before there is a scene: the screen, the touch input and the
/// scale (pixels per point). A kiosk config's `display`, `input` and `theme.scale`.
public struct RuntimeSettings: Sendable, Equatable {
    public var display = DisplayConfiguration()
    public var input = InputSettings()
    /// Pixels per point.
    public var scale = 1.0

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

    public init(settings: RuntimeSettings, scene: any Scene) {
        self.settings = settings
        self.scene = scene
    }
}
