import Glibc
import VitrineCalibration
import VitrineCore
import VitrineLibinput
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

/// How a calibration ended.
public enum CalibrationOutcome: Sendable, Equatable {
    /// The matrix was stored in `path`.
    case saved(path: String, matrix: CalibrationMatrix)
    case cancelled(reason: String)
    case timedOut
}

/// Runs an on-device calibration on the real screen and touchscreen: takes over the display,
/// gives the chosen touchscreen the identity matrix (in this process's libinput context only),
/// feeds its raw touches to a `CalibrationSession`, draws it with `CalibrationScreen`, and on
/// Save writes the device's calibration file atomically — which a running kiosk's watcher, and
/// udev when the device is next added, pick up. Cancel, SIGINT, SIGTERM, a timeout, or the
/// device going away leave the previous file untouched.
///
/// It prints what happens on stdout, one line each (the QEMU test reads the target positions
/// from them; under systemd they go to the journal):
///
///     # calibrating Vitrine Skewed Touch (/dev/input/event4) into /var/lib/vitrine/calibration/1234-5679-Vitrine_Skewed_Touch.env; screen 1280x800 px, rotation 0
///     target 1/9 at (128.0, 80.0) px
///     taken 1/9
///     verification target at (384.0, 560.0) px
///     result: matrix -0.97 0.03 0.99 0.02 1.04 -0.03, sensor mirrored left to right, residuals up to 0.41 mm, check 0.62 mm (pass)
///     buttons (px): save (288.0, 480.0, 160.0, 56.0) retry (…) cancel (…)
///     saved /var/lib/vitrine/calibration/1234-5679-Vitrine_Skewed_Touch.env: LIBINPUT_CALIBRATION_MATRIX="…"
public final class CalibrationRun {
    public let options: CalibrationOptions
    public let loop: EpollEventLoop
    private let write: (String) -> Void
    private let logger = Logger("calibrate")
    private var session: CalibrationSession!
    private var screen: CalibrationScreen!
    private var window: Window!
    private var device: InputDeviceInfo!
    private var input: LibinputSource!
    private var timer: TimerID?
    private var outcome: CalibrationOutcome = .cancelled(reason: "not started")
    private var lastReported: (state: CalibrationState, notice: CalibrationNotice?)?
    private var cancelReason = "cancelled"

    public init(options: CalibrationOptions, loop: EpollEventLoop, write: @escaping (String) -> Void = StandardStreams.writeOutput) {
        self.options = options
        self.loop = loop
        self.write = write
    }

    /// Calibrates until saved, cancelled or timed out.
    /// - Throws: when there is no touchscreen (naming the 'input' group when permission was the
    ///   reason), the display cannot be opened, or the file cannot be written.
    public func run() throws -> CalibrationOutcome {
        let input = try LibinputSource(
            seat: self.options.seat, transform: TouchTransform(nativeSize: InputOpener.fallbackSize),
            calibrations: CalibrationStore.load(directory: self.options.calibrationDirectory), loop: self.loop, logger: Logger("input"))
        let device = try CalibrationTouchscreen.choose(in: input, seat: self.options.seat, requested: self.options.touchscreen)
        self.input = input
        self.device = device

        let display = try DisplayOpener.open(self.options.display, loop: self.loop)
        let output = display.output
        let native = output.rotation.nativeSize(forLogical: output.size)
        // Raw positions: native frame, no rotation, pixels (research/input.md §1.5).
        input.transform = TouchTransform(nativeSize: native)
        try input.resetCalibrationToIdentity(node: device.node)

        let window = Window(output: output, scale: self.options.scale)
        let screen = CalibrationScreen(frame: window.root.bounds, deviceName: device.name)
        window.root.addSubview(screen)
        screen.pinToEdges()
        screen.save.action = { [unowned self] in self.session.accept(); self.refresh() }
        screen.retry.action = { [unowned self] in self.session.retry(at: self.loop.now); self.refresh() }
        screen.cancel.action = { [unowned self] in self.cancel("cancelled on screen") }
        output.onEvent = { event in
            if case .resumed = event { window.compositor.setNeedsFullRedraw(); window.setNeedsFrame() }
        }
        self.window = window
        self.screen = screen
        let size = device.widthMM.flatMap { width in device.heightMM.map { PanelMillimetres(width: width, height: $0) } }
        self.session = CalibrationSession(settings: self.options.settings, rotation: output.rotation, nativeSize: native, sensorMillimetres: size)

        input.onFrame = { [unowned self] frame in self.handle(frame) }
        input.onDeviceEvent = { [unowned self] event in
            if case .removed(let info) = event, info.node == device.node { self.cancel("the touchscreen \(device.node) went away") }
        }
        let signals = try SignalWatcher(signals: [SIGINT, SIGTERM], loop: self.loop)
        signals.on(SIGINT) { [unowned self] _ in self.cancel("interrupted (SIGINT)") }
        signals.on(SIGTERM) { [unowned self] _ in self.cancel("stopped (SIGTERM)") }

        let path = CalibrationStore.path(forKey: device.calibrationKey, in: self.options.calibrationDirectory)
        self.write("# calibrating \(device.name) (\(device.node)) into \(path); screen \(native) px, rotation \(output.rotation)\n")
        self.logger.notice("calibrating \(device.name) (\(device.node)) on \(output.name)")
        self.session.start(at: self.loop.now)
        self.refresh()
        try self.loop.run()
        output.shutdown()
        withExtendedLifetime(signals) {}
        return self.outcome
    }

    // MARK: - Events

    private func handle(_ frame: TouchFrame) {
        guard frame.device == self.device.name, !self.session.state.isFinished else { return }
        if case .confirming = self.session.state {
            // Buttons are hit through the fit being confirmed: the device still runs uncalibrated.
            self.window.handle(self.calibrated(frame))
        } else {
            self.session.handle(frame)
        }
        self.refresh()
    }

    /// A raw frame in the window's points, through the fit being confirmed and the rotation.
    private func calibrated(_ frame: TouchFrame) -> TouchFrame {
        var mapped = frame
        let native = self.session.nativeSize
        let transform = TouchTransform(nativeSize: native, rotation: self.session.rotation, scale: self.options.scale)
        mapped.contacts = frame.contacts.map { contact in
            var contact = contact
            if let fraction = self.session.calibratedFraction(x: contact.x, y: contact.y) {
                let point = transform.logicalPoint(nativeX: fraction.x * Double(native.width), nativeY: fraction.y * Double(native.height))
                (contact.x, contact.y) = (point.x, point.y)
            }
            return contact
        }
        return mapped
    }

    private func cancel(_ reason: String) {
        guard !self.session.state.isFinished else { return }
        self.cancelReason = reason
        self.session.cancel()
        self.refresh()
    }

    /// Redraws, reports what changed, re-arms the session's timer, and finishes once it is over.
    private func refresh() {
        let state = self.session.state
        if state.isFinished, self.lastReported?.state.isFinished != true {
            self.finish(state)
        } else if !state.isFinished {
            self.screen.update(self.session)
        }
        self.report(state)
        if let timer = self.timer { self.loop.cancel(timer) }
        self.timer = self.session.nextDeadline.map { deadline in
            self.loop.schedule(at: deadline) { [unowned self] in
                self.timer = nil
                self.session.advance(to: self.loop.now)
                self.refresh()
            }
        }
    }

    private func finish(_ state: CalibrationState) {
        var message: String
        switch state {
        case .done(let result):
            do {
                let path = try CalibrationStore.save(
                    result.fit.matrix, key: self.device.calibrationKey, deviceName: self.device.name, directory: self.options.calibrationDirectory)
                self.outcome = .saved(path: path, matrix: result.fit.matrix)
                self.write("saved \(path): \(CalibrationStore.propertyName)=\"\(result.fit.matrix.udevValue)\"\n")
                message = "Saved. The new calibration applies at once."
            } catch {
                self.outcome = .cancelled(reason: error.description)
                self.write("not saved: \(error)\n")
                message = "Could not save: \(error.message). Nothing was changed."
            }
        case .timedOut(let step):
            self.outcome = .timedOut
            let waited = String(fixed: self.options.settings.targetTimeout.seconds, decimals: 0)
            self.write("timed out after \(waited) s waiting for \(step.map { "\($0)" } ?? "a choice"); nothing was changed\n")
            message = "Nothing happened for \(waited) s: calibration stopped. Nothing was changed."
        default:
            self.outcome = .cancelled(reason: self.cancelReason)
            self.write("\(self.cancelReason); nothing was changed\n")
            message = "Calibration \(self.cancelReason). Nothing was changed."
        }
        self.screen.update(self.session, finalMessage: message)
        // Long enough to read on the panel; a stop by signal should not keep systemd waiting.
        let linger: Nanoseconds = self.cancelReason.contains("SIG") ? .milliseconds(300) : .seconds(2)
        self.loop.schedule(after: linger) { [loop] in loop.stop() }
    }

    /// One stdout line per new target, taken press, notice, result and the buttons' places.
    private func report(_ state: CalibrationState) {
        defer { self.lastReported = (state, self.session.notice) }
        if let notice = self.session.notice, notice != self.lastReported?.notice { self.write("notice: \(notice)\n") }
        guard state != self.lastReported?.state else { return }
        let count = self.session.layout.fitTargets.count
        switch state {
        case .showingTarget(let step):
            let target = self.session.layout.target(step)
            let size = self.window.size
            let at = "at (\(String(fixed: target.x * size.width * self.options.scale, decimals: 1)), \(String(fixed: target.y * size.height * self.options.scale, decimals: 1))) px"
            if case .fit(let index) = step { self.write("target \(index + 1)/\(count) \(at)\n") } else { self.write("verification target \(at)\n") }
        case .awaitingLift(.fit(let index)):
            self.write("taken \(index + 1)/\(count)\n")
        case .confirming(let result):
            let worst = String(fixed: result.fit.residualsMM.max() ?? 0, decimals: 2)
            let check = String(fixed: result.verificationErrorMM, decimals: 2)
            self.write("result: matrix \(result.fit.matrix.udevValue), sensor \(result.fit.orientation), residuals up to \(worst) mm, check \(check) mm (\(result.passed ? "pass" : "fail"))\n")
            self.window.root.layoutIfNeeded()
            let buttons = self.screen.buttonFrames.map { name, frame in
                let s = self.options.scale
                return "\(name) (\([frame.minX * s, frame.minY * s, frame.width * s, frame.height * s].map { String(fixed: $0, decimals: 1) }.joined(separator: ", ")))"
            }
            self.write("buttons (px): \(buttons.joined(separator: " "))\n")
        default:
            break
        }
    }
}
