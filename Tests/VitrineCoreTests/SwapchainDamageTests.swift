import Testing
import VitrineCore

@Suite("SwapchainDamage")
struct SwapchainDamageTests {
    let screen = PixelRect(x: 0, y: 0, width: 100, height: 100)
    func r(_ x: Int, _ y: Int, _ w: Int = 10, _ h: Int = 10) -> Region { Region(PixelRect(x: x, y: y, width: w, height: h)) }

    @Test("a new buffer receives the whole screen once")
    func firstUseIsFull() {
        var damage = SwapchainDamage(bufferCount: 2, screen: screen)
        #expect(damage.regionToCopy(into: 0, frameDamage: r(1, 1)) == Region(screen))
        #expect(damage.regionToCopy(into: 1, frameDamage: r(2, 2)) == Region(screen))
    }

    @Test("with two buffers each copy is this frame's damage plus the frame the buffer missed")
    func twoBuffers() {
        var damage = SwapchainDamage(bufferCount: 2, screen: screen)
        _ = damage.regionToCopy(into: 0, frameDamage: Region(screen))
        _ = damage.regionToCopy(into: 1, frameDamage: Region())
        // Frame 3 goes to buffer 0: it missed nothing since, so only D3.
        #expect(damage.regionToCopy(into: 0, frameDamage: r(0, 0)) == r(0, 0))
        // Frame 4 goes to buffer 1: D4 ∪ D3 (which it missed while 0 was being filled).
        #expect(damage.regionToCopy(into: 1, frameDamage: r(50, 50)) == r(0, 0).union(r(50, 50)))
        // Frame 5 to buffer 0: D5 ∪ D4.
        #expect(damage.regionToCopy(into: 0, frameDamage: r(80, 0)) == r(50, 50).union(r(80, 0)))
    }

    @Test("with three buffers a buffer catches up on the two frames it missed")
    func threeBuffers() {
        var damage = SwapchainDamage(bufferCount: 3, screen: screen)
        for b in 0..<3 { _ = damage.regionToCopy(into: b, frameDamage: Region()) }
        let d = [r(0, 0), r(20, 0), r(40, 0), r(60, 0), r(80, 0)]
        #expect(damage.regionToCopy(into: 0, frameDamage: d[0]) == d[0])
        #expect(damage.regionToCopy(into: 1, frameDamage: d[1]) == d[0].union(d[1]))
        #expect(damage.regionToCopy(into: 2, frameDamage: d[2]) == d[0].union(d[1]).union(d[2]))
        #expect(damage.regionToCopy(into: 0, frameDamage: d[3]) == d[1].union(d[2]).union(d[3]))
        #expect(damage.regionToCopy(into: 1, frameDamage: d[4]) == d[2].union(d[3]).union(d[4]))
    }

    @Test("damage outside the screen is clipped; invalidateAll makes every buffer stale")
    func clipAndInvalidate() {
        var damage = SwapchainDamage(bufferCount: 2, screen: screen)
        _ = damage.regionToCopy(into: 0, frameDamage: Region())
        _ = damage.regionToCopy(into: 1, frameDamage: Region())
        #expect(damage.regionToCopy(into: 0, frameDamage: r(95, 95)) == r(95, 95, 5, 5))
        damage.invalidateAll()
        #expect(damage.regionToCopy(into: 1, frameDamage: Region()) == Region(screen))
    }
}
