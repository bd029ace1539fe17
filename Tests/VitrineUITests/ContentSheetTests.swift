import Testing
import VitrineCore
import VitrineGestures
import VitrineUI

/// A content sheet presenting a 40-row list (collapsed at half the screen, 400 points;
/// expanded 700) with a Done button, over a plain screen; coordinates come from the sheet.
final class ContentFixture {
    let stage = Stage()
    let scrollView = ScrollView()
    let list: ListView
    let sheet: ContentSheet
    var events: [String] = []

    init(leftItem: Bool = true, expanded: Double? = 700, settled: Bool = true) {
        self.list = ListView(sections: [ListSection(rows: (1...40).map { ListRow(title: "Row \($0)") })])
        let container = ScrollContainer(scrollView: self.scrollView, content: self.list)
        var item = NavigationItem(title: "Rows")
        let holder = SheetHolder()
        if leftItem { item.rightItem = BarButtonItem(title: "Done") { holder.sheet?.dismiss() } }
        let content = ViewContent(view: container, navigationItem: item, collapsedHeight: nil, expandedHeight: expanded, scrollView: self.scrollView)
        self.sheet = ContentSheet(content: content)
        self.sheet.blurBackground = true
        self.sheet.onEvent = { [unowned self] name in self.events.append(name) }
        holder.sheet = self.sheet
        self.sheet.present(in: self.stage.root)
        if settled { self.stage.settle() }
    }

    var height: Double { self.stage.bounds.height }
    /// The top of the sheet, in window points.
    var top: Double { self.height - self.sheet.visibleHeight }
    /// A point on the header, and one in the list.
    var header: Point { Point(x: 640, y: self.top + 20) }
    var inList: Point { Point(x: 640, y: self.top + 300) }

    static let presentation = ["willAddContent", "willShow", "willAppear", "didAddContent", "didShow", "didAppear"]
    static let dismissal = ["willRemoveContent", "willHide", "willDisappear", "didRemoveContent", "didHide", "didDisappear"]
}

/// Lets a bar item's action reach the sheet made after it.
final class SheetHolder {
    weak var sheet: ContentSheet?
}

/// Fills itself with a scroll view around `content`, sized to the content's height.
final class ScrollContainer: View {
    let scrollView: ScrollView
    let content: View

    init(scrollView: ScrollView, content: View) {
        self.scrollView = scrollView
        self.content = content
        super.init()
        self.addSubview(scrollView)
        scrollView.contentView.addSubview(content)
    }

    override func layoutSubviews() {
        self.scrollView.frame = self.bounds
        let height = self.content.sizeThatFits(Size(width: self.bounds.width, height: .infinity)).height
        self.content.frame = Rect(x: 0, y: 0, width: self.bounds.width, height: height)
        self.scrollView.contentHeight = height
    }
}

@Suite("Content sheet (ContentSheet's states, release rule, callbacks and nested scrolling)")
struct ContentSheetTests {
    @Test("presented, it rests collapsed at half the screen with the callbacks in the original's order")
    func presentation() {
        let f = ContentFixture()
        #expect(f.sheet.state == .collapsed)
        #expect(f.sheet.visibleHeight == f.height / 2)
        #expect(f.events == ContentFixture.presentation)
    }

    @Test("a touch-down outside the sheet dismisses it at once (not on the lift)")
    func touchOutside() {
        let f = ContentFixture()
        let finger = Finger()
        finger.down(Point(x: 640, y: f.top / 2))
        f.stage.play(finger, settle: false)
        #expect(f.events.last == "willDisappear")
        finger.hold(40).up()
        f.stage.play(finger)
        #expect(!f.sheet.isPresented)
        #expect(f.events == ContentFixture.presentation + ContentFixture.dismissal)
    }

    @Test("mid-drag, at a height between pixels, the sheet's surface is drawn on whole pixels (a solid fill that moves, not a bitmap redrawn each frame)")
    func surfaceOnWholePixels() {
        let f = ContentFixture()
        let scale = f.stage.window.scale
        let finger = Finger()
        finger.down(f.header).drag(by: 0, -37.3, ms: 120).hold(40)
        f.stage.play(finger, settle: false)
        let visible = f.sheet.visibleHeight * scale
        let drawn = f.sheet.containerView.frame.height * scale
        #expect(visible != visible.rounded(), "the drag should have left the sheet between pixels (\(visible) px)")
        #expect(drawn == drawn.rounded() && abs(drawn - visible) <= 0.5, "drawn \(drawn) px for \(visible) px")
        #expect(f.sheet.shadowView.frame.minY == f.sheet.containerView.frame.minY)
        finger.up()
        f.stage.play(finger)
    }

    @Test("a flick up on the header expands; from expanded a drag down collapses and never dismisses")
    func expandThenCollapse() {
        let f = ContentFixture()
        let up = Finger()
        up.down(f.header).drag(by: 0, -170, ms: 80).up()
        f.stage.play(up)
        #expect(f.sheet.state == .expanded && f.sheet.visibleHeight == 700)
        let down = Finger()
        down.down(f.header).drag(by: 0, 580, ms: 150).up()
        f.stage.play(down)
        #expect(f.sheet.isPresented)
        #expect(f.sheet.state == .collapsed && f.sheet.visibleHeight == 400)
    }

    @Test("a flick down from collapsed dismisses, and the backdrop leaves with it")
    func flickDownDismisses() {
        let f = ContentFixture()
        let finger = Finger()
        finger.down(f.header).drag(by: 0, 140, ms: 60).up()
        f.stage.play(finger)
        #expect(!f.sheet.isPresented)
        #expect(f.sheet.superview == nil)
        #expect(f.events == ContentFixture.presentation + ContentFixture.dismissal)
    }

    @Test("a slow release in the outer third of the travel goes to the nearer end; in the middle third the velocity's sign decides")
    func releaseThirds() {
        let f = ContentFixture()
        let slow = Finger()
        slow.down(f.header).drag(by: 0, 60, ms: 600).hold(150).up()
        f.stage.play(slow)
        #expect(f.sheet.isPresented && f.sheet.state == .collapsed && f.sheet.visibleHeight == 400)
        // In the middle third (past a third of the way down) even a slow downward release dismisses.
        let g = ContentFixture()
        let middle = Finger()
        middle.down(g.header).drag(by: 0, 200, ms: 1000).drag(by: 0, 4, ms: 80).up()
        g.stage.play(middle)
        #expect(!g.sheet.isPresented)
    }

    @Test("dragging up in the list expands the sheet, then scrolls the list, in one gesture")
    func nestedScrollUp() {
        let f = ContentFixture()
        let finger = Finger()
        finger.down(Point(x: 640, y: f.height - 40)).drag(by: 0, -600, ms: 600).hold(120).up()
        f.stage.play(finger)
        #expect(f.sheet.visibleHeight == 700)
        #expect(f.scrollView.contentOffset > 100)
    }

    @Test("dragging down in a scrolled list scrolls it to the top, then moves the sheet down")
    func nestedScrollDown() {
        let f = ContentFixture()
        let up = Finger()
        up.down(Point(x: 640, y: f.height - 40)).drag(by: 0, -600, ms: 600).hold(120).up()
        f.stage.play(up)
        let down = Finger()
        down.down(Point(x: 640, y: f.top + 200)).drag(by: 0, 480, ms: 500).hold(120).up()
        f.stage.play(down)
        #expect(f.scrollView.contentOffset == 0)
        #expect(f.sheet.isPresented && f.sheet.state == .collapsed)
    }

    @Test("a drag that moves the sheet through its list and is then cancelled settles at a height its state names")
    func cancelledNestedDragSettles() {
        let f = ContentFixture()
        let finger = Finger()
        finger.down(f.inList).drag(by: 0, -150, ms: 300).cancel()
        f.stage.play(finger)
        let heights = [f.sheet.collapsedHeight, f.sheet.expandedHeight]
        #expect(heights.contains(f.sheet.visibleHeight), "left at \(f.sheet.visibleHeight)")
        #expect(f.sheet.visibleHeight == (f.sheet.state == .expanded ? 700 : 400))
    }

    @Test("a drag through the list whose finger is still down when the script ends settles the same way")
    func heldNestedDragSettles() {
        let f = ContentFixture()
        let finger = Finger()
        finger.down(f.inList).drag(by: 0, -150, ms: 300).hold(100).cancel()
        f.stage.play(finger)
        #expect(f.sheet.visibleHeight == (f.sheet.state == .expanded ? 700 : 400), "left at \(f.sheet.visibleHeight) \(f.sheet.state)")
    }

    @Test("the header's Done button dismisses; with no left item a round close button is there too and dismisses")
    func headerButtons() throws {
        let f = ContentFixture()
        let done = try #require(f.sheet.header?.rightButton)
        let tap = Finger()
        tap.tap(f.stage.point(in: done))
        f.stage.play(tap)
        #expect(!f.sheet.isPresented)
        let g = ContentFixture(leftItem: false)
        let close = try #require(g.sheet.header?.leftButton)
        #expect(close.iconLabel?.text == Icon.glyphName("close"))
        let tapClose = Finger()
        tapClose.tap(g.stage.point(in: close))
        g.stage.play(tapClose)
        #expect(!g.sheet.isPresented)
    }

    // MARK: - Interrupted animations (issue 16's soak)

    @Test("a finger landing on the sheet while it slides away does not stop it: the dismissal finishes, once")
    func caughtWhileDismissing() {
        let f = ContentFixture()
        let outside = Finger()
        outside.down(Point(x: 640, y: f.top / 2)).hold(40).up()
        // 90 ms later the sheet is still half on screen; the second finger lands on it and drags.
        let onSheet = Finger(id: 1, startingAt: 90)
        onSheet.down(Point(x: 640, y: 760)).drag(by: 0, -100, ms: 200).up()
        f.stage.play(outside, onSheet)
        #expect(!f.sheet.isPresented)
        #expect(f.sheet.superview == nil)
        #expect(f.stage.window.animator.isIdle)
        #expect(f.events == ContentFixture.presentation + ContentFixture.dismissal)
    }

    @Test("a touch during the slide away reaches the screen below the sheet")
    func touchesPassDuringDismissal() {
        let f = ContentFixture()
        var tapped = 0
        let button = Button(title: "Below") { tapped += 1 }
        button.frame = Rect(x: 540, y: 700, width: 200, height: 60)
        f.stage.root.insertSubview(button, at: 0)
        f.sheet.dismiss()
        f.stage.advance(ms: 50)
        #expect(f.sheet.isDismissing && f.sheet.visibleHeight > 100)
        let finger = Finger()
        finger.tap(Point(x: 640, y: 730))
        f.stage.play(finger)
        #expect(tapped == 1)
        #expect(!f.sheet.isPresented)
    }

    @Test("dismiss(animated: false) during the slide away ends it at once")
    func dismissAtOnceDuringSlide() {
        let f = ContentFixture()
        f.sheet.dismiss()
        f.stage.advance(ms: 50)
        #expect(f.sheet.isDismissing)
        f.sheet.dismiss(animated: false)
        #expect(!f.sheet.isPresented)
        #expect(f.sheet.superview == nil)
        #expect(f.events == ContentFixture.presentation + ContentFixture.dismissal)
    }

    @Test("a finger that catches the sheet as it rises and lifts brings it to rest collapsed, with the did-show callbacks once")
    func caughtWhilePresenting() {
        let f = ContentFixture(settled: false)
        let finger = Finger(startingAt: 150)
        finger.down(Point(x: 640, y: 790)).hold(40).up()
        f.stage.play(finger)
        #expect(f.sheet.phase == .shown(.collapsed))
        #expect(f.sheet.state == .collapsed && f.sheet.visibleHeight == 400)
        #expect(f.events == ContentFixture.presentation)
    }
}
