import Testing
import VitrineCore
import VitrineGestures
import VitrineUI

/// A pager over four coloured pages, the last outside the series (BoardingPass's completed
/// page), with a button on it; coordinates come from the pager's width.
final class PagerFixture {
    let stage = Stage()
    let pages: [View]
    let completed = View()
    let start: Button
    let pager: NavigationStack
    var changes: [Int] = []
    var progress: [Double] = []
    var started = 0

    init() {
        self.pages = (0..<3).map { index in
            let page = View()
            page.backgroundColor = Color(white: 0.2 + 0.2 * Double(index))
            return page
        }
        self.start = Button(title: "Start")
        self.pager = NavigationStack(pages: self.pages)
        self.completed.addSubview(self.start)
        self.pager.setNext(self.completed, for: self.pages[2])
        self.pager.setNext(nil, for: self.completed)
        self.pager.setPrevious(nil, for: self.completed)
        self.start.action = { [unowned self] in self.started += 1 }
        self.pager.onPageChange = { [unowned self] page in self.changes.append(self.index(page)) }
        self.pager.onTransition = { [unowned self] transition in
            transition.animateAlongside { [unowned self] p in self.progress.append(p) }
        }
        self.stage.show(self.pager)
        self.start.frame = Rect(x: 540, y: 380, width: 200, height: 52)
    }

    /// 0…2 for the series, 3 for the completed page.
    func index(_ page: View) -> Int { self.pages.firstIndex { $0 === page } ?? 3 }
    var current: Int { self.index(self.pager.currentPage) }
    var width: Double { self.pager.bounds.width }
    var slop: Double { GestureMetrics().touchSlop }
    /// A point at a fraction of the pager's width, at mid height.
    func at(_ fraction: Double) -> Point { Point(x: self.width * fraction, y: self.pager.bounds.height / 2) }
}

@Suite("Navigation stack and onboarding pager (BoardingPass's transition and release rules)")
struct NavigationStackTests {
    @Test("the release rules, drag by drag (the same cases run through a carousel: CarouselTests)", arguments: PagerTrace.all)
    func trace(_ trace: PagerTrace) {
        let f = PagerFixture()
        f.stage.play(trace.script(f.width, f.slop, f.at))
        #expect(f.current == trace.expectedPage)
        #expect(!f.pager.isTransitioning)
    }

    @Test("a slow swipe to 40% released still springs back, and its alongside animation runs back to 0")
    func slowSwipeSpringsBack() {
        let f = PagerFixture()
        let finger = Finger()
        finger.down(f.at(0.9)).drag(by: -(0.4 * f.width + f.slop), 0, ms: 800).hold(120)
        f.stage.play(finger, settle: false)
        let progress = f.pager.isTransitioning ? (f.progress.last ?? 0) : 0
        #expect(abs(progress - 0.4) < 0.02, "dragged to \(progress)")
        finger.up()
        f.stage.play(finger)
        #expect(f.current == 0)
        #expect(f.changes.isEmpty)
        #expect(f.progress.last == 0)
    }

    @Test("crossing back past where the swipe began freezes the progress at 0 (no transition the other way)")
    func crossingBack() {
        let f = PagerFixture()
        let finger = Finger()
        finger.down(f.at(0.5)).drag(by: -0.2 * f.width, 0, ms: 200).drag(by: 0.4 * f.width, 0, ms: 300)
        f.stage.play(finger, settle: false)
        #expect(f.progress.allSatisfy { $0 >= 0 })
        #expect(f.progress.last == 0)
        finger.up()
        f.stage.play(finger)
        #expect(f.current == 0)
    }

    @Test("going back really goes back: forward, then a swipe right returns to the first page")
    func forwardThenBack() {
        let f = PagerFixture()
        let finger = Finger()
        finger.down(f.at(0.8)).drag(by: -0.4 * f.width, 0, ms: 300).up().wait(700)
        finger.down(f.at(0.2)).drag(by: 0.5 * f.width, 0, ms: 300).up()
        f.stage.play(finger)
        #expect(f.current == 0)
        #expect(f.pager.stack.count == 1)
        #expect(f.changes == [1, 0])
    }

    @Test("the completed page ends swiping both ways; its button still taps")
    func completedPage() {
        let f = PagerFixture()
        let finger = Finger()
        for _ in 0..<3 { finger.down(f.at(0.85)).drag(by: -0.45 * f.width, 0, ms: 250).up().wait(700) }
        finger.down(f.at(0.85)).drag(by: -0.5 * f.width, 0, ms: 250).up().wait(700)
        finger.down(f.at(0.15)).drag(by: 0.5 * f.width, 0, ms: 250).up().wait(700)
        f.stage.play(finger)
        #expect(f.changes == [1, 2, 3])
        let tap = Finger()
        tap.tap(f.stage.point(in: f.start))
        f.stage.play(tap)
        #expect(f.started == 1)
    }

    @Test("a finger resting elsewhere does not stop another finger's flick: it pages exactly as a one-finger flick")
    func restingFingerDoesNotBlock() {
        func flick(_ f: PagerFixture) -> Finger {
            let finger = Finger(id: 1, startingAt: 200)
            return finger.down(f.at(0.8)).drag(by: -0.15 * f.width, 0, ms: 150).up()
        }
        let single = PagerFixture()
        single.stage.play(flick(single))

        let rested = PagerFixture()
        let resting = Finger(id: 0)
        resting.down(rested.at(0.1)).hold(800).up()
        rested.stage.play(resting, flick(rested))
        #expect(single.current == 1)
        #expect(rested.current == single.current)
        #expect(rested.changes == single.changes)
    }

    @Test("push, pop and popToRoot slide programmatically; a pushed screen swipes back; nothing swipes forward without a next")
    func programmatic() {
        let stage = Stage()
        let home = View()
        let stack = stage.show(NavigationStack(root: home))
        let detail = View()
        let deeper = View()
        #expect(stack.push(detail))
        #expect(!stack.push(deeper), "a transition is running")
        stage.settle()
        #expect(stack.push(deeper))
        stage.settle()
        #expect(stack.stack.count == 3)
        #expect(!stack.push(deeper), "already in the stack")
        // Swipe left on the top screen: no next, nothing happens.
        let left = Finger()
        left.down(Point(x: 1000, y: 400)).drag(by: -600, 0, ms: 200).up()
        stage.play(left)
        #expect(stack.currentPage === deeper)
        // Swipe right: back to detail.
        let right = Finger()
        right.down(Point(x: 200, y: 400)).drag(by: 700, 0, ms: 250).up()
        stage.play(right)
        #expect(stack.currentPage === detail && stack.stack.count == 2)
        #expect(stack.push(deeper))
        stage.settle()
        #expect(stack.popToRoot())
        stage.settle()
        #expect(stack.stack.count == 1 && stack.currentPage === home)
        #expect(deeper.superview == nil && detail.superview == nil)
        stack.allowsSwipeBack = false
        #expect(stack.push(detail))
        stage.settle()
        stage.play(right)
        #expect(stack.currentPage === detail, "swiping back is off")
        #expect(stack.pop())
        stage.settle()
        #expect(stack.currentPage === home)
    }

    @Test("a reset while a push slides or a swipe settles leaves the page it names on screen, whole (the idle reset can come at any time)")
    func resetMidTransition() {
        for swipe in [false, true] {
            let f = PagerFixture()
            if swipe {
                let finger = Finger()
                finger.down(f.at(0.9)).drag(by: -f.width * 0.4, 0, ms: 80).up()
                f.stage.play(finger, settle: false)
            } else {
                f.pager.pushNext()
            }
            f.stage.advance(ms: 60)
            #expect(f.pager.isTransitioning)
            f.pager.reset()
            f.stage.settle()
            #expect(f.pager.currentPage === f.pages[0])
            #expect(f.pages[0].frame == f.pager.bounds, "\(swipe ? "swipe" : "push"): the first page is at \(f.pages[0].frame)")
            #expect(f.pages[0].superview === f.pager && f.pages[1].superview == nil)
        }
    }
}
