import Testing
import VitrineCore
import VitrineGestures
import VitrineUI

/// A split sheet filling the window: a Show/Hide button in the main pane, content 620 points
/// tall in the sheet (so an expanded detent exists above the 400-point shown one).
final class SplitFixture {
    let stage = Stage()
    let split = SplitSheet()
    let toggle = Button(title: "Show")
    var rests: [SheetDetent] = []

    init() {
        self.split.sheetContentHeight = 620
        self.split.mainView.addSubview(self.toggle)
        self.toggle.action = { [unowned self] in self.split.show(!self.split.showing) }
        self.split.onRest = { [unowned self] detent in self.rests.append(detent) }
        self.stage.show(self.split)
        self.toggle.frame = Rect(x: 490, y: 120, width: 300, height: 52)
    }

    var slop: Double { GestureMetrics().touchSlop }
    var height: Double { self.split.bounds.height }
    /// A point in the lower part of the screen, where a drag up starts.
    var low: Point { Point(x: self.split.bounds.midX, y: self.height - 100) }

    /// Drags up so that the sheet ends `offset` points up (the pan counts from where it passed
    /// the slop), slowly, then holds still; returns the offset reached before the lift.
    func dragUp(to offset: Double) -> (Finger, Double) {
        let finger = Finger()
        finger.down(self.low).drag(by: 0, -(offset + self.slop), ms: 600).hold(120)
        self.stage.play(finger, settle: false)
        return (finger, self.split.offset)
    }
}

@Suite("Split sheet (SplitSheet's detents and release rules)")
struct SplitSheetTests {
    @Test("the button in the main pane shows the sheet (a spring to the shown detent) and hides it again")
    func buttonShowsAndHides() {
        let f = SplitFixture()
        let finger = Finger()
        finger.tap(f.stage.point(in: f.toggle))
        f.stage.play(finger)
        #expect(f.split.detent == .shown && f.split.showing)
        // The button moved up with the shrinking main pane; tap it where it is now.
        let again = Finger()
        again.tap(f.stage.point(in: f.toggle))
        f.stage.play(again)
        #expect(f.split.detent == .hidden && !f.split.showing)
        #expect(f.toggle.actionCount == 2)
    }

    @Test("a still release 140 points below the shown detent snaps to it; 160 below hides the sheet")
    func snappingDistance() {
        for (below, expected) in [(140.0, SheetDetent.shown), (160.0, .hidden)] {
            let f = SplitFixture()
            let (finger, reached) = f.dragUp(to: f.split.minimumSheetHeight - below)
            #expect(abs(reached - (f.split.minimumSheetHeight - below)) < 6, "reached \(reached)")
            finger.up()
            f.stage.play(finger)
            #expect(f.split.detent == expected, "\(below) below")
        }
    }

    @Test("a still release well above the shown detent rests where it is, inside the expanded range")
    func restsAboveShown() {
        let f = SplitFixture()
        let (finger, reached) = f.dragUp(to: 560)
        finger.up()
        f.stage.play(finger)
        #expect(f.split.detent == .between)
        #expect(abs(f.split.offset - reached) < 1)
    }

    @Test("a fast flick from hidden skips the shown detent and lands expanded")
    func flickSkipsShown() {
        let f = SplitFixture()
        let finger = Finger()
        finger.down(f.low).drag(by: 0, -200, ms: 60).up()
        f.stage.play(finger)
        #expect(f.split.detent == .expanded)
    }

    @Test("a reverse flick at the end of a drag goes the flick's way")
    func reverseFlick() {
        let f = SplitFixture()
        f.split.show(true)
        f.stage.settle()
        let finger = Finger()
        finger.down(Point(x: 640, y: f.height - 300)).drag(by: 0, 60, ms: 40).drag(by: 0, -260, ms: 100).drag(by: 0, 260, ms: 60).up()
        f.stage.play(finger)
        #expect(f.split.detent == .hidden)
    }

    @Test("a drag that catches the sheet mid-settle continues from where it is drawn, and it rests once")
    func catchMidSettle() {
        let f = SplitFixture()
        f.split.show(true)
        f.stage.advance(ms: 90)
        let caught = f.split.offset
        #expect(caught > 0 && caught < f.split.minimumSheetHeight - 150)
        // Caught where it is drawn, then dragged to 100 points below the shown detent.
        let travel = f.split.minimumSheetHeight - 100 - caught
        let finger = Finger()
        finger.down(Point(x: 640, y: f.height - caught / 2))
        f.stage.play(finger, settle: false)
        #expect(f.split.offset == caught, "the touch stops the sheet where it is")
        finger.drag(by: 0, -(travel + f.slop), ms: 300).hold(120)
        f.stage.play(finger, settle: false)
        #expect(abs(f.split.offset - (caught + travel)) < 6, "no jump: \(f.split.offset)")
        finger.up()
        f.stage.play(finger)
        #expect(f.split.detent == .shown)
        #expect(f.rests == [.shown])
    }

    @Test("with swipeUpToShowAllowed off, a drag up from hidden does nothing")
    func swipeUpDisabled() {
        let f = SplitFixture()
        f.split.swipeUpToShowAllowed = false
        let finger = Finger()
        finger.down(f.low).drag(by: 0, -300, ms: 200).up()
        f.stage.play(finger)
        #expect(f.split.detent == .hidden)
    }

    @Test("with displaceContent the main pane shrinks as the sheet rises; without, the sheet overlays it")
    func displacement() {
        let f = SplitFixture()
        f.split.show(true, animated: false)
        f.stage.settle()
        #expect(f.split.mainView.frame.height == f.height - f.split.minimumSheetHeight)
        f.split.displaceContent = false
        f.stage.settle()
        #expect(f.split.mainView.frame.height == f.height)
    }

    @Test("with swipeUpToShowAllowed off, a finger landing on the sheet as it slides away to hidden does not stop it between the detents")
    func caughtWhileHidingWithoutSwipeUp() {
        let f = SplitFixture()
        f.split.swipeUpToShowAllowed = false
        f.split.show(true)
        f.stage.settle()
        f.split.show(false)
        f.stage.advance(ms: 100)
        #expect(f.split.detent == .between)
        let finger = Finger()
        finger.down(Point(x: f.split.bounds.midX, y: f.height - 40)).drag(by: 0, -120, ms: 200).up()
        f.stage.play(finger)
        #expect(f.split.detent == .hidden && !f.split.showing, "left at \(f.split.offset)")
    }
}
