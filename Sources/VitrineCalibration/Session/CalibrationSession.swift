import VitrineCore

/// The on-device calibration as a state machine over touch frames and time, with no screen and no
/// device: the tool feeds it the raw touches of one touchscreen and draws what it says, and unit
/// tests feed it synthetic and replayed touches (Docs/calibration.md, "How it works").
///
/// Touches must be **raw**: the device's libinput matrix set to identity, positions read with
/// `get_x_transformed(W)` in the panel's native, un-rotated frame (a `TouchTransform` with no
/// rotation and scale 1), so that x / W is libinput's normalised sensor coordinate u. Targets
/// are placed on the upright screen the user sees and turned into the native frame with the
/// display's `Rotation`, so the fitted matrix is in the coordinates libinput applies it in
/// (before rotation, research/input.md §1.5).
///
/// Per target: the first finger down starts a press; it is taken when held still
/// (`TouchPress`); a repeated tap near a point already taken is ignored; a second finger drops the
/// press. When every fit target has a point the matrix is fitted; a mistouched target is shown
/// again on its own, touches that cannot be fitted start the round over, and a good fit moves on
/// to the verification target, then to `confirming` until `accept()` or `retry(at:)`.
public struct CalibrationSession: Sendable {
    public let layout: CalibrationLayout
    public let settings: CalibrationSettings
    /// The display's rotation: turns targets from the upright screen into the native frame.
    public let rotation: Rotation
    /// The panel's native size in pixels: a raw touch at x px is at u = x / width.
    public let nativeSize: PixelSize
    /// The sensor's size along its own axes, for every distance the session measures.
    public let sensor: PanelMillimetres

    public private(set) var state: CalibrationState = .showingTarget(.fit(0))
    /// What to tell the user now, if anything.
    public private(set) var notice: CalibrationNotice?
    /// The sensor point taken for each fit target (nil: not yet, or retaken).
    public private(set) var points: [(u: Double, v: Double)?]
    /// The fit the verification target checks (set once the fit targets pass).
    public private(set) var fit: CalibrationFit?
    /// The round: 1, then one more each time the session starts over.
    public private(set) var round = 1

    private var press: TouchPress?
    private var verificationPoint: (u: Double, v: Double)?
    private var activeContacts: Set<Int> = []
    private var ignoredContacts: Set<Int> = []
    private var retaken: Set<Int> = []
    private var deadline = MonotonicTime.zero

    /// - Parameters:
    ///   - sensorMillimetres: the device's size (libinput `get_size`); nil when it reports no
    ///     resolution, and distances assume `CalibrationSettings.assumedMillimetresPerPixel`.
    public init(
        layout: CalibrationLayout = .standard, settings: CalibrationSettings = CalibrationSettings(), rotation: Rotation = .none,
        nativeSize: PixelSize, sensorMillimetres: PanelMillimetres?
    ) {
        self.layout = layout
        self.settings = settings
        self.rotation = rotation
        self.nativeSize = nativeSize
        self.sensor =
            sensorMillimetres
            ?? PanelMillimetres(
                width: Double(nativeSize.width) * CalibrationSettings.assumedMillimetresPerPixel,
                height: Double(nativeSize.height) * CalibrationSettings.assumedMillimetresPerPixel)
        self.points = Array(repeating: nil, count: layout.fitTargets.count)
    }

    /// Shows the first target; the timeout starts now.
    public mutating func start(at time: MonotonicTime) {
        self.show(.fit(0), at: time)
    }

    /// When `advance(to:)` must next be called (a press becoming still long enough, a timeout).
    public var nextDeadline: MonotonicTime? {
        guard !self.state.isFinished else { return nil }
        guard let press = self.press else { return self.deadline }
        return min(press.due(self.settings), self.deadline)
    }

    /// Lets time pass: takes a press that has been still long enough, or times out.
    public mutating func advance(to time: MonotonicTime) {
        if let press = self.press, press.due(self.settings) <= time, press.due(self.settings) <= self.deadline {
            self.take(press, at: press.due(self.settings))
        }
        if !self.state.isFinished, self.deadline <= time {
            self.press = nil
            self.state = .timedOut(self.state.step)
        }
    }

    /// Follows one frame of the touchscreen being calibrated (raw positions in native pixels).
    public mutating func handle(_ frame: TouchFrame) {
        self.advance(to: frame.time)
        guard !self.state.isFinished else { return }
        for contact in frame.contacts {
            let u = contact.x / Double(self.nativeSize.width)
            let v = contact.y / Double(self.nativeSize.height)
            switch contact.phase {
            case .began: self.began(contact.id, u: u, v: v, at: frame.time)
            case .moved, .stationary:
                guard self.press?.contact == contact.id else { continue }
                self.press?.move(u: u, v: v, at: frame.time, sensor: self.sensor, settings: self.settings)
                if let press = self.press, press.restarts > 0, frame.time - press.began >= self.settings.holdDuration {
                    self.notice = .holdStill
                }
            case .ended, .cancelled: self.lifted(contact.id, at: frame.time)
            }
        }
    }

    /// Accepts the result shown in `confirming`.
    public mutating func accept() {
        if case .confirming(let result) = self.state { self.state = .done(result) }
    }

    /// Throws the result away and starts a new round (from `confirming`).
    public mutating func retry(at time: MonotonicTime) {
        guard case .confirming = self.state else { return }
        self.startOver(nil, at: time)
    }

    /// Stops the session without a result.
    public mutating func cancel() {
        guard !self.state.isFinished else { return }
        self.press = nil
        self.state = .cancelled
    }

    /// Where the fit being confirmed puts a raw touch, as fractions of the native panel: how the
    /// tool hit-tests its Accept and Retry buttons while the device still runs uncalibrated.
    public func calibratedFraction(x: Double, y: Double) -> (x: Double, y: Double)? {
        guard let fit = self.fit else { return nil }
        let mapped = fit.matrix.apply(u: x / Double(self.nativeSize.width), v: y / Double(self.nativeSize.height))
        return (mapped.u, mapped.v)
    }

    // MARK: - Touches

    private mutating func began(_ id: Int, u: Double, v: Double, at time: MonotonicTime) {
        self.activeContacts.insert(id)
        guard case .showingTarget(let step) = self.state.collectingOrShowing else { return }
        if self.activeContacts.count > 1 {
            // A second finger: nothing is taken until every finger has lifted.
            if self.press != nil { self.notice = .oneFinger }
            self.press = nil
            self.ignoredContacts.formUnion(self.activeContacts)
            self.state = .showingTarget(step)
            return
        }
        let taken = self.points.compactMap { $0 } + (self.verificationPoint.map { [$0] } ?? [])
        if taken.contains(where: { self.sensor.distance(dx: $0.u - u, dy: $0.v - v) <= self.settings.repeatedTapRadiusMM }) {
            self.ignoredContacts.insert(id)
            self.notice = .repeatedTap
            return
        }
        self.press = TouchPress(contact: id, u: u, v: v, at: time)
        self.state = .collecting(step)
    }

    private mutating func lifted(_ id: Int, at time: MonotonicTime) {
        self.activeContacts.remove(id)
        self.ignoredContacts.remove(id)
        if let press = self.press, press.contact == id, case .collecting(let step) = self.state {
            self.press = nil
            self.notice = .liftedTooSoon
            self.state = .showingTarget(step)
        }
        if case .awaitingLift(let step) = self.state, self.activeContacts.isEmpty {
            self.proceed(after: step, at: time)
        }
    }

    private mutating func take(_ press: TouchPress, at time: MonotonicTime) {
        guard case .collecting(let step) = self.state else { return }
        self.press = nil
        self.notice = nil
        let point = press.median(self.settings)
        switch step {
        case .fit(let index): self.points[index] = point
        case .verification: self.verificationPoint = point
        }
        self.state = .awaitingLift(step)
        self.deadline = time + self.settings.targetTimeout
    }

    // MARK: - Steps

    private mutating func proceed(after step: CalibrationStep, at time: MonotonicTime) {
        if case .verification = step {
            guard let fit = self.fit, let point = self.verificationPoint else { return }
            let target = self.layout.nativeTarget(.verification, rotation: self.rotation)
            let error = fit.errorMM(sensorU: point.u, sensorV: point.v, screenX: target.x, screenY: target.y)
            self.state = .confirming(CalibrationResult(fit: fit, verificationErrorMM: error, passed: error <= self.settings.verificationLimitMM))
            self.deadline = time + self.settings.targetTimeout
            return
        }
        if let missing = self.points.firstIndex(where: { $0 == nil }) {
            self.show(.fit(missing), at: time)
            return
        }
        let points = self.points.enumerated().map { index, point in
            let target = self.layout.nativeTarget(.fit(index), rotation: self.rotation)
            return CalibrationPoint(sensorU: point!.u, sensorV: point!.v, screenX: target.x, screenY: target.y)
        }
        switch CalibrationFit.fit(points, sensorMillimetres: self.sensor, settings: self.settings) {
        case .failure(let rejection):
            self.startOver(rejection, at: time)
        case .success(let fit):
            if let index = fit.misclick(settings: self.settings), !self.retaken.contains(index) {
                // Only that target again; one retake each, so a sensor that is simply not
                // linear there cannot loop the session.
                self.retaken.insert(index)
                self.points[index] = nil
                self.show(.fit(index), at: time)
                self.notice = .misclick(.fit(index), residualMM: fit.residualsMM[index])
            } else if let rejection = fit.implausibility(settings: self.settings) {
                self.startOver(rejection, at: time)
            } else {
                self.fit = fit
                self.show(.verification, at: time)
            }
        }
    }

    private mutating func show(_ step: CalibrationStep, at time: MonotonicTime) {
        self.state = .showingTarget(step)
        self.deadline = time + self.settings.targetTimeout
    }

    private mutating func startOver(_ rejection: FitRejection?, at time: MonotonicTime) {
        self.points = Array(repeating: nil, count: self.layout.fitTargets.count)
        self.verificationPoint = nil
        self.fit = nil
        self.retaken = []
        self.round += 1
        self.show(.fit(0), at: time)
        self.notice = rejection.map { .startedOver($0) }
    }
}

extension CalibrationState {
    /// `collecting` seen as the target it shows, so a new finger is judged the same either way.
    fileprivate var collectingOrShowing: CalibrationState {
        if case .collecting(let step) = self { return .showingTarget(step) }
        return self
    }
}
