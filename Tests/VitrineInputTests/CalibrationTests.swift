import Testing
import VitrineCalibration
import VitrineCore

@Suite("Calibration")
struct CalibrationTests {
    @Test("the udev property format reads six numbers and writes them back with single spaces")
    func udevFormat() {
        let matrix = CalibrationMatrix(udevValue: "1.0123  0.0041 -0.0087\t-0.0032 0.9871 0.0112")
        #expect(matrix == CalibrationMatrix(1.0123, 0.0041, -0.0087, -0.0032, 0.9871, 0.0112))
        #expect(matrix?.udevValue == "1.0123 0.0041 -0.0087 -0.0032 0.9871 0.0112")
        #expect(CalibrationMatrix.identity.udevValue == "1 0 0 0 1 0")
        #expect(CalibrationMatrix(udevValue: "1 0 0 0 1") == nil)
        #expect(CalibrationMatrix(udevValue: "1 0 0 0 1 0 0") == nil)
        #expect(CalibrationMatrix(udevValue: "1 0 zero 0 1 0") == nil)
    }

    @Test("NaN, infinity and a degenerate determinant are defects; real calibrations are not")
    func defects() {
        #expect(CalibrationMatrix(udevValue: "1 0 nan 0 1 0")?.defect == .notFinite(index: 2))
        #expect(CalibrationMatrix(udevValue: "1 0 0 0 inf 0")?.defect == .notFinite(index: 4))
        #expect(CalibrationMatrix(1, 2, 0, 2, 4, 0).defect == .degenerate(determinant: 0))
        #expect(CalibrationMatrix(0.0001, 0, 0, 0, 0.0001, 0).defect == .degenerate(determinant: 1e-8))
        #expect(CalibrationMatrix(1.0123, 0.0041, -0.0087, -0.0032, 0.9871, 0.0112).defect == nil)
        #expect(CalibrationMatrix(0, -1, 1, 1, 0, 0).defect == nil)
        #expect(CalibrationMatrix(-1, 0, 1, 0, 1, 0).defect == nil)
    }

    @Test("the key is ID_SERIAL when set, else vendor-product-name in hex, cleaned as udev's string_escape=replace cleans it")
    func keys() {
        #expect(CalibrationKey.make(serial: "ELAN_Touchscreen", vendor: 0x04f3, product: 0x2902, name: "ELAN Touchscreen") == "ELAN_Touchscreen")
        #expect(CalibrationKey.make(serial: "Weird/Serial:1", vendor: 0, product: 0, name: "") == "Weird_Serial:1")
        #expect(
            CalibrationKey.make(serial: nil, vendor: 0x0eef, product: 0x0001, name: "eGalax Inc. USB TouchController")
                == "0eef-0001-eGalax_Inc._USB_TouchController")
        #expect(CalibrationKey.make(serial: "", vendor: 0x1234, product: 0x5678, name: "vitrine-test-touch") == "1234-5678-vitrine-test-touch")
    }

    @Test("udev keeps #+-.:=@_, multi-byte UTF-8 and \\x escapes, replaces every other byte, and drops a name's trailing white space")
    func keysMatchUdev() {
        #expect(CalibrationKey.sanitised("Panel#1+2=3@host:4") == "Panel#1+2=3@host:4")
        #expect(CalibrationKey.sanitised("a b\tc/d,e$f%g?h") == "a_b_c_d_e_f_g_h")
        #expect(CalibrationKey.sanitised("Écran tactile") == "Écran_tactile")
        #expect(CalibrationKey.sanitised("x\\x41y\\z") == "x\\x41y_z")
        // A noncharacter is invalid to udev: each of its three UTF-8 bytes becomes "_".
        let noncharacter = String(Unicode.Scalar(0xFDD0)!)
        #expect(CalibrationKey.sanitised("a" + noncharacter + "b") == "a___b")
        #expect(CalibrationKey.make(serial: nil, vendor: 0x1234, product: 0x5679, name: "Vitrine Skewed Touch \t") == "1234-5679-Vitrine_Skewed_Touch")
    }

    @Test("a calibration file is read with its device comment; quotes and other keys are handled")
    func fileFormat() {
        let entry = CalibrationStore.parse(
            "# device: ELAN Touchscreen\n# written by hand\nID_OTHER=1\nLIBINPUT_CALIBRATION_MATRIX=\"1.02 0 -0.01 0 0.98 0.02\"\n",
            key: "ELAN_Touchscreen", path: "/x/ELAN_Touchscreen.env")
        #expect(entry.deviceName == "ELAN Touchscreen")
        #expect(entry.matrix == CalibrationMatrix(1.02, 0, -0.01, 0, 0.98, 0.02))
        #expect(entry.problem == nil)
        #expect(
            CalibrationStore.parse("LIBINPUT_CALIBRATION_MATRIX=0.5 0 0.25 0 0.5 0.25\n", key: "k", path: "p").matrix
                == CalibrationMatrix(0.5, 0, 0.25, 0, 0.5, 0.25))
        #expect(CalibrationStore.parse("# nothing\n", key: "k", path: "p").problem == "it has no LIBINPUT_CALIBRATION_MATRIX=\"a b c d e f\" line")
        #expect(
            CalibrationStore.parse("LIBINPUT_CALIBRATION_MATRIX=\"1 0 0\"", key: "k", path: "p").problem
                == "LIBINPUT_CALIBRATION_MATRIX \"1 0 0\" is not six numbers")
    }

    @Test("the store reads every .env file of a directory; a missing directory is an empty store")
    func loadDirectory() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("ELAN_Touchscreen.env", "# device: ELAN Touchscreen\nLIBINPUT_CALIBRATION_MATRIX=\"0.5 0 0.25 0 0.5 0.25\"\n")
        directory.write("notes.txt", "not a calibration")
        let store = CalibrationStore.load(directory: directory.path)
        #expect(store.entries.count == 1)
        #expect(store.entry(forKey: "ELAN_Touchscreen")?.path == directory.path + "/ELAN_Touchscreen.env")
        #expect(store.problems.isEmpty)
        let missing = CalibrationStore.load(directory: directory.path + "/nothing-here")
        #expect(missing.entries.isEmpty && missing.problems.isEmpty)
    }

    @Test("a file overrides the udev property; without a file the udev property is kept; with neither, identity")
    func precedence() {
        let file = CalibrationMatrix(0.5, 0, 0.25, 0, 0.5, 0.25)
        let udev = CalibrationMatrix(1.02, 0, -0.01, 0, 0.98, 0.02)
        let store = CalibrationStore(directory: "/cal", entries: [.init(key: "panel", path: "/cal/panel.env", matrix: file)])
        #expect(
            store.resolve(name: "Panel", key: "panel", udevMatrix: udev).calibration
                == ActiveCalibration(matrix: file, source: .file(path: "/cal/panel.env")))
        #expect(store.resolve(name: "Other", key: "other", udevMatrix: udev).calibration == ActiveCalibration(matrix: udev, source: .udevProperty))
        #expect(store.resolve(name: "Other", key: "other", udevMatrix: nil).calibration == .identity)
        #expect(store.resolve(name: "Panel", key: "panel", udevMatrix: udev).warning == nil)
    }

    @Test("a NaN or degenerate matrix is rejected with a message naming the file and the device, and identity is used")
    func rejection() {
        let store = CalibrationStore(
            directory: "/cal",
            entries: [
                .init(key: "nan", path: "/cal/nan.env", matrix: CalibrationMatrix(udevValue: "1 0 nan 0 1 0")),
                .init(key: "flat", path: "/cal/flat.env", matrix: CalibrationMatrix(1, 2, 0, 2, 4, 0)),
                .init(key: "short", path: "/cal/short.env", matrix: nil, problem: "LIBINPUT_CALIBRATION_MATRIX \"1 0 0\" is not six numbers")
            ])
        let nan = store.resolve(name: "ELAN Touchscreen", key: "nan", udevMatrix: CalibrationMatrix(0.5, 0, 0, 0, 0.5, 0))
        #expect(nan.calibration == .identity)
        #expect(nan.warning?.code == .invalidCalibration)
        #expect(
            nan.warning?.message
                == "calibration file /cal/nan.env for touch device 'ELAN Touchscreen' is rejected: value 3 (c) is not a finite number; using the identity matrix"
        )
        let flat = store.resolve(name: "Panel", key: "flat", udevMatrix: nil)
        #expect(flat.calibration == .identity)
        #expect(flat.warning?.message.contains("/cal/flat.env for touch device 'Panel' is rejected: the matrix is degenerate") == true)
        #expect(store.resolve(name: "Panel", key: "short", udevMatrix: nil).warning?.message.contains("is not six numbers") == true)
        let badUdev = CalibrationStore.empty().resolve(name: "Panel", key: "x", udevMatrix: CalibrationMatrix(0, 0, 0, 0, 0, 0))
        #expect(badUdev.calibration == .identity)
        #expect(badUdev.warning?.message.hasPrefix("udev property LIBINPUT_CALIBRATION_MATRIX=\"0 0 0 0 0 0\" of touch device 'Panel' is rejected") == true)
    }

    @Test("an offset of 1e18 or a scale of 11 is out of range: the file is rejected naming the value, and touches land where the sensor says")
    func outOfRange() {
        let entry = CalibrationStore.parse("# device: ELAN Touchscreen\nLIBINPUT_CALIBRATION_MATRIX=\"1 0 1e18 0 1 0\"\n", key: "elan", path: "/cal/elan.env")
        #expect(entry.matrix?.defect == .outOfRange(index: 2, value: 1e18))
        let store = CalibrationStore(directory: "/cal", entries: [entry])
        let resolved = store.resolve(name: "ELAN Touchscreen", key: "elan", udevMatrix: nil)
        #expect(resolved.calibration == .identity)
        #expect(
            resolved.warning?.message == "calibration file /cal/elan.env for touch device 'ELAN Touchscreen' is rejected: "
                + "value 3 (c) 1e+18 is outside ±20 (an offset, in screen widths); no calibration moves touches that far; using the identity matrix")
        let axis = AbsoluteAxis(minimum: 0, maximum: 4095)
        let point = TouchTransform(nativeSize: PixelSize(width: 1280, height: 800))
            .logicalPoint(rawX: 2048, rawY: 2048, x: axis, y: axis, calibration: resolved.calibration.matrix)
        #expect(point.x == 640 && point.y == 400)
        #expect(CalibrationMatrix(11, 0, 0, 0, 1, 0).defect == .outOfRange(index: 0, value: 11))
        #expect(CalibrationMatrix(1, 0, 0, 0, -10.5, 0).defect == .outOfRange(index: 4, value: -10.5))
        #expect(CalibrationMatrix(1, 0, 0, 0, 1, -20.01).defect == .outOfRange(index: 5, value: -20.01))
        // The bounds themselves are usable: a mirrored tenth of the sensor, shifted back on screen.
        #expect(CalibrationMatrix(-10, 0, 20, 0, 10, -20).defect == nil)
        #expect(throws: VitrineError.self) {
            try CalibrationStore.prepareSave(CalibrationMatrix(1, 0, 1e18, 0, 1, 0), key: "k", deviceName: "d", directory: "/nonexistent")
        }
    }
}
