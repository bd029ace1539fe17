import Glibc
import Testing
import VitrineCore
import VitrineKiosk
import VitrineLibinput
import VitrineReplay
import VitrineRuntime

@Suite("input-debug and list-inputs output")
struct InputDebugLogTests {
    @Test("a replay prints the device, then one line per frame with its milliseconds and contacts")
    func replayLines() throws {
        let loop = ManualEventLoop(now: MonotonicTime(seconds: 2))
        let log = InputDebugLog(origin: loop.now)
        var configuration = InputConfiguration(transform: TouchTransform(nativeSize: PixelSize(width: 1280, height: 800)))
        configuration.replayPath = Recordings.path("palm-cancel.yml")
        configuration.calibrationDirectory = "/nonexistent"
        let source = try InputOpener.open(configuration, loop: loop)
        var lines: [String] = []
        source.onFrame = { lines.append(log.line(for: $0)) }
        source.onDeviceEvent = { lines.append(log.line(for: $0, at: loop.now)) }
        try source.start()
        loop.runUntilIdle(limit: MonotonicTime(seconds: 10))
        #expect(
            lines == [
                "0.000 added ELAN Touchscreen (/dev/input/event5): touch, 255.9x157.5 mm, calibration 1 0 0 0 1 0 (identity)",
                "0.000 frame ELAN Touchscreen: #0 began (640.00, 400.00)",
                "8.000 frame ELAN Touchscreen: #0 moved (660.00, 400.00)",
                "16.000 frame ELAN Touchscreen: #0 cancelled (660.00, 400.00)",
                "120.000 frame ELAN Touchscreen: #0 began (320.00, 200.00)",
                "128.000 frame ELAN Touchscreen: #0 ended (320.00, 200.00)"
            ])
    }

    @Test("a keyboard's keys print decoded, with Shift; a scanner's burst prints as one scan with its code")
    func keyLines() throws {
        func lines(_ recording: String) throws -> [String] {
            let loop = ManualEventLoop(now: MonotonicTime(seconds: 2))
            let log = InputDebugLog(origin: loop.now)
            var configuration = InputConfiguration(transform: TouchTransform(nativeSize: PixelSize(width: 1280, height: 800)))
            configuration.replayPath = Recordings.path(recording)
            configuration.calibrationDirectory = "/nonexistent"
            let source = try InputOpener.open(configuration, loop: loop)
            var lines: [String] = []
            source.onKey = { lines.append(log.line(for: $0)) }
            source.onScan = { lines.append(log.line(for: $0)) }
            try source.start()
            loop.runUntilIdle(limit: MonotonicTime(seconds: 10))
            return lines
        }
        #expect(
            try lines("keyboard-typing.yml") == [
                #"40.000 key Logitech USB Keyboard: text "C" shift"#, #"150.000 key Logitech USB Keyboard: text "a""#,
                #"300.000 key Logitech USB Keyboard: text "f""#, #"450.000 key Logitech USB Keyboard: text "e""#,
                #"600.000 key Logitech USB Keyboard: text " ""#, #"750.000 key Logitech USB Keyboard: text "5""#,
                "900.000 key Logitech USB Keyboard: tab", "1050.000 key Logitech USB Keyboard: enter"
            ])
        let scans = try lines("scanner-burst.yml")
        #expect(scans.first == #"0.000 key USB Barcode Scanner: text "9""#, "the first digit goes through before the burst is seen")
        #expect(
            Array(scans.dropFirst()).prefix(2) == [
                "26.000 key USB Barcode Scanner: backspace", #"26.000 scan USB Barcode Scanner: "9780141036144" (13 characters)"#
            ])
        #expect(scans.last == #"1026.000 scan USB Barcode Scanner: "9780141036144" (13 characters)"#, "a scanner from then on")
    }

    @Test("device removal, errors and warnings each get one line")
    func otherLines() {
        let log = InputDebugLog(origin: MonotonicTime(seconds: 1))
        let device = InputDeviceInfo(name: "Panel", node: "/dev/input/event7", capabilities: [.touch, .pointer])
        #expect(log.line(for: .removed(device), at: MonotonicTime(seconds: 1.5)) == "500.000 removed Panel (/dev/input/event7)")
        let error = VitrineError(.permissionDenied, "cannot open /dev/input/event7", hint: "add the user to the 'input' group")
        #expect(log.line(for: .error(error), at: MonotonicTime(seconds: 1)) == "0.000 error: cannot open /dev/input/event7 — add the user to the 'input' group")
        #expect(log.line(for: .warning(VitrineError(.invalidData, "odd")), at: MonotonicTime(seconds: 1.25)) == "250.000 warning: odd")
    }

    @Test("list-inputs shows capabilities, size, calibration and the file a calibration belongs in")
    func inventory() {
        let touch = InputDeviceInfo(
            name: "vitrine-test-touch", node: "/dev/input/event4", vendor: 0x1234, product: 0x5678, capabilities: .touch,
            widthMM: 255.9375, heightMM: 157.5, calibrationKey: "1234-5678-vitrine-test-touch",
            calibration: ActiveCalibration(matrix: CalibrationMatrix(0.5, 0, 0.25, 0, 0.5, 0.25), source: .file(path: "/cal/1234-5678-vitrine-test-touch.env")))
        let keyboard = InputDeviceInfo(name: "AT Translated Set 2 keyboard", node: "/dev/input/event0", capabilities: .keyboard)
        let inventory = InputInventory(seat: "seat0", calibrationDirectory: "/cal", devices: [keyboard, touch], problems: [])
        #expect(
            inventory.report == """
                /dev/input/event0: AT Translated Set 2 keyboard
                  capabilities: keyboard
                /dev/input/event4: vitrine-test-touch
                  capabilities: touch
                  id: vendor 1234 product 5678
                  size: 255.9x157.5 mm
                  calibration: 0.5 0 0.25 0 0.5 0.25 (file /cal/1234-5678-vitrine-test-touch.env)
                  calibration file: /cal/1234-5678-vitrine-test-touch.env

                """)
        let empty = InputInventory(seat: "seat0", calibrationDirectory: "/cal", devices: [], problems: [.warning(VitrineError(.notFound, "nothing"))])
        #expect(empty.report == "no input devices on seat0\nwarning: nothing\n")
    }
}

@Suite("Input errors")
struct InputErrorTests {
    @Test("a node that cannot be opened for lack of permission names the node and the 'input' group")
    func permissionDenied() {
        let error = InputErrors.cannotOpen("/dev/input/event3", SystemError("open(/dev/input/event3)", errno: EACCES))
        #expect(error.code == .permissionDenied)
        #expect(
            error.description
                == "cannot open /dev/input/event3: Permission denied — add the user to the 'input' group (usermod -aG input USER), or run Vitrine in a logind session (Docs/input.md, \"Permissions\")"
        )
        #expect(InputErrors.cannotOpen("/dev/input/event3", SystemError("open", errno: ENODEV)).code == .notFound)
    }

    @Test("no touchscreen or mouse on the seat is a warning that says the kiosk runs on")
    func noDevice() {
        let error = InputErrors.noDevice(seat: "seat0")
        #expect(error.code == .noInputDevice)
        #expect(error.message == "no touchscreen or mouse on seat0; the kiosk runs without input")
    }
}
