import VitrineCore
import VitrineMotion

/// A run loop, a 60 Hz frame clock and an animator stepped by it, the way the kiosk wires them.
final class HeadlessMotion {
    let loop = ManualEventLoop()
    let clock: FrameClock
    let animator: Animator
    var frames = 0

    init() {
        self.clock = FrameClock(loop: self.loop, refreshInterval: Nanoseconds(16_666_667))
        self.animator = Animator(frameClock: self.clock)
        self.clock.onFrame = { [unowned self] frame in
            self.frames += 1
            self.animator.step(frame)
        }
    }
}
