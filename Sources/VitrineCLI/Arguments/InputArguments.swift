import VitrineCalibration
import VitrineCore
import VitrineKiosk
import VitrineRuntime

/// The input options shared by `list-inputs` and `input-debug`.
enum InputArguments {
    static let options: [OptionSpec] = [
        OptionSpec("seat", value: "NAME", help: "libinput seat [\(InputConfiguration.defaultSeat)]"),
        OptionSpec("calibration", value: "DIR", help: "calibration directory [\(CalibrationStore.defaultDirectory)]")
    ]

    /// The seat and calibration directory from the options; the rest as given.
    static func configuration(from arguments: ParsedArguments, transform: TouchTransform = TouchTransform(nativeSize: InputOpener.fallbackSize))
        -> InputConfiguration
    {
        var configuration = InputConfiguration(transform: transform)
        configuration.seat = arguments.value("seat") ?? InputConfiguration.defaultSeat
        if let directory = arguments.value("calibration") { configuration.calibrationDirectory = directory }
        return configuration
    }
}
