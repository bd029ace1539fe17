import Testing
import VitrineCore
import VitrineHeadless

@Suite("HeadlessOutput flip record")
struct HeadlessFlipRecordTests {
    @Test("a long run keeps only the last retainedFlips flips, in order, and counts them all")
    func boundedRecord() {
        let loop = ManualEventLoop()
        let size = PixelSize(width: 64, height: 48)
        // One buffer: each flip copies exactly its frame's damage (after the first, full one).
        let output = HeadlessOutput(logicalSize: size, bufferCount: 1, loop: loop)
        let frame = PixelBuffer(size: size)
        func spot(_ i: Int) -> PixelRect { PixelRect(x: i % 64, y: (i / 64) % 48, width: 1, height: 1) }
        let total = 1000
        for i in 0..<total {
            frame.fill(spot(i), with: 0xFF00_0000 | UInt32(i))
            output.present(frame, damage: Region(spot(i)))
            loop.advance(by: .milliseconds(17))
        }
        #expect(HeadlessOutput.retainedFlips == 256)
        #expect(output.flipCount == total)
        #expect(output.flips.count == HeadlessOutput.retainedFlips)
        let first = total - HeadlessOutput.retainedFlips
        #expect(output.flips.map(\.copied) == (first..<total).map { Region(spot($0)) })
        #expect(output.logicalScreen()!.hasSamePixels(as: frame))
    }
}
