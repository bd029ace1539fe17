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
///
/// In a scroll view only the rows in view, and `overscan` points either side, have views
/// (UITableView's reuse): rows are made as they scroll in and handed to the rows that come
/// next as they scroll out, so 10,000 rows cost a screenful of views. The other rows are data
/// and a height, measured once per width from their texts (`ListRowView.height`).
public final class ListView: View {
    public private(set) var sections: [ListSection]
    /// The rows shown of each section, by their index in `sections` (nil: all of them): a
    /// search narrows a list without rebuilding or measuring its rows again (`setFilter`).
    public private(set) var filter: [[Int]]?
    private var headerLabels: [Label?] = []
    private var footerLabels: [Label?] = []
    private var groups: [View] = []
    private let theme: Theme
    private let metrics: ListMetrics
    /// The row views in use, by section and row.
    private var shown: [ListIndex: ListRowView] = [:]
    /// Row views out of view, kept for the next rows of their shape.
    private var spare: [ListRowView.Shape: [ListRowView]] = [:]
    /// The scroll view whose offset says which rows are in view (found at layout).
    private weak var scroller: ScrollView?
    /// The row whose view had the focus when its view went back to the spares (new data):
    /// the view that shows that row next takes the focus over, so a keypad's select on a row
    /// that changes the data leaves the focus on that row — not on a reused view now showing
    /// another one.
    private var focusedRow: ListIndex?
    /// The view that had the focus then (it may come back showing another row).
    private weak var focusedRowView: ListRowView?

    /// Between one section's footer and the next header (iOS's 35-point grouped spacing, a
    /// little less for kiosk density).
    public static let sectionSpacing = 28.0
    /// How far beyond the scroll view's edges rows have views: half a 1080-point screen, so a
    /// fling's frame (at most ~200 points at 12,000 points/s) never shows a row not yet made.
    public static let overscan = 540.0
    /// Spare row views kept per shape beyond those in use (a scroll that turns back reuses them).
    static let sparesKept = 8

    public init(sections: [ListSection], theme: Theme = .standard) {
        self.sections = sections
        self.theme = theme
        self.metrics = ListMetrics(theme: theme)
        super.init()
        self.buildSections()
    }

    /// Replaces every row (the data behind a repeated list changed). Rows whose texts did not
    /// change keep their measured heights.
    public func setSections(_ sections: [ListSection], filter: [[Int]]? = nil) {
        self.sections = sections
        self.filter = filter
        self.metrics.sectionsChanged()
        for (_, view) in self.shown { self.recycle(view) }
        self.shown = [:]
        for view in self.subviews { view.removeFromSuperview() }
        self.headerLabels = []
        self.footerLabels = []
        self.groups = []
        self.buildSections()
        self.superview?.setNeedsLayout()
        self.setNeedsLayout()
    }

    /// Shows only the rows `filter` lists of each section (indices into `sections`, in order;
    /// nil: every row). The rows keep their measured heights; only the views in view change.
    public func setFilter(_ filter: [[Int]]?) {
        guard filter != self.filter else { return }
        self.filter = filter
        self.metrics.filterChanged()
        for (_, view) in self.shown { self.recycle(view) }
        self.shown = [:]
        self.superview?.setNeedsLayout()
        self.setNeedsLayout()
    }

    /// How many rows section `section` shows (the filter's, else all).
    func rowCount(inSection section: Int) -> Int {
        guard section < self.sections.count else { return 0 }
        return self.filter?[section].count ?? self.sections[section].rows.count
    }

    /// The row shown at `index` (a place among the rows the filter leaves).
    func row(at index: ListIndex) -> ListRow {
        let section = self.sections[index.section]
        return section.rows[self.filter?[index.section][index.row] ?? index.row]
    }

    private func buildSections() {
        let theme = self.theme
        for section in self.sections {
            let header = section.header.map { text in
                let label = Label(text: text.uppercased(), style: theme.textStyle(.footnote, maximumLines: 2), color: theme.secondaryLabel)
                // Said as written: capitals are a look, and a voice may spell them.
                label.accessibilityLabel = text
                label.isHeading = true
                return label
            }
            let footer = section.footer.map { text in
                Label(text: text, style: theme.textStyle(.footnote), color: theme.secondaryLabel)
            }
            let group = View()
            group.backgroundColor = theme.surface
            group.cornerRadii = CornerRadii(all: theme.cornerRadius)
            group.clipsToBounds = true
            for label in [header, footer].compactMap({ $0 }) {
                label.centersVertically = false
                label.isUserInteractionEnabled = false
                self.addSubview(label)
            }
            self.addSubview(group)
            self.headerLabels.append(header)
            self.footerLabels.append(footer)
            self.groups.append(group)
        }
    }

    /// The row views on screen now (and in the overscan), section by section, top to bottom.
    public var allRows: [ListRowView] { self.shown.sorted { $0.key < $1.key }.map(\.value) }

    /// How many rows the list has, in all sections.
    public var rowCount: Int {
        if let filter = self.filter { return filter.reduce(0) { $0 + $1.count } }
        return self.sections.reduce(0) { $0 + $1.rows.count }
    }

    /// The view showing row `row` of section `section`, when it is in view.
    public func rowView(section: Int, row: Int) -> ListRowView? { self.shown[ListIndex(section: section, row: row)] }

    /// Row views that exist, in use or spare (for tests: it stays near a screenful).
    public private(set) var rowViewCount = 0
    /// Texts laid out to measure the rows so far (for tests: one-line rows are measured
    /// without shaping, so a long feed needs a few).
    public var textsLaidOutToMeasure: Int { self.metrics.textsLaidOut }

    /// The frame of row `row` of section `section` in the list's coordinates (laid out or not),
    /// nil when there is no such row.
    public func rowFrame(section: Int, row: Int) -> Rect? {
        guard let plan = self.metrics.plan(for: self.bounds.width), section < plan.groupTops.count, row < plan.rowTops[section].count else { return nil }
        let top = plan.groupTops[section] + plan.rowTops[section][row]
        return Rect(x: 0, y: top, width: self.bounds.width, height: plan.rowTops[section][row + 1] - plan.rowTops[section][row])
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        let width = size.width.isFinite ? size.width : 480
        return Size(width: width, height: self.plan(width: width).height)
    }

    private func plan(width: Double) -> ListPlan {
        self.metrics.plan(
            width: width, sections: self.sections, filter: self.filter, headers: self.headerLabels, footers: self.footerLabels, fonts: self.window?.fonts,
            scale: self.window?.scale ?? 1)
    }

    public override func layoutSubviews() {
        let width = self.bounds.width
        let plan = self.plan(width: width)
        for (index, group) in self.groups.enumerated() {
            if let header = self.headerLabels[index] { header.frame = plan.headerFrames[index] }
            group.frame = Rect(x: 0, y: plan.groupTops[index], width: width, height: plan.rowTops[index].last ?? 0)
            if let footer = self.footerLabels[index] { footer.frame = plan.footerFrames[index] }
        }
        self.watchScroller()
        self.updateRows(plan: plan, relayout: true)
    }

    /// Finds the scroll view the list is in and asks it to say when it scrolls.
    private func watchScroller() {
        var view = self.superview
        while let current = view, !(current is ScrollView) { view = current.superview }
        let scroller = view as? ScrollView
        guard scroller !== self.scroller else { return }
        self.scroller = scroller
        scroller?.onScroll(self) { [weak self] in self?.scrolled() }
    }

    private func scrolled() {
        guard let plan = self.metrics.plan(for: self.bounds.width) else { return }
        self.updateRows(plan: plan, relayout: false)
    }

    /// The part of the list (its y range) in view: the scroll view's bounds, or all of it
    /// outside one.
    private func visibleRange() -> ClosedRange<Double> {
        guard let scroller = self.scroller else { return 0...max(0, self.bounds.height) }
        var top = 0.0
        var view: View? = self
        while let current = view, current !== scroller {
            top += current.frame.minY
            view = current.superview
        }
        guard view === scroller else { return 0...max(0, self.bounds.height) }
        return (-top - Self.overscan)...(-top + scroller.bounds.height + Self.overscan)
    }

    /// Gives views to the rows in view and takes them from rows that left.
    private func updateRows(plan: ListPlan, relayout: Bool) {
        let range = self.visibleRange()
        var wanted: [ListIndex] = []
        for section in self.sections.indices where section < plan.groupTops.count {
            let tops = plan.rowTops[section]
            let groupTop = plan.groupTops[section]
            guard let groupBottom = tops.last.map({ groupTop + $0 }), groupBottom > range.lowerBound, groupTop < range.upperBound else { continue }
            var row = ListPlan.firstRow(endingAfter: range.lowerBound - groupTop, in: tops)
            while row < tops.count - 1 && groupTop + tops[row] < range.upperBound {
                wanted.append(ListIndex(section: section, row: row))
                row += 1
            }
        }
        let keep = Set(wanted)
        for (index, view) in self.shown where !keep.contains(index) {
            self.shown[index] = nil
            self.recycle(view)
        }
        let hairline = 1 / (self.window?.scale ?? 1)
        for index in wanted {
            let existing = self.shown[index]
            guard existing == nil || relayout else { continue }
            let view = existing ?? self.dequeue(for: index)
            let tops = plan.rowTops[index.section]
            let top = tops[index.row]
            view.frame = Rect(x: 0, y: top, width: self.bounds.width, height: tops[index.row + 1] - top)
            if index.row > 0 {
                let x = view.textStart
                view.separator.frame = Rect(x: x, y: top - hairline / 2, width: self.bounds.width - x, height: hairline)
            }
        }
        if let row = self.focusedRow, let view = self.shown[row], let window = self.window {
            self.focusedRow = nil
            // Only while the focus is still on the view that left (nothing moved it since); that
            // view may be back showing another row, or spare.
            if view.canBecomeFocused, let focused = window.focusedView, focused === self.focusedRowView { window.moveFocus(to: view) }
            self.focusedRowView = nil
        }
    }

    /// A view for the row at `index`, reused when one of its shape is spare, put in its group
    /// in row order, its hairline above every row (it is drawn over the bottom of the row above).
    private func dequeue(for index: ListIndex) -> ListRowView {
        let row = self.row(at: index)
        let shape = ListRowView.Shape(row)
        let view: ListRowView
        if let reused = self.spare[shape]?.popLast() {
            reused.configure(with: row)
            view = reused
        } else {
            view = ListRowView(row: row, theme: self.theme)
            self.rowViewCount += 1
        }
        view.listIndex = index
        let group = self.groups[index.section]
        group.insertSubview(view, at: group.subviews.count { ($0 as? ListRowView).map { $0.listIndex < index } ?? false })
        if index.row > 0 { group.addSubview(view.separator) }
        self.shown[index] = view
        return view
    }

    private func recycle(_ view: ListRowView) {
        if view.isFocused {
            self.focusedRow = view.listIndex
            self.focusedRowView = view
        }
        view.removeFromSuperview()
        view.separator.removeFromSuperview()
        if self.spare[view.shape, default: []].count < Self.sparesKept + self.shown.count {
            self.spare[view.shape, default: []].append(view)
        } else {
            self.rowViewCount -= 1
        }
    }
}

/// A row's place in a list: its section, and its row in that section.
struct ListIndex: Hashable, Comparable {
    let section: Int
    let row: Int

    static func < (a: ListIndex, b: ListIndex) -> Bool { (a.section, a.row) < (b.section, b.row) }
}
