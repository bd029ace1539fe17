import VitrineCore

/// Which target of a calibration: one of the fit targets, by index, or the held-out verification
/// target that is never part of the fit.
public enum CalibrationStep: Hashable, Sendable, CustomStringConvertible {
    case fit(Int)
    case verification

    public var description: String {
        switch self {
        case .fit(let index): "target \(index + 1)"
        case .verification: "the check target"
        }
    }
}

/// A target's position as fractions (0…1) of the upright screen the user sees.
public struct CalibrationTarget: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Where the targets are.
///
/// The standard layout is a 3×3 grid at 10 %, 50 % and 90 % of the screen — the four corners
/// about 10 % in and the centre (tslib's five points, research/input.md §4.2) plus the four edge
/// midpoints — shown in a snake so the finger never crosses the screen, and a verification target
/// at (30 %, 70 %) that is not on any grid line (research/input.md §4.4 recommends 9 targets and
/// held-out checks at (0.3, 0.7) and (0.7, 0.3)). Nine rather than five because only then can a
/// single mistouched corner be told from its opposite corner (`CalibrationFit.misclick`).
public struct CalibrationLayout: Sendable, Equatable {
    /// Fit targets in the order they are shown.
    public var fitTargets: [CalibrationTarget]
    public var verificationTarget: CalibrationTarget

    public init(fitTargets: [CalibrationTarget], verificationTarget: CalibrationTarget) {
        self.fitTargets = fitTargets
        self.verificationTarget = verificationTarget
    }

    public static let standard = CalibrationLayout(
        fitTargets: [
            CalibrationTarget(x: 0.1, y: 0.1), CalibrationTarget(x: 0.5, y: 0.1), CalibrationTarget(x: 0.9, y: 0.1),
            CalibrationTarget(x: 0.9, y: 0.5), CalibrationTarget(x: 0.5, y: 0.5), CalibrationTarget(x: 0.1, y: 0.5),
            CalibrationTarget(x: 0.1, y: 0.9), CalibrationTarget(x: 0.5, y: 0.9), CalibrationTarget(x: 0.9, y: 0.9)
        ],
        verificationTarget: CalibrationTarget(x: 0.3, y: 0.7))

    /// The target a step shows.
    public func target(_ step: CalibrationStep) -> CalibrationTarget {
        switch step {
        case .fit(let index): self.fitTargets[index]
        case .verification: self.verificationTarget
        }
    }

    /// The target on the panel as it is wired (the frame the calibration matrix works in), as
    /// fractions of the native size.
    public func nativeTarget(_ step: CalibrationStep, rotation: Rotation) -> (x: Double, y: Double) {
        let target = self.target(step)
        return rotation.nativeFraction(logicalX: target.x, logicalY: target.y)
    }
}
