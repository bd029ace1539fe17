import Testing
import VitrineCalibration
import VitrineCore

/// Synthetic panels: a known calibration matrix (sensor → screen), touches made by running each
/// target backwards through it, with seeded noise.
struct SyntheticSensor {
    /// What the calibration must recover.
    var truth: CalibrationMatrix
    /// Noise in screen pixels on a 1280×800 panel (uniform in ±noise on each axis).
    var noisePixels = 0.0
    var random = SplitMix64(seed: 8)

    static let screen = PixelSize(width: 1280, height: 800)
    /// A 1280×800 panel of 0.2 mm pixels.
    static let millimetres = PanelMillimetres(width: 256, height: 160)

    /// The sensor position (normalised) a finger on native screen fraction (x, y) reports.
    mutating func sensor(x: Double, y: Double) -> (u: Double, v: Double) {
        let m = self.truth
        let nx = x + Double.random(in: -1...1, using: &self.random) * self.noisePixels / Double(Self.screen.width)
        let ny = y + Double.random(in: -1...1, using: &self.random) * self.noisePixels / Double(Self.screen.height)
        // Invert [a b; d e] · (u, v) + (c, f) = (nx, ny).
        let det = m.a * m.e - m.b * m.d
        let dx = nx - m.c
        let dy = ny - m.f
        return ((m.e * dx - m.b * dy) / det, (m.a * dy - m.d * dx) / det)
    }

    mutating func points(_ layout: CalibrationLayout = .standard) -> [CalibrationPoint] {
        layout.fitTargets.map { target in
            let s = self.sensor(x: target.x, y: target.y)
            return CalibrationPoint(sensorU: s.u, sensorV: s.v, screenX: target.x, screenY: target.y)
        }
    }
}

func maximumDifference(_ a: CalibrationMatrix, _ b: CalibrationMatrix) -> Double {
    zip(a.values, b.values).map { ($0 - $1).magnitude }.max()!
}

@Suite("Calibration fit")
struct CalibrationFitTests {
    static let maps: [(String, CalibrationMatrix, SensorOrientation)] = [
        ("identity", .identity, .upright),
        ("scale and offset", CalibrationMatrix(1.06, 0, -0.03, 0, 0.95, 0.02), .upright),
        ("shear", CalibrationMatrix(1.0, 0.06, -0.02, -0.04, 1.02, 0.01), .upright),
        ("90° (libinput's matrix)", CalibrationMatrix(0, -1, 1, 1, 0, 0), .turned90),
        ("180°", CalibrationMatrix(-1, 0, 1, 0, -1, 1), .turned180),
        ("270°", CalibrationMatrix(0, 1, 0, -1, 0, 1), .turned270),
        ("mirror left to right", CalibrationMatrix(-1, 0, 1, 0, 1, 0), .mirroredLeftRight),
        ("mirror, scale, shear and offset", CalibrationMatrix(-0.97, 0.03, 0.99, 0.02, 1.04, -0.03), .mirroredLeftRight),
        ("90° with scale and offset", CalibrationMatrix(0.02, -1.05, 1.03, 0.96, 0.01, 0.02), .turned90)
    ]

    @Test("touches through a known map with 1–2 px of noise recover the matrix within 0.01 and name the sensor's turn", arguments: 0..<9)
    func recoversKnownMaps(index: Int) throws {
        let (name, truth, orientation) = Self.maps[index]
        for noise in [1.0, 2.0] {
            var sensor = SyntheticSensor(truth: truth, noisePixels: noise, random: SplitMix64(seed: UInt64(index * 10) + UInt64(noise)))
            let fit = try CalibrationFit.fit(sensor.points(), sensorMillimetres: SyntheticSensor.millimetres).get()
            #expect(maximumDifference(fit.matrix, truth) < 0.01, "\(name), \(noise) px: fitted \(fit.matrix)")
            #expect(fit.orientation == orientation, "\(name)")
            #expect(fit.misclick() == nil, "\(name): residuals \(fit.residualsMM)")
            #expect(fit.implausibility() == nil, "\(name)")
            #expect(fit.residualsMM.allSatisfy { $0 < 1 }, "\(name): residuals \(fit.residualsMM)")
        }
    }

    @Test("without noise the fit is exact", arguments: 0..<9)
    func exactWithoutNoise(index: Int) throws {
        var sensor = SyntheticSensor(truth: Self.maps[index].1)
        let fit = try CalibrationFit.fit(sensor.points(), sensorMillimetres: SyntheticSensor.millimetres).get()
        #expect(maximumDifference(fit.matrix, Self.maps[index].1) < 1e-9)
    }

    @Test("one gross misclick is pinned on the target that was mistouched, wherever it is", arguments: 0..<9)
    func misclickIsNamed(index: Int) throws {
        var sensor = SyntheticSensor(truth: CalibrationMatrix(1.03, 0.02, -0.02, 0, 0.98, 0.01), noisePixels: 1.5, random: SplitMix64(seed: 3))
        var points = sensor.points()
        // 12 mm off on a 0.2 mm/px panel: 60 px right and 30 px up of where it should be.
        points[index].sensorU += 60.0 / 1280
        points[index].sensorV -= 30.0 / 800
        let fit = try CalibrationFit.fit(points, sensorMillimetres: SyntheticSensor.millimetres).get()
        #expect(fit.misclick() == index, "residuals \(fit.residualsMM.map { String(fixed: $0, decimals: 2) })")
    }

    @Test("with only four corners and a centre a mistouched corner leaves nearly its own residual at the opposite corner")
    func fivePointsCannotNameACorner() throws {
        let five = CalibrationLayout(
            fitTargets: [
                CalibrationTarget(x: 0.1, y: 0.1), CalibrationTarget(x: 0.9, y: 0.1), CalibrationTarget(x: 0.9, y: 0.9),
                CalibrationTarget(x: 0.1, y: 0.9), CalibrationTarget(x: 0.5, y: 0.5)
            ], verificationTarget: CalibrationTarget(x: 0.3, y: 0.7))
        var sensor = SyntheticSensor(truth: .identity)
        var points = sensor.points(five)
        points[0].sensorU += 0.05
        let residuals = try CalibrationFit.fit(points, sensorMillimetres: SyntheticSensor.millimetres).get().residualsMM
        // Both corners have leverage 0.7: 0.3 of the miss shows at each (within the few per cent
        // the moved regressor adds), so noise decides which one looks worse.
        #expect((residuals[0] - residuals[2]).magnitude < 0.1 * residuals[0], "\(residuals)")
        #expect(residuals[0] > residuals[1] && residuals[0] > residuals[4])
    }

    @Test("collinear touches, touches in one spot and too few touches are refused")
    func degenerateTouchesAreRefused() {
        let line = (0..<9).map { i -> CalibrationPoint in
            let step = Double(i)
            let wobble = Double(i % 2) * 0.001
            return CalibrationPoint(sensorU: 0.1 + 0.1 * step, sensorV: 0.5 + wobble, screenX: 0.1 + 0.1 * step, screenY: Double(i % 3) * 0.4 + 0.1)
        }
        guard case .failure(.collinear(let ratio)) = CalibrationFit.fit(line, sensorMillimetres: SyntheticSensor.millimetres) else {
            Issue.record("touches on a line were not refused as collinear")
            return
        }
        #expect(ratio < 0.2)
        let spot = (0..<9).map { i in CalibrationPoint(sensorU: 0.5, sensorV: 0.5 + 0.0001 * Double(i), screenX: Double(i) / 9, screenY: 0.5) }
        guard case .failure(.noSpread) = CalibrationFit.fit(spot, sensorMillimetres: SyntheticSensor.millimetres) else {
            Issue.record("touches in one spot were not refused")
            return
        }
        #expect(CalibrationFit.fit(Array(line.prefix(2)), sensorMillimetres: SyntheticSensor.millimetres) == .failure(.tooFewPoints(2)))
    }

    @Test("scale outside 0.8–1.25 and shear above 0.2 are implausible, judged after the sensor's turn is taken out")
    func implausibleFits() throws {
        let cases: [(CalibrationMatrix, Bool)] = [
            (CalibrationMatrix(1.3, 0, -0.15, 0, 1, 0), false),
            (CalibrationMatrix(1, 0, 0, 0, 0.75, 0.1), false),
            (CalibrationMatrix(1, 0.25, -0.1, 0, 1, 0), false),
            (CalibrationMatrix(0, -1.2, 1.1, 1.2, 0, -0.1), true),
            (CalibrationMatrix(0, -1.3, 1.15, 1, 0, 0), false),
            (CalibrationMatrix(-1.24, 0, 1.1, 0, 0.81, 0.1), true)
        ]
        for (truth, plausible) in cases {
            var sensor = SyntheticSensor(truth: truth)
            let fit = try CalibrationFit.fit(sensor.points(), sensorMillimetres: SyntheticSensor.millimetres).get()
            #expect((fit.implausibility() == nil) == plausible, "\(truth): \(String(describing: fit.implausibility()))")
        }
    }

    @Test("residuals are millimetres on the panel in its own orientation: a swapped sensor swaps width and height")
    func residualsInMillimetres() throws {
        var sensor = SyntheticSensor(truth: CalibrationMatrix(0, -1, 1, 1, 0, 0))
        let sensorSize = PanelMillimetres(width: 160, height: 256)
        let fit = try CalibrationFit.fit(sensor.points(), sensorMillimetres: sensorSize).get()
        #expect(fit.panel == PanelMillimetres(width: 256, height: 160))
        // One screen pixel to the right of the centre is 0.2 mm.
        let error = fit.errorMM(sensorU: 0.5, sensorV: 0.5 - 1.0 / 1280, screenX: 0.5, screenY: 0.5)
        #expect((error - 0.2).magnitude < 1e-9)
    }
}
