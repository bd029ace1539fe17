import VitrineCalibration
import VitrineCore
import VitrineDRM
import VitrineKeys
import VitrineLibinput
import VitrineReplay
import VitrineUdev

/// Everything that selects and shapes input: the command line's input options and the kiosk
/// config's `input` and `keyboard` sections land here.
public struct InputConfiguration: Sendable {
    /// The seat libinput serves unless told otherwise.
    public static let defaultSeat = LibinputSource.defaultSeat

    /// The libinput seat (udev `ID_SEAT`).
    public var seat = InputConfiguration.defaultSeat
    /// The output touch maps onto: its native size, the one rotation setting, the UI scale.
    public var transform: TouchTransform
    /// The calibration directory (Docs/input.md, "Calibration files").
    public var calibrationDirectory = CalibrationStore.defaultDirectory
    /// Play this `libinput record` file or JSON touch script instead of reading devices.
    public var replayPath: String? = nil
    /// The layout hardware keyboards type with (xkeyboard-config's names; `us` when unset).
    public var keymap = KeymapNames()
    /// The keyboards that are barcode or QR scanners, by name or USB id, whatever their timing
    /// (`ScanClassifier`); others are recognised by how fast they type.
    public var scanners: [ScannerMatch] = []
    /// Whether other keyboards are watched for a scanner's timing (`keyboard.detectScanners`).
    public var detectScanners = true

    public init(transform: TouchTransform = TouchTransform(nativeSize: InputOpener.fallbackSize)) {
        self.transform = transform
    }
}

/// Opens the input source a configuration asks for.
public enum InputOpener {
    /// The screen size touch maps onto when nothing says otherwise.
    public static let fallbackSize = PixelSize(width: 1280, height: 800)

    /// A `ReplaySource` when `replayPath` is set, else a `LibinputSource` on the seat. Call
    /// `start()` after setting the callbacks.
    public static func open(_ configuration: InputConfiguration, loop: EventLoop, logger: Logger = Logger("input")) throws(VitrineError) -> InputSource {
        let calibrations = CalibrationStore.load(directory: configuration.calibrationDirectory)
        if let path = configuration.replayPath {
            let recording = try InputRecording.load(path)
            return ReplaySource(
                recording: recording, file: path, transform: configuration.transform, calibrations: calibrations, keymap: configuration.keymap,
                scanners: configuration.scanners, detectScanners: configuration.detectScanners, loop: loop, logger: logger)
        }
        return try LibinputSource(
            seat: configuration.seat, transform: configuration.transform, calibrations: calibrations, keymap: configuration.keymap,
            scanners: configuration.scanners, detectScanners: configuration.detectScanners, loop: loop, logger: logger)
    }

    /// Makes a libinput source follow its calibration directory: whenever a calibration file is
    /// written, replaced or removed, every device present runs with the new calibration at once
    /// (`LibinputSource.apply`; Docs/calibration.md, "How the kiosk picks it up"). Returns what
    /// keeps the watch alive — hold on to it — or nil for a replay, or when the directory cannot
    /// be followed (logged: calibrations then apply at the next start).
    public static func followCalibrationChanges(of source: InputSource, directory: String, loop: EventLoop, logger: Logger = Logger("input")) -> AnyObject? {
        guard let libinput = source as? LibinputSource else { return nil }
        do {
            return try CalibrationDirectoryWatch(directory: directory, loop: loop) { [weak libinput] store in libinput?.apply(store) }
        } catch {
            logger.warning("\(error)")
            return nil
        }
    }

    /// Runs `action` when `source` is a replay and it has played to the end; nothing for devices.
    public static func whenReplayEnds(_ source: InputSource, _ action: @escaping () -> Void) {
        (source as? ReplaySource)?.onFinished = action
    }

    /// The connected display's current mode and its card, read without taking DRM master; nil
    /// when no card shows anything (no display, or a VT without a mode).
    public static func currentDisplaySize() -> (size: PixelSize, card: String)? {
        let candidates = CardDiscovery.candidates(explicit: nil, udev: try? UdevContext())
        return DisplayInventory.currentMode(candidates: candidates, open: LibdrmDevice.open).map { ($0.mode.size, $0.card) }
    }
}
