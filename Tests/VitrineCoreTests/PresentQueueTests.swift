import Testing
import VitrineCore

/// The queue against a backend that answers as the test says: the flip state machine's seams
/// (completions as events, a lost screen) without any output around it.
@Suite("PresentQueue")
struct PresentQueueTests {
    /// A scanout that records what it is asked and answers `outcome`.
    final class ScriptedScanout: ScanoutBackend {
        let bufferCount = 2
        var outcome: FlipOutcome = .queued
        private(set) var copies: [(buffer: Int, region: Region)] = []
        private(set) var flips: [Int] = []

        func copy(_ region: Region, from frame: PixelBuffer, toBuffer index: Int) { self.copies.append((index, region)) }
        func queueFlip(toBuffer index: Int) -> FlipOutcome {
            self.flips.append(index)
            return self.outcome
        }
    }

    static let size = PixelSize(width: 16, height: 8)

    static func queue(_ scanout: ScriptedScanout, _ loop: ManualEventLoop, pacing: FlipPacing = .flipEvents) -> PresentQueue {
        PresentQueue(
            backend: scanout, logicalSize: Self.size, refreshInterval: .milliseconds(10), loop: loop, pacing: pacing,
            logger: Logger("test", sink: MemoryLogSink()))
    }

    @Test("a queued flip completes only with its FlipEvent, at the event's timestamp; a second event for it changes nothing")
    func completionIsAnEvent() {
        let loop = ManualEventLoop()
        let scanout = ScriptedScanout()
        let queue = Self.queue(scanout, loop)
        let frame = PixelBuffer(size: Self.size)
        queue.present(frame, damage: Region(frame.bounds))
        loop.advance(by: .milliseconds(5))
        #expect(queue.frontBuffer == nil, "nothing is on screen before the event")
        queue.present(frame, damage: Region(PixelRect(x: 1, y: 1, width: 2, height: 2)))
        #expect(scanout.flips == [0], "the second frame waits for the flip in flight")
        queue.flipCompleted(FlipEvent(sequence: 1, timestamp: MonotonicTime(nanoseconds: 4_000_000)))
        #expect(queue.frontBuffer == 0)
        #expect(queue.frameClock.lastPresentationTime == MonotonicTime(nanoseconds: 4_000_000))
        #expect(scanout.flips == [0, 1], "the waiting frame goes out as soon as the flip completed")
        queue.flipCompleted(FlipEvent(sequence: 2, timestamp: MonotonicTime(nanoseconds: 5_000_000)))
        queue.flipCompleted(FlipEvent(sequence: 2, timestamp: MonotonicTime(nanoseconds: 6_000_000)))
        #expect(queue.frontBuffer == 1)
        #expect(queue.frameClock.lastPresentationTime == MonotonicTime(nanoseconds: 5_000_000))
        #expect(scanout.flips == [0, 1])
    }

    @Test("a lost screen pauses the queue and tells the owner once; resume shows the last frame in full")
    func screenLost() {
        let loop = ManualEventLoop()
        let scanout = ScriptedScanout()
        let queue = Self.queue(scanout, loop)
        var lost: [String] = []
        queue.onScreenLost = { lost.append($0.message) }
        scanout.outcome = .screenLost(VitrineError(.busy, "another master"))
        let frame = PixelBuffer(size: Self.size)
        queue.present(frame, damage: Region(PixelRect(x: 0, y: 0, width: 4, height: 4)))
        #expect(lost == ["another master"])
        #expect(queue.isPaused && queue.frameClock.isPaused)
        queue.present(frame, damage: Region(PixelRect(x: 5, y: 5, width: 1, height: 1)))
        loop.advance(by: .seconds(1))
        #expect(scanout.flips.count == 1, "nothing is flipped while the screen is gone")
        #expect(lost.count == 1)
        scanout.outcome = .onScreen(FlipEvent())
        queue.resume()
        #expect(scanout.copies.last!.region == Region(frame.bounds))
        loop.advance(by: .milliseconds(1))
        #expect(!queue.isPaused)
        #expect(queue.frontBuffer == scanout.flips.last)
    }

    @Test("resuming a queue that was not paused drops the flight's timers with it: the loop goes idle")
    func resumeWithoutPause() {
        let loop = ManualEventLoop()
        let scanout = ScriptedScanout()
        scanout.outcome = .onScreen(FlipEvent())
        let queue = Self.queue(scanout, loop, pacing: .timer)
        let frame = PixelBuffer(size: Self.size)
        queue.present(frame, damage: Region(frame.bounds))
        queue.resume()
        loop.advance(by: .milliseconds(100))
        #expect(scanout.flips.count == 2)
        #expect(queue.frontBuffer == scanout.flips.last)
        // Before, the first flight's timeout was left scheduled and woke the loop at 500 ms.
        #expect(loop.nextDeadline == nil)
    }

    @Test("a frame's bands are copied into the buffer it is submitted to as they are painted, and present copies only the rest")
    func bandsCopiedWhilePainting() {
        let loop = ManualEventLoop()
        let scanout = ScriptedScanout()
        scanout.outcome = .onScreen(FlipEvent())
        let queue = Self.queue(scanout, loop, pacing: .timer)
        let frame = PixelBuffer(size: Self.size)
        queue.present(frame, damage: Region(frame.bounds))
        loop.advance(by: .milliseconds(10))
        #expect(queue.frontBuffer == 0)
        // Buffer 1 missed the first frame (all of it); this frame damages a box in rows 2..<6.
        let damage = Region(PixelRect(x: 3, y: 2, width: 5, height: 4))
        queue.beginFrame(frame, damage: damage)
        queue.bandPainted(2..<4)
        queue.bandPainted(4..<6)
        #expect(scanout.copies.count == 3, "each band is copied when it is painted")
        #expect(scanout.copies[1].buffer == 1 && scanout.copies[1].region == Region(PixelRect(x: 0, y: 2, width: 16, height: 2)))
        #expect(scanout.copies[2].region == Region(PixelRect(x: 0, y: 4, width: 16, height: 2)))
        queue.present(frame, damage: damage)
        #expect(scanout.flips == [0, 1])
        // The rest of what buffer 1 missed, and nothing twice.
        #expect(scanout.copies.count == 4)
        #expect(scanout.copies[3].buffer == 1)
        #expect(scanout.copies[3].region == Region(frame.bounds).subtracting(Region(PixelRect(x: 0, y: 2, width: 16, height: 4))))
        loop.advance(by: .milliseconds(10))
        // The next frame into buffer 0 copies what it missed (the last frame's damage), unchanged.
        let next = Region(PixelRect(x: 0, y: 7, width: 2, height: 1))
        queue.beginFrame(frame, damage: next)
        queue.bandPainted(0..<8)
        queue.present(frame, damage: next)
        #expect(scanout.copies[4].buffer == 0 && scanout.copies[4].region == damage.union(next))
        #expect(scanout.copies.count == 5)
    }

    @Test("with a flip in flight a frame's bands copy nothing: it is copied whole when its turn comes")
    func noBandsWhileAFlipIsInFlight() {
        let loop = ManualEventLoop()
        let scanout = ScriptedScanout()
        let queue = Self.queue(scanout, loop)
        let frame = PixelBuffer(size: Self.size)
        queue.present(frame, damage: Region(frame.bounds))
        let damage = Region(PixelRect(x: 1, y: 1, width: 2, height: 2))
        queue.beginFrame(frame, damage: damage)
        queue.bandPainted(0..<8)
        queue.present(frame, damage: damage)
        #expect(scanout.copies.count == 1, "buffer 1 is not written while buffer 0's flip is in flight")
        queue.flipCompleted(FlipEvent(sequence: 1, timestamp: MonotonicTime(nanoseconds: 1_000_000)))
        #expect(scanout.copies.count == 2 && scanout.copies[1].buffer == 1 && scanout.copies[1].region == Region(frame.bounds))
    }

    @Test("bands of a frame that is never presented leave the next frame's copy whole")
    func bandsOfAnUnpresentedFrame() {
        let loop = ManualEventLoop()
        let scanout = ScriptedScanout()
        scanout.outcome = .onScreen(FlipEvent())
        let queue = Self.queue(scanout, loop, pacing: .timer)
        let frame = PixelBuffer(size: Self.size)
        queue.beginFrame(frame, damage: Region(frame.bounds))
        queue.bandPainted(0..<4)
        let other = PixelBuffer(size: Self.size)
        queue.present(other, damage: Region(frame.bounds))
        #expect(scanout.copies.count == 2)
        #expect(scanout.copies[1].region == Region(frame.bounds), "another frame is copied in full")
    }
}
