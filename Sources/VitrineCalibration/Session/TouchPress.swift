import VitrineCore

/// One finger on a target, waiting to be held still long enough.
///
/// Positions are normalised sensor coordinates; distances are measured in millimetres on the
/// sensor (`sensor`). The press keeps an anchor: while every sample stays within
/// `stillRadiusMM` of it the finger is still; a sample further away starts a new still period
/// there. Once a still period has lasted `holdDuration` the press is taken, at the per-axis
/// median of that period's samples (tslib's `getxy`, research/input.md §4.2), leaving out the
/// first `settleDuration` while later samples exist.
struct TouchPress: Sendable {
    struct Sample: Sendable {
        var time: MonotonicTime
        var u: Double
        var v: Double
    }

    /// The contact id (libinput seat slot) of the finger.
    let contact: Int
    let began: MonotonicTime
    private(set) var stillSince: MonotonicTime
    private(set) var samples: [Sample]
    /// How many times the finger moved off its anchor.
    private(set) var restarts = 0

    init(contact: Int, u: Double, v: Double, at time: MonotonicTime) {
        self.contact = contact
        self.began = time
        self.stillSince = time
        self.samples = [Sample(time: time, u: u, v: v)]
    }

    /// Adds a sample; a move beyond the still radius starts a new still period.
    mutating func move(u: Double, v: Double, at time: MonotonicTime, sensor: PanelMillimetres, settings: CalibrationSettings) {
        let anchor = self.samples[0]
        let sample = Sample(time: time, u: u, v: v)
        if sensor.distance(dx: u - anchor.u, dy: v - anchor.v) > settings.stillRadiusMM {
            self.stillSince = time
            self.samples = [sample]
            self.restarts += 1
        } else {
            self.samples.append(sample)
        }
    }

    /// When the press will have been still for long enough.
    func due(_ settings: CalibrationSettings) -> MonotonicTime { self.stillSince + settings.holdDuration }

    /// The per-axis median of the still period, without its settling samples when later ones exist.
    func median(_ settings: CalibrationSettings) -> (u: Double, v: Double) {
        let settled = self.samples.filter { $0.time >= self.stillSince + settings.settleDuration }
        let chosen = settled.isEmpty ? self.samples : settled
        return (Self.median(chosen.map(\.u)), Self.median(chosen.map(\.v)))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
