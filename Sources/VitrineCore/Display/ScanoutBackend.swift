/// What an output's hardware side does for the `PresentQueue`: copy pixels into one of its
/// scanout buffers, and queue that buffer for display.
///
/// A backend knows nothing of the queue: the queue owns it and calls it, and it answers with a
/// `FlipOutcome`. A completion that comes later (a page-flip event on the DRM fd, a vblank from
/// fbdev's vsync thread) is a `FlipEvent` that whoever built the queue and the backend hands to
/// `PresentQueue.flipCompleted(_:)`.
public protocol ScanoutBackend: AnyObject {
    var bufferCount: Int { get }
    /// Copies `region` (logical coordinates) of `frame` into buffer `index`, rotated.
    func copy(_ region: Region, from frame: PixelBuffer, toBuffer index: Int)
    /// Queues buffer `index` for display.
    func queueFlip(toBuffer index: Int) -> FlipOutcome
}

/// A flip reached the screen: the completion a backend reports.
public struct FlipEvent: Sendable, Equatable {
    /// The vblank counter at completion, when the driver has one (it stays the same on drivers
    /// without vblank support, which is how the queue tells them apart).
    public var sequence: UInt32?
    /// When the flip completed (the vblank), on `CLOCK_MONOTONIC`; nil: when the queue hears of it.
    public var timestamp: MonotonicTime?

    public init(sequence: UInt32? = nil, timestamp: MonotonicTime? = nil) {
        self.sequence = sequence
        self.timestamp = timestamp
    }
}

/// The result of asking a backend to show a buffer.
public enum FlipOutcome: Sendable {
    /// The flip is in flight; its `FlipEvent` is delivered later through
    /// `PresentQueue.flipCompleted(_:)`.
    case queued
    /// The buffer is on screen already (a modeset, a single buffer, a memory buffer, fbdev
    /// panning without vsync): the queue takes `FlipEvent` as the completion on the loop's next
    /// turn, as it would a real event.
    case onScreen(FlipEvent)
    /// The flip failed; the queue logs it once and retries with back-off.
    case failed(VitrineError)
    /// The backend lost the screen (another DRM master): the queue pauses, keeps the frame for
    /// `resume`, and tells its owner through `PresentQueue.onScreenLost`.
    case screenLost(VitrineError)
}
