import VitrineCore
import VitrineKiosk
import VitrineRuntime
import VitrineSystem

/// `vitrine list-inputs`: the seat's input devices, what they can do, their size and calibration.
enum ListInputsCommand: Command {
    static let name = "list-inputs"
    static let summary = "List input devices with their capabilities, size in mm and active calibration."
    static let synopsis = "[--seat NAME] [--calibration DIR]"
    static let options = InputArguments.options
    static let discussion = """
        Opens every device of the seat through libinput, applies the calibration Vitrine would
        apply (a file in the calibration directory overrides the udev property
        LIBINPUT_CALIBRATION_MATRIX) and says where it came from. The calibration file line is
        the name a calibration for that device is stored under. Needs read access to
        /dev/input/event* (the 'input' group).
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        InputDebugCommand.quietenInfoLogs()
        let configuration = InputArguments.configuration(from: arguments)
        let loop = try EpollEventLoop()
        let source = try InputOpener.open(configuration, loop: loop)
        var problems: [InputDeviceEvent] = []
        source.onDeviceEvent = { event in
            if case .added = event { return }
            problems.append(event)
        }
        try source.start()
        let inventory = InputInventory(
            seat: configuration.seat, calibrationDirectory: configuration.calibrationDirectory, devices: source.devices, problems: problems)
        StandardStreams.writeOutput(inventory.report)
        return inventory.devices.isEmpty ? 1 : 0
    }
}
