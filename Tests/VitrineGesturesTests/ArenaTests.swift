import Testing
import VitrineCore
import VitrineGestures

@Suite("Gesture arena: pager, sheet and button")
struct ArenaTests {
    @Test("a vertical drag that starts on a button inside the pager moves the sheet")
    func verticalDragMovesSheet() {
        let kiosk = SheetWithPager()
        let trace = TouchTrace.swipe(from: (200, 300), by: (6, 260), duration: 160)
        kiosk.play(trace)
        #expect(kiosk.log == ["button failed", "pager cancelled", "sheet began"] + Array(repeating: "sheet changed", count: kiosk.log.count - 4) + ["sheet ended"])
        #expect(kiosk.presses == 0)
        #expect(kiosk.pageOffset == 0)
        // The sheet follows the finger from where the drag began.
        let lastY = trace[trace.count - 2].contacts[0].y
        #expect(abs(kiosk.sheetOffset - (lastY - kiosk.sheetDrag.startLocation.y)) < 1e-9)
        #expect(kiosk.sheetOffset > 200)
        // Released at its fastest: 2 × 260 pt / 0.16 s = 3250 pt/s.
        let release = kiosk.sheetRelease!
        #expect(abs(release.y - 3250) / 3250 < 0.05)
        #expect(abs(release.x) < 200)
    }

    @Test("a horizontal drag that starts on the button pages")
    func horizontalDragPages() {
        let kiosk = SheetWithPager()
        kiosk.play(TouchTrace.swipe(from: (200, 300), by: (-400, 10), duration: 200))
        #expect(kiosk.log.prefix(3) == ["button failed", "sheet cancelled", "pager began"])
        #expect(kiosk.log.last == "pager ended")
        #expect(kiosk.presses == 0)
        #expect(kiosk.sheetOffset == 0)
        #expect(kiosk.pageOffset < -300)
        #expect(abs(kiosk.pageRelease!.x + 4000) / 4000 < 0.05)
    }

    @Test("a tap presses the button and moves neither the pager nor the sheet")
    func tapPressesButton() {
        let kiosk = SheetWithPager()
        kiosk.play(TouchTrace.tap(at: (190, 290)))
        #expect(kiosk.presses == 1)
        #expect(kiosk.log == ["pager failed", "sheet failed", "button ended"])
        #expect(kiosk.sheetOffset == 0 && kiosk.pageOffset == 0)
    }

    @Test("a drag beside the button goes to the pager alone, the button never hears it")
    func dragBesideButton() {
        let kiosk = SheetWithPager()
        var downs = 0
        kiosk.buttonTap.onDown = { _ in downs += 1 }
        kiosk.play(TouchTrace.swipe(from: (600, 300), by: (300, 0), duration: 150))
        #expect(downs == 0)
        #expect(kiosk.log.first == "sheet cancelled")
        #expect(kiosk.pageOffset > 200)
    }

    @Test("when the finger lifts before anyone claims, the innermost recognizer wins")
    func sweepGoesToInnermost() {
        let inner = TapGestureRecognizer()
        let outer = TapGestureRecognizer()
        let arena = GestureArena { _ in [inner, outer] }
        for frame in TouchTrace.tap(at: (10, 10)) { arena.handle(frame) }
        #expect(inner.state == .ended)
        #expect(outer.state == .cancelled)
        #expect(arena.contestCount == 0)
    }

    @Test("a cancelled contact stops the winning drag without a fling and nobody else takes it")
    func cancelledContact() {
        let kiosk = SheetWithPager()
        kiosk.play(TouchTrace.swipe(from: (200, 300), by: (0, 200), duration: 120, lift: .cancelled))
        #expect(kiosk.log.last == "sheet cancelled")
        #expect(kiosk.sheetRelease == nil)
        #expect(kiosk.presses == 0)
        #expect(kiosk.arena.contestCount == 0)
    }

    @Test("a drag locked to an axis beats a free pan")
    func axisBeatsFreePan() {
        let free = PanGestureRecognizer(axis: .free)
        let vertical = PanGestureRecognizer(axis: .vertical)
        // The free pan is innermost, yet the vertical drag passes its 18 pt first.
        let arena = GestureArena { _ in [free, vertical] }
        for frame in TouchTrace.swipe(from: (0, 0), by: (0, 200), duration: 120) { arena.handle(frame) }
        #expect(vertical.state == .ended)
        #expect(free.state == .cancelled)
    }

    @Test("each finger has its own arena: one pages while another presses the button")
    func twoFingers() {
        let kiosk = SheetWithPager()
        let drag = TouchTrace.swipe(id: 0, from: (600, 300), by: (300, 0), duration: 160)
        let tap = TouchTrace.tap(id: 1, at: (200, 300), startingAt: drag[3].timestamp + 1000)
        // Interleave by time, merging contacts of frames at the same timestamp.
        var frames: [UInt64: [TouchContact]] = [:]
        for frame in drag + tap { frames[frame.timestamp, default: []] += frame.contacts }
        for time in frames.keys.sorted() { kiosk.arena.handle(TouchFrame(timestamp: time, contacts: frames[time]!)) }
        #expect(kiosk.presses == 1)
        #expect(kiosk.pagerDrag.state == .ended)
        #expect(kiosk.pageOffset > 200)
    }
}
