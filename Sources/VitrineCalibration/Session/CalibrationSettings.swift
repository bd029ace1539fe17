import VitrineCore

/// Every threshold the calibration session uses, with where it comes from. Distances are in
/// millimetres on the panel, so they mean the same on a 7-inch and a 21-inch screen.
public struct CalibrationSettings: Sendable, Equatable {
    /// How long a finger must stay still on a target before its press is taken: 300 ms
    /// (research/input.md §4.4, "require stillness (< 1 mm spread, ≥ 300 ms)").
    public var holdDuration = Nanoseconds.milliseconds(300)
    /// How far a finger may wander and still count as still: 1 mm (research/input.md §4.4).
    public var stillRadiusMM = 1.0
    /// Samples from the first 50 ms of a still period are left out of the median while later ones
    /// exist: the finger is still settling (research/input.md §4.4, "drop the first 50 ms").
    public var settleDuration = Nanoseconds.milliseconds(50)
    /// A press that lands within this distance of a point already taken is a repeated tap on the
    /// previous target and is ignored. xinput_calibrator ignores a click within 7 px of any
    /// earlier one (`threshold_doubleclick`, research/input.md §4.3), a mouse-sized margin of
    /// about 2 mm at 96 dpi; a fingertip's second tap scatters more, so we allow 3 mm.
    public var repeatedTapRadiusMM = 3.0
    /// With no press taken for this long, the session gives up. xinput_calibrator waits 15 s
    /// (`max_time = 15000`, research/input.md §4.3); a kiosk technician may start the
    /// calibration remotely and walk to the panel, so Vitrine waits 30 s (`--timeout`).
    public var targetTimeout = Nanoseconds.seconds(30)
    /// A fit target whose residual is above both `misclickMedianFactor` × the median residual and
    /// `misclickFloorMM` was mistouched and is taken again (research/input.md §4.4: "if
    /// max r > max(3·median r, 2 mm), drop that point … and ask for that target again").
    public var misclickMedianFactor = 3.0
    public var misclickFloorMM = 2.0
    /// The verification target passes when it lands within 2 mm (research/input.md §4.4:
    /// "verify held-out points at ≈1.5–2 mm"; Weston's 10 % of the screen is lax).
    public var verificationLimitMM = 2.0
    /// Each axis of the fitted matrix, once a mounting turn or mirror is taken out, must scale by
    /// 0.8…1.25 (research/input.md §4.4, "sanity-check scale 0.8–1.25"): a sensor glued on a
    /// panel covers it, give or take a bezel.
    public var scaleRange = 0.8...1.25
    /// The largest shear (off-diagonal term once the turn is taken out) a fit may have: 0.2, our
    /// threshold for research/input.md §4.4's "small shear" — a shear of 0.2 moves a touch at the
    /// far edge by a fifth of the screen, far more than any glued sensor is off.
    public var maximumShear = 0.2
    /// The touches must spread across the sensor in both directions: the smaller principal
    /// spread at least 0.2 of the larger (our threshold: the targets span 80 % of the screen both
    /// ways, so anything thinner means a dead axis or touches on a line, and the fit is refused).
    public var minimumSpreadRatio = 0.2
    /// Touches must spread over at least 5 % of the sensor at all (our threshold: below it they
    /// all landed in one spot — a stuck sensor).
    public var minimumSpread = 0.05
    /// When the device reports no resolution, distances are measured as if the panel had 96
    /// pixels per inch (0.2646 mm per pixel, the CSS reference pixel), which is what libinput's
    /// users and X11 assume for an unknown screen.
    public static let assumedMillimetresPerPixel = 25.4 / 96

    public init() {}
}
