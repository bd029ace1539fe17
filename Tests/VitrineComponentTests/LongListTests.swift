import Testing
import VitrineBench
import VitrineCore
import VitrineKiosk
import VitrineScene
import VitrineTestSupport
import VitrineUI

/// The bench's long menu (`LongMenuConfig`: `rows` items, text + thumbnail, repeated from a
/// data file) run headless at 1280×800.
final class LongMenu {
    let directory = TemporaryDirectory(prefix: "vitrine-long-list")
    let run: KioskRun
    let rows: Int

    init(rows: Int) throws {
        self.rows = rows
        let path = try LongMenuConfig.write(rows: rows, into: self.directory.path, examples: KioskRun.examples)
        let loaded = try KioskConfigLoader.load(path: path)
        self.run = try KioskRun(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        self.run.run.settle()
    }

    deinit { self.directory.remove() }

    var list: ListView {
        func find(_ view: View) -> ListView? {
            if let list = view as? ListView { return list }
            for child in view.subviews { if let found = find(child) { return found } }
            return nil
        }
        return find(self.run.run.window.root)!
    }

    var scrollView: ScrollView {
        var view: View? = self.list
        while let current = view, !(current is ScrollView) { view = current.superview }
        return view as! ScrollView
    }

    /// A fling: a 600-point flick up in 96 ms, let go, coasting until it rests.
    func fling(_ dy: Double = -600) {
        self.run.drag(from: Point(x: 640, y: 600), dx: 0, dy: dy, ms: 96)
    }

    /// The row a point of the window shows, by the first row's height (every row is one line
    /// of title over one of subtitle beside a thumbnail, so all are as tall): nil above the
    /// first row.
    func expectedRow(at y: Double, rowHeight: Double, firstRowTop: Double) -> Int? {
        let offset = y - firstRowTop
        return offset < 0 ? nil : Int(offset / rowHeight)
    }

    /// The row view the window hit-tests at `point`.
    func rowView(at point: Point) -> ListRowView? {
        var view = self.run.run.window.view(at: point)
        while let current = view, !(current is ListRowView) { view = current.superview }
        return view as? ListRowView
    }
}

@Suite("A 10,000-row list (issue 18): views for the rows in view only, the right rows after a fling")
struct LongListTests {
    @Test("after flings, every point of the screen shows the row that belongs there, and a tap acts on it")
    func rightRowsAfterFling() throws {
        let menu = try LongMenu(rows: 10_000)
        let first = try #require(menu.list.rowView(section: 0, row: 0))
        let rowHeight = first.frame.height
        let item1Top = first.windowFrame.minY
        #expect(first.row.title == "Item 1")
        // Its thumbnail is kept at the size that covers 48 points (the photo is 800 x 600), not
        // at the screen's.
        let thumbnail = try #require(first.thumbnailView?.image)
        #expect(thumbnail.width == 64 && thumbnail.height == 48, "\(thumbnail.width)x\(thumbnail.height)")
        #expect(rowHeight > 60 && rowHeight < 80, "a row with a thumbnail: \(rowHeight) points")
        for _ in 0..<4 { menu.fling() }
        let offset = menu.scrollView.contentOffset
        #expect(offset > 4000, "four flings scrolled \(offset) points")
        var checked = 0
        for y in stride(from: 120.0, to: 790, by: 23) {
            let point = Point(x: 640, y: y)
            guard let expected = menu.expectedRow(at: y + offset, rowHeight: rowHeight, firstRowTop: item1Top) else { continue }
            let view = try #require(menu.rowView(at: point), "nothing at y \(y)")
            #expect(view.row.title == LongMenuConfig.title(expected), "at y \(y): \(view.row.title), not \(LongMenuConfig.title(expected))")
            #expect(view.subtitleLabel?.text == LongMenuConfig.note(expected))
            #expect(view.trailingLabel?.text == LongMenuConfig.price(expected))
            checked += 1
        }
        #expect(checked > 25)
        // A screen of rows has views, not ten thousand.
        #expect(menu.list.rowViewCount < 50, "\(menu.list.rowViewCount) row views")
        // A tap lands on the row under the finger.
        let target = Point(x: 640, y: 450)
        let expected = try #require(menu.expectedRow(at: 450 + offset, rowHeight: rowHeight, firstRowTop: item1Top))
        let row = try #require(menu.rowView(at: target))
        menu.run.tap(target)
        #expect(row.row.title == "Item \(expected + 1)")
        #expect(row.actionCount == 1)
        #expect(menu.run.emitted.map(\.name) == ["picked"])
    }

    @Test("the screen after the flings is drawn as the golden image has it (titles, prices, thumbnails, hairlines)")
    func golden() throws {
        let menu = try LongMenu(rows: 10_000)
        for _ in 0..<4 { menu.fling() }
        let screen = try #require(menu.run.run.screenshot)
        let snapshots = GoldenImage.snapshotDirectory()
        let comparison = GoldenImage.compare(screen, name: "long-list-after-fling", directory: snapshots)
        #expect(comparison.matches(tolerance: 3), "\(comparison)")
    }

    @Test("scrolled to its end, the list shows Item 10000 last; back at the top, Item 1 first")
    func ends() throws {
        let menu = try LongMenu(rows: 10_000)
        menu.scrollView.scroll(to: menu.scrollView.maximumOffset, animated: false)
        menu.run.run.settle()
        let bottom = menu.list.allRows.filter { $0.windowFrame.minY < 800 }.max { $0.windowFrame.minY < $1.windowFrame.minY }
        #expect(bottom?.row.title == "Item 10000")
        #expect(try #require(bottom).windowFrame.maxY <= 800.5)
        menu.scrollView.scroll(to: 0, animated: false)
        menu.run.run.settle()
        #expect(menu.list.rowView(section: 0, row: 0)?.row.title == "Item 1")
        #expect(menu.list.rowViewCount < 50)
    }

    @Test("10,000 rows keep as many row views as 100 rows through the same flings: views do not grow with the rows")
    func viewsDoNotGrow() throws {
        var counts: [Int: Int] = [:]
        for rows in [100, 10_000] {
            let menu = try LongMenu(rows: rows)
            var most = 0
            for _ in 0..<3 {
                menu.fling()
                most = max(most, menu.list.rowViewCount)
            }
            menu.fling(600)
            counts[rows] = max(most, menu.list.rowViewCount)
        }
        let short = try #require(counts[100])
        let long = try #require(counts[10_000])
        #expect(long <= short + 2, "100 rows: \(short) views; 10,000 rows: \(long)")
        #expect(long < 50)
    }

    @Test("new data replaces the rows in view at once, and the rows out of view when they come in")
    func dataUpdate() throws {
        let menu = try LongMenu(rows: 10_000)
        let value = try JSONParser.parse(LongMenuConfig.items(rows: 10_000, examples: KioskRun.examples).replacing("\"Item ", with: "\"Dish "))
        _ = try menu.run.scene.control("set", arguments: .object([("path", .string("menu.items")), ("value", value)]))
        menu.run.run.settle()
        #expect(menu.list.rowView(section: 0, row: 0)?.row.title == "Dish 1")
        menu.scrollView.scroll(to: menu.scrollView.maximumOffset, animated: false)
        menu.run.run.settle()
        #expect(menu.list.allRows.contains { $0.row.title == "Dish 10000" })
    }
}

@Suite("Measuring a long feed")
struct LongFeedMeasureTests {
    @Test("10,000 one-line rows are measured with a few text layouts, and every row's height is its view's")
    func oneLineRowsWithoutLayouts() throws {
        let menu = try LongMenu(rows: 10_000)
        let list = menu.list
        // Before: every row's title and subtitle were laid out (20,000 layouts, 60 % of a
        // 100,000-row update); now only what `OneLineFit` cannot decide and each distinct price.
        #expect(list.textsLaidOutToMeasure < 100, "\(list.textsLaidOutToMeasure) layouts for 10,000 rows")
        for view in list.allRows {
            let measured = view.sizeThatFits(Size(width: list.bounds.width, height: .infinity)).height
            #expect(abs(view.frame.height - measured) < 0.001, "\(view.row.title): planned \(view.frame.height), its view measures \(measured)")
        }
        #expect(!list.allRows.isEmpty)
    }
}

@Suite("A list over more rows than it shows")
struct RepeatLimitTests {
    @Test("100,001 rows: the first 100,000 are shown and the log says the rest were left out")
    func overTheLimit() throws {
        let count = SceneBuilder.mostRepeatedRows + 1
        let items = JSONValue.array((0..<count).map { .object([("name", .string("row \($0)"))]) })
        let builder = SceneBuilder(theme: Theme(), images: FileImageSource()) { _, _ in }
        builder.data = DataStore(sources: ["menu": .object([("items", items)])])
        let log = MemoryLogSink()
        builder.logger = Logger("scene", sink: log)
        let row = ListNode.Row(.bound(DataBinding("item.name")))
        let node = ViewNode(
            .list(ListNode(sections: [ListNode.Section(rows: [], repeating: ListNode.Repeat(source: DataBinding("menu.items"), row: row))])),
            path: "screens.home.content")
        let view = try builder.view(for: node)
        let list = try #require(view as? ListView ?? view.subviews.compactMap { $0 as? ListView }.first)
        #expect(list.sections.first?.rows.count == SceneBuilder.mostRepeatedRows)
        #expect(log.messages.contains { $0.contains("menu.items has 100001 rows; a list shows the first 100000") }, "\(log.messages)")
    }
}
