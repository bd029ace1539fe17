/// Something that happened to an output that whoever draws into it must know.
public enum OutputEvent: Sendable, Equatable {
    /// Frames are shown again (a display was connected, the VT came back, master was regained).
    /// The output already re-shows the last frame; a client whose `size` changed redraws.
    case resumed
    /// Nothing is shown for now; presents are kept and shown on `resumed`.
    case paused(reason: String)
}

/// The one protocol every screen implements: DRM/KMS, fbdev and the headless twin.
///
/// Contract:
/// - `size` is the *logical* size (after `rotation`): the size of the frames to present.
/// - `present(_:damage:)` copies `damage` of `frame` (plus whatever the target buffer missed) to
///   the screen and queues it; it never reads scanout memory and never blocks for a vblank.
///   The frame buffer stays the caller's; the output may keep a reference to re-show it.
/// - `frameClock` calls back once per requested frame, paced by the output's flips (or a
///   virtual vsync at the mode's refresh where flips complete at once), never faster.
/// - While paused, `present` records the frame and shows it on resume; nothing throws per frame:
///   an output that fails logs once and recovers on its own.
/// - `shutdown()` puts the screen back the way it was found (CRTC, VT mode).
public protocol DisplayOutput: AnyObject {
    /// A human-readable description, e.g. `card0 HDMI-A-1 1280x800@60.00Hz`.
    var name: String { get }
    var size: PixelSize { get }
    var rotation: Rotation { get }
    var frameClock: FrameClock { get }
    /// The shared presentation logic (pacing mode, flip counts) behind `present`.
    var presentQueue: PresentQueue { get }
    var onEvent: ((OutputEvent) -> Void)? { get set }
    func present(_ frame: PixelBuffer, damage: Region)
    /// The screen is not ours for now (the VT was switched away): stop drawing and give the
    /// screen up (DRM: drop master).
    func suspend()
    /// The screen is ours again: take it back and show the last frame in full.
    func resume()
    func shutdown()
}
