import Testing
import VitrineCore
import VitrineGestures
import VitrineUI

/// The real components nested as a kiosk nests them: a split sheet whose main pane holds a
/// pager whose first page holds a button. Vertical pan, horizontal pan and tap compete in the
/// window's arena for every finger.
final class NestedFixture {
    let stage = Stage()
    let split = SplitSheet()
    let pages = [View(), View()]
    let pager: NavigationStack
    let button = Button(title: "Press")
    var presses = 0

    init() {
        self.pager = NavigationStack(pages: self.pages)
        self.split.sheetContentHeight = 300
        self.split.mainView.addSubview(self.pager)
        self.pager.pinToEdges()
        self.pages[0].addSubview(self.button)
        self.button.action = { [unowned self] in self.presses += 1 }
        self.stage.show(self.split)
        self.button.frame = Rect(x: 100, y: 250, width: 300, height: 60)
        self.stage.settle()
    }

    var onButton: Point { self.stage.point(in: self.button) }
}

@Suite("Gestures across components: a button in a pager in a split sheet")
struct ComposedGestureTests {
    @Test("a vertical drag that starts on the button moves the sheet; the button is not pressed and the pager stays")
    func verticalDragMovesSheet() {
        let f = NestedFixture()
        let finger = Finger()
        finger.down(f.onButton).drag(by: 4, -260, ms: 160)
        f.stage.play(finger, settle: false)
        #expect(f.split.offset > 200)
        #expect(!f.pager.isTransitioning && f.pager.currentPage === f.pages[0])
        #expect(!f.button.isHighlighted)
        finger.up()
        f.stage.play(finger)
        #expect(f.presses == 0)
        #expect(f.split.detent != .hidden)
    }

    @Test("a horizontal drag that starts on the button pages; the sheet stays hidden")
    func horizontalDragPages() {
        let f = NestedFixture()
        let finger = Finger()
        finger.down(f.onButton).drag(by: -600, 8, ms: 200).up()
        f.stage.play(finger)
        #expect(f.pager.currentPage === f.pages[1])
        #expect(f.split.detent == .hidden)
        #expect(f.presses == 0)
    }

    @Test("a tap presses the button and moves neither the pager nor the sheet")
    func tapPresses() {
        let f = NestedFixture()
        let finger = Finger()
        finger.down(f.onButton).drag(by: 2, -1, ms: 80).up()
        f.stage.play(finger)
        #expect(f.presses == 1)
        #expect(f.split.offset == 0)
        #expect(f.pager.currentPage === f.pages[0])
    }

    @Test("a cancelled contact stops the winning drag without a fling: the sheet settles back, the button is not pressed")
    func cancelledContact() {
        let f = NestedFixture()
        let finger = Finger()
        finger.down(f.onButton).drag(by: 0, -120, ms: 60).cancel()
        f.stage.play(finger)
        #expect(f.split.detent == .hidden, "a fast drag cancelled does not fling up: \(f.split.offset)")
        #expect(f.presses == 0)
    }

    @Test("each finger has its own arena: one pages while another presses the button")
    func twoFingers() {
        let f = NestedFixture()
        let drag = Finger(id: 0)
        drag.down(Point(x: 1100, y: 600)).drag(by: -700, 0, ms: 200).up()
        let tap = Finger(id: 1, startingAt: 40)
        tap.down(f.onButton).hold(60).up()
        f.stage.play(drag, tap)
        #expect(f.presses == 1)
        #expect(f.pager.currentPage === f.pages[1])
    }
}
