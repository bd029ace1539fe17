/// Where the one flip a `PresentQueue` allows is. Each case carries what it needs and nothing
/// else, so a flip cannot be both in flight and waiting to retry, nor have a tick without timer
/// pacing (in the spirit of Slint's `PageFlipState`).
enum FlipState {
    /// Nothing in flight: a present is submitted at once.
    case idle
    /// A buffer was queued; frames presented meanwhile wait, merged.
    case inFlight(Flight)
    /// The last flip failed; the waiting frame is tried again when `timer` fires, and if that
    /// fails too the next wait is twice `delay` (up to a second).
    case waitingToRetry(delay: Nanoseconds, timer: TimerID)
    /// No screen (no display, VT switched away, master lost): presents are kept for `resume`.
    case paused
}

/// One flip in flight.
struct Flight {
    /// Counts flips from 1: a completion or timer meant for an earlier flip is ignored.
    let serial: UInt64
    let buffer: Int
    let submitted: MonotonicTime
    /// Gives the flip up after `PresentQueue.flipTimeout` if its completion never comes.
    let timeout: TimerID
    var awaiting: FlightProgress
}

/// What a flight still waits for before it counts as presented.
enum FlightProgress {
    /// Paced by flip events: the completion, whose timestamp is the presentation time.
    case event
    /// Virtual vsync: both the completion and the tick at `tick` (timer `timer`); the flip is
    /// presented at the tick.
    case eventAndTick(tick: MonotonicTime, timer: TimerID)
    /// Virtual vsync, the completion came: the tick.
    case tick(MonotonicTime, timer: TimerID)
    /// Virtual vsync, the tick passed: the completion (presented at the tick's time).
    case eventAfterTick(MonotonicTime)

    /// The tick's timer, while it is still to fire.
    var tickTimer: TimerID? {
        switch self {
        case .eventAndTick(_, let timer), .tick(_, let timer): timer
        case .event, .eventAfterTick: nil
        }
    }
}
