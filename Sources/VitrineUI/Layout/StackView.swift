import VitrineCore

/// Children in a column (vertical) or a row (horizontal), `spacing` apart, inside `padding`.
///
/// Along the axis each child gets its `layoutHeight` (vertical) or `layoutWidth` (horizontal):
/// fixed points and fractions first, then `auto` children their own size (`sizeThatFits`), then
/// the room left is shared among the `fill` children and the `Spacer`s. When the fixed and
/// `auto` children need more room than there is, the `auto` ones shrink in proportion (text
/// then wraps into more lines). Across the axis a child is as long as its own dimension says,
/// or as the stack's inside with `alignment: .fill`, and is placed by `alignment`. With no
/// flexible child, `distribution` places the group along the axis.
///
/// The stack's own size (`sizeThatFits`) is its children's, plus spacing and padding, so stacks
/// nest: a row of buttons inside a column inside a scroll view.
public final class StackView: View {
    public enum Axis: String, Hashable, Sendable, CaseIterable {
        case vertical
        case horizontal
    }

    public var axis: Axis { didSet { self.setNeedsLayout() } }
    public var spacing: Double { didSet { self.setNeedsLayout() } }
    public var alignment: StackAlignment { didSet { self.setNeedsLayout() } }
    public var distribution: StackDistribution { didSet { self.setNeedsLayout() } }
    public var padding: EdgeInsets { didSet { self.setNeedsLayout() } }

    public init(
        axis: Axis = .vertical, spacing: Double = 0, alignment: StackAlignment = .fill, distribution: StackDistribution = .start,
        padding: EdgeInsets = .zero, children: [View] = []
    ) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.distribution = distribution
        self.padding = padding
        super.init()
        for child in children { self.addSubview(child) }
    }

    // MARK: - Axis helpers (main = along the axis, cross = across it)

    private func main(_ size: Size) -> Double { self.axis == .vertical ? size.height : size.width }
    private func cross(_ size: Size) -> Double { self.axis == .vertical ? size.width : size.height }
    private func size(main: Double, cross: Double) -> Size {
        self.axis == .vertical ? Size(width: cross, height: main) : Size(width: main, height: cross)
    }
    private func mainDimension(_ view: View) -> Dimension { self.axis == .vertical ? view.layoutHeight : view.layoutWidth }
    private func crossDimension(_ view: View) -> Dimension { self.axis == .vertical ? view.layoutWidth : view.layoutHeight }
    private var mainPadding: Double { self.axis == .vertical ? self.padding.top + self.padding.bottom : self.padding.left + self.padding.right }
    private var crossPadding: Double { self.axis == .vertical ? self.padding.left + self.padding.right : self.padding.top + self.padding.bottom }

    /// The child's size when offered `main` × `cross` (either may be infinite).
    private func fit(_ child: View, main: Double, cross: Double) -> (main: Double, cross: Double) {
        let size = child.sizeThatFits(self.size(main: main, cross: cross))
        return (max(0, self.main(size)), max(0, self.cross(size)))
    }

    private var arranged: [View] { self.subviews.filter { !$0.isHidden } }

    private func isFlexible(_ child: View) -> Bool {
        self.mainDimension(child) == .fill || (child is Spacer && self.mainDimension(child) == .auto)
    }

    /// The cross length a child is given inside `crossLength`, or nil when it is its own.
    private func fixedCross(_ child: View, in crossLength: Double) -> Double? {
        let dimension = self.crossDimension(child)
        if let fixed = dimension.fixedLength(in: crossLength) { return min(fixed, crossLength) }
        if dimension == .fill || self.alignment == .fill { return crossLength.isFinite ? crossLength : nil }
        return nil
    }

    // MARK: - Measuring

    /// Each child's length along the axis in a stack whose inside is `mainLength` long (infinite:
    /// unbounded, so every child is its own length) and `crossLength` across; and what is left
    /// over along the axis.
    private func lengths(_ children: [View], mainLength: Double, crossLength: Double) -> (lengths: [Double], remaining: Double) {
        let crossGiven = children.map { self.fixedCross($0, in: crossLength) }
        var lengths = [Double](repeating: 0, count: children.count)
        var autoIndices: [Int] = []
        var flexibleIndices: [Int] = []
        for (index, child) in children.enumerated() {
            if let fixed = self.mainDimension(child).fixedLength(in: mainLength) {
                lengths[index] = fixed
            } else if self.isFlexible(child) && mainLength.isFinite {
                flexibleIndices.append(index)
            } else if let spacer = child as? Spacer {
                lengths[index] = spacer.minLength
            } else {
                lengths[index] = self.fit(child, main: .infinity, cross: crossGiven[index] ?? crossLength).main
                autoIndices.append(index)
            }
        }
        guard mainLength.isFinite else { return (lengths, 0) }
        let spacing = self.spacing * Double(max(0, children.count - 1))
        var remaining = mainLength - spacing - lengths.reduce(0, +)
        if remaining < 0 {
            // Too long: the children sized by their content give way, in proportion.
            let shrinkable = autoIndices.reduce(0) { $0 + lengths[$1] }
            if shrinkable > 0 {
                let factor = max(0, 1 + remaining / shrinkable)
                for index in autoIndices { lengths[index] *= factor }
            }
            remaining = 0
        }
        if !flexibleIndices.isEmpty {
            let minimums = flexibleIndices.map { (children[$0] as? Spacer)?.minLength ?? 0 }
            let share = max(0, remaining - minimums.reduce(0, +)) / Double(flexibleIndices.count)
            for (position, index) in flexibleIndices.enumerated() { lengths[index] = minimums[position] + share }
            remaining = 0
        }
        return (lengths, remaining)
    }

    public override func sizeThatFits(_ proposal: Size) -> Size {
        let children = self.arranged
        let mainAvailable = max(0, self.main(proposal) - self.mainPadding)
        let crossAvailable = max(0, self.cross(proposal) - self.crossPadding)
        let (lengths, remaining) = self.lengths(children, mainLength: mainAvailable, crossLength: crossAvailable)
        var mainTotal = lengths.reduce(0, +) + self.spacing * Double(max(0, children.count - 1))
        // Offered a length, a stack with flexible children takes all of it.
        if mainAvailable.isFinite, children.contains(where: { self.isFlexible($0) }) { mainTotal = max(mainTotal, mainAvailable - remaining) }
        var crossMaximum = 0.0
        for (index, child) in children.enumerated() {
            // A child that fills the stack across takes what the stack has; it does not make the
            // stack longer across (a photo of height `fill` beside a column of text).
            if child is Spacer || self.crossDimension(child) == .fill { continue }
            let given = self.fixedCross(child, in: crossAvailable)
            let crossLength = given ?? min(self.fit(child, main: lengths[index], cross: crossAvailable).cross, crossAvailable)
            crossMaximum = max(crossMaximum, crossLength)
        }
        return self.size(main: mainTotal + self.mainPadding, cross: crossMaximum + self.crossPadding)
    }

    // MARK: - Layout

    public override func layoutSubviews() {
        let inner = self.bounds.inset(by: self.padding)
        let mainLength = max(0, self.main(inner.size))
        let crossLength = max(0, self.cross(inner.size))
        let children = self.arranged
        guard !children.isEmpty else { return }
        let crossGiven = children.map { self.fixedCross($0, in: crossLength) }
        let (lengths, remaining) = self.lengths(children, mainLength: mainLength, crossLength: crossLength)

        var position = 0.0
        var gap = self.spacing
        switch self.distribution {
        case .start: break
        case .center: position = remaining / 2
        case .end: position = remaining
        case .spaceBetween:
            if children.count > 1 { gap += remaining / Double(children.count - 1) } else { position = remaining / 2 }
        }
        let mainOrigin = self.axis == .vertical ? inner.minY : inner.minX
        let crossOrigin = self.axis == .vertical ? inner.minX : inner.minY
        for (index, child) in children.enumerated() {
            let length = lengths[index]
            let crossSize = crossGiven[index] ?? min(self.fit(child, main: length, cross: crossLength).cross, crossLength)
            var offset = 0.0
            switch self.alignment {
            case .leading, .fill: offset = 0
            case .center: offset = (crossLength - crossSize) / 2
            case .trailing: offset = crossLength - crossSize
            }
            let frame: Rect
            if self.axis == .vertical {
                frame = Rect(x: crossOrigin + offset, y: mainOrigin + position, width: crossSize, height: length)
            } else {
                frame = Rect(x: mainOrigin + position, y: crossOrigin + offset, width: length, height: crossSize)
            }
            child.frame = frame.roundedToPoints()
            position += length + gap
        }
    }
}

/// Flexible room in a stack: spacers share what the other children leave, never less than
/// `minLength` each (SwiftUI's `Spacer(minLength:)`).
public final class Spacer: View {
    public var minLength: Double { didSet { self.superview?.setNeedsLayout() } }

    public init(minLength: Double = 0) {
        self.minLength = minLength
        super.init()
        self.isUserInteractionEnabled = false
    }

    public override func sizeThatFits(_ size: Size) -> Size { Size(width: self.minLength, height: self.minLength) }
}

extension Rect {
    /// Origin and size rounded to 1/1000 point, so sums of fractions do not leave a hairline
    /// seam between neighbours (the compositor snaps to pixels).
    func roundedToPoints() -> Rect {
        func r(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        return Rect(x: r(self.minX), y: r(self.minY), width: max(0, r(self.width)), height: max(0, r(self.height)))
    }
}
