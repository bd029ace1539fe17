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
}
