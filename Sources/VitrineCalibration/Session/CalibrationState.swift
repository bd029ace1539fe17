/// Where a calibration session is.
///
/// The states map onto these: "showing target i" and "collecting" are
/// `showingTarget`/`collecting` of `.fit(i)`; "verifying" is the same pair for `.verification`
/// followed by `confirming` (the error is shown, accept or retry); then `done`, `cancelled` or
/// `timedOut`.
public enum CalibrationState: Equatable, Sendable {
    /// The target is shown; no finger is on it.
    case showingTarget(CalibrationStep)
    /// A finger is on the target; it is taken once held still for `holdDuration`.
    case collecting(CalibrationStep)
    /// The press was taken; the next target appears when every finger has lifted.
    case awaitingLift(CalibrationStep)
    /// The fit and the verification error are shown: accept or retry.
    case confirming(CalibrationResult)
    /// Accepted: the matrix is ready to be stored.
    case done(CalibrationResult)
    /// Stopped by the user (SIGINT, SIGTERM, the Cancel button) or because the device went away.
    case cancelled
    /// Nothing was taken for `targetTimeout` (the step that was waiting, nil while confirming).
    case timedOut(CalibrationStep?)

    /// Whether the session is over.
    public var isFinished: Bool {
        switch self {
        case .done, .cancelled, .timedOut: true
        default: false
        }
    }

    /// The target on screen, if any.
    public var step: CalibrationStep? {
        switch self {
        case .showingTarget(let step), .collecting(let step), .awaitingLift(let step): step
        default: nil
        }
    }
}

/// A finished fit with its check against the held-out target.
public struct CalibrationResult: Equatable, Sendable {
    public var fit: CalibrationFit
    /// How far the verification touch lands from its target with the fitted matrix.
    public var verificationErrorMM: Double
    /// Whether that is within `verificationLimitMM`.
    public var passed: Bool

    public init(fit: CalibrationFit, verificationErrorMM: Double, passed: Bool) {
        self.fit = fit
        self.verificationErrorMM = verificationErrorMM
        self.passed = passed
    }
}

/// Something the user should be told while the session goes on.
public enum CalibrationNotice: Equatable, Sendable, CustomStringConvertible {
    /// The finger lifted before it had been still for long enough.
    case liftedTooSoon
    /// The finger keeps moving.
    case holdStill
    /// A second finger landed; the press is dropped.
    case oneFinger
    /// A tap on a target already taken (within `repeatedTapRadiusMM`) was ignored.
    case repeatedTap
    /// The touch on `step` was far off the others' fit; that target is shown again.
    case misclick(CalibrationStep, residualMM: Double)
    /// The touches could not be fitted; every target is shown again.
    case startedOver(FitRejection)

    public var description: String {
        switch self {
        case .liftedTooSoon: "Keep your finger on the cross until it turns green."
        case .holdStill: "Hold your finger still on the cross."
        case .oneFinger: "Use one finger only."
        case .repeatedTap: "That was the previous target. Touch the new cross."
        case .misclick(let step, let residual):
            "The touch on \(step) was \(String(fixed: residual, decimals: 1)) mm off. Touch that cross again."
        case .startedOver(let rejection): "Starting again: \(rejection)."
        }
    }
}
