import Testing
import VitrineCore
import VitrineGestures
import VitrineMotion

@Suite("Catching a settling sheet")
struct CatchSettlingSheetTests {
    @Test("a drag that starts on a settling sheet catches it where it is shown, with no jump")
    func dragCatchesSettlingSheet() throws {
        // The kiosk's loop, 60 Hz frame clock and animator, headless.
        let loop = ManualEventLoop(now: MonotonicTime(seconds: 1))
        let clock = FrameClock(loop: loop, refreshInterval: Nanoseconds(16_666_667))
        let animator = Animator(frameClock: clock)
        var framesDrawn = 0
        clock.onFrame = { frame in
            framesDrawn += 1
            animator.step(frame)
        }
        let kiosk = SheetWithPager()
        // The sheet's layer offset is driven by a spring settling from 0 to 400.
        let settle = SpringAnimation(value: 0, target: 400, parameters: SpringParameters(response: 0.5, dampingRatio: 0.9))
        settle.onUpdate = { kiosk.sheetOffset = $0 }
        animator.run(settle)
        loop.advance(by: .milliseconds(120))
        let presented = kiosk.sheetOffset
        #expect(presented > 60 && presented < 340, "mid-settle")
        #expect(settle.velocity > 500)

        // The finger lands: the sheet's drag stops the settle at the presented value.
        var grabbed: Double?
        kiosk.sheetDrag.onDown = { _ in
            animator.stop(settle)
            grabbed = settle.value
        }
        var offsetsWhileDragging: [Double] = []
        let wiredChange = kiosk.sheetDrag.onChange
        kiosk.sheetDrag.onChange = { pan in
            wiredChange?(pan)
            if pan.state.isActive { offsetsWhileDragging.append(kiosk.sheetOffset) }
        }
        let trace = TouchTrace.swipe(
            from: (600, 500), by: (3, -150), duration: 120, startingAt: UInt64(loop.now.microseconds))
        for frame in trace {
            loop.advance(to: frame.time)
            kiosk.arena.handle(frame)
            if frame.contacts[0].phase == .began {
                #expect(grabbed == presented)
                #expect(kiosk.sheetOffset == presented)
                #expect(!animator.isRunning(settle))
            }
        }
        // Nothing moved it between touch-down and the drag's start, and the drag started there.
        #expect(kiosk.sheetDrag.state == .ended)
        #expect(offsetsWhileDragging.first == presented)
        // From then on the offset under the finger is the presented value plus the translation.
        let lastY = trace[trace.count - 2].contacts[0].y
        #expect(abs(kiosk.sheetOffset - (presented + lastY - kiosk.sheetDrag.startLocation.y)) < 1e-9)
        // No frames were asked for while the finger held the sheet.
        let framesBeforeRelease = framesDrawn
        #expect(loop.nextDeadline == nil)

        // Release: pick the detent from the projection and hand the finger's velocity to the spring.
        let release = try #require(kiosk.sheetRelease)
        #expect(release.y < -1000)
        let projected = kiosk.sheetOffset + project(velocity: release.y)
        let target = [0.0, 400.0].min { abs($0 - projected) < abs($1 - projected) }!
        #expect(target == 0)
        let releasedAt = kiosk.sheetOffset
        settle.reset(value: releasedAt, velocity: release.y, at: trace.last!.time)
        settle.retarget(to: target)
        var afterRelease: [(time: MonotonicTime, offset: Double)] = []
        settle.onUpdate = {
            kiosk.sheetOffset = $0
            afterRelease.append((loop.now, $0))
        }
        animator.run(settle)
        #expect(loop.runUntilIdle(limit: loop.now + .seconds(5)))
        #expect(framesDrawn > framesBeforeRelease)
        // The spring starts at the lift, where the finger left it, and its first frames move at
        // the finger's speed: no jump, no stall. (Within 10 pt of v·Δt over one 60 Hz frame: the
        // spring's pull changes the speed by at most ½·a·Δt² ≈ 4 pt.)
        #expect(afterRelease[0].time == trace.last!.time)
        #expect(afterRelease[0].offset == releasedAt)
        let step = afterRelease[1].offset - releasedAt
        let expectedStep = release.y * (afterRelease[1].time - afterRelease[0].time).seconds
        #expect(abs(step - expectedStep) < 10)
        #expect(abs(expectedStep) > 40)
        #expect(kiosk.sheetOffset == 0)
    }
}
