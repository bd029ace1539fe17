import Testing
import VitrineCore

@Suite("ManualEventLoop and FrameClock")
struct ClockTests {
    @Test("actions run in deadline order with now set to each deadline")
    func ordering() {
        let loop = ManualEventLoop()
        var log: [String] = []
        loop.schedule(at: MonotonicTime(nanoseconds: 30)) { log.append("c@\(loop.now.nanoseconds)") }
        loop.schedule(at: MonotonicTime(nanoseconds: 10)) { log.append("a@\(loop.now.nanoseconds)") }
        let cancelled = loop.schedule(at: MonotonicTime(nanoseconds: 20)) { log.append("cancelled") }
        loop.schedule(at: MonotonicTime(nanoseconds: 10)) {
            log.append("b@\(loop.now.nanoseconds)")
            loop.schedule(at: MonotonicTime(nanoseconds: 5)) { log.append("late@\(loop.now.nanoseconds)") }
        }
        loop.cancel(cancelled)
        loop.advance(to: MonotonicTime(nanoseconds: 100))
        #expect(log == ["a@10", "b@10", "late@10", "c@30"])
        #expect(loop.now.nanoseconds == 100)
        #expect(loop.nextDeadline == nil)
    }

    @Test("a frame request is served once, and nothing ticks while nobody asks")
    func idleIsIdle() {
        let loop = ManualEventLoop()
        let clock = FrameClock(loop: loop, refreshInterval: .milliseconds(10))
        var frames: [FrameTime] = []
        clock.onFrame = { frames.append($0) }
        clock.requestFrame()
        clock.requestFrame()
        loop.advance(by: .milliseconds(100))
        #expect(frames.count == 1)
        #expect(loop.nextDeadline == nil)
    }

    @Test("after a flip the next callback comes at the flip and targets the following vblank")
    func pacedByFlips() {
        let loop = ManualEventLoop()
        let clock = FrameClock(loop: loop, refreshInterval: .milliseconds(10))
        var frames: [FrameTime] = []
        clock.onFrame = { [unowned clock, unowned loop] time in
            frames.append(time)
            clock.didSubmit()
            // The "hardware" completes the flip at the next 10 ms vblank.
            let vblank = MonotonicTime(nanoseconds: (loop.now.nanoseconds / 10_000_000 + 1) * 10_000_000)
            loop.schedule(at: vblank) { [unowned clock] in clock.didPresent(at: vblank) }
            if frames.count < 4 { clock.requestFrame() }
        }
        clock.requestFrame()
        loop.advance(by: .milliseconds(100))
        #expect(frames.count == 4)
        #expect(frames.map(\.presentationTime.nanoseconds) == [0, 20_000_000, 30_000_000, 40_000_000])
        #expect(frames.map { $0.lastPresentationTime?.nanoseconds } == [nil, 10_000_000, 20_000_000, 30_000_000])
        #expect(frames.map(\.sequence) == [1, 2, 3, 4])
    }

    @Test("frames drawn are counted, and those whose flip came a refresh after their vblank are the late ones")
    func lateFramesCounted() {
        let loop = ManualEventLoop()
        let clock = FrameClock(loop: loop, refreshInterval: .milliseconds(10))
        var rendered = 0
        clock.onRendered = { _ in rendered += 1 }
        var frames = 0
        clock.onFrame = { [unowned clock, unowned loop] _ in
            frames += 1
            clock.didSubmit()
            // The flip of frames 3 and 5 completes one vblank later than the next one: they were
            // seen a refresh late (the first frame has no vblank to miss, and is on time anyway).
            let next = (loop.now.nanoseconds / 10_000_000 + 1) * 10_000_000
            let vblank = MonotonicTime(nanoseconds: frames == 3 || frames == 5 ? next + 10_000_000 : next)
            loop.schedule(at: vblank) { [unowned clock] in clock.didPresent(at: vblank) }
            if frames < 6 { clock.requestFrame() }
        }
        clock.requestFrame()
        loop.advance(by: .milliseconds(200))
        #expect(frames == 6)
        #expect(clock.submittedFrames == 6)
        #expect(rendered == 6)
        #expect(clock.lateFrames == 2)

        // A frame that presents nothing is not counted.
        clock.onFrame = { _ in }
        clock.requestFrame()
        loop.advance(by: .milliseconds(50))
        #expect(clock.submittedFrames == 6)
    }

    @Test("a client that asks for frames but presents nothing is called once per refresh, not in a spin")
    func noSpin() {
        let loop = ManualEventLoop()
        let clock = FrameClock(loop: loop, refreshInterval: .milliseconds(10))
        var count = 0
        clock.onFrame = { [unowned clock] _ in
            count += 1
            clock.requestFrame()
        }
        clock.requestFrame()
        loop.advance(by: .milliseconds(95))
        #expect(count == 10)
    }

    @Test("paused clocks hold requests until resumed")
    func pause() {
        let loop = ManualEventLoop()
        let clock = FrameClock(loop: loop, refreshInterval: .milliseconds(10))
        var count = 0
        clock.onFrame = { _ in count += 1 }
        clock.pause()
        clock.requestFrame()
        loop.advance(by: .milliseconds(50))
        #expect(count == 0)
        clock.resume()
        loop.runDueActions()
        #expect(count == 1)
    }

    /// Touches every millisecond, 3 ms of drawing per frame, 10 ms refresh: returns the worst
    /// time from a touch to the vblank that first shows it (after 200 ms of warm-up) and how
    /// many vblanks in the measured window showed no new frame.
    private func touchToScreen(lateRenderMargin: Nanoseconds?) -> (worst: Nanoseconds, missed: Int) {
        let loop = ManualEventLoop()
        let clock = FrameClock(loop: loop, refreshInterval: .milliseconds(10))
        clock.lateRenderMargin = lateRenderMargin
        var pendingTouches: [MonotonicTime] = []
        var worst = Nanoseconds.zero
        var presents: Set<Int64> = []
        // Unowned: the clock keeps onFrame (and the loop its timers), so holding them would keep
        // both alive after the test.
        clock.onFrame = { [unowned clock, unowned loop] _ in
            let shown = pendingTouches
            pendingTouches = []
            loop.spend(.milliseconds(3))
            clock.didSubmit()
            let vblank = MonotonicTime(nanoseconds: (loop.now.nanoseconds / 10_000_000 + 1) * 10_000_000)
            loop.schedule(at: vblank) { [unowned clock] in
                clock.didPresent(at: vblank)
                presents.insert(vblank.nanoseconds)
                for touch in shown where touch.nanoseconds >= 200_000_000 {
                    worst = max(worst, vblank - touch)
                }
            }
        }
        for millisecond in 1...400 {
            loop.schedule(at: MonotonicTime(nanoseconds: Int64(millisecond) * 1_000_000)) {
                pendingTouches.append(loop.now)
                clock.requestFrame()
            }
        }
        loop.advance(to: MonotonicTime(nanoseconds: 420_000_000))
        let window = stride(from: Int64(210_000_000), through: 400_000_000, by: 10_000_000)
        return (worst, window.filter { !presents.contains($0) }.count)
    }

    @Test("late rendering shows a touch within one refresh plus the render time; drawing at the flip takes nearly two")
    func lateRendering() {
        let late = self.touchToScreen(lateRenderMargin: .milliseconds(2))
        let immediate = self.touchToScreen(lateRenderMargin: nil)
        // Refresh 10 ms + render 3 ms + margin 2 ms bounds the late case.
        #expect(late.worst <= .milliseconds(15))
        #expect(late.missed == 0)
        // Drawing at the flip: a touch read just after a frame started waits for the next flip,
        // then a whole refresh more (two refreshes less the render it arrived during).
        #expect(immediate.worst >= .milliseconds(17))
        #expect(immediate.worst > late.worst)
        #expect(immediate.missed == 0)
    }

    @Test("the render-time average follows what drawing costs")
    func renderTimeAverage() {
        let loop = ManualEventLoop()
        let clock = FrameClock(loop: loop, refreshInterval: .milliseconds(10))
        clock.lateRenderMargin = .milliseconds(2)
        clock.onFrame = { [unowned clock, unowned loop] _ in
            loop.spend(.milliseconds(4))
            clock.requestFrame()
        }
        clock.requestFrame()
        loop.advance(by: .milliseconds(500))
        #expect(abs(clock.averageRenderTime.value - 4_000_000) < 100_000)
        #expect(abs(clock.renderLead.value - 6_000_000) < 100_000)
    }
}
