import Testing
import VitrineCore
import VitrineGestures
import VitrineUI

/// Issue 29, found by the sequence fuzz target: a finger down on a view, the view taken off the
/// screen and freed (a language change or a reload builds the screens again), then the finger
/// moves and lifts. The arena held the old view's recognizers, whose handlers reach their view
/// `unowned`: the lift aborted the kiosk. A contest whose view left the window is dropped.
@Suite("A finger on a view that leaves the screen")
struct GestureLifetimeTests {
    @Test("a pager swiped, replaced and freed mid-swipe: the finger's lift reaches nothing and the new pager works")
    func viewFreedMidSwipe() {
        let stage = Stage()
        weak var freed: NavigationStack?
        let finger = Finger()
        do {
            let pager = NavigationStack(pages: [View(), View()])
            freed = pager
            stage.show(pager)
            finger.down(Point(x: 1000, y: 400)).drag(by: -200, 0, ms: 100)
            stage.play(finger, settle: false)
            #expect(pager.isTransitioning, "the swipe is under way")
            pager.removeFromSuperview()
        }
        #expect(freed == nil, "the old pager is freed while the finger is down")
        let replacement = NavigationStack(pages: [View(), View()])
        var changes = 0
        replacement.onPageChange = { _ in changes += 1 }
        stage.show(replacement)
        // Before: "Attempted to read an unowned reference but object … was already destroyed".
        finger.drag(by: -300, 0, ms: 100).up()
        stage.play(finger)
        #expect(changes == 0, "the old finger does not swipe the new pager")
        let next = Finger()
        next.down(Point(x: 1000, y: 400)).drag(by: -600, 0, ms: 150).up()
        stage.play(next)
        #expect(changes == 1, "a new finger swipes it")
        #expect(stage.window.arenaContestCount == 0)
    }

    @Test("a scroll view taken off the window but still held mid-drag: the lift still ends its drag")
    func viewDetachedMidDrag() {
        let stage = Stage()
        let scroll = ScrollView()
        scroll.contentHeight = 5000
        stage.show(scroll)
        let finger = Finger()
        finger.down(Point(x: 400, y: 600)).drag(by: 0, -200, ms: 100)
        stage.play(finger, settle: false)
        #expect(scroll.isDragging, "the drag is under way")
        scroll.removeFromSuperview()
        // Before: the contest was dropped with the view off the window; the pan never ended.
        finger.drag(by: 0, -100, ms: 50).up()
        stage.play(finger)
        #expect(!scroll.isDragging, "the lift ended the drag of the view it began on")
        #expect(stage.window.arenaContestCount == 0)
    }
}
