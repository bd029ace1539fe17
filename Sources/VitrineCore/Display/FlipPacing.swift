/// How the queue learns that a frame reached the screen.
public enum FlipPacing: Sendable, Equatable {
    /// Flip completion events arrive at real vblanks; their timestamps drive the frame clock.
    case flipEvents
    /// Completion is reported at the next tick of a timer at the refresh rate (virtual vsync):
    /// for drivers that complete flips at once, fbdev without vsync, and the headless twin.
    case timer
    /// Starts with `.flipEvents` and switches to `.timer` when the driver turns out to complete
    /// flips without waiting for a vblank.
    case detect
}

/// A `FlipPacing` with what each mode keeps between flips.
enum Pacer: Equatable {
    case flipEvents
    /// Watching for a driver that completes flips at once: `immediateFlips` in a row so far,
    /// and the vblank counter of the last event.
    case detecting(immediateFlips: Int, lastSequence: UInt32?)
    /// Virtual vsync on a grid of refresh intervals from `phase`: nil until the first flip
    /// (after start or a resume), which starts the grid.
    case timer(phase: MonotonicTime?)

    init(_ pacing: FlipPacing) {
        switch pacing {
        case .flipEvents: self = .flipEvents
        case .timer: self = .timer(phase: nil)
        case .detect: self = .detecting(immediateFlips: 0, lastSequence: nil)
        }
    }

    var pacing: FlipPacing {
        switch self {
        case .flipEvents: .flipEvents
        case .detecting: .detect
        case .timer: .timer
        }
    }
}
