import Testing
import VitrineCore
import VitrineHeadless
import VitrineKiosk

@Suite("TestPattern")
struct TestPatternTests {
    @Test("the frame number survives the trip through the barcode", arguments: [1, 2, 255, 123_456, 16_777_215] as [UInt64])
    func barcodeRoundTrip(frame: UInt64) {
        let pattern = TestPattern(size: PixelSize(width: 640, height: 480))
        let buffer = PixelBuffer(size: pattern.size)
        pattern.draw(into: buffer, frame: frame)
        #expect(pattern.decodeFrameNumber(from: buffer) == frame)
    }

    @Test("drawing only the moving parts gives the same picture as drawing everything")
    func incrementalEqualsFull() {
        let pattern = TestPattern(size: PixelSize(width: 320, height: 200))
        let incremental = PixelBuffer(size: pattern.size)
        pattern.draw(into: incremental, frame: 1)
        for frame in UInt64(2)...90 { pattern.drawMoving(into: incremental, frame: frame, previous: frame - 1) }
        let full = PixelBuffer(size: pattern.size)
        pattern.draw(into: full, frame: 90)
        #expect(incremental.hasSamePixels(as: full))
    }

    @Test("a headless run shows the last frame and measures one refresh per frame")
    func headlessRun() {
        let loop = ManualEventLoop()
        let output = HeadlessOutput(logicalSize: PixelSize(width: 320, height: 200), loop: loop)
        let run = TestPatternRun(output: output, clock: loop)
        run.start()
        loop.advance(by: .seconds(1))
        run.stop()
        loop.advance(by: .milliseconds(50))
        let stats = run.intervalStatistics()!
        #expect(abs(stats.median - 1000.0 / 60) < 0.001)
        #expect(run.frameNumber == 60)
        let pattern = TestPattern(size: output.size)
        #expect(pattern.decodeFrameNumber(from: output.logicalScreen()!) == run.frameNumber)
    }
}
