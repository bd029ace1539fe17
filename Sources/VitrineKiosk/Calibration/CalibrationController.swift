import VitrineCalibration
import VitrineCore
import VitrineUI

/// How a calibration ended.
public enum CalibrationOutcome: Sendable, Equatable {
    /// The matrix was stored in `path`.
    case saved(path: String, matrix: CalibrationMatrix)
    case cancelled(reason: String)
    /// Nothing was taken for `CalibrationSettings.targetTimeout`.
    case timedOut

    /// `vitrine calibrate`'s exit status: 0 when saved, 1 when nothing was written (so
    /// `systemctl start vitrine-calibrate` fails and `OnFailure=` brings the kiosk back).
    public var exitStatus: Int32 {
        if case .saved = self { return 0 }
        return 1
    }
}

/// The calibration on a window, without devices: feeds the chosen touchscreen's raw frames to a
/// `CalibrationSession`, draws it with `CalibrationScreen`, wakes the session at its deadlines
/// with a timer on the loop (a press held still long enough, or `targetTimeout` without a press
/// taken), saves on Save, and reports `onFinished` once the outcome has been on screen long
/// enough to read. `CalibrationRun` wires it to the real screen and touchscreen; tests drive it
/// on a `HeadlessOutput` and a `ManualEventLoop`.
///
/// It never waits on anything but the loop's clock, so it ends by itself: every state but
/// the final ones has a deadline (`CalibrationSession.nextDeadline`).
///
/// It prints what happens, one line each (the QEMU test reads the target positions from them;
/// under systemd they go to the journal):
///
///     target 1/9 at (128.0, 80.0) px
///     taken 1/9
///     verification target at (384.0, 560.0) px
///     result: matrix -0.97 0.03 0.99 0.02 1.04 -0.03, sensor mirrored left to right, residuals up to 0.41 mm, check 0.62 mm (pass)
///     buttons (px): save (288.0, 480.0, 160.0, 56.0) retry (…) cancel (…)
///     saved /var/lib/vitrine/calibration/1234-5679-Vitrine_Skewed_Touch.env: LIBINPUT_CALIBRATION_MATRIX="…"
final class CalibrationController {
    /// How long the last message stays on the panel before `onFinished`, so it can be read.
    static let linger = Nanoseconds.seconds(2)
    /// The same after a stop signal: systemd (or the shell) should not be kept waiting.
    static let promptLinger = Nanoseconds.milliseconds(300)

    let device: InputDeviceInfo
    let directory: String
    let scale: Double
    private(set) var session: CalibrationSession
    let screen: CalibrationScreen
    private let window: Window
    private let loop: EventLoop
    private let write: (String) -> Void
    private var timer: TimerID?
    private var lastReported: (state: CalibrationState, notice: CalibrationNotice?)?
    private var cancelReason = "cancelled"
    private var prompt = false
    /// Set when the session has ended (the file is written by then, if it was saved).
    private(set) var outcome: CalibrationOutcome?
    /// Called once, `linger` after the outcome is known.
    var onFinished: ((CalibrationOutcome) -> Void)?

    init(
        session: CalibrationSession, device: InputDeviceInfo, window: Window, directory: String, scale: Double, loop: EventLoop,
        write: @escaping (String) -> Void
    ) {
        self.session = session
        self.device = device
        self.window = window
        self.directory = directory
        self.scale = scale
        self.loop = loop
        self.write = write
        let screen = CalibrationScreen(frame: window.root.bounds, deviceName: device.name)
        window.root.addSubview(screen)
        screen.pinToEdges()
        self.screen = screen
        screen.save.action = { [unowned self] in
            self.session.accept()
            self.refresh()
        }
        screen.retry.action = { [unowned self] in
            self.session.retry(at: self.loop.now)
            self.refresh()
        }
        screen.cancel.action = { [unowned self] in self.cancel("cancelled on screen") }
    }

    /// Shows the first target; the timeout starts now.
    func start() {
        self.session.start(at: self.loop.now)
        self.refresh()
    }

    /// Follows one raw frame (native pixels, identity matrix) of any device; only the one being
    /// calibrated counts.
    func handle(_ frame: TouchFrame) {
        guard frame.device == self.device.name, !self.session.state.isFinished else { return }
        if case .confirming = self.session.state {
            // Buttons are hit through the fit being confirmed: the device still runs uncalibrated.
            self.window.handle(self.calibrated(frame))
        } else {
            self.session.handle(frame)
        }
        self.refresh()
    }

    /// Ends the session without writing anything; `promptly` after a stop signal.
    func cancel(_ reason: String, promptly: Bool = false) {
        guard !self.session.state.isFinished else { return }
        self.cancelReason = reason
        self.prompt = promptly
        self.session.cancel()
        self.refresh()
    }

    /// A raw frame in the window's points, through the fit being confirmed and the rotation.
    private func calibrated(_ frame: TouchFrame) -> TouchFrame {
        var mapped = frame
        let native = self.session.nativeSize
        let transform = TouchTransform(nativeSize: native, rotation: self.session.rotation, scale: self.scale)
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

    /// Redraws, reports what changed, re-arms the session's timer, and finishes once it is over.
    private func refresh() {
        let state = self.session.state
        if state.isFinished, self.outcome == nil {
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
        let outcome: CalibrationOutcome
        let message: String
        switch state {
        case .done(let result):
            do {
                let path = try CalibrationStore.save(
                    result.fit.matrix, key: self.device.calibrationKey, deviceName: self.device.name, directory: self.directory)
                outcome = .saved(path: path, matrix: result.fit.matrix)
                self.write("saved \(path): \(CalibrationStore.propertyName)=\"\(result.fit.matrix.udevValue)\"\n")
                message = "Saved. The new calibration applies at once."
            } catch {
                outcome = .cancelled(reason: error.description)
                self.write("not saved: \(error)\n")
                message = "Could not save: \(error.message). Nothing was changed."
            }
        case .timedOut(let step):
            outcome = .timedOut
            let waited = String(fixed: self.session.settings.targetTimeout.seconds, decimals: 0)
            self.write("timed out after \(waited) s waiting for \(step.map { "\($0)" } ?? "a choice"); nothing was changed\n")
            message = "Nothing happened for \(waited) s: calibration stopped. Nothing was changed."
        default:
            outcome = .cancelled(reason: self.cancelReason)
            self.write("\(self.cancelReason); nothing was changed\n")
            message = "Calibration \(self.cancelReason). Nothing was changed."
        }
        self.outcome = outcome
        self.screen.update(self.session, finalMessage: message)
        self.loop.schedule(after: self.prompt ? Self.promptLinger : Self.linger) { [weak self] in
            self?.onFinished?(outcome)
        }
    }

    /// One line per new target, taken press, notice, result and the buttons' places.
    private func report(_ state: CalibrationState) {
        defer { self.lastReported = (state, self.session.notice) }
        if let notice = self.session.notice, notice != self.lastReported?.notice { self.write("notice: \(notice)\n") }
        guard state != self.lastReported?.state else { return }
        let count = self.session.layout.fitTargets.count
        let s = self.scale
        switch state {
        case .showingTarget(let step):
            let target = self.session.layout.target(step)
            let size = self.window.size
            let at = "at (\(String(fixed: target.x * size.width * s, decimals: 1)), \(String(fixed: target.y * size.height * s, decimals: 1))) px"
            if case .fit(let index) = step { self.write("target \(index + 1)/\(count) \(at)\n") } else { self.write("verification target \(at)\n") }
        case .awaitingLift(.fit(let index)):
            self.write("taken \(index + 1)/\(count)\n")
        case .confirming(let result):
            let worst = String(fixed: result.fit.residualsMM.max() ?? 0, decimals: 2)
            let check = String(fixed: result.verificationErrorMM, decimals: 2)
            self.write(
                "result: matrix \(result.fit.matrix.udevValue), sensor \(result.fit.orientation), residuals up to \(worst) mm, check \(check) mm (\(result.passed ? "pass" : "fail"))\n"
            )
            self.window.root.layoutIfNeeded()
            let buttons = self.screen.buttonFrames.map { name, frame in
                "\(name) (\([frame.minX * s, frame.minY * s, frame.width * s, frame.height * s].map { String(fixed: $0, decimals: 1) }.joined(separator: ", ")))"
            }
            self.write("buttons (px): \(buttons.joined(separator: " "))\n")
        default:
            break
        }
    }
}
