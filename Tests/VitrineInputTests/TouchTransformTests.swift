import Testing
import VitrineCore

@Suite("Touch transform")
struct TouchTransformTests {
    /// A 4096-unit sensor laminated on a 1280x800 panel: one unit is 0.3125 x 0.1953125 pixels,
    /// exact in binary, so every expected value below is exact.
    let x = AbsoluteAxis(minimum: 0, maximum: 4095, resolution: 16)
    let y = AbsoluteAxis(minimum: 0, maximum: 4095, resolution: 26)
    /// Shrinks the sensor to the middle half of the screen: u' = 0.5·u + 0.25.
    let middleHalf = CalibrationMatrix(0.5, 0, 0.25, 0, 0.5, 0.25)

    @Test("without calibration a raw value maps with libinput's (x − min)·W / (max − min + 1)")
    func identityScaling() {
        let transform = TouchTransform(nativeSize: PixelSize(width: 1280, height: 800))
        let point = transform.nativePoint(rawX: 1024, rawY: 2048, x: x, y: y, calibration: .identity)
        #expect(point.x == 320 && point.y == 400)
        let edge = transform.nativePoint(rawX: 4095, rawY: 4095, x: x, y: y, calibration: .identity)
        #expect(edge.x == 4095.0 * 1280 / 4096 && edge.y == 4095.0 * 800 / 4096)
    }

    @Test(
        "calibration applies in sensor space, then the rotation turns the result: every rotation, exact",
        arguments: [
            (Rotation.none, 480.0, 400.0),
            (Rotation.clockwise90, 400.0, 800.0),
            (Rotation.upsideDown, 800.0, 400.0),
            (Rotation.clockwise270, 400.0, 480.0)
        ])
    func rotationsWithCalibration(rotation: Rotation, expectedX: Double, expectedY: Double) {
        // Raw (1024, 2048) is u = 0.25, v = 0.5 → calibrated u' = 0.375, v' = 0.5 → native
        // (480, 400) on the 1280x800 panel; the rotation then maps native to logical.
        let transform = TouchTransform(nativeSize: PixelSize(width: 1280, height: 800), rotation: rotation)
        let native = transform.nativePoint(rawX: 1024, rawY: 2048, x: x, y: y, calibration: middleHalf)
        #expect(native.x == 480 && native.y == 400)
        let logical = transform.logicalPoint(rawX: 1024, rawY: 2048, x: x, y: y, calibration: middleHalf)
        #expect(logical.x == expectedX && logical.y == expectedY)
    }

    @Test("points are pixels divided by the scale, after rotation", arguments: Rotation.allCases)
    func scale(rotation: Rotation) {
        let pixels = TouchTransform(nativeSize: PixelSize(width: 1280, height: 800), rotation: rotation)
        let points = TouchTransform(nativeSize: PixelSize(width: 1280, height: 800), rotation: rotation, scale: 2)
        let p = pixels.logicalPoint(rawX: 1024, rawY: 2048, x: x, y: y, calibration: middleHalf)
        let q = points.logicalPoint(rawX: 1024, rawY: 2048, x: x, y: y, calibration: middleHalf)
        #expect(q.x == p.x / 2 && q.y == p.y / 2)
        #expect(points.logicalSize == (rotation.swapsAxes ? (400, 640) : (640, 400)))
    }

    @Test("a calibrated sensor value is truncated to a whole device unit, as libinput's int maths does")
    func truncation() {
        // u = 3/4096; ·0.5 + 0.25 → device value 1025.5, truncated to 1025 → 1025·0.3125.
        let transform = TouchTransform(nativeSize: PixelSize(width: 1280, height: 800))
        let point = transform.nativePoint(rawX: 3, rawY: 0, x: x, y: y, calibration: middleHalf)
        #expect(point.x == 1025 * 0.3125)
        #expect(point.y == 1024 * 800.0 / 4096)
    }

    @Test("an axis that does not start at zero is normalised from its minimum")
    func offsetAxis() {
        let offset = AbsoluteAxis(minimum: 100, maximum: 4195)
        let transform = TouchTransform(nativeSize: PixelSize(width: 1280, height: 800))
        let plain = transform.nativePoint(rawX: 1124, rawY: 2148, x: offset, y: offset, calibration: .identity)
        #expect(plain.x == 320 && plain.y == 400)
        let calibrated = transform.nativePoint(rawX: 1124, rawY: 2148, x: offset, y: offset, calibration: middleHalf)
        #expect(calibrated.x == 480 && calibrated.y == 400)
    }

    @Test("the 90° calibration matrix from libinput's docs turns the sensor a quarter turn")
    func quarterTurnMatrix() {
        // `0 -1 1 1 0 0`: u' = 1 − v, v' = u (research/input.md §1.5).
        let matrix = CalibrationMatrix(udevValue: "0 -1 1 1 0 0")!
        let transform = TouchTransform(nativeSize: PixelSize(width: 1280, height: 800))
        let point = transform.nativePoint(rawX: 1024, rawY: 1024, x: x, y: y, calibration: matrix)
        #expect(point.x == 960 && point.y == 200)
    }

    @Test("sensor size in millimetres is (max − min) / resolution, and unknown without a resolution")
    func size() {
        #expect(x.lengthMM == 4095.0 / 16)
        #expect(AbsoluteAxis(minimum: 0, maximum: 2047).lengthMM == nil)
    }
}
