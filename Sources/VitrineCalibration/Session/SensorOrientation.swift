/// How a touch sensor is turned or mirrored against the panel it sits on: the signed axis
/// permutation nearest to a fitted matrix.
///
/// A controller wired with its axes swapped, or a sensor glued on upside down, reports
/// positions turned a quarter turn or mirrored. The least-squares fit recovers that like any other
/// affine map (libinput's documented quarter-turn matrix `0 -1 1 1 0 0` is a fit like any other);
/// splitting the fit into this orientation and a near-identity rest is what lets the session
/// check the rest for a plausible scale and shear, and tell the user what it found. Rotating the
/// *picture* is a different setting (`Rotation`, Docs/calibration.md, "Rotation or calibration").
public enum SensorOrientation: String, CaseIterable, Sendable, CustomStringConvertible {
    case upright
    case mirroredLeftRight
    case mirroredTopBottom
    case turned180
    /// The sensor's x runs down the screen and its y to the left: libinput's "90° CW" matrix
    /// `0 -1 1 1 0 0` undoes it.
    case turned90
    /// The sensor's x runs up the screen and its y to the right: `0 1 0 -1 0 1` (libinput's 270°).
    case turned270
    /// x and y swapped without a turn (a mirror along the main diagonal).
    case swapped
    /// Swapped and turned half way (a mirror along the other diagonal).
    case swappedTurned180

    /// The orientation's 2×2 matrix [[xu, xv], [yu, yv]]: screen = this · sensor (each entry 0 or ±1).
    public var linear: (xu: Double, xv: Double, yu: Double, yv: Double) {
        switch self {
        case .upright: (1, 0, 0, 1)
        case .mirroredLeftRight: (-1, 0, 0, 1)
        case .mirroredTopBottom: (1, 0, 0, -1)
        case .turned180: (-1, 0, 0, -1)
        case .turned90: (0, -1, 1, 0)
        case .turned270: (0, 1, -1, 0)
        case .swapped: (0, 1, 1, 0)
        case .swappedTurned180: (0, -1, -1, 0)
        }
    }

    /// Whether the sensor's x measures the screen's y.
    public var swapsAxes: Bool { self.linear.xu == 0 }

    /// The orientation closest to the linear part [[a, b], [d, e]] of a fitted matrix: axes kept
    /// when |a| + |e| ≥ |b| + |d| (xinput_calibrator swaps when a corner pair differs more along
    /// the other axis, research/input.md §4.3), signs from the dominant terms.
    public init(a: Double, b: Double, d: Double, e: Double) {
        let keep = abs(a) + abs(e) >= abs(b) + abs(d)
        let pair: (Double, Double) = keep ? (a, e) : (b, d)
        let first = pair.0 < 0 ? -1.0 : 1.0
        let second = pair.1 < 0 ? -1.0 : 1.0
        self = Self.allCases.first { candidate in
            let l = candidate.linear
            return keep ? (l.xu == first && l.yv == second) : (l.xv == first && l.yu == second)
        }!
    }

    /// The rest once the orientation is taken out: Oᵀ · L for the linear part L (O is orthogonal).
    /// Its diagonal holds the scales and its off-diagonal terms the shear.
    public func remainder(a: Double, b: Double, d: Double, e: Double) -> (sx: Double, shearX: Double, shearY: Double, sy: Double) {
        let o = self.linear
        // Oᵀ = [[xu, yu], [xv, yv]].
        return (o.xu * a + o.yu * d, o.xu * b + o.yu * e, o.xv * a + o.yv * d, o.xv * b + o.yv * e)
    }

    public var description: String {
        switch self {
        case .upright: "upright"
        case .mirroredLeftRight: "mirrored left to right"
        case .mirroredTopBottom: "mirrored top to bottom"
        case .turned180: "turned 180°"
        case .turned90: "turned 90° (axes swapped)"
        case .turned270: "turned 270° (axes swapped)"
        case .swapped: "axes swapped"
        case .swappedTurned180: "axes swapped and turned 180°"
        }
    }
}
