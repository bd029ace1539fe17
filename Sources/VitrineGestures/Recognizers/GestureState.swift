/// Where a recognizer is in its life, UIKit's states.
///
/// ```
/// possible ──► began ──► changed ──► ended        (a pan: claimed, moved, lifted)
///    │           └──────────┴──────► cancelled    (lost the arena, or the contact was cancelled)
///    ├──► ended                                   (a tap: lifted and won)
///    ├──► cancelled                               (lost the arena, or the contact was cancelled)
///    └──► failed                                  (gave up by itself: a tap that slid away, a pan
///                                                  lifted before it passed its slop)
/// ```
/// The terminal states hold until the next touch-down on the recognizer, which returns it to
/// `possible`.
public enum GestureState: String, Equatable, Sendable {
    /// Tracking a contact, not yet recognized.
    case possible
    /// A continuous gesture was recognized (a pan passed its slop and won).
    case began
    /// A continuous gesture moved.
    case changed
    /// Recognized and finished: a pan lifted, a tap tapped.
    case ended
    /// Stopped from outside: another recognizer won the contact, or the contact was cancelled
    /// (libinput `TOUCH_CANCEL`). No fling follows.
    case cancelled
    /// The recognizer ruled itself out.
    case failed

    /// Whether a continuous gesture is under way.
    public var isActive: Bool { self == .began || self == .changed }

    /// Whether the recognizer is done with its contact.
    public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
}
