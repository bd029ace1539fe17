/// libinput's touch calibration: the top two rows of a 3×3 affine matrix over *normalised*
/// device coordinates.
///
/// With u = (x − min) / (max − min + 1) and v likewise for y, a touch lands at
/// `X = W·(a·u + b·v + c)`, `Y = H·(d·u + e·v + f)` on a W×H output: the translation `c`, `f` is
/// in screen fractions (c = 1 shifts by one screen width). This is what
/// `libinput_device_config_calibration_set_matrix` applies and what the udev property
/// `LIBINPUT_CALIBRATION_MATRIX="a b c d e f"` holds (libinput `src/evdev.c`,
/// `evdev_device_calibrate`; research/input.md §1.5). It corrects how the sensor sits on the panel;
/// turning the whole screen is `Rotation`'s job, not this matrix's (Docs/input.md).
public struct CalibrationMatrix: Hashable, Sendable, CustomStringConvertible {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var e: Double
    public var f: Double

    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e
        self.f = f
    }

    /// The matrix from libinput's order `[a, b, c, d, e, f]`; nil unless there are six values.
    public init?(values: [Double]) {
        guard values.count == 6 else { return nil }
        self.init(values[0], values[1], values[2], values[3], values[4], values[5])
    }

    /// Leaves touches where the sensor reports them.
    public static let identity = CalibrationMatrix(1, 0, 0, 0, 1, 0)

    /// The six values in libinput's order.
    public var values: [Double] { [self.a, self.b, self.c, self.d, self.e, self.f] }
    public var isIdentity: Bool { self == .identity }

    /// How much the matrix scales areas (a·e − b·d); its sign says whether it mirrors.
    public var determinant: Double { self.a * self.e - self.b * self.d }

    /// Below this |determinant| the matrix squeezes the whole sensor into less than a thousandth
    /// of the screen: no real calibration does that (they stay near ±1), so it is rejected as
    /// degenerate. Our own threshold; libinput accepts any finite matrix.
    public static let minimumDeterminant = 0.001

    /// The largest |a|, |b|, |d|, |e| accepted: 10. The scale terms of a real calibration stay
    /// near ±1 (a sensor glued a little off the panel); 10 already maps a tenth of the sensor onto
    /// the whole screen. Our own bound; libinput accepts any finite matrix.
    public static let maximumScale = 10.0
    /// The largest |c|, |f| accepted, in panel widths and heights (the matrix works on
    /// normalised coordinates, 0…1 across the sensor): 20 = 2 × `maximumScale`, the most that can
    /// be needed to bring any part of the sensor back onto the screen under scale terms within
    /// bounds (|c| ≤ |a| + |b|). Without it an offset of 10^18 was accepted and every touch landed
    /// 6.7 × 10^8 points away.
    public static let maximumOffset = 2 * maximumScale

    /// Why a matrix cannot be used.
    public enum Defect: Equatable, Sendable, CustomStringConvertible {
        /// Value `index` (0 = a … 5 = f) is NaN or infinite.
        case notFinite(index: Int)
        /// Value `index` is outside ±`maximumScale` (a, b, d, e) or ±`maximumOffset` (c, f).
        case outOfRange(index: Int, value: Double)
        /// |a·e − b·d| is below `minimumDeterminant`: touches would collapse onto a line or point.
        case degenerate(determinant: Double)

        public var description: String {
            switch self {
            case .notFinite(let index):
                let name = ["a", "b", "c", "d", "e", "f"][index]
                return "value \(index + 1) (\(name)) is not a finite number"
            case .outOfRange(let index, let value):
                let name = ["a", "b", "c", "d", "e", "f"][index]
                let isOffset = index == 2 || index == 5
                let limit = isOffset ? CalibrationMatrix.maximumOffset : CalibrationMatrix.maximumScale
                let what = isOffset ? "an offset, in screen widths" : "a scale term"
                return "value \(index + 1) (\(name)) \(value) is outside ±\(String(fixed: limit, decimals: 0)) (\(what)); no calibration moves touches that far"
            case .degenerate(let determinant):
                return "the matrix is degenerate (determinant a·e − b·d = \(String(fixed: determinant, decimals: 6))), it would collapse touches onto a line"
            }
        }
    }

    /// What is wrong with the matrix, or nil when it can be applied.
    public var defect: Defect? {
        if let index = self.values.firstIndex(where: { !$0.isFinite }) { return .notFinite(index: index) }
        for (index, value) in self.values.enumerated() {
            let limit = index == 2 || index == 5 ? Self.maximumOffset : Self.maximumScale
            if abs(value) > limit { return .outOfRange(index: index, value: value) }
        }
        if abs(self.determinant) < Self.minimumDeterminant { return .degenerate(determinant: self.determinant) }
        return nil
    }

    /// Applies the matrix to normalised device coordinates.
    @inline(__always)
    public func apply(u: Double, v: Double) -> (u: Double, v: Double) {
        (self.a * u + self.b * v + self.c, self.d * u + self.e * v + self.f)
    }

    /// Parses the udev property's value: six numbers separated by white space
    /// (`"1.02 0 -0.01 0 0.98 0.02"`). Non-finite numbers parse, so `defect` can name them;
    /// anything but exactly six numbers gives nil.
    public init?(udevValue: String) {
        let tokens = udevValue.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard tokens.count == 6 else { return nil }
        var values: [Double] = []
        for token in tokens {
            guard let value = Double(token) else { return nil }
            values.append(value)
        }
        self.init(values: values)
    }

    /// The udev property's value: six numbers separated by single spaces, whole numbers without
    /// a fraction (`"1 0 0 0 1 0"`), others in Swift's shortest round-trip form (which libinput's
    /// `strtod` reads back exactly).
    public var udevValue: String {
        self.values.map { value in
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return String(describing: value)
        }.joined(separator: " ")
    }

    public var description: String { self.udevValue }
}
