/// One line of `vitrine bench`: our time for one task, and a peer's time for the same task
/// measured in the same run, so `ratio` stays meaningful on a noisy, shared machine.
///
/// Fields that do not apply are nil and are left out of the table and the JSON file.
public struct BenchRow: Sendable, Equatable {
    /// What was measured, e.g. `blur-sigma20`. Rows of one task against several peers share it.
    public var name: String
    /// Our median time, in milliseconds.
    public var oursMilliseconds: Double?
    /// The program we compare with, e.g. `cv2.stackBlur`.
    public var peer: String?
    /// The peer's median time for the same task, in milliseconds.
    public var peerMilliseconds: Double?
    /// Our 50th and 99th percentile times (nearest-rank), in milliseconds.
    public var p50Milliseconds: Double?
    public var p99Milliseconds: Double?
    /// Mean and maximum absolute error of our output against the peer's reference output, in
    /// 8-bit levels (0–255).
    public var meanAbsoluteError: Double?
    public var maximumAbsoluteError: Double?
    /// The unit of `ours` and `peer` when they are not times (e.g. `MB`); nil for milliseconds.
    /// Percentiles are always milliseconds.
    public var unit: String?

    public init(
        name: String, oursMilliseconds: Double? = nil, peer: String? = nil, peerMilliseconds: Double? = nil,
        p50Milliseconds: Double? = nil, p99Milliseconds: Double? = nil, meanAbsoluteError: Double? = nil,
        maximumAbsoluteError: Double? = nil, unit: String? = nil
    ) {
        self.unit = unit
        self.name = name
        self.oursMilliseconds = oursMilliseconds
        self.peer = peer
        self.peerMilliseconds = peerMilliseconds
        self.p50Milliseconds = p50Milliseconds
        self.p99Milliseconds = p99Milliseconds
        self.meanAbsoluteError = meanAbsoluteError
        self.maximumAbsoluteError = maximumAbsoluteError
    }

    /// Ours ÷ peer: below 1 we are faster. Nil without both times.
    public var ratio: Double? {
        guard let ours = self.oursMilliseconds, let peer = self.peerMilliseconds, peer > 0 else { return nil }
        return ours / peer
    }
}
