import Testing
import VitrineCore
import VitrineGestures

/// Sends `frames` to one recognizer the way a lone arena member sees them.
private func feed(_ recognizer: any GestureRecognizer, _ frames: [TouchFrame]) {
    let arena = GestureArena { _ in [recognizer] }
    for frame in frames { arena.handle(frame) }
}

private func frame(_ ms: UInt64, _ phase: TouchContact.Phase, _ x: Double, _ y: Double) -> TouchFrame {
    TouchFrame(timestamp: ms * 1000, contacts: [TouchContact(id: 3, phase: phase, x: x, y: y)])
}

@Suite("Pan and tap recognizers")
struct RecognizerTests {
    @Test("the slop is 2.86 mm of the panel, or 18 points when its size is unknown")
    func slopInMillimetres() {
        #expect(GestureMetrics().touchSlop == 18)
        // A 10.1" 1280×800 panel, 217 mm wide: 5.90 points per millimetre.
        let panel = GestureMetrics(logicalWidth: 1280, widthMillimetres: 217)
        #expect(abs(panel.touchSlop - 2.8575 * 1280 / 217) < 1e-9)
        #expect(abs(panel.touchSlop - 16.855) < 0.001)
        #expect(panel.panSlop == 2 * panel.touchSlop)
        // At Flutter's 160 dpi logical pixel the millimetres are exactly kTouchSlop.
        #expect(abs(GestureMetrics(pointsPerMillimetre: 160 / 25.4).touchSlop - 18) < 1e-9)
    }

    @Test("a vertical pan begins only past the slop, with no jump, and follows the finger from there")
    func verticalPanBegins() {
        let panel = GestureMetrics(logicalWidth: 1280, widthMillimetres: 217)  // slop 16.86 pt
        let pan = PanGestureRecognizer(axis: .vertical, metrics: panel)
        var changes: [(GestureState, Double)] = []
        pan.onChange = { changes.append(($0.state, $0.translation.y)) }
        let arena = GestureArena { _ in [pan] }
        arena.handle(frame(0, .began, 100, 100))
        arena.handle(frame(8, .moved, 103, 116.5))
        #expect(pan.state == .possible)  // 16.5 pt: inside the slop
        arena.handle(frame(16, .moved, 104, 117.5))
        #expect(pan.state == .began)
        #expect(pan.translation == .zero)
        #expect(pan.startLocation == GestureVector(x: 104, y: 117.5))
        arena.handle(frame(24, .moved, 104, 130))
        arena.handle(frame(32, .ended, 104, 130))
        #expect(changes.map(\.0) == [.began, .changed, .ended])
        #expect(changes.map(\.1) == [0, 12.5, 12.5])
        #expect(pan.velocity.y > 0)
    }

    @Test("a horizontal pan ignores vertical movement, a free pan needs twice the slop")
    func axes() {
        let trace = [frame(0, .began, 0, 0), frame(8, .moved, 5, 30), frame(16, .moved, 20, 30), frame(24, .moved, 30, 30)]
        var horizontal: [GestureState] = []
        let h = PanGestureRecognizer(axis: .horizontal)
        h.onChange = { horizontal.append($0.state) }
        feed(h, Array(trace.prefix(2)))
        #expect(horizontal.isEmpty)
        let h2 = PanGestureRecognizer(axis: .horizontal)
        feed(h2, Array(trace.prefix(3)))
        #expect(h2.state == .began && h2.startLocation.x == 20)
        let free = PanGestureRecognizer(axis: .free)
        feed(free, Array(trace.prefix(3)))  // 36.1 pt from the start: just past 2 × 18
        #expect(free.state == .began)
        let free2 = PanGestureRecognizer(axis: .free)
        feed(free2, [frame(0, .began, 0, 0), frame(8, .moved, 25, 25)])  // 35.4 pt
        #expect(free2.state == .possible)
    }

    @Test("a cancelled contact cancels a pan under way, with no velocity to fling")
    func cancelledContactDoesNotFling() {
        let pan = PanGestureRecognizer(axis: .vertical)
        var states: [GestureState] = []
        var flung = false
        pan.onChange = { pan in
            states.append(pan.state)
            if pan.state == .ended { flung = true }
        }
        feed(pan, TouchTrace.swipe(from: (100, 100), by: (0, 300), duration: 120, lift: .cancelled))
        #expect(states.first == .began && states.last == .cancelled)
        #expect(!states.contains(.ended))
        #expect(!flung)
        #expect(pan.velocity == .zero)
    }

    @Test("a pan lifted before its slop fails")
    func shortPanFails() {
        let pan = PanGestureRecognizer(axis: .vertical)
        feed(pan, TouchTrace.tap(at: (100, 100)))
        #expect(pan.state == .failed)
        #expect(pan.translation == .zero)
    }

    @Test("a finger that rests before lifting releases the pan with no velocity")
    func restBeforeLift() {
        let pan = PanGestureRecognizer(axis: .horizontal)
        feed(pan, TouchTrace.swipe(from: (100, 100), by: (300, 0), duration: 160, hold: 80))
        #expect(pan.state == .ended)
        #expect(pan.velocity == .zero)
        let flick = PanGestureRecognizer(axis: .horizontal)
        feed(flick, TouchTrace.swipe(from: (100, 100), by: (300, 0), duration: 160))
        #expect(flick.velocity.x > 2000)
    }

    @Test("a tap that stays within the slop taps; one that slides away fails")
    func tap() {
        let tap = TapGestureRecognizer()
        var downs = 0
        tap.onDown = { _ in downs += 1 }
        feed(tap, TouchTrace.tap(at: (10, 10)))
        #expect(tap.state == .ended)
        feed(tap, TouchTrace.swipe(from: (10, 10), by: (0, 40), duration: 100))
        #expect(tap.state == .failed)
        #expect(downs == 2)
    }
}
