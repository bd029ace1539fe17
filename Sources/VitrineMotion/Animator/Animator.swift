import VitrineCore

/// Runs animations on the frame clock: each frame it advances every running animation to that
/// frame's presentation time, then drops the ones that arrived and reports their completion.
///
/// Time comes only from the frames (`FrameTime.presentationTime`, the page-flip grid), never
/// from a clock read inside an animation, so a headless run driven by a `ManualEventLoop` gives
/// the same values every time. The animator asks its `FrameClock` for a frame only while
/// something runs: when the last animation arrives or is stopped it stops asking, and an idle
/// kiosk sleeps.
///
/// Whoever owns the frame clock's `onFrame` calls `step(_:)` first, then draws:
///
/// ```swift
/// let animator = Animator(frameClock: frameClock)
/// frameClock.onFrame = { frame in
///     animator.step(frame)      // onUpdate hooks mark the damage of the layers they move
///     compositor.render(frame)
/// }
/// ```
///
/// Tests can call `step(_:)` with hand-made `FrameTime`s and no clock at all. Single-threaded,
/// like the run loop it lives on.
public final class Animator {
    private let frameClock: FrameClock?
    /// Running animations, in the order they were run (which is the order their hooks fire).
    private var running: [any FrameAnimation] = []
    private var runningIDs: Set<ObjectIdentifier> = []

    /// The presentation time of the last frame stepped.
    public private(set) var lastFrameTime: MonotonicTime?

    /// - Parameter frameClock: asked for frames while anything runs; nil when a test steps the
    ///   animator itself.
    public init(frameClock: FrameClock? = nil) {
        self.frameClock = frameClock
    }

    /// Whether nothing runs (and no frame is asked for).
    public var isIdle: Bool { self.running.isEmpty }

    /// How many animations run.
    public var runningCount: Int { self.running.count }

    public func isRunning(_ animation: any FrameAnimation) -> Bool {
        self.runningIDs.contains(ObjectIdentifier(animation))
    }

    /// Starts running `animation` from the next frame (or from its own start time); running it
    /// again while it runs does nothing.
    public func run(_ animation: any FrameAnimation) {
        guard self.runningIDs.insert(ObjectIdentifier(animation)).inserted else { return }
        self.running.append(animation)
        self.frameClock?.requestFrame()
    }

    /// Takes `animation` off before its end (a finger caught it). It keeps the value on screen
    /// and reports no completion.
    public func stop(_ animation: any FrameAnimation) {
        guard self.runningIDs.remove(ObjectIdentifier(animation)) != nil else { return }
        self.running.removeAll { $0 === animation }
        animation.stop()
    }

    /// Advances every running animation to `frame.presentationTime`, then reports completions
    /// and asks for another frame if anything still runs.
    public func step(_ frame: FrameTime) {
        self.step(to: frame.presentationTime)
    }

    /// `step(_:)` for a bare presentation time.
    public func step(to time: MonotonicTime) {
        self.lastFrameTime = time
        var arrived: [any FrameAnimation] = []
        // Hooks may run or stop animations: walk a snapshot, skip what was stopped meanwhile, and
        // let what was run meanwhile start at the next frame.
        for animation in self.running where self.isRunning(animation) {
            if animation.advance(to: time) {
                self.runningIDs.remove(ObjectIdentifier(animation))
                arrived.append(animation)
            }
        }
        if !arrived.isEmpty {
            // A hook may have run an arrived animation again: keep one entry per running animation.
            var kept = Set<ObjectIdentifier>()
            self.running.removeAll { !self.isRunning($0) || !kept.insert(ObjectIdentifier($0)).inserted }
            // Taken off first, so a completion handler may run the same animation again.
            for animation in arrived { animation.complete() }
        }
        if !self.running.isEmpty { self.frameClock?.requestFrame() }
    }
}
