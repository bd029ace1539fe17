import Glibc
import VitrineCalibration
import VitrineCore
import VitrineDRM
import VitrineLibinput
import VitrineRuntime
import VitrineSystem
import VitrineUI

/// What `vitrine calibrate` is asked to do.
public struct CalibrationOptions: Sendable {
    public var display = DisplayConfiguration()
    public var seat = InputConfiguration.defaultSeat
    public var calibrationDirectory = CalibrationStore.defaultDirectory
    /// The touchscreen to calibrate, by node (`/dev/input/event5`) or name; nil: the first.
    public var touchscreen: String?
    public var settings = CalibrationSettings()
    /// Pixels per point for the text and crosshair.
    public var scale = 1.0

    public init() {}
}

/// Runs an on-device calibration on the real screen and touchscreen: takes over the display and
/// the virtual terminal (as the kiosk does, so it can run on tty1 in the kiosk's place), gives the
/// chosen touchscreen the identity matrix (in this process's libinput context only), and lets a
/// `CalibrationController` feed its raw touches to a `CalibrationSession` and draw it. On Save the
/// device's calibration file is written atomically — which a running kiosk's watcher, and udev
/// when the device is next added, pick up. Cancel, SIGINT, SIGTERM, a timeout, or the device
/// going away leave the previous file untouched.
///
/// Before the controller's lines it prints one saying what is calibrated where:
///
///     # calibrating Vitrine Skewed Touch (/dev/input/event4) into /var/lib/vitrine/calibration/1234-5679-Vitrine_Skewed_Touch.env; screen 1280x800 px, rotation 0
public final class CalibrationRun {
    public let options: CalibrationOptions
    public let loop: EpollEventLoop
    private let write: (String) -> Void
    private let logger = Logger("calibrate")

    public init(options: CalibrationOptions, loop: EpollEventLoop, write: @escaping (String) -> Void = StandardStreams.writeOutput) {
        self.options = options
        self.loop = loop
        self.write = write
    }

    /// Calibrates until saved, cancelled or timed out (`CalibrationSettings.targetTimeout`
    /// without a press taken: it never waits forever).
    /// - Throws: when there is no touchscreen (naming the 'input' group when permission was the
    ///   reason), the display cannot be opened, or the loop fails.
    public func run() throws -> CalibrationOutcome {
        let input = try LibinputSource(
            seat: self.options.seat, transform: TouchTransform(nativeSize: InputOpener.fallbackSize),
            calibrations: CalibrationStore.load(directory: self.options.calibrationDirectory), loop: self.loop, logger: Logger("input"))
        let device = try CalibrationTouchscreen.choose(in: input, seat: self.options.seat, requested: self.options.touchscreen)
        // The VT signals are blocked before anything can switch the VT (VirtualTerminal).
        let signals = try SignalWatcher(
            signals: [SIGINT, SIGTERM, VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal], loop: self.loop)

        let display = try DisplayOpener.open(self.options.display, loop: self.loop)
        let output = display.output
        let native = output.rotation.nativeSize(forLogical: output.size)
        // Raw positions: native frame, no rotation, pixels (research/input.md §1.5).
        input.transform = TouchTransform(nativeSize: native)
        try input.resetCalibrationToIdentity(node: device.node)

        let window = Window(output: output, scale: self.options.scale)
        let redraw = {
            window.compositor.setNeedsFullRedraw()
            window.setNeedsFrame()
        }
        output.onEvent = { event in
            if case .resumed = event { redraw() }
        }
        // Run from tty1 by vitrine-calibrate.service, the VT is ours as it is the kiosk's: no
        // console over the crosses, and a VT switch drops and retakes DRM master.
        let terminal = VirtualTerminal.takeOver(
            signals: signals, onRelease: { output.suspend() },
            onAcquire: {
                output.resume()
                redraw()
            })
        let size = device.widthMM.flatMap { width in device.heightMM.map { PanelMillimetres(width: width, height: $0) } }
        let controller = CalibrationController(
            session: CalibrationSession(settings: self.options.settings, rotation: output.rotation, nativeSize: native, sensorMillimetres: size),
            device: device, window: window, directory: self.options.calibrationDirectory, scale: self.options.scale, loop: self.loop,
            write: self.write)
        controller.onFinished = { [loop] _ in loop.stop() }
        input.onFrame = { frame in controller.handle(frame) }
        input.onDeviceEvent = { event in
            if case .removed(let info) = event, info.node == device.node { controller.cancel("the touchscreen \(device.node) went away") }
        }
        signals.on(SIGINT) { _ in controller.cancel("interrupted (SIGINT)", promptly: true) }
        signals.on(SIGTERM) { _ in controller.cancel("stopped (SIGTERM)", promptly: true) }

        let path = CalibrationStore.path(forKey: device.calibrationKey, in: self.options.calibrationDirectory)
        self.write("# calibrating \(device.name) (\(device.node)) into \(path); screen \(native) px, rotation \(output.rotation)\n")
        self.logger.notice("calibrating \(device.name) (\(device.node)) on \(output.name)")
        controller.start()
        try self.loop.run()
        output.shutdown()
        terminal?.restore()
        withExtendedLifetime((signals, input)) {}
        return controller.outcome ?? .cancelled(reason: "the loop stopped")
    }
}
