import VitrineCore

/// Something the `Animator` moves once per frame.
///
/// Contract (what `Animator` relies on and `SpringAnimation`, `DecayAnimation` and
/// `AnimationGroup` guarantee; AnimatorTests check it):
/// - `advance(to:)` evaluates the animation at the presentation time of the frame being drawn,
///   never at a time it reads itself, and hands the new value to its update hook.
/// - It returns true once the animation has reached its end (its value then sits exactly on the
///   rest value). It does not report completion: the animator takes it off first and then calls
///   `complete()`, so a completion handler may run the same animation again.
/// - `stop()` means it was taken off before its end (a finger caught it): it keeps its value and
///   velocity, and if it is run again it carries on from them at the frame that runs it.
/// - Advancing an animation that has finished starts it again from where it rests.
public protocol FrameAnimation: AnyObject {
    /// Moves to the frame presented at `time`; returns whether the animation has reached its end.
    func advance(to time: MonotonicTime) -> Bool
    /// Reports completion, once per arrival. Called by the animator after it took the animation off.
    func complete()
    /// Taken off before its end. Called by the animator.
    func stop()
}

/// Where an analytic animation (a closed form of elapsed time) stands on the frame timeline.
enum AnimationPhase: Equatable {
    /// Not moving yet: the next frame becomes t = 0, or `start` when the caller named one (a
    /// touch-up timestamp, so a released sheet moves from the moment the finger left).
    case waiting(start: MonotonicTime?)
    /// Moving; the closed form's t = 0 is `origin`.
    case running(origin: MonotonicTime)
    /// Came to rest at its end.
    case finished
}

/// The time bookkeeping `SpringAnimation` and `DecayAnimation` share: the phase, and the time of
/// the last sample (the one on screen).
struct AnimationTimeline {
    private(set) var phase: AnimationPhase
    /// The frame time the animation's current value and velocity belong to.
    private(set) var lastTime: MonotonicTime?

    init(start: MonotonicTime?) {
        self.phase = .waiting(start: start)
    }

    /// Seconds since the origin for a frame at `time`, starting the animation if it was waiting
    /// or had finished.
    mutating func elapsed(at time: MonotonicTime) -> Double {
        let origin: MonotonicTime
        switch self.phase {
        case .waiting(let start): origin = start ?? time
        case .running(let running): origin = running
        case .finished: origin = time
        }
        self.phase = .running(origin: origin)
        self.lastTime = time
        return max(0, (time - origin).seconds)
    }

    /// Evaluates `curve` (value and velocity at t seconds) for the frame at `time`; within
    /// `tolerance` of `rest` the sample snaps onto it and the animation finishes.
    mutating func sample(
        at time: MonotonicTime, rest: Double, tolerance: SettleTolerance,
        curve: (Double) -> (value: Double, velocity: Double)
    ) -> (value: Double, velocity: Double, arrived: Bool) {
        let point = curve(self.elapsed(at: time))
        guard tolerance.isSettled(displacement: point.value - rest, velocity: point.velocity) else {
            return (point.value, point.velocity, false)
        }
        self.phase = .finished
        return (rest, 0, true)
    }

    /// The curve was re-solved from the current value and velocity: a running animation takes
    /// them as of its last frame (so nothing jumps), any other one starts at its next frame.
    mutating func reanchor() {
        if case .running = self.phase, let last = self.lastTime {
            self.phase = .running(origin: last)
        } else {
            self.phase = .waiting(start: nil)
        }
    }

    /// Taken off the animator before its end.
    mutating func interrupt() {
        self.phase = .waiting(start: nil)
    }

    var isFinished: Bool { self.phase == .finished }
}
