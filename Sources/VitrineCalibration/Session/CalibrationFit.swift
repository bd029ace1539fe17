import VitrineCore

/// One point of a calibration: where a target was on the screen and where the sensor said the
/// finger was, both normalised to 0…1 (libinput's normalised device coordinates for the sensor,
/// u = (x − min) / (max − min + 1); the native, un-rotated panel for the screen).
public struct CalibrationPoint: Sendable, Equatable {
    public var sensorU: Double
    public var sensorV: Double
    public var screenX: Double
    public var screenY: Double

    public init(sensorU: Double, sensorV: Double, screenX: Double, screenY: Double) {
        self.sensorU = sensorU
        self.sensorV = sensorV
        self.screenX = screenX
        self.screenY = screenY
    }
}

/// The panel's size in millimetres along its native x and y, for turning normalised errors into
/// distances a user can judge.
public struct PanelMillimetres: Sendable, Equatable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The length in millimetres of a normalised offset (dx, dy).
    public func distance(dx: Double, dy: Double) -> Double {
        let x = dx * self.width
        let y = dy * self.height
        return (x * x + y * y).squareRoot()
    }
}

/// Why a set of touches cannot be turned into a calibration: the session starts over.
public enum FitRejection: Error, Sendable, Equatable, CustomStringConvertible {
    /// Fewer than three points: an affine map has six unknowns, two per point.
    case tooFewPoints(Int)
    /// The touches all landed in one spot (their spread is below `minimumSpread`).
    case noSpread(spread: Double)
    /// The touches lie almost on a line (`minimumSpreadRatio`): one axis of the sensor reports
    /// (nearly) nothing.
    case collinear(ratio: Double)
    /// An axis scales outside `scaleRange` once the sensor's turn is taken out.
    case implausibleScale(axis: String, scale: Double)
    /// A shear beyond `maximumShear`.
    case implausibleShear(shear: Double)

    public var description: String {
        switch self {
        case .tooFewPoints(let count):
            "\(count) touches are not enough to fit a calibration (at least 3)"
        case .noSpread(let spread):
            "the touches all landed in one spot (spread \(String(fixed: spread * 100, decimals: 1)) % of the sensor): is the sensor working?"
        case .collinear(let ratio):
            "the touches lie almost on a line (spread ratio \(String(fixed: ratio, decimals: 3))): one axis of the sensor seems dead"
        case .implausibleScale(let axis, let scale):
            "the fit scales \(axis) by \(String(fixed: scale, decimals: 3)), outside 0.8–1.25: some touches were far from their targets"
        case .implausibleShear(let shear):
            "the fit shears by \(String(fixed: shear, decimals: 3)), more than 0.2: some touches were far from their targets"
        }
    }
}

/// A least-squares calibration: the six-value libinput matrix that best maps the sensor positions
/// of the touches onto their targets, with what is left over at each point.
///
/// For every point, x = a·u + b·v + c and y = d·u + e·v + f in normalised coordinates, exactly as
/// libinput applies the matrix (research/input.md §1.5). Both rows share the normal matrix of the
/// points [u v 1]; it is solved on centred coordinates, so the 2×2 covariance of the touches gives
/// (a, b) and (d, e) and the means give c and f — the same least-squares answer tslib's closed-form
/// inverse of `[[n, Σx, Σy], [Σx, Σx², Σxy], [Σy, Σxy, Σy²]]` gives (research/input.md §4.2), but
/// better conditioned. The covariance's eigenvalues say how far the touches spread in their
/// thinnest direction, which is how near-collinear touches are refused.
public struct CalibrationFit: Sendable, Equatable {
    public var matrix: CalibrationMatrix
    /// How the sensor is turned or mirrored against the panel (already part of `matrix`).
    public var orientation: SensorOrientation
    /// The panel's size in millimetres along its native axes (the sensor's, swapped when the
    /// orientation swaps axes).
    public var panel: PanelMillimetres
    /// At each point, how far the fitted matrix puts the touch from its target, in millimetres.
    public var residualsMM: [Double]

    /// Fits `points`. Refuses fewer than three, touches without spread, and near-collinear ones;
    /// scale and shear are checked separately (`plausibility`), after misclicks are dealt with.
    /// - Parameters:
    ///   - sensorMillimetres: the sensor's size along its own axes (libinput `get_size`).
    public static func fit(
        _ points: [CalibrationPoint], sensorMillimetres: PanelMillimetres, settings: CalibrationSettings = CalibrationSettings()
    ) -> Result<CalibrationFit, FitRejection> {
        guard points.count >= 3 else { return .failure(.tooFewPoints(points.count)) }
        let n = Double(points.count)
        let meanU = points.reduce(0) { $0 + $1.sensorU } / n
        let meanV = points.reduce(0) { $0 + $1.sensorV } / n
        let meanX = points.reduce(0) { $0 + $1.screenX } / n
        let meanY = points.reduce(0) { $0 + $1.screenY } / n
        var suu = 0.0, suv = 0.0, svv = 0.0, sux = 0.0, svx = 0.0, suy = 0.0, svy = 0.0
        for point in points {
            let u = point.sensorU - meanU
            let v = point.sensorV - meanV
            let x = point.screenX - meanX
            let y = point.screenY - meanY
            suu += u * u
            suv += u * v
            svv += v * v
            sux += u * x
            svx += v * x
            suy += u * y
            svy += v * y
        }
        // Eigenvalues of the covariance [[suu, suv], [suv, svv]] / n: the spread along the
        // touches' widest and thinnest directions.
        let half = (suu + svv) / (2 * n)
        let gap = (((suu - svv) / (2 * n)) * ((suu - svv) / (2 * n)) + (suv / n) * (suv / n)).squareRoot()
        let widest = (half + gap).squareRoot()
        let thinnest = max(half - gap, 0).squareRoot()
        guard widest >= settings.minimumSpread else { return .failure(.noSpread(spread: widest)) }
        guard thinnest / widest >= settings.minimumSpreadRatio else { return .failure(.collinear(ratio: thinnest / widest)) }

        let determinant = suu * svv - suv * suv
        let a = (sux * svv - svx * suv) / determinant
        let b = (svx * suu - sux * suv) / determinant
        let d = (suy * svv - svy * suv) / determinant
        let e = (svy * suu - suy * suv) / determinant
        let matrix = CalibrationMatrix(
            values: [a, b, meanX - a * meanU - b * meanV, d, e, meanY - d * meanU - e * meanV].map(Self.rounded))!
        let orientation = SensorOrientation(a: a, b: b, d: d, e: e)
        let panel =
            orientation.swapsAxes
            ? PanelMillimetres(width: sensorMillimetres.height, height: sensorMillimetres.width) : sensorMillimetres
        let residuals = points.map { point in
            let mapped = matrix.apply(u: point.sensorU, v: point.sensorV)
            return panel.distance(dx: mapped.u - point.screenX, dy: mapped.v - point.screenY)
        }
        return .success(CalibrationFit(matrix: matrix, orientation: orientation, panel: panel, residualsMM: residuals))
    }

    /// Six decimals: libinput keeps the matrix as `float` (about seven significant digits), and
    /// rounding there moves a touch by less than a hundredth of a pixel on a panel 8192 pixels
    /// wide, while the file stays readable.
    static func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

    /// The index of a point that was mistouched: its residual is the largest and above both
    /// `misclickMedianFactor` × the median residual and `misclickFloorMM` (research/input.md §4.4).
    ///
    /// Only layouts with enough redundancy can name the point: with four corners and a centre, a
    /// corner touched off leaves nearly the same residual at the opposite corner (both have
    /// leverage 0.7, so 0.3 of the miss shows at each and noise decides which looks worse), which
    /// is why the session uses a 3×3 grid, where the mistouched point keeps at least twice the
    /// residual of any other.
    public func misclick(settings: CalibrationSettings = CalibrationSettings()) -> Int? {
        guard let worst = self.residualsMM.indices.max(by: { self.residualsMM[$0] < self.residualsMM[$1] }) else { return nil }
        let median = TouchPress.median(self.residualsMM)
        let limit = max(settings.misclickMedianFactor * median, settings.misclickFloorMM)
        return self.residualsMM[worst] > limit ? worst : nil
    }

    /// Why the fit is not a plausible calibration (scale or shear out of range once the sensor's
    /// turn is taken out), or nil.
    public func implausibility(settings: CalibrationSettings = CalibrationSettings()) -> FitRejection? {
        let m = self.matrix
        let rest = self.orientation.remainder(a: m.a, b: m.b, d: m.d, e: m.e)
        if !settings.scaleRange.contains(rest.sx) { return .implausibleScale(axis: "the sensor's x", scale: rest.sx) }
        if !settings.scaleRange.contains(rest.sy) { return .implausibleScale(axis: "the sensor's y", scale: rest.sy) }
        let shear = max(abs(rest.shearX), abs(rest.shearY))
        if shear > settings.maximumShear { return .implausibleShear(shear: shear) }
        return nil
    }

    /// How far the matrix puts a touch at sensor (u, v) from the screen point (x, y), in mm.
    public func errorMM(sensorU: Double, sensorV: Double, screenX: Double, screenY: Double) -> Double {
        let mapped = self.matrix.apply(u: sensorU, v: sensorV)
        return self.panel.distance(dx: mapped.u - screenX, dy: mapped.v - screenY)
    }
}
