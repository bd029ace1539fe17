import Testing
import VitrineCore
import VitrineMotion

@Suite("Interactive transitions")
struct InteractiveTransitionTests {
    /// A transition on a 60 Hz headless clock, and everything its hooks did.
    private final class Pager {
        let motion = HeadlessMotion()
        let transition: InteractiveTransition
        var backgroundProgress: [Double] = []
        var log: [String] = []

        init() {
            self.transition = InteractiveTransition(animator: self.motion.animator, travel: 800)
            self.transition.addAnimations { [unowned self] in self.backgroundProgress.append($0) }
            self.transition.addCompletion { [unowned self] in self.log.append("completed") }
            self.transition.addCancellation { [unowned self] in self.log.append("cancelled") }
        }

        var loop: ManualEventLoop { self.motion.loop }
    }

    @Test("a finger scrubs the alongside animations forwards and back")
    func scrubbing() {
        let pager = Pager()
        for progress in [0.1, 0.3, 0.2, -0.5, 1.7] { pager.transition.update(progress: progress) }
        #expect(pager.backgroundProgress == [0.1, 0.3, 0.2, 0, 1])
        #expect(pager.transition.state == .interactive)
        #expect(pager.log.isEmpty)
        #expect(pager.loop.nextDeadline == nil)
    }

    @Test("finishing carries the progress to 1 with the finger's velocity and runs the completion hooks once")
    func finishing() {
        let pager = Pager()
        pager.transition.update(progress: 0.4)
        pager.transition.finish(velocity: 1.5)
        #expect(pager.transition.state == .finishing)
        #expect(pager.loop.runUntilIdle(limit: MonotonicTime(seconds: 5)))
        #expect(pager.transition.state == .completed)
        #expect(pager.transition.progress == 1)
        #expect(pager.backgroundProgress.last == 1)
        #expect(pager.backgroundProgress.allSatisfy { $0 >= 0.4 && $0 <= 1 })
        #expect(pager.log == ["completed"])
        // Over: the finger no longer moves it.
        pager.transition.update(progress: 0.2)
        pager.transition.cancel()
        #expect(pager.transition.progress == 1)
        #expect(pager.log == ["completed"])
    }

    @Test("reversing brings the alongside animations back to 0 and runs the cancellation hooks")
    func reversing() {
        let pager = Pager()
        pager.transition.update(progress: 0.3)
        pager.transition.cancel(velocity: -0.2)
        #expect(pager.loop.runUntilIdle(limit: MonotonicTime(seconds: 5)))
        #expect(pager.transition.state == .cancelled)
        #expect(pager.backgroundProgress.last == 0)
        #expect(pager.log == ["cancelled"])
    }

    @Test("a finger catches a finishing transition where it is shown, and may then reverse it")
    func catching() {
        let pager = Pager()
        pager.transition.update(progress: 0.5)
        pager.transition.finish()
        pager.loop.advance(by: .milliseconds(100))
        let shown = pager.transition.progress
        #expect(shown > 0.5 && shown < 1)
        pager.transition.update(progress: shown)
        #expect(pager.transition.state == .interactive)
        pager.loop.advance(by: .milliseconds(200))
        #expect(pager.transition.progress == shown)
        pager.transition.cancel()
        #expect(pager.loop.runUntilIdle(limit: MonotonicTime(seconds: 5)))
        #expect(pager.log == ["cancelled"])
    }
}
