import Testing
import VitrineCore
import VitrineGestures

/// The arena's rules on bare recognizers. How they play out on the real components (a button in
/// a pager in a split sheet) is tested in VitrineUITests ("Gestures across components").
@Suite("Gesture arena")
struct ArenaTests {
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

    @Test("a horizontal pan that yields to cross drags lets a mostly vertical drag go to the vertical pan around it, even past its own slop")
    func crossDragYields() {
        func contest(yielding: Bool, by offset: (x: Double, y: Double)) -> (inner: GestureState, outer: GestureState) {
            let slider = PanGestureRecognizer(axis: .horizontal)
            slider.yieldsToCrossAxisDrags = yielding
            let scroll = PanGestureRecognizer(axis: .vertical)
            let arena = GestureArena { _ in [slider, scroll] }
            // One jump of the finger passes both 18-point slops at once.
            let frames = [
                TouchFrame(timestamp: 1_000_000, contacts: [TouchContact(id: 0, phase: .began, x: 100, y: 100)]),
                TouchFrame(timestamp: 1_016_000, contacts: [TouchContact(id: 0, phase: .moved, x: 100 + offset.x, y: 100 + offset.y)]),
                TouchFrame(timestamp: 1_032_000, contacts: [TouchContact(id: 0, phase: .ended, x: 100 + offset.x, y: 100 + offset.y)])
            ]
            for frame in frames { arena.handle(frame) }
            return (slider.state, scroll.state)
        }
        // Without yielding, the innermost pan past its slop claims, however vertical the drag.
        let stubborn = contest(yielding: false, by: (20, -60))
        #expect(stubborn.inner == .ended && stubborn.outer == .cancelled)
        let yielding = contest(yielding: true, by: (20, -60))
        #expect(yielding.inner == .failed && yielding.outer == .ended)
        // Mostly along its axis, it still wins.
        let along = contest(yielding: true, by: (60, -20))
        #expect(along.inner == .ended && along.outer == .cancelled)
    }
}
