import Testing
import VitrineCalibration
import VitrineCore
import VitrineHeadless
import VitrineSystem
import VitrineUI

@testable import VitrineKiosk

/// `vitrine calibrate`'s loop without devices: the controller on a headless 1280×800 output and a
/// manual loop, a synthetic skewed sensor for the finger, and a calibration directory that already
/// holds the device's previous file. Time moves only when the test advances the loop.
@MainActor
final class CalibrationControllerFixture {
    static let previous = "# device: Vitrine Skewed Touch\nLIBINPUT_CALIBRATION_MATRIX=\"1.02 0 -0.01 0 0.98 0.02\"\n"
    let loop = ManualEventLoop(now: MonotonicTime(seconds: 100))
    let output: HeadlessOutput
    let window: Window
    let directory = TemporaryDirectory()
    let controller: CalibrationController
    var sensor: SyntheticSensor
    var lines: [String] = []
    var finished: [CalibrationOutcome] = []
    var nextContact = 0
    let start: MonotonicTime

    init(truth: CalibrationMatrix = CalibrationSessionTests.skew, settings: CalibrationSettings = CalibrationSettings()) {
        self.output = HeadlessOutput(nativeSize: SyntheticSensor.screen, loop: self.loop)
        self.window = Window(output: self.output)
        self.sensor = SyntheticSensor(truth: truth, noisePixels: 1, random: SplitMix64(seed: 5))
        self.directory.write("panel.env", Self.previous)
        let device = InputDeviceInfo(
            name: "Vitrine Skewed Touch", node: "/dev/input/event4", capabilities: .touch, calibrationKey: "panel", calibration: .identity)
        let session = CalibrationSession(
            settings: settings, nativeSize: SyntheticSensor.screen, sensorMillimetres: SyntheticSensor.millimetres)
        var write: (String) -> Void = { _ in }
        self.controller = CalibrationController(
            session: session, device: device, window: self.window, directory: self.directory.path, scale: 1, loop: self.loop,
            write: { write($0) })
        self.start = self.loop.now
        write = { [unowned self] text in self.lines.append(contentsOf: text.split(separator: "\n").map(String.init)) }
        self.controller.onFinished = { [unowned self] outcome in self.finished.append(outcome) }
        self.controller.start()
    }

    deinit { self.directory.remove() }

    var fileText: String? { try? FileReader.readText(self.directory.path + "/panel.env", limit: CalibrationStore.largestFile, what: "a calibration file") }
    var fileNames: [String] { Directory.entryNames(self.directory.path).sorted() }

    func frame(_ phase: TouchContact.Phase, _ id: Int, x: Double, y: Double) {
        let contact = TouchContact(id: id, phase: phase, x: x, y: y)
        self.controller.handle(TouchFrame(timestamp: UInt64(self.loop.now.microseconds), contacts: [contact], device: "Vitrine Skewed Touch"))
    }

    /// A finger held on native pixel (x, y) through the skew for `seconds`, a frame every 20 ms,
    /// lifted unless `lift` is false.
    func press(x: Double, y: Double, seconds: Double = 0.5, lift: Bool = true) {
        let s = self.sensor.sensor(x: x / Double(SyntheticSensor.screen.width), y: y / Double(SyntheticSensor.screen.height))
        let (rawX, rawY) = (s.u * Double(SyntheticSensor.screen.width), s.v * Double(SyntheticSensor.screen.height))
        let id = self.nextContact
        self.nextContact += 1
        self.frame(.began, id, x: rawX, y: rawY)
        var elapsed = 0.0
        while elapsed + 0.02 <= seconds {
            elapsed += 0.02
            self.loop.advance(by: .milliseconds(20))
            self.frame(.moved, id, x: rawX, y: rawY)
        }
        guard lift else { return }
        self.loop.advance(by: .milliseconds(20))
        self.frame(.ended, id, x: rawX, y: rawY)
        self.loop.advance(by: .milliseconds(200))
    }

    /// Touches the target on screen (the controller's session says where).
    func touchShownTarget() {
        guard let step = self.controller.session.state.step else {
            Issue.record("no target shown: \(self.controller.session.state)")
            return
        }
        let target = self.controller.session.layout.nativeTarget(step, rotation: .none)
        self.press(x: target.x * 1280, y: target.y * 800)
    }

    func touchUntilConfirming() {
        for _ in 0..<12 {
            if case .confirming = self.controller.session.state { return }
            self.touchShownTarget()
        }
    }

    /// A tap on a button's centre, aimed at the screen (it goes through the skew like any touch).
    func tap(_ name: String) throws {
        let frame = try #require(self.controller.screen.buttonFrames.first { $0.0 == name }?.1)
        self.press(x: frame.midX, y: frame.midY, seconds: 0.08)
    }
}

@Suite("Calibration controller (the calibrate loop)")
@MainActor
struct CalibrationControllerTests {
    @Test("with no touch the calibrate loop ends by itself at the timeout: timed out, exit status 1, the previous file untouched")
    func endsByItselfWithoutTouches() {
        let fixture = CalibrationControllerFixture()
        #expect(fixture.lines.first == "target 1/9 at (128.0, 80.0) px")
        fixture.loop.advance(to: fixture.start + .seconds(30) - .milliseconds(1))
        #expect(fixture.controller.outcome == nil && fixture.finished.isEmpty)
        fixture.loop.advance(to: fixture.start + .seconds(30))
        #expect(fixture.controller.outcome == .timedOut)
        #expect(fixture.lines.last == "timed out after 30 s waiting for target 1; nothing was changed")
        #expect(fixture.controller.screen.instruction.text == "Nothing happened for 30 s: calibration stopped. Nothing was changed.")
        // The message stays on the panel for two seconds, then the run is told to stop its loop.
        fixture.loop.advance(by: CalibrationController.linger - .milliseconds(1))
        #expect(fixture.finished.isEmpty)
        fixture.loop.advance(by: .milliseconds(1))
        #expect(fixture.finished == [.timedOut])
        #expect(CalibrationOutcome.timedOut.exitStatus == 1)
        #expect(fixture.fileText == CalibrationControllerFixture.previous)
        #expect(fixture.fileNames == ["panel.env"])
    }

    @Test("each target taken restarts the timeout; a touch lifted too soon does not")
    func progressRestartsTheTimeout() {
        let fixture = CalibrationControllerFixture()
        fixture.loop.advance(to: fixture.start + .seconds(20))
        fixture.touchShownTarget()
        #expect(fixture.lines.contains("taken 1/9"))
        // At 40 s a tap too short to be taken; the deadline stays 30 s after target 1 was taken.
        fixture.loop.advance(to: fixture.start + .seconds(40))
        fixture.press(x: 640, y: 400, seconds: 0.1)
        #expect(fixture.controller.session.notice == .liftedTooSoon)
        fixture.loop.advance(to: fixture.start + .seconds(50.2))
        #expect(fixture.controller.outcome == nil)
        fixture.loop.advance(to: fixture.start + .seconds(50.7))
        #expect(fixture.controller.outcome == .timedOut)
        #expect(fixture.lines.last == "timed out after 30 s waiting for target 2; nothing was changed")
        #expect(fixture.fileText == CalibrationControllerFixture.previous)
    }

    @Test("a finger left resting on the panel after its target was taken does not keep the calibration alive")
    func restingFingerTimesOut() {
        let fixture = CalibrationControllerFixture()
        fixture.touchShownTarget()
        fixture.press(x: 640, y: 80, seconds: 0.5, lift: false)
        #expect(fixture.controller.session.state == .awaitingLift(.fit(1)))
        fixture.loop.advance(by: .seconds(31))
        #expect(fixture.controller.outcome == .timedOut)
        #expect(fixture.lines.last == "timed out after 30 s waiting for target 2; nothing was changed")
    }

    @Test("with the result shown and no choice made it times out too, writing nothing")
    func noChoiceTimesOut() {
        let fixture = CalibrationControllerFixture()
        fixture.touchUntilConfirming()
        #expect(fixture.lines.contains { $0.hasPrefix("buttons (px): save (") })
        fixture.loop.advance(by: .seconds(31))
        #expect(fixture.controller.outcome == .timedOut)
        #expect(fixture.lines.last == "timed out after 30 s waiting for a choice; nothing was changed")
        #expect(fixture.fileText == CalibrationControllerFixture.previous)
    }

    @Test("a tap on Save, through the skew, replaces the file atomically with the fitted matrix; exit status 0")
    func saveWritesTheFile() throws {
        let fixture = CalibrationControllerFixture()
        fixture.touchUntilConfirming()
        try fixture.tap("save")
        guard case .saved(let path, let matrix) = fixture.controller.outcome else {
            Issue.record("not saved: \(String(describing: fixture.controller.outcome)); \(fixture.lines.suffix(3))")
            return
        }
        #expect(path == fixture.directory.path + "/panel.env")
        #expect(maximumDifference(matrix, CalibrationSessionTests.skew) < 0.01)
        #expect(fixture.fileText?.hasSuffix("LIBINPUT_CALIBRATION_MATRIX=\"\(matrix.udevValue)\"\n") == true)
        #expect(fixture.fileNames == ["panel.env"])
        #expect(fixture.controller.outcome?.exitStatus == 0)
        fixture.loop.advance(by: CalibrationController.linger)
        #expect(fixture.finished.count == 1)
    }

    @Test("a stop signal while confirming writes nothing and hands back within 300 ms")
    func stopSignalWritesNothing() {
        let fixture = CalibrationControllerFixture()
        fixture.touchUntilConfirming()
        fixture.controller.cancel("stopped (SIGTERM)", promptly: true)
        #expect(fixture.controller.outcome == .cancelled(reason: "stopped (SIGTERM)"))
        #expect(fixture.lines.last == "stopped (SIGTERM); nothing was changed")
        fixture.loop.advance(by: CalibrationController.promptLinger)
        #expect(fixture.finished == [.cancelled(reason: "stopped (SIGTERM)")])
        #expect(fixture.fileText == CalibrationControllerFixture.previous)
        // Touches after the end change nothing.
        fixture.press(x: 640, y: 400)
        #expect(fixture.finished.count == 1 && fixture.fileText == CalibrationControllerFixture.previous)
    }
}
