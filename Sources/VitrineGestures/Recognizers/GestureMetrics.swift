/// The distances and speeds recognizers use, with slop in millimetres so a finger needs the same
/// physical movement on every panel.
///
/// The touch slop is 2.8575 mm: Flutter's `kTouchSlop` of 18 logical pixels at Flutter's 160 dpi
/// logical pixel (1 lp = 25.4/160 mm), the value Flutter raised from 8 "after getting complaints
/// that it was too difficult to hit targets" (research/input.md §5.2, §6). Android's 8 dp is
/// 1.27 mm. When the panel's physical size is unknown, the slop falls back to 18 points.
public struct GestureMetrics: Equatable, Sendable {
    /// Flutter `kTouchSlop` (18 logical px) in millimetres: 18 × 25.4/160.
    public static let defaultTouchSlopMillimetres = 18 * 25.4 / 160
    /// Flutter `kTouchSlop`, 18, used as points when the panel size is unknown.
    public static let fallbackTouchSlopPoints = 18.0

    /// Logical points per millimetre of the panel, or nil when its size is unknown.
    public var pointsPerMillimetre: Double?
    /// How far a finger moves before it is a drag rather than a tap.
    public var touchSlopMillimetres: Double
    /// The largest velocity a recognizer reports, in points per second.
    public var maximumVelocity: Double

    public init(
        pointsPerMillimetre: Double? = nil, touchSlopMillimetres: Double = GestureMetrics.defaultTouchSlopMillimetres,
        maximumVelocity: Double = VelocityTracker.defaultMaximumVelocity
    ) {
        precondition(pointsPerMillimetre.map { $0 > 0 } ?? true, "a panel's density must be positive")
        self.pointsPerMillimetre = pointsPerMillimetre
        self.touchSlopMillimetres = touchSlopMillimetres
        self.maximumVelocity = maximumVelocity
    }

    /// Metrics for a panel `logicalWidth` points wide and `widthMillimetres` wide (libinput
    /// `libinput_device_get_size`, udev `ID_INPUT_WIDTH_MM`, or the output's EDID size).
    public init(logicalWidth: Double, widthMillimetres: Double) {
        precondition(logicalWidth > 0 && widthMillimetres > 0)
        self.init(pointsPerMillimetre: logicalWidth / widthMillimetres)
    }

    /// The touch slop in points.
    public var touchSlop: Double {
        guard let density = self.pointsPerMillimetre else { return Self.fallbackTouchSlopPoints }
        return self.touchSlopMillimetres * density
    }

    /// The slop of a pan free in both directions: twice the touch slop, as Flutter's `kPanSlop`
    /// (36) is twice `kTouchSlop` (18), so a drag locked to an axis wins over a free pan.
    public var panSlop: Double { 2 * self.touchSlop }
}
