import VitrineCore
import VitrineGraphics

/// Where a list's headers, groups, rows and footers go at one width.
struct ListPlan {
    var width: Double
    var height: Double
    /// A section's header and footer frames (zero without one).
    var headerFrames: [Rect]
    var footerFrames: [Rect]
    /// Where each section's group starts.
    var groupTops: [Double]
    /// Each section's row tops inside its group, and the group's height last.
    var rowTops: [[Double]]

    /// The first row whose bottom is below `y` (`tops` as in `rowTops`; the row count when
    /// none is), by bisection: a 10,000-row section is searched in 14 steps.
    static func firstRow(endingAfter y: Double, in tops: [Double]) -> Int {
        var low = 0
        var high = max(0, tops.count - 1)
        while low < high {
            let middle = (low + high) / 2
            if tops[middle + 1] > y { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// Measures a list's rows without views and keeps the result: each row's height by its texts
/// (rows repeat their texts, and a data update changes few of them), and the plan for the
/// width last laid out.
final class ListMetrics {
    private let theme: Theme
    private let styles: [ListRowView.Part: TextStyle]
    /// What the measured heights hold for: a width, a scale, and whether fonts were there.
    private struct Conditions: Equatable {
        var width: Double
        var scale: Double
        var fonts: Bool
    }
    private var conditions: Conditions?
    private var heights: [RowKey: Double] = [:]
    private var plan: ListPlan?
    /// The height of one line of each part's style, for texts `OneLineFit` says take one line.
    private var oneLineHeights: [ListRowView.Part: Double] = [:]
    private var primaryFonts: [ListRowView.Part: Font] = [:]
    /// Trailing texts' widths (prices repeat: a menu of 100,000 items has a few dozen).
    private var trailingWidths: [String: Double] = [:]
    /// How many texts were laid out to measure rows (tests: a long feed of one-line rows needs
    /// a few, not one per row).
    private(set) var textsLaidOut = 0

    /// What a row's height depends on.
    private struct RowKey: Hashable {
        var title: String
        var subtitle: String?
        var trailing: String?
        var thumbnail: Bool
        var disclosure: Bool

        init(_ row: ListRow) {
            self.title = row.title
            self.subtitle = row.subtitle
            self.trailing = row.trailing
            self.thumbnail = row.thumbnail != nil
            self.disclosure = row.disclosure
        }
    }

    init(theme: Theme) {
        self.theme = theme
        self.styles = [
            .title: ListRowView.Part.title.style(theme), .subtitle: ListRowView.Part.subtitle.style(theme), .trailing: ListRowView.Part.trailing.style(theme)
        ]
    }

    /// Every row's height, section by section, for the sections as they are now (nil until a
    /// filtered plan needs them): a filter's plan adds up the heights of the rows it keeps.
    private var rowHeights: [[Double]]?

    /// The rows changed: the plan goes, the measured heights stay (they are by text).
    func sectionsChanged() {
        self.plan = nil
        self.rowHeights = nil
    }

    /// Another filter: the plan goes; every row's height stays.
    func filterChanged() { self.plan = nil }

    /// The plan at `width` when it is the one kept.
    func plan(for width: Double) -> ListPlan? { self.plan?.width == width ? self.plan : nil }

    /// The plan at `width`, measured where not kept.
    func plan(
        width: Double, sections: [ListSection], filter: [[Int]]? = nil, headers: [Label?], footers: [Label?], fonts: FontLibrary?, scale: Double
    ) -> ListPlan {
        let conditions = Conditions(width: width, scale: scale, fonts: fonts != nil)
        if conditions != self.conditions {
            self.conditions = conditions
            self.heights = [:]
            self.oneLineHeights = [:]
            self.primaryFonts = [:]
            self.trailingWidths = [:]
            self.plan = nil
            self.rowHeights = nil
        }
        if let plan = self.plan { return plan }
        let plan = self.measure(width: width, sections: sections, filter: filter, headers: headers, footers: footers, fonts: fonts, scale: scale)
        self.plan = plan
        return plan
    }

    private func measure(
        width: Double, sections: [ListSection], filter: [[Int]]?, headers: [Label?], footers: [Label?], fonts: FontLibrary?, scale: Double
    ) -> ListPlan {
        let textInset = 16.0
        var plan = ListPlan(width: width, height: 0, headerFrames: [], footerFrames: [], groupTops: [], rowTops: [])
        var y = 0.0
        var measured: [RowKey: Double] = [:]
        for (index, section) in sections.enumerated() {
            if index > 0 { y += ListView.sectionSpacing }
            var headerFrame = Rect.zero
            if let header = headers[index] {
                let height = header.sizeThatFits(Size(width: width - 2 * textInset, height: .infinity)).height
                headerFrame = Rect(x: textInset, y: y, width: width - 2 * textInset, height: height)
                y += height + 8
            }
            plan.groupTops.append(y)
            var tops = [0.0]
            var rowY = 0.0
            if filter != nil || self.rowHeights != nil {
                // Every row measured once (or kept from the last plan), then the kept ones added up.
                if self.rowHeights == nil {
                    self.rowHeights = sections.map { section in
                        section.rows.map { self.height(of: $0, width: width, fonts: fonts, scale: scale, into: &measured) }
                    }
                }
                let heights = self.rowHeights?[index] ?? []
                if let kept = filter?[index] {
                    tops.reserveCapacity(kept.count + 1)
                    for row in kept where row < heights.count {
                        rowY += heights[row]
                        tops.append(rowY)
                    }
                } else {
                    tops.reserveCapacity(heights.count + 1)
                    for height in heights {
                        rowY += height
                        tops.append(rowY)
                    }
                }
            } else {
                tops.reserveCapacity(section.rows.count + 1)
                for row in section.rows {
                    rowY += self.height(of: row, width: width, fonts: fonts, scale: scale, into: &measured)
                    tops.append(rowY)
                }
            }
            plan.rowTops.append(tops)
            y += rowY
            var footerFrame = Rect.zero
            if let footer = footers[index] {
                let height = footer.sizeThatFits(Size(width: width - 2 * textInset, height: .infinity)).height
                footerFrame = Rect(x: textInset, y: y + 8, width: width - 2 * textInset, height: height)
                y += height + 8
            }
            plan.headerFrames.append(headerFrame)
            plan.footerFrames.append(footerFrame)
        }
        plan.height = y
        // Only the rows there now: texts a data update replaced are not kept.
        if filter == nil || !measured.isEmpty { self.heights = measured }
        if self.trailingWidths.count > 4096 { self.trailingWidths = [:] }
        return plan
    }

    private func height(of row: ListRow, width: Double, fonts: FontLibrary?, scale: Double, into measured: inout [RowKey: Double]) -> Double {
        // First without layouts: a row whose texts all certainly take one line (most rows of a
        // long feed) is measured without hashing it (hashing 100,000 rows' texts was a tenth of
        // a large update).
        var needsLayout = false
        let quick = ListRowView.height(of: row, width: width) { part, text, wrap in
            guard !needsLayout, let size = self.quickSize(part, text: text, wrap: wrap, fonts: fonts, scale: scale) else {
                needsLayout = true
                return .zero
            }
            return size
        }
        if !needsLayout { return quick }
        let key = RowKey(row)
        if let known = measured[key] ?? self.heights[key] {
            measured[key] = known
            return known
        }
        let height = ListRowView.height(of: row, width: width) { part, text, wrap in
            // What `Label.sizeThatFits` measures: the text laid out at the wrap width.
            if let size = self.quickSize(part, text: text, wrap: wrap, fonts: fonts, scale: scale) { return size }
            guard let fonts, let style = self.styles[part] else { return .zero }
            let wrapWidth = wrap.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            self.textsLaidOut += 1
            let size = (try? TextLayout(text, style: style, width: wrapWidth, scale: scale, library: fonts))?.size ?? .zero
            if part == .trailing, wrapWidth == nil { self.trailingWidths[text] = size.width }
            return size
        }
        measured[key] = height
        return height
    }

    /// A part's size found without laying it out, or nil when it must be: a trailing text's
    /// width measured before, or — for a title or subtitle that certainly takes one line — that
    /// line's height (found once per style) without shaping it. Without fonts every text is
    /// empty, as `Label` measures it.
    private func quickSize(_ part: ListRowView.Part, text: String, wrap: Double?, fonts: FontLibrary?, scale: Double) -> Size? {
        guard let fonts, let style = self.styles[part] else { return .zero }
        let wrapWidth = wrap.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        if part == .trailing {
            guard wrapWidth == nil, let known = self.trailingWidths[text] else { return nil }
            return Size(width: known, height: 0)
        }
        guard let wrapWidth, let font = self.primaryFont(part, style: style, fonts: fonts, scale: scale),
            OneLineFit.certainlyFits(text, font: font, tracking: style.tracking, width: wrapWidth, scale: scale),
            let line = self.oneLineHeight(part, style: style, fonts: fonts, scale: scale)
        else { return nil }
        return Size(width: wrapWidth, height: line)
    }

    /// The part's primary font at `scale`, found once per measurement's conditions.
    private func primaryFont(_ part: ListRowView.Part, style: TextStyle, fonts: FontLibrary, scale: Double) -> Font? {
        if let known = self.primaryFonts[part] { return known }
        let font = try? fonts.font(style.font, pointSize: style.pointSize, scale: scale)
        self.primaryFonts[part] = font
        return font
    }

    /// The height of a one-line text in the part's style: a layout of "Hg" (every one-line text
    /// in the primary font is as tall: the line's height is its fonts').
    private func oneLineHeight(_ part: ListRowView.Part, style: TextStyle, fonts: FontLibrary, scale: Double) -> Double? {
        if let known = self.oneLineHeights[part] { return known }
        guard let layout = try? TextLayout("Hg", style: style, width: nil, scale: scale, library: fonts), layout.lines.count == 1 else { return nil }
        self.oneLineHeights[part] = layout.size.height
        return layout.size.height
    }
}
