import Testing
import VitrineCalibration
import VitrineCore

/// Plays a finger on a synthetic panel into a session: raw touch frames in native pixels (what
/// libinput gives with the identity matrix), with the session's clock moved by the frames.
struct SessionDriver {
    var session: CalibrationSession
    var sensor: SyntheticSensor
    var time = MonotonicTime(seconds: 100)
    var nextContact = 0

    init(truth: CalibrationMatrix, rotation: Rotation = .none, noisePixels: Double = 1, settings: CalibrationSettings = CalibrationSettings()) {
        self.session = CalibrationSession(
            settings: settings, rotation: rotation, nativeSize: SyntheticSensor.screen, sensorMillimetres: SyntheticSensor.millimetres)
        self.sensor = SyntheticSensor(truth: truth, noisePixels: noisePixels, random: SplitMix64(seed: 21))
        self.session.start(at: self.time)
    }

    mutating func frame(_ phase: TouchContact.Phase, _ id: Int, u: Double, v: Double) {
        let contact = TouchContact(id: id, phase: phase, x: u * Double(SyntheticSensor.screen.width), y: v * Double(SyntheticSensor.screen.height))
        self.session.handle(TouchFrame(timestamp: UInt64(self.time.microseconds), contacts: [contact], device: "test"))
    }

    /// A finger down at sensor (u, v), wobbling by up to `wobblePixels`, moved every 20 ms for
    /// `seconds`, then lifted (unless `lift` is false). Returns its contact id.
    @discardableResult
    mutating func press(u: Double, v: Double, seconds: Double = 0.5, wobblePixels: Double = 0.5, lift: Bool = true) -> Int {
        let id = self.nextContact
        self.nextContact += 1
        self.frame(.began, id, u: u, v: v)
        var elapsed = 0.0
        var random = SplitMix64(seed: UInt64(id) + 99)
        while elapsed + 0.02 <= seconds {
            elapsed += 0.02
            self.time = self.time + .milliseconds(20)
            let du = Double.random(in: -1...1, using: &random) * wobblePixels / 1280
            let dv = Double.random(in: -1...1, using: &random) * wobblePixels / 800
            self.frame(.moved, id, u: u + du, v: v + dv)
        }
        if lift {
            self.time = self.time + .milliseconds(20)
            self.frame(.ended, id, u: u, v: v)
            self.time = self.time + .milliseconds(200)
        }
        return id
    }

    /// Touches the target the session shows, `offsetPixels` away from it on the screen.
    mutating func touchShownTarget(offsetPixels: (Double, Double) = (0, 0), seconds: Double = 0.5) {
        guard let step = self.session.state.step else {
            Issue.record("no target shown: \(self.session.state)")
            return
        }
        let target = self.session.layout.nativeTarget(step, rotation: self.session.rotation)
        let s = self.sensor.sensor(x: target.x + offsetPixels.0 / 1280, y: target.y + offsetPixels.1 / 800)
        self.press(u: s.u, v: s.v, seconds: seconds)
    }

    /// Touches every target until the session confirms (or `limit` touches).
    mutating func touchUntilConfirming(limit: Int = 30) {
        for _ in 0..<limit {
            if case .confirming = self.session.state { return }
            self.touchShownTarget()
        }
    }

    var takenPoints: Int { self.session.points.compactMap { $0 }.count }
}

@Suite("Calibration session")
struct CalibrationSessionTests {
    static let skew = CalibrationMatrix(-0.97, 0.03, 0.99, 0.02, 1.04, -0.03)

    @Test("touching every target through a mirrored, skewed sensor ends confirming with its matrix and a check within 1 mm; accept makes it done")
    func fullSession() throws {
        var driver = SessionDriver(truth: Self.skew)
        var shown: [CalibrationStep] = []
        for _ in 0..<10 {
            shown.append(try #require(driver.session.state.step))
            driver.touchShownTarget()
        }
        #expect(shown == (0..<9).map { .fit($0) } + [.verification])
        guard case .confirming(let result) = driver.session.state else {
            Issue.record("not confirming: \(driver.session.state)")
            return
        }
        #expect(maximumDifference(result.fit.matrix, Self.skew) < 0.01, "\(result.fit.matrix)")
        #expect(result.fit.orientation == .mirroredLeftRight)
        #expect(result.verificationErrorMM < 1 && result.passed)
        driver.session.accept()
        #expect(driver.session.state == .done(result))
    }

    @Test("a target touched far off is shown again on its own; the other eight points are kept")
    func misclickRetakesOnlyThatTarget() {
        var driver = SessionDriver(truth: Self.skew)
        for index in 0..<9 {
            driver.touchShownTarget(offsetPixels: index == 3 ? (70, -40) : (0, 0))
        }
        #expect(driver.session.state == .showingTarget(.fit(3)))
        guard case .misclick(.fit(3), let residual) = driver.session.notice else {
            Issue.record("no misclick notice: \(String(describing: driver.session.notice))")
            return
        }
        #expect(residual > 2)
        #expect(driver.takenPoints == 8 && driver.session.points[3] == nil)
        driver.touchShownTarget()
        #expect(driver.session.state == .showingTarget(.verification))
        #expect(driver.session.round == 1)
    }

    @Test("touches on a line start the round over with the reason; nothing is kept")
    func collinearTouchesStartOver() {
        var driver = SessionDriver(truth: Self.skew)
        for index in 0..<9 {
            // A dead y wire: the sensor reports the same v everywhere.
            driver.press(u: 0.1 + 0.1 * Double(index), v: 0.5)
        }
        #expect(driver.session.state == .showingTarget(.fit(0)))
        #expect(driver.session.round == 2)
        #expect(driver.takenPoints == 0)
        guard case .startedOver(.collinear) = driver.session.notice else {
            Issue.record("expected a collinear start-over, got \(String(describing: driver.session.notice))")
            return
        }
    }

    @Test("a sensor far too small for the panel is refused as implausible and the round starts over")
    func implausibleScaleStartsOver() {
        var driver = SessionDriver(truth: CalibrationMatrix(1.5, 0, -0.25, 0, 1, 0))
        for _ in 0..<9 { driver.touchShownTarget() }
        guard case .startedOver(.implausibleScale) = driver.session.notice else {
            Issue.record("expected an implausible scale, got \(String(describing: driver.session.notice))")
            return
        }
        #expect(driver.session.state == .showingTarget(.fit(0)))
    }

    @Test("the point taken is the per-axis median of the still period, not the first touch or an outlier")
    func medianOfSamples() {
        var driver = SessionDriver(truth: .identity)
        let xs: [Double] = [128, 129, 128, 132, 127, 128, 128, 133, 128, 128, 128, 127, 129, 128, 128, 128, 128, 128, 128]
        driver.frame(.began, 0, u: 131 / 1280, v: 80 / 800)
        for x in xs {
            driver.time = driver.time + .milliseconds(20)
            driver.frame(.moved, 0, u: x / 1280, v: 80 / 800)
        }
        driver.session.advance(to: driver.time + .milliseconds(100))
        #expect(driver.session.state == .awaitingLift(.fit(0)))
        #expect(driver.session.points[0]?.u == 128.0 / 1280)
    }

    @Test("a press lifted before it was still for 300 ms is not taken and the user is told to keep the finger on")
    func liftedTooSoon() {
        var driver = SessionDriver(truth: .identity)
        driver.press(u: 0.1, v: 0.1, seconds: 0.2)
        #expect(driver.session.state == .showingTarget(.fit(0)))
        #expect(driver.session.notice == .liftedTooSoon)
        #expect(driver.takenPoints == 0)
    }

    @Test("a finger that never holds still is never taken, is told to hold still, and the session times out")
    func neverStill() {
        var driver = SessionDriver(truth: .identity)
        driver.frame(.began, 0, u: 0.1, v: 0.1)
        var u = 0.1
        for _ in 0..<700 {
            driver.time = driver.time + .milliseconds(50)
            u += (driver.time.nanoseconds / 50_000_000) % 2 == 0 ? 0.01 : -0.01  // ±2.56 mm every 50 ms
            driver.frame(.moved, 0, u: u, v: 0.1)
            if driver.session.state.isFinished { break }
        }
        #expect(driver.session.state == .timedOut(.fit(0)))
        #expect(driver.session.notice == .holdStill)
        #expect(driver.takenPoints == 0)
    }

    @Test("a second tap within a few millimetres of the previous target is ignored, however long it is held")
    func repeatedTapIgnored() {
        var driver = SessionDriver(truth: .identity, noisePixels: 0)
        driver.touchShownTarget()
        let first = driver.session.points[0]!
        #expect(driver.session.state == .showingTarget(.fit(1)))
        driver.press(u: first.u + 5.0 / 1280, v: first.v, seconds: 1)  // 1 mm from the point taken
        #expect(driver.session.state == .showingTarget(.fit(1)))
        #expect(driver.session.notice == .repeatedTap)
        #expect(driver.takenPoints == 1)
        driver.touchShownTarget()
        #expect(driver.session.state == .showingTarget(.fit(2)))
    }

    @Test("a second finger drops the press; nothing is taken until every finger has lifted")
    func secondFingerDropsThePress() {
        var driver = SessionDriver(truth: .identity)
        driver.frame(.began, 0, u: 0.1, v: 0.1)
        driver.time = driver.time + .milliseconds(100)
        driver.frame(.began, 1, u: 0.6, v: 0.6)
        #expect(driver.session.notice == .oneFinger)
        driver.time = driver.time + .seconds(1)
        driver.session.advance(to: driver.time)
        #expect(driver.session.state == .showingTarget(.fit(0)))
        #expect(driver.takenPoints == 0)
    }

    @Test("with no touch the session says when to wake it and times out there, on the target shown")
    func timeoutWithoutTouches() throws {
        var settings = CalibrationSettings()
        settings.targetTimeout = .seconds(5)
        var driver = SessionDriver(truth: .identity, settings: settings)
        let deadline = try #require(driver.session.nextDeadline)
        #expect(deadline == driver.time + .seconds(5))
        driver.session.advance(to: deadline - .milliseconds(1))
        #expect(driver.session.state == .showingTarget(.fit(0)))
        driver.session.advance(to: deadline)
        #expect(driver.session.state == .timedOut(.fit(0)))
        #expect(driver.session.nextDeadline == nil)
    }

    @Test("retry throws the result away and starts round 2; cancel ends without a result")
    func retryAndCancel() {
        var driver = SessionDriver(truth: Self.skew)
        driver.touchUntilConfirming()
        driver.session.retry(at: driver.time)
        #expect(driver.session.state == .showingTarget(.fit(0)))
        #expect(driver.session.round == 2 && driver.takenPoints == 0 && driver.session.fit == nil)
        driver.touchShownTarget()
        driver.session.cancel()
        #expect(driver.session.state == .cancelled)
        driver.press(u: 0.5, v: 0.1)
        #expect(driver.session.state == .cancelled && driver.takenPoints == 1)
    }

    @Test("the fitted matrix is in the panel's native frame: the same sensor gives the same matrix at every display rotation", arguments: Rotation.allCases)
    func rotationDoesNotChangeTheMatrix(rotation: Rotation) {
        var driver = SessionDriver(truth: Self.skew, rotation: rotation)
        driver.touchUntilConfirming()
        guard case .confirming(let result) = driver.session.state else {
            Issue.record("not confirming at rotation \(rotation): \(driver.session.state)")
            return
        }
        #expect(maximumDifference(result.fit.matrix, Self.skew) < 0.01)
        #expect(result.verificationErrorMM < 1)
    }

    @Test("while confirming, a raw touch maps through the fit to where the finger is on the panel")
    func calibratedFractionForButtons() throws {
        var driver = SessionDriver(truth: Self.skew, noisePixels: 0)
        driver.touchUntilConfirming()
        let s = driver.sensor.sensor(x: 0.25, y: 0.75)
        let mapped = try #require(driver.session.calibratedFraction(x: s.u * 1280, y: s.v * 800))
        #expect((mapped.x - 0.25).magnitude < 0.001 && (mapped.y - 0.75).magnitude < 0.001)  // the presses wobble by half a pixel
    }
}
