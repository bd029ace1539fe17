/// A determinate progress bar (`{"type": "progress", "value": 0.4}`): how far some work has
/// gone, 0…1, written or bound (`{"bind": "state.copied / state.total"}`).
public struct ProgressNode: Sendable, Equatable {
    /// The value when it is not bound.
    public var value: Double
    /// Where the value is read from; nil: `value`. A bound value that is not a number (nor a
    /// string of one) shows the bar empty, as NaN does.
    public var binding: DataBinding?

    public init(value: Double) {
        self.value = value
        self.binding = nil
    }

    public init(binding: DataBinding) {
        self.value = .nan
        self.binding = binding
    }

    /// Equal when both values are NaN too.
    public static func == (a: ProgressNode, b: ProgressNode) -> Bool {
        a.binding == b.binding && (a.value == b.value || (a.value.isNaN && b.value.isNaN))
    }
}
