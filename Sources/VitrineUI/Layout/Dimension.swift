import VitrineCore

/// How long a view is along one axis inside a stack, a grid cell or a screen: its own size, a
/// fixed number of points, all the room left, or a fraction of its parent's inner size.
///
/// A parent resolves it in `StackView.layoutSubviews()`; `auto` asks the view
/// (`View.sizeThatFits(_:)`). Fractions are of the parent's size inside its padding, so
/// `fraction(0.5)` is half of what the parent has for its children.
public enum Dimension: Hashable, Sendable, CustomStringConvertible {
    /// The view's own size (`sizeThatFits`).
    case auto
    /// Exactly this many points.
    case points(Double)
    /// The room the parent has left after its other children (shared among every `fill`).
    case fill
    /// This fraction (0…1) of the parent's inner size.
    case fraction(Double)

    /// The length for a parent whose inner size along the axis is `available`, or nil when it
    /// depends on the view (`auto`) or on its siblings (`fill`).
    public func fixedLength(in available: Double) -> Double? {
        switch self {
        case .auto, .fill: return nil
        case .points(let value): return max(0, value)
        case .fraction(let fraction): return available.isFinite ? max(0, fraction * available) : nil
        }
    }

    public var description: String {
        switch self {
        case .auto: "auto"
        case .points(let value): "\(value)"
        case .fill: "fill"
        case .fraction(let fraction): "\(fraction * 100)%"
        }
    }
}

/// Where children sit across a stack (left/centre/right in a vertical stack, top/centre/bottom in
/// a horizontal one), or stretched to its full width or height.
public enum StackAlignment: String, Hashable, Sendable, CaseIterable {
    case leading
    case center
    case trailing
    /// Every child as wide (vertical stack) or tall (horizontal stack) as the stack's inside.
    case fill
}

/// Where a stack's children sit along its axis when together they are shorter than it.
public enum StackDistribution: String, Hashable, Sendable, CaseIterable {
    /// From the top (vertical) or the left (horizontal).
    case start
    case center
    case end
    /// The first child at the start, the last at the end, the room shared between them.
    case spaceBetween
}
