import Testing
import VitrineCalibration
import VitrineCore
import VitrineReplay
import VitrineSystem

/// Replays the recordings beside the tests onto a 1280x800 panel. The sensor has 4096 units per
/// axis, so a raw x is x·0.3125 pixels and a raw y is y·0.1953125: every expected value is exact.
@Suite("Replay of libinput recordings")
struct ReplayRecordingTests {
    @Test("a one-finger drag: began, ten moves of 20 px, ended, at the recorded 8 ms steps")
    func oneFingerDrag() throws {
        let run = try ReplayRun("one-finger-drag.yml").playToEnd()
        var expected = ["t=0us #0 began (320.00, 400.00)"]
        for step in 1...10 { expected.append("t=\(step * 8000)us #0 moved (\(320 + 20 * step).00, 400.00)") }
        expected.append("t=88000us #0 ended (520.00, 400.00)")
        #expect(run.lines == expected)
        #expect(run.frames.allSatisfy { $0.device == "ELAN Touchscreen" })
        #expect(run.warnings.isEmpty)
        #expect(run.finished)
    }

    @Test("two fingers: both begin in one frame, move apart, the first lifts while the second stays")
    func twoFingers() throws {
        let run = try ReplayRun("two-fingers.yml").playToEnd()
        #expect(
            run.lines == [
                "t=0us #0 began (500.00, 400.00) #1 began (750.00, 400.00)",
                "t=8000us #0 moved (470.00, 400.00) #1 moved (780.00, 400.00)",
                "t=16000us #0 moved (440.00, 400.00) #1 moved (810.00, 400.00)",
                "t=24000us #0 moved (410.00, 400.00) #1 moved (840.00, 400.00)",
                "t=32000us #0 moved (380.00, 400.00) #1 moved (870.00, 400.00)",
                "t=40000us #0 moved (350.00, 400.00) #1 moved (900.00, 400.00)",
                "t=48000us #0 ended (350.00, 400.00) #1 stationary (900.00, 400.00)",
                "t=56000us #1 moved (900.00, 412.50)",
                "t=64000us #1 ended (900.00, 412.50)"
            ])
    }

    @Test("a fast flick: accelerating 8 ms steps up to 225 px, lifted while moving")
    func fastFlick() throws {
        let run = try ReplayRun("fast-flick.yml").playToEnd()
        #expect(
            run.lines == [
                "t=0us #0 began (1120.00, 200.00)",
                "t=8000us #0 moved (1095.00, 200.00)",
                "t=16000us #0 moved (1020.00, 200.00)",
                "t=24000us #0 moved (870.00, 200.00)",
                "t=32000us #0 moved (670.00, 200.00)",
                "t=40000us #0 moved (445.00, 200.00)",
                "t=48000us #0 ended (445.00, 200.00)"
            ])
    }

    @Test("a finger that becomes a palm is cancelled; a touch that starts as a palm never appears")
    func palmCancel() throws {
        let run = try ReplayRun("palm-cancel.yml").playToEnd()
        #expect(
            run.lines == [
                "t=0us #0 began (640.00, 400.00)",
                "t=8000us #0 moved (660.00, 400.00)",
                "t=16000us #0 cancelled (660.00, 400.00)",
                "t=120000us #0 began (320.00, 200.00)",
                "t=128000us #0 ended (320.00, 200.00)"
            ])
        #expect(run.warnings.isEmpty)
    }

    @Test("five contacts in, five out, in order, each id stable for its contact's life")
    func fiveFingers() throws {
        let run = try ReplayRun("five-fingers.yml").playToEnd()
        let xs = ["160.00", "400.00", "640.00", "880.00", "1120.00"]
        // Fingers land one per frame...
        for n in 0..<5 {
            let frame = run.frames[n]
            #expect(frame.contacts.map(\.id) == Array(0...n))
            #expect(frame.contacts.last?.description == "#\(n) began (\(xs[n]), 600.00)")
            #expect(frame.contacts.dropLast().allSatisfy { $0.phase == .stationary })
        }
        // ...move together...
        for (k, y) in ["550.00", "500.00", "450.00"].enumerated() {
            #expect(run.frames[5 + k].description == "t=\((5 + k) * 8000)us " + (0..<5).map { "#\($0) moved (\(xs[$0]), \(y))" }.joined(separator: " "))
        }
        // ...and lift in reverse order, each reported ended once.
        for (k, lifted) in [4, 3, 2, 1, 0].enumerated() {
            let frame = run.frames[8 + k]
            #expect(frame.contact(lifted)?.phase == .ended)
            #expect(frame.contacts.map(\.id) == Array(0...lifted))
        }
        #expect(run.frames.count == 13)
    }

    @Test("a single-touch controller (ABS_X/ABS_Y, BTN_TOUCH) is one contact, and has no size without a resolution")
    func singleTouch() throws {
        let run = try ReplayRun("single-touch.yml").playToEnd()
        #expect(
            run.lines == [
                "t=0us #0 began (320.00, 400.00)",
                "t=10000us #0 moved (400.00, 400.00)",
                "t=20000us #0 moved (400.00, 450.00)",
                "t=30000us #0 ended (400.00, 450.00)"
            ])
        #expect(run.added.first?.capabilities == .touch)
        #expect(run.added.first?.sizeText == nil)
    }

    @Test("the recorded devices are reported with name, node, capabilities, size and calibration key")
    func deviceInfo() throws {
        let run = try ReplayRun("one-finger-drag.yml").playToEnd()
        let device = try #require(run.added.first)
        #expect(device.name == "ELAN Touchscreen")
        #expect(device.node == "/dev/input/event5")
        #expect(device.summary == "touch, 255.9x157.5 mm, calibration 1 0 0 0 1 0 (identity)")
        #expect(device.calibrationKey == "ELAN_Touchscreen")
    }

    @Test("a calibration file for the device applies before the rotation, like libinput's")
    func calibratedAndRotated() throws {
        let store = CalibrationStore(
            directory: "/cal",
            entries: [
                .init(key: "ELAN_Touchscreen", path: "/cal/ELAN_Touchscreen.env", matrix: CalibrationMatrix(0.5, 0, 0.25, 0, 0.5, 0.25))
            ])
        let upright = try ReplayRun("one-finger-drag.yml", calibrations: store).playToEnd()
        #expect(upright.lines.first == "t=0us #0 began (480.00, 400.00)")
        #expect(upright.lines.last == "t=88000us #0 ended (580.00, 400.00)")
        let turned = try ReplayRun(
            "one-finger-drag.yml", transform: TouchTransform(nativeSize: PixelSize(width: 1280, height: 800), rotation: .clockwise90, scale: 2),
            calibrations: store
        ).playToEnd()
        // Native (480, 400) → logical (400, 1280 − 480) → points (200, 400).
        #expect(turned.lines.first == "t=0us #0 began (200.00, 400.00)")
        #expect(turned.lines.last == "t=88000us #0 ended (200.00, 350.00)")
        #expect(turned.added.first?.calibration?.source == .file(path: "/cal/ELAN_Touchscreen.env"))
    }

    @Test("a recording's udev LIBINPUT_CALIBRATION_MATRIX applies when no file overrides it")
    func udevPropertyInRecording() throws {
        let text = try FileReader.readText(Recordings.path("one-finger-drag.yml"), limit: InputRecording.largestFile, what: "a recording")
            .replacing("    - ID_INPUT=1\n", with: "    - ID_INPUT=1\n    - LIBINPUT_CALIBRATION_MATRIX=0.5 0 0.25 0 0.5 0.25\n")
        let run = ReplayRun(recording: try InputRecording.parse(text, file: "udev.yml"), file: "udev.yml")
        try run.playToEnd()
        #expect(run.added.first?.calibration == ActiveCalibration(matrix: CalibrationMatrix(0.5, 0, 0.25, 0, 0.5, 0.25), source: .udevProperty))
        #expect(run.lines.first == "t=0us #0 began (480.00, 400.00)")
    }
}
