import VitrineCore
import VitrineGestures
import VitrineGraphics

/// One row of a `ListView`.
public struct ListRow {
    public var title: String
    public var subtitle: String?
    /// Text at the row's end (a price, a time, a count).
    public var trailing: String?
    /// A picture at the row's start, 48 points square, rounded, cropped to fill.
    public var thumbnail: PixelBuffer?
    /// A chevron at the end: the row leads somewhere.
    public var disclosure: Bool
    /// What a tap does; a row without one is not tappable and does not highlight.
    public var action: (() -> Void)?
    /// A name for tests and tools.
    public var identifier: String?

    public init(
        title: String, subtitle: String? = nil, trailing: String? = nil, thumbnail: PixelBuffer? = nil, disclosure: Bool = false,
        identifier: String? = nil, action: (() -> Void)? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.trailing = trailing
        self.thumbnail = thumbnail
        self.disclosure = disclosure
        self.identifier = identifier
        self.action = action
    }
}

/// A group of rows with an optional header above and footer below.
public struct ListSection {
    public var header: String?
    public var footer: String?
    public var rows: [ListRow]

    public init(header: String? = nil, footer: String? = nil, rows: [ListRow]) {
        self.header = header
        self.footer = footer
        self.rows = rows
    }
}

/// Sections of rows in rounded groups on the screen's background (iOS's inset-grouped list):
/// headers in small capitals above each group, footers below, hairlines between rows inset to
/// the text. A tappable row highlights while pressed and acts on a tap; a drag that scrolls
/// the screen cancels the press (the gesture arena).
///
/// The list is as tall as its rows (`sizeThatFits`); put it in a scroll view, or make it a
/// screen's content (screens scroll when their content is taller than they are).
public final class ListView: View {
    public private(set) var sections: [ListSection]
    public private(set) var rowViews: [[ListRowView]] = []
    private var headerLabels: [Label?] = []
    private var footerLabels: [Label?] = []
    private var groups: [View] = []
    private var separators: [[View]] = []
    private let theme: Theme

    /// Between one section's footer and the next header (iOS's 35-point grouped spacing, a
    /// little less for kiosk density).
    public static let sectionSpacing = 28.0

    public init(sections: [ListSection], theme: Theme = .standard) {
        self.sections = sections
        self.theme = theme
        super.init()
        self.build()
    }

    /// Replaces every row (the data behind a repeated list changed).
    public func setSections(_ sections: [ListSection]) {
        self.sections = sections
        for view in self.subviews { view.removeFromSuperview() }
        self.rowViews = []
        self.headerLabels = []
        self.footerLabels = []
        self.groups = []
        self.separators = []
        self.build()
        self.superview?.setNeedsLayout()
        self.setNeedsLayout()
    }

    private func build() {
        let theme = self.theme
        for section in self.sections {
            let header = section.header.map { text in
                Label(text: text.uppercased(), style: theme.textStyle(.footnote, maximumLines: 2), color: theme.secondaryLabel)
            }
            let footer = section.footer.map { text in
                Label(text: text, style: theme.textStyle(.footnote), color: theme.secondaryLabel)
            }
            let group = View()
            group.backgroundColor = theme.surface
            group.cornerRadii = CornerRadii(all: theme.cornerRadius)
            group.clipsToBounds = true
            var rows: [ListRowView] = []
            var lines: [View] = []
            for (index, row) in section.rows.enumerated() {
                let view = ListRowView(row: row, theme: theme)
                rows.append(view)
                group.addSubview(view)
                if index > 0 {
                    let line = View()
                    line.backgroundColor = theme.separator
                    line.isUserInteractionEnabled = false
                    lines.append(line)
                }
            }
            for line in lines { group.addSubview(line) }
            for label in [header, footer].compactMap({ $0 }) {
                label.centersVertically = false
                label.isUserInteractionEnabled = false
                self.addSubview(label)
            }
            self.addSubview(group)
            self.headerLabels.append(header)
            self.footerLabels.append(footer)
            self.groups.append(group)
            self.rowViews.append(rows)
            self.separators.append(lines)
        }
    }

    /// Every row view, section by section.
    public var allRows: [ListRowView] { self.rowViews.flatMap { $0 } }

    /// Lays everything out for `width` and returns the height (without touching frames when
    /// `apply` is false).
    private func place(width: Double, apply: Bool) -> Double {
        let textInset = 16.0
        var y = 0.0
        for (index, group) in self.groups.enumerated() {
            if index > 0 { y += Self.sectionSpacing }
            if let header = self.headerLabels[index] {
                let height = header.sizeThatFits(Size(width: width - 2 * textInset, height: .infinity)).height
                if apply { header.frame = Rect(x: textInset, y: y, width: width - 2 * textInset, height: height) }
                y += height + 8
            }
            var rowY = 0.0
            let hairline = 1 / (self.window?.scale ?? 1)
            for (rowIndex, row) in self.rowViews[index].enumerated() {
                let height = row.sizeThatFits(Size(width: width, height: .infinity)).height
                if apply {
                    row.frame = Rect(x: 0, y: rowY, width: width, height: height)
                    if rowIndex > 0 {
                        let lineX = row.textStart
                        self.separators[index][rowIndex - 1].frame = Rect(x: lineX, y: rowY - hairline / 2, width: width - lineX, height: hairline)
                    }
                }
                rowY += height
            }
            if apply { group.frame = Rect(x: 0, y: y, width: width, height: rowY) }
            y += rowY
            if let footer = self.footerLabels[index] {
                let height = footer.sizeThatFits(Size(width: width - 2 * textInset, height: .infinity)).height
                if apply { footer.frame = Rect(x: textInset, y: y + 8, width: width - 2 * textInset, height: height) }
                y += height + 8
            }
        }
        return y
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        let width = size.width.isFinite ? size.width : 480
        return Size(width: width, height: self.place(width: width, apply: false))
    }

    public override func layoutSubviews() {
        _ = self.place(width: self.bounds.width, apply: true)
    }
}

/// One row: thumbnail, title over subtitle, trailing text, chevron; tappable when it has an
/// action.
public final class ListRowView: View {
    public let row: ListRow
    public let titleLabel: Label
    public let subtitleLabel: Label?
    public let trailingLabel: Label?
    public let thumbnailView: ImageView?
    public let chevron: Label?
    public let tap = TapGestureRecognizer()
    public private(set) var isHighlighted = false
    /// Taps that acted.
    public private(set) var actionCount = 0
    private let highlightColor: Color

    /// Thumbnail side and the space around the row's content.
    static let thumbnailSize = 48.0
    static let padding = 16.0

    public init(row: ListRow, theme: Theme) {
        self.row = row
        self.titleLabel = Label(text: row.title, style: theme.textStyle(.body, maximumLines: 2), color: theme.label)
        self.subtitleLabel = row.subtitle.map { Label(text: $0, style: theme.textStyle(.subheadline, maximumLines: 2), color: theme.secondaryLabel) }
        self.trailingLabel = row.trailing.map {
            Label(text: $0, style: theme.textStyle(.body, alignment: .right, maximumLines: 1), color: theme.secondaryLabel)
        }
        self.thumbnailView = row.thumbnail.map { image in
            let view = ImageView(image: image, scaleMode: .fill)
            view.cornerRadius = 8
            return view
        }
        self.chevron = row.disclosure ? Icon.label("chevron", size: 24 * theme.typeScale, color: theme.secondaryLabel.withOpacity(0.8)) : nil
        self.highlightColor = theme.separator.withOpacity(0.45)
        super.init()
        self.identifier = row.identifier
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

    private func setHighlighted(_ on: Bool) {
        self.isHighlighted = on
        self.backgroundColor = on ? self.highlightColor : nil
    }

    /// Where the text starts (and the separator above the row).
    var textStart: Double { Self.padding + (self.thumbnailView == nil ? 0 : Self.thumbnailSize + 12) }

    private var endWidth: (trailing: Double, chevron: Double) {
        let trailing = self.trailingLabel.map { min(240, $0.sizeThatFits(Size(width: .infinity, height: .infinity)).width) } ?? 0
        let chevron = self.chevron == nil ? 0 : 24.0
        return (trailing, chevron)
    }

    private func textWidth(rowWidth: Double) -> Double {
        let end = self.endWidth
        return max(40, rowWidth - self.textStart - Self.padding - end.trailing - (end.trailing > 0 ? 12 : 0) - end.chevron - (end.chevron > 0 ? 4 : 0))
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        let width = size.width.isFinite ? size.width : 480
        let textWidth = self.textWidth(rowWidth: width)
        let title = self.titleLabel.sizeThatFits(Size(width: textWidth, height: .infinity)).height
        let subtitle = self.subtitleLabel.map { $0.sizeThatFits(Size(width: textWidth, height: .infinity)).height + 2 } ?? 0
        let content = max(title + subtitle, self.thumbnailView == nil ? 0 : Self.thumbnailSize)
        // 11 points above and below the text: iOS's 44-point single-line row at 17-point body.
        return Size(width: width, height: max(Button.minimumHitSize, content + 22))
    }

    public override func layoutSubviews() {
        let bounds = self.bounds
        let textWidth = self.textWidth(rowWidth: bounds.width)
        let title = self.titleLabel.sizeThatFits(Size(width: textWidth, height: .infinity)).height
        let subtitle = self.subtitleLabel.map { $0.sizeThatFits(Size(width: textWidth, height: .infinity)).height } ?? 0
        let textHeight = title + (self.subtitleLabel == nil ? 0 : subtitle + 2)
        var y = (bounds.height - textHeight) / 2
        self.titleLabel.frame = Rect(x: self.textStart, y: y, width: textWidth, height: title)
        y += title + 2
        self.subtitleLabel?.frame = Rect(x: self.textStart, y: y, width: textWidth, height: subtitle)
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
