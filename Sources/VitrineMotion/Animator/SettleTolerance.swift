/// When an animation counts as arrived: closer than `distance` to its rest value and slower than
/// `velocity`. It then snaps exactly onto the rest value and reports completion.
///
/// The default, `.pixels`, is 0.5 px and 20 px/s, our choice between the platforms' values
/// (research/sheets_physics.md §B2):
/// - 0.5 px: the final snap moves the layer by less than half a pixel, below what a whole-pixel
///   compositor can show (Android's rule gives 0.75 px = `MIN_VISIBLE_CHANGE_PIXELS` × 0.75;
///   Flutter's scroll tolerance 1/dpr = 1 px at dpr 1).
/// - 20 px/s: Flutter's scroll velocity tolerance `1/(0.050·dpr)` at dpr 1, a third of a pixel per
///   60 Hz frame, so the snap never cuts visible motion short (Android allows 46.875 px/s).
public struct SettleTolerance: Equatable, Sendable {
    /// The largest |value − rest| that counts as arrived, in the animated value's unit.
    public var distance: Double
    /// The largest |velocity| that counts as stopped, in units per second.
    public var velocity: Double

    public init(distance: Double, velocity: Double) {
        precondition(distance > 0 && velocity > 0, "settle tolerances must be positive")
        self.distance = distance
        self.velocity = velocity
    }

    /// 0.5 px and 20 px/s, for values measured in pixels (offsets, sizes).
    public static let pixels = SettleTolerance(distance: 0.5, velocity: 20)

    /// The tolerance for a value of which one unit spans `length` pixels (a progress whose 1 is
    /// a 960 px page: `.pixels.perUnit(of: 960)`).
    public func perUnit(of length: Double) -> SettleTolerance {
        precondition(length > 0)
        return SettleTolerance(distance: self.distance / length, velocity: self.velocity / length)
    }

    /// Whether a value `displacement` away from its rest, moving at `velocity`, has arrived.
    public func isSettled(displacement: Double, velocity: Double) -> Bool {
        abs(displacement) < self.distance && abs(velocity) < self.velocity
    }
}
