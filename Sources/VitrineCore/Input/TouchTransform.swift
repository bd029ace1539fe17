/// One absolute axis of a touch sensor, as the kernel describes it (`struct input_absinfo`).
public struct AbsoluteAxis: Hashable, Sendable {
    public var minimum: Int32
    public var maximum: Int32
    /// Units per millimetre; 0 when the device does not say.
    public var resolution: Int32

    public init(minimum: Int32, maximum: Int32, resolution: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.resolution = resolution
    }

    /// `max − min + 1`: libinput divides by the count of values, not the distance
    /// (`absinfo_range` in `src/evdev.h`), so the last value maps just short of the screen edge.
    public var span: Double { Double(Int64(self.maximum) - Int64(self.minimum) + 1) }

    /// `(value − min) / (max − min + 1)`: where on the sensor a value lies, 0 ..< 1.
    @inline(__always)
    public func normalised(_ value: Int32) -> Double { Double(Int64(value) - Int64(self.minimum)) / self.span }

    /// The axis length in millimetres, `(max − min) / resolution` as `libinput_device_get_size`
    /// computes it (`evdev_device_get_size`); nil without a resolution (libinput then fakes one
    /// unit per millimetre and refuses to report a size).
    public var lengthMM: Double? {
        self.resolution > 0 ? Double(Int64(self.maximum) - Int64(self.minimum)) / Double(self.resolution) : nil
    }
}

/// Where touch lands on screen: the panel's native size in pixels, the output rotation, and the
/// UI scale. One `Rotation` turns picture and touch together; calibration is a separate,
/// per-device correction applied before any of this (Docs/input.md).
///
/// The path of a touch, identical for libinput and for replay:
/// 1. raw sensor value → calibrated sensor value (the device's `CalibrationMatrix`, in normalised
///    coordinates);
/// 2. → native panel pixels, `(x − min)·W / (max − min + 1)` (libinput `get_x_transformed(W)`);
/// 3. → logical pixels with `Rotation.logicalPoint` (the inverse of how the picture is turned);
/// 4. → logical points, divided by `scale`.
public struct TouchTransform: Hashable, Sendable {
    /// The output's native (scanout) size in pixels, as the panel is wired: e.g. the mode 1280x800.
    public var nativeSize: PixelSize
    public var rotation: Rotation
    /// Pixels per point (2 on a panel drawn at twice the density).
    public var scale: Double

    public init(nativeSize: PixelSize, rotation: Rotation = .none, scale: Double = 1) {
        self.nativeSize = nativeSize
        self.rotation = rotation
        self.scale = scale
    }

    /// The upright screen's size in points.
    public var logicalSize: (width: Double, height: Double) {
        let size = self.rotation.logicalSize(forNative: self.nativeSize)
        return (Double(size.width) / self.scale, Double(size.height) / self.scale)
    }

    /// Steps 3 and 4: a position in native panel pixels (libinput's `get_x_transformed(W)` and
    /// `get_y_transformed(H)`) in logical points.
    @inline(__always)
    public func logicalPoint(nativeX: Double, nativeY: Double) -> (x: Double, y: Double) {
        let turned = self.rotation.logicalPoint(nativeX: nativeX, nativeY: nativeY, native: self.nativeSize)
        return (turned.x / self.scale, turned.y / self.scale)
    }

    /// Steps 1 and 2, exactly as libinput 1.22 computes them: the calibration is folded into a
    /// device-unit matrix and applied to the integer sensor position, whose result is truncated to
    /// an integer again (`evdev_transform_absolute` calls `matrix_mult_vec` on `int` coordinates),
    /// then scaled with `scale_axis`. An identity matrix is skipped, as libinput skips it.
    ///
    /// libinput does the matrix product in `float`; this does it in `double`. For matrices whose
    /// values are exact binary fractions (0.5, 0.25, the rotation matrices) the results are
    /// identical; for others a sensor value can, rarely, land one device unit apart.
    public func nativePoint(rawX: Int32, rawY: Int32, x: AbsoluteAxis, y: AbsoluteAxis, calibration: CalibrationMatrix) -> (x: Double, y: Double) {
        var sensorX = Int64(rawX)
        var sensorY = Int64(rawY)
        if !calibration.isIdentity {
            let calibrated = calibration.apply(u: x.normalised(rawX), v: y.normalised(rawY))
            sensorX = Self.truncatedDeviceUnit(Double(x.minimum) + calibrated.u * x.span)
            sensorY = Self.truncatedDeviceUnit(Double(y.minimum) + calibrated.v * y.span)
        }
        let nativeX = Double(sensorX - Int64(x.minimum)) * Double(self.nativeSize.width) / x.span
        let nativeY = Double(sensorY - Int64(y.minimum)) * Double(self.nativeSize.height) / y.span
        return (nativeX, nativeY)
    }

    /// All four steps for a raw sensor position.
    public func logicalPoint(rawX: Int32, rawY: Int32, x: AbsoluteAxis, y: AbsoluteAxis, calibration: CalibrationMatrix) -> (x: Double, y: Double) {
        let native = self.nativePoint(rawX: rawX, rawY: rawY, x: x, y: y, calibration: calibration)
        return self.logicalPoint(nativeX: native.x, nativeY: native.y)
    }

    /// C's float → int conversion: toward zero, saturating instead of overflowing.
    private static func truncatedDeviceUnit(_ value: Double) -> Int64 {
        let limit = Double(Int32.max)
        return Int64(min(max(value, -limit), limit).rounded(.towardZero))
    }
}
