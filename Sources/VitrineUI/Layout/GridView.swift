import VitrineCore

/// Children in rows of equal-width cells, `spacing` apart both ways, inside `padding`.
///
/// The number of columns is `columns` when set; otherwise as many cells of at least
/// `minimumItemWidth` points as fit (at least one), so one layout shows two columns on a
/// 1280-point panel and three on a 1920-point one — but never more columns than items, so three
/// cards on a wide panel share the row instead of leaving a hole. A row is as tall as its tallest child
/// (`layoutHeight`, else `sizeThatFits` at the cell's width); every child fills its cell.
public final class GridView: View {
    /// A fixed column count; nil: as many as `minimumItemWidth` allows.
    public var columns: Int? { didSet { self.setNeedsLayout() } }
    public var minimumItemWidth: Double { didSet { self.setNeedsLayout() } }
    public var spacing: Double { didSet { self.setNeedsLayout() } }
    public var padding: EdgeInsets { didSet { self.setNeedsLayout() } }

    public init(columns: Int? = nil, minimumItemWidth: Double = 240, spacing: Double = 16, padding: EdgeInsets = .zero, children: [View] = []) {
        self.columns = columns
        self.minimumItemWidth = minimumItemWidth
        self.spacing = spacing
        self.padding = padding
        super.init()
        for child in children { self.addSubview(child) }
    }

    /// The columns for an inner width of `width` points.
    public func columnCount(forWidth width: Double) -> Int {
        if let columns = self.columns { return max(1, columns) }
        guard width.isFinite, self.minimumItemWidth > 0 else { return 1 }
        return max(1, SaturatingPixels.int(((width + self.spacing) / (self.minimumItemWidth + self.spacing)).rounded(.down)))
    }

    private var items: [View] { self.subviews.filter { !$0.isHidden } }

    /// Cells' width and each row's height for an inner width.
    private func rows(innerWidth: Double) -> (columns: Int, cellWidth: Double, heights: [Double]) {
        let items = self.items
        let columns = self.columns == nil ? max(1, min(self.columnCount(forWidth: innerWidth), items.count)) : self.columnCount(forWidth: innerWidth)
        let cellWidth = max(0, (innerWidth - self.spacing * Double(columns - 1)) / Double(columns))
        var heights: [Double] = []
        var index = 0
        while index < items.count {
            let row = items[index..<min(items.count, index + columns)]
            heights.append(
                row.map { item in
                    item.layoutHeight.fixedLength(in: .infinity) ?? item.sizeThatFits(Size(width: cellWidth, height: .infinity)).height
                }.max() ?? 0)
            index += columns
        }
        return (columns, cellWidth, heights)
    }

    public override func sizeThatFits(_ proposal: Size) -> Size {
        let innerWidth = proposal.width - self.padding.left - self.padding.right
        guard innerWidth.isFinite else {
            return Size(width: self.minimumItemWidth + self.padding.left + self.padding.right, height: 0)
        }
        let (_, _, heights) = self.rows(innerWidth: max(0, innerWidth))
        let height = heights.reduce(0, +) + self.spacing * Double(max(0, heights.count - 1))
        return Size(width: proposal.width, height: height + self.padding.top + self.padding.bottom)
    }

    public override func layoutSubviews() {
        let inner = self.bounds.inset(by: self.padding)
        let (columns, cellWidth, heights) = self.rows(innerWidth: max(0, inner.width))
        var y = inner.minY
        for (index, item) in self.items.enumerated() {
            let row = index / columns
            let column = index % columns
            if column == 0 && row > 0 { y += heights[row - 1] + self.spacing }
            let x = inner.minX + Double(column) * (cellWidth + self.spacing)
            item.frame = Rect(x: x, y: y, width: cellWidth, height: heights[row]).roundedToPoints()
        }
    }
}

/// A hairline between items: one pixel thick (1/scale points) in `theme.separator`, across the
/// width of a vertical stack or the height of a horizontal one.
public final class Divider: View {
    public init(color: Color = Theme.standard.separator) {
        super.init()
        self.backgroundColor = color
        self.isUserInteractionEnabled = false
    }

    private var hairline: Double { 1 / (self.window?.scale ?? 1) }

    public override func sizeThatFits(_ size: Size) -> Size {
        // Offered an unbounded height (a column), it is a horizontal line; else a vertical one.
        size.height.isInfinite || size.height > size.width
            ? Size(width: size.width.isFinite ? size.width : 0, height: self.hairline)
            : Size(width: self.hairline, height: size.height)
    }
}
