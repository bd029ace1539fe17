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
}
