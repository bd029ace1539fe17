import VitrineCore
import VitrineGestures
import VitrineGraphics

/// One row: thumbnail, title over subtitle, trailing text, chevron; tappable when it has an
/// action.
///
/// A `ListView` makes a row view only while its row is in view and hands it to another row of
/// the same `Shape` when it scrolls out (`configure(with:)`), so a list of 10,000 rows keeps a
/// screenful of these.
public final class ListRowView: View {
    public private(set) var row: ListRow
    public let titleLabel: Label
    public let subtitleLabel: Label?
    public let trailingLabel: Label?
    public let thumbnailView: ImageView?
    public let chevron: Label?
    /// The hairline above the row (every row of a group but its first), inset to the text. The
    /// list puts it in the row's group, above every row, as a view of its own: a row's subview
    /// would be placed from the row's rounded pixel position, not the group's.
    let separator = View()
    public let tap = TapGestureRecognizer()
    public private(set) var isHighlighted = false
    /// Taps that acted since the view last showed another row.
    public private(set) var actionCount = 0
    public let shape: Shape
    /// The row shown, in its list.
    var listIndex = ListIndex(section: 0, row: 0)
    private let highlightColor: Color

    /// Thumbnail side and the space around the row's content.
    public static let thumbnailSize = 48.0
    static let padding = 16.0

    /// Which parts a row has: row views are reused only between rows of one shape.
    public struct Shape: Hashable, Sendable {
        public var subtitle: Bool
        public var trailing: Bool
        public var thumbnail: Bool
        public var disclosure: Bool
        public var tappable: Bool

        public init(_ row: ListRow) {
            self.subtitle = row.subtitle != nil
            self.trailing = row.trailing != nil
            self.thumbnail = row.thumbnail != nil
            self.disclosure = row.disclosure
            self.tappable = row.action != nil
        }
    }

    /// A row's texts.
    enum Part {
        case title
        case subtitle
        case trailing

        /// The part's text style under `theme`.
        func style(_ theme: Theme) -> TextStyle {
            switch self {
            case .title: theme.textStyle(.body, maximumLines: 2)
            case .subtitle: theme.textStyle(.subheadline, maximumLines: 2)
            case .trailing: theme.textStyle(.body, alignment: .right, maximumLines: 1)
            }
        }
    }

    public init(row: ListRow, theme: Theme) {
        self.row = row
        self.shape = Shape(row)
        self.titleLabel = Label(text: row.title, style: Part.title.style(theme), color: theme.label)
        self.subtitleLabel = row.subtitle.map { Label(text: $0, style: Part.subtitle.style(theme), color: theme.secondaryLabel) }
        self.trailingLabel = row.trailing.map { Label(text: $0, style: Part.trailing.style(theme), color: theme.secondaryLabel) }
        self.thumbnailView = row.thumbnail.map { image in
            let view = ImageView(image: image, scaleMode: .fill)
            view.cornerRadius = 8
            return view
        }
        self.chevron = row.disclosure ? Icon.label("chevron", size: 24 * theme.typeScale, color: theme.secondaryLabel.withOpacity(0.8)) : nil
        self.highlightColor = theme.separator.withOpacity(0.45)
        super.init()
        self.identifier = row.identifier
        self.separator.backgroundColor = theme.separator
        self.separator.isUserInteractionEnabled = false
        for view in [self.thumbnailView, self.titleLabel, self.subtitleLabel, self.trailingLabel, self.chevron].compactMap({ $0 }) as [View] {
            view.isUserInteractionEnabled = false
            self.addSubview(view)
        }
        if row.action != nil {
            self.addGestureRecognizer(self.tap)
            self.tap.onDown = { [unowned self] _ in self.setHighlighted(true) }
            self.tap.onChange = { [unowned self] tap in
                self.setHighlighted(false)
                if tap.state == .ended {
                    self.actionCount += 1
                    self.row.action?()
                }
            }
        }
    }

    public override var canBecomeFocused: Bool { self.row.action != nil }
    public override var accessibilityRole: AccessibilityRole? { self.row.action != nil ? .button : .text }
    public override var accessibilityContent: String? { self.row.title }
    /// The trailing text (a price), unless it is the check mark a chosen row shows.
    public override var accessibilityValue: String? {
        guard let trailing = self.row.trailing, !Self.checkMarks.contains(trailing) else { return nil }
        return trailing
    }
    public override var accessibilityTraits: AccessibilityTraits {
        self.row.trailing.map { Self.checkMarks.contains($0) ? .selected : [] } ?? []
    }
    public override var accessibilityDetail: String? { self.row.subtitle }
    /// The marks a row's trailing text shows for "this one is chosen" (said as "selected").
    static let checkMarks: Set<String> = ["✓", "✔", "☑"]

    /// The row's place among the rows its section shows ("2 of 3").
    var accessibilityPlace: (index: Int, count: Int)? {
        var view = self.superview
        while let current = view, !(current is ListView) { view = current.superview }
        guard let list = view as? ListView else { return nil }
        return (self.listIndex.row + 1, list.rowCount(inSection: self.listIndex.section))
    }

    /// Enter on a focused row: its action, as a tap would.
    public override func activate() -> Bool {
        guard let action = self.row.action else { return false }
        self.actionCount += 1
        action()
        return true
    }

    /// Shows `row` (of this view's shape) instead of the one it showed.
    func configure(with row: ListRow) {
        self.row = row
        self.identifier = row.identifier
        self.titleLabel.text = row.title
        if let subtitle = row.subtitle { self.subtitleLabel?.text = subtitle }
        if let trailing = row.trailing { self.trailingLabel?.text = trailing }
        self.thumbnailView?.image = row.thumbnail
        self.actionCount = 0
        if self.isHighlighted { self.setHighlighted(false) }
        self.setNeedsLayout()
    }

    private func setHighlighted(_ on: Bool) {
        self.isHighlighted = on
        self.backgroundColor = on ? self.highlightColor : nil
    }

    /// A label's frame size in a text column `width` wide: as tall as its text, and only as wide
    /// as its longest line (plus 4 points for glyphs that reach past their advance) when that
    /// line starts at the left. A label's bitmap is its frame: a 10-character title in a 4K
    /// row was a 3,600 × 44-pixel bitmap, 96 of them on screen, composited every frame of a
    /// scroll. The same lines break the same way at their own width (each fitted the wider).
    private static func fitted(_ label: Label, width: Double) -> Size {
        guard let layout = label.layout(width: width) else { return Size(width: width, height: 0) }
        let leftToRight = label.style.alignment == .left || (label.style.alignment == .natural && layout.lines.first?.isRightToLeft != true)
        guard leftToRight else { return Size(width: width, height: layout.size.height) }
        return Size(width: min(width, (layout.size.width + 4).rounded(.up)), height: layout.size.height)
    }

    /// Where the text starts (and the separator above the row).
    var textStart: Double { Self.textStart(thumbnail: self.thumbnailView != nil) }

    static func textStart(thumbnail: Bool) -> Double { Self.padding + (thumbnail ? Self.thumbnailSize + 12 : 0) }

    /// The row's height at `width`, its texts measured by `measure` (part, text, wrap width or
    /// nil for none → size). `sizeThatFits` and the list's measuring of rows that have no view
    /// both come here, so a row is as tall on screen as the list planned.
    static func height(of row: ListRow, width: Double, measure: (Part, String, Double?) -> Size) -> Double {
        let trailing = row.trailing.map { min(240, measure(.trailing, $0, nil).width) } ?? 0
        let chevron = row.disclosure ? 24.0 : 0
        let textWidth = Self.textWidth(rowWidth: width, thumbnail: row.thumbnail != nil, trailing: trailing, chevron: chevron)
        let title = measure(.title, row.title, textWidth).height
        let subtitle = row.subtitle.map { measure(.subtitle, $0, textWidth).height + 2 } ?? 0
        let content = max(title + subtitle, row.thumbnail == nil ? 0 : Self.thumbnailSize)
        // 11 points above and below the text: iOS's 44-point single-line row at 17-point body.
        return max(Button.minimumHitSize, content + 22)
    }

    private static func textWidth(rowWidth: Double, thumbnail: Bool, trailing: Double, chevron: Double) -> Double {
        max(40, rowWidth - Self.textStart(thumbnail: thumbnail) - Self.padding - trailing - (trailing > 0 ? 12 : 0) - chevron - (chevron > 0 ? 4 : 0))
    }

    private var endWidth: (trailing: Double, chevron: Double) {
        let trailing = self.trailingLabel.map { min(240, $0.sizeThatFits(Size(width: .infinity, height: .infinity)).width) } ?? 0
        let chevron = self.chevron == nil ? 0 : 24.0
        return (trailing, chevron)
    }

    private func textWidth(rowWidth: Double) -> Double {
        let end = self.endWidth
        return Self.textWidth(rowWidth: rowWidth, thumbnail: self.thumbnailView != nil, trailing: end.trailing, chevron: end.chevron)
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        let width = size.width.isFinite ? size.width : 480
        let height = Self.height(of: self.row, width: width) { part, _, wrap in
            let label: Label? =
                switch part {
                case .title: self.titleLabel
                case .subtitle: self.subtitleLabel
                case .trailing: self.trailingLabel
                }
            return label?.sizeThatFits(Size(width: wrap ?? .infinity, height: .infinity)) ?? .zero
        }
        return Size(width: width, height: height)
    }

    public override func layoutSubviews() {
        let bounds = self.bounds
        let textWidth = self.textWidth(rowWidth: bounds.width)
        let title = Self.fitted(self.titleLabel, width: textWidth)
        let subtitle = self.subtitleLabel.map { Self.fitted($0, width: textWidth) } ?? .zero
        let textHeight = title.height + (self.subtitleLabel == nil ? 0 : subtitle.height + 2)
        var y = (bounds.height - textHeight) / 2
        self.titleLabel.frame = Rect(x: self.textStart, y: y, width: title.width, height: title.height)
        y += title.height + 2
        self.subtitleLabel?.frame = Rect(x: self.textStart, y: y, width: subtitle.width, height: subtitle.height)
        self.thumbnailView?.frame = Rect(x: Self.padding, y: (bounds.height - Self.thumbnailSize) / 2, width: Self.thumbnailSize, height: Self.thumbnailSize)
        let end = self.endWidth
        var x = bounds.width - Self.padding
        if let chevron = self.chevron {
            x -= end.chevron
            chevron.frame = Rect(x: x + 4, y: (bounds.height - 24) / 2, width: 24, height: 24)
            x -= 4
        }
        if let trailing = self.trailingLabel {
            x -= end.trailing
            trailing.frame = Rect(x: x, y: 0, width: end.trailing, height: bounds.height)
        }
    }
}
