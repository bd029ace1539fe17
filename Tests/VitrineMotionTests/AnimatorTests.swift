import Testing
import VitrineCore
import VitrineMotion

private let sheetSpring = SpringParameters(response: 0.5, dampingRatio: 0.85)

@Suite("Animator")
struct AnimatorTests {
    @Test("frames are asked for only while something runs")
    func idleAsksForNothing() {
        let motion = HeadlessMotion()
        motion.loop.advance(by: .seconds(1))
        #expect(motion.frames == 0)
        let spring = SpringAnimation(value: 0, target: 300, parameters: sheetSpring)
        motion.animator.run(spring)
        #expect(motion.loop.runUntilIdle(limit: MonotonicTime(seconds: 10)))
        let framesWhileMoving = motion.frames
        #expect(framesWhileMoving > 20)
        #expect(motion.animator.isIdle)
        #expect(motion.loop.nextDeadline == nil)
        motion.loop.advance(by: .seconds(5))
        #expect(motion.frames == framesWhileMoving)
    }

    @Test("an animation of one layer's property marks only that layer's damage")
    func damageStaysOnItsLayer() {
        let motion = HeadlessMotion()
        var offsets = ["sheet": 0.0, "backdrop": 0.0, "header": 0.0]
        var damagePerFrame: [Set<String>] = []
        var damage: Set<String> = []
        let sheet = SpringAnimation(value: 0, target: 400, parameters: sheetSpring)
        sheet.onUpdate = {
            offsets["sheet"] = $0
            damage.insert("sheet")
        }
        let header = SpringAnimation(value: 0, target: 44, parameters: sheetSpring)
        header.onUpdate = {
            offsets["header"] = $0
            damage.insert("header")
        }
        // Unowned: the clock keeps onFrame; holding `motion` (and so the clock) would keep both.
        motion.clock.onFrame = { [unowned motion] frame in
            damage = []
            motion.animator.step(frame)
            damagePerFrame.append(damage)
        }
        motion.animator.run(sheet)
        motion.loop.runUntilIdle(limit: MonotonicTime(seconds: 10))
        #expect(!damagePerFrame.isEmpty)
        #expect(damagePerFrame.allSatisfy { $0 == ["sheet"] })
        #expect(offsets == ["sheet": 400, "backdrop": 0, "header": 0])
        damagePerFrame = []
        motion.animator.run(header)
        motion.loop.runUntilIdle(limit: MonotonicTime(seconds: 20))
        #expect(damagePerFrame.allSatisfy { $0 == ["header"] })
    }

    @Test("a headless run gives the same values every time")
    func deterministic() {
        func record() -> [Double] {
            let motion = HeadlessMotion()
            var values: [Double] = []
            let spring = SpringAnimation(value: 10, target: 700, velocity: -300, parameters: sheetSpring)
            spring.onUpdate = { values.append($0) }
            motion.animator.run(spring)
            motion.loop.runUntilIdle(limit: MonotonicTime(seconds: 10))
            return values
        }
        let first = record()
        #expect(first.count > 10)
        #expect(record() == first)
    }

    @Test("a stopped spring keeps the value on screen and resumes from it with its velocity")
    func stopAndResume() {
        let motion = HeadlessMotion()
        let spring = SpringAnimation(value: 0, target: 400, parameters: sheetSpring)
        var shown = 0.0
        var completions = 0
        spring.onUpdate = { shown = $0 }
        spring.onComplete = { completions += 1 }
        motion.animator.run(spring)
        motion.loop.advance(by: .milliseconds(150))
        let caught = (value: shown, velocity: spring.velocity)
        #expect(caught.value > 50 && caught.value < 350)
        motion.animator.stop(spring)
        #expect(spring.value == caught.value)
        motion.loop.advance(by: .milliseconds(500))
        #expect(shown == caught.value)
        #expect(motion.loop.nextDeadline == nil)
        // Resumed: the first frame shows the caught value, the next moves on at the caught velocity.
        motion.animator.run(spring)
        motion.loop.advance(by: .milliseconds(1))
        #expect(shown == caught.value)
        motion.loop.advance(by: .milliseconds(17))
        func fresh(velocity: Double) -> Double {
            let reference = SpringAnimation(value: caught.value, target: 400, velocity: velocity, parameters: sheetSpring)
            _ = reference.advance(to: .zero)
            _ = reference.advance(to: MonotonicTime(nanoseconds: 16_666_667))
            return reference.value
        }
        #expect(abs(shown - fresh(velocity: caught.velocity)) < 1e-9)
        #expect(abs(shown - fresh(velocity: 0)) > 1)
        motion.loop.runUntilIdle(limit: MonotonicTime(seconds: 10))
        #expect(shown == 400)
        #expect(completions == 1)
    }

    @Test("a completion handler may run its animation again, and completes once per arrival")
    func pingPong() {
        let motion = HeadlessMotion()
        let spring = SpringAnimation(value: 0, target: 100, parameters: sheetSpring)
        var arrivals: [Double] = []
        // Unowned: the spring keeps its handler.
        spring.onComplete = { [unowned spring, unowned motion] in
            arrivals.append(spring.value)
            if arrivals.count < 3 {
                spring.retarget(to: spring.target == 100 ? 0 : 100)
                motion.animator.run(spring)
            }
        }
        motion.animator.run(spring)
        #expect(motion.loop.runUntilIdle(limit: MonotonicTime(seconds: 30)))
        #expect(arrivals == [100, 0, 100])
    }

    @Test("a group completes once, on the frame its slowest member arrives")
    func group() {
        let motion = HeadlessMotion()
        let fast = SpringAnimation(value: 0, target: 100, parameters: SpringParameters(response: 0.2, dampingRatio: 1))
        let slow = SpringAnimation(value: 0, target: 100, parameters: SpringParameters(response: 0.6, dampingRatio: 1))
        var log: [String] = []
        fast.onComplete = { log.append("fast@\(motion.frames)") }
        slow.onComplete = { log.append("slow@\(motion.frames)") }
        let group = AnimationGroup([fast, slow])
        group.onComplete = { log.append("group@\(motion.frames)") }
        motion.animator.run(group)
        #expect(motion.loop.runUntilIdle(limit: MonotonicTime(seconds: 10)))
        #expect(log.count == 3)
        #expect(log[0].hasPrefix("fast@"))
        #expect(log[1].hasPrefix("slow@"))
        #expect(log[2] == "group@" + log[1].dropFirst("slow@".count))
        #expect(fast.value == 100 && slow.value == 100 && group.isSettled)
    }

    @Test("a stopped group stops its members where they are")
    func groupStop() {
        let motion = HeadlessMotion()
        let a = SpringAnimation(value: 0, target: 100, parameters: sheetSpring)
        let b = SpringAnimation(value: 0, target: -100, parameters: sheetSpring)
        let group = AnimationGroup([a, b])
        var completed = false
        group.onComplete = { completed = true }
        motion.animator.run(group)
        motion.loop.advance(by: .milliseconds(100))
        motion.animator.stop(group)
        let held = (a.value, b.value)
        motion.loop.advance(by: .seconds(1))
        #expect(a.value == held.0 && b.value == held.1)
        #expect(held.0 > 0 && held.0 < 100)
        #expect(!completed)
    }
}
