import VitrineCore
import VitrineGraphics
import VitrineMotion

/// One choice of two to five, side by side (UISegmentedControl; Material 3's segmented
/// buttons): equal segments on a wash of the tint, the chosen one on a `tint` indicator that
/// slides to the segment tapped.
///
/// Each segment is a plain `Button` (so it is focused, activated, audited and said as one:
/// "Child, button, selected, 2 of 3"), at least 44 points each way (`Button.minimumHitSize`).
/// Colours are the buttons' own pairs (`Theme.contrastPairs`, 4.5:1): the chosen title in
/// `onTint` on `tint` (a filled button), the others in `tint` on the 15 % wash (a tinted one).
public final class SegmentedView: View {
    /// Between the control's edge and the segments, where the wash shows around the indicator.
    public static let inset = 2.0
    /// Each side of a segment's title, in the widest segment (all are that wide).
    public static let titlePadding = 12.0
    /// The fewest and most segments: fewer than two is no choice; more than five squeezes the
    /// titles of a control across a portrait 800-point screen (five segments of about 150
    /// points), and a longer choice reads better as a list.
    public static let segmentRange = 2...5
    /// The indicator's slide: the toggle's spring (`ToggleView.thumbSpring`).
    public static let indicatorSpring = ToggleView.thumbSpring

    public let segments: [Button]
    public let indicator = View()
    /// The chosen segment; nil: none (a bound value that matches no option).
    public private(set) var selectedIndex: Int?
    /// Called when a tap or a key chose a segment (not when `select` was called).
    public var onSelect: ((Int) -> Void)?

    private let selectedColor: Color
    private let normalColor: Color
    /// The indicator's left edge while it slides (nil: at its segment).
    private var indicatorX: Double?
    private var spring: SpringAnimation?

    /// - Precondition: 2 to 5 titles (`segmentRange`; a config's are checked when it is read).
    public init(titles: [String], selectedIndex: Int? = nil, theme: Theme = .standard) {
        precondition(Self.segmentRange.contains(titles.count), "a segmented control has 2 to 5 segments")
        self.selectedColor = theme.onTint
        self.normalColor = theme.tint
        self.segments = titles.map { Button(title: $0, style: .plain, theme: theme) }
        self.selectedIndex = selectedIndex.flatMap { titles.indices.contains($0) ? $0 : nil }
        super.init()
        self.backgroundColor = theme.tint.withOpacity(ButtonStyle.tintedWashOpacity)
        self.cornerRadii = CornerRadii(all: theme.cornerRadius)
        self.indicator.backgroundColor = theme.tint
        self.indicator.cornerRadii = CornerRadii(all: max(0, theme.cornerRadius - Self.inset))
        self.indicator.isUserInteractionEnabled = false
        self.addSubview(self.indicator)
        for (index, segment) in self.segments.enumerated() {
            segment.cornerRadii = self.indicator.cornerRadii
            segment.action = { [unowned self] in self.choose(index) }
            self.addSubview(segment)
        }
        self.showSelection()
    }

    /// Shows segment `index` as chosen (nil or out of range: none); `animated` slides the
    /// indicator there, else it jumps.
    public func select(_ index: Int?, animated: Bool) {
        let index = index.flatMap { self.segments.indices.contains($0) ? $0 : nil }
        guard index != self.selectedIndex else { return }
        let from = self.selectedIndex.map { self.segmentFrame($0).minX }
        self.selectedIndex = index
        self.showSelection()
        guard animated, let from, let index, let animator = self.window?.animator, self.bounds.width > 0 else {
            self.spring.map { self.window?.animator.stop($0) }
            self.indicatorX = nil
            self.setNeedsLayout()
            return
        }
        let spring =
            self.spring
            ?? {
                let spring = SpringAnimation(value: from, target: from, parameters: Self.indicatorSpring)
                spring.onUpdate = { [unowned self] x in
                    self.indicatorX = x
                    self.placeIndicator()
                }
                spring.onComplete = { [unowned self] in
                    self.indicatorX = nil
                    self.placeIndicator()
                }
                self.spring = spring
                return spring
            }()
        if !animator.isRunning(spring) { spring.reset(value: self.indicatorX ?? from) }
        spring.retarget(to: self.segmentFrame(index).minX)
        animator.run(spring)
    }

    private func choose(_ index: Int) {
        let changed = index != self.selectedIndex
        self.select(index, animated: true)
        if changed { self.onSelect?(index) }
    }

    private func showSelection() {
        for (index, segment) in self.segments.enumerated() {
            let chosen = index == self.selectedIndex
            segment.isSelected = chosen
            segment.contentColor = chosen ? self.selectedColor : self.normalColor
        }
        self.indicator.isHidden = self.selectedIndex == nil
    }

    /// Segment `index`'s frame: equal widths across the inside.
    private func segmentFrame(_ index: Int) -> Rect {
        let inside = self.bounds.insetBy(dx: Self.inset, dy: Self.inset)
        let width = inside.width / Double(self.segments.count)
        return Rect(x: inside.minX + width * Double(index), y: inside.minY, width: width, height: inside.height)
    }

    private func placeIndicator() {
        guard let index = self.selectedIndex else { return }
        var frame = self.segmentFrame(index)
        if let x = self.indicatorX { frame.origin.x = x }
        self.indicator.frame = frame
    }

    /// As wide as the widest title needs, times the segments (each at least 44 points), and 44
    /// points tall inside the inset; in a wider place it takes the width given.
    public override func sizeThatFits(_ size: Size) -> Size {
        let widest = self.segments.map { $0.titleLabel.sizeThatFits(Size(width: .infinity, height: .infinity)).width }.max() ?? 0
        let segment = max(Button.minimumHitSize, widest + 2 * Self.titlePadding)
        let natural = segment * Double(self.segments.count) + 2 * Self.inset
        let width = size.width.isFinite ? max(size.width, Button.minimumHitSize * Double(self.segments.count) + 2 * Self.inset) : natural
        return Size(width: width, height: Button.minimumHitSize + 2 * Self.inset)
    }

    public override func layoutSubviews() {
        for (index, segment) in self.segments.enumerated() { segment.frame = self.segmentFrame(index) }
        self.placeIndicator()
    }
}
