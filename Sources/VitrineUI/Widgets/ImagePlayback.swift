import VitrineCore
import VitrineGraphics

/// Plays an `AnimatedImage` in an `ImageView` on the window's clock: each frame is put up when
/// its time is due (a timer at that deadline, then the view's `setNeedsDisplay`, so the frame is
/// drawn at the next vblank and damages only the view's rectangle); nothing ticks in between.
///
/// It plays only while the view can be seen: in a window, neither it nor an ancestor hidden or
/// transparent, some of it inside every clipping ancestor and the screen, and the display not
/// blanked (`FrameClock.isPaused`). A due frame that finds the view unseen is not put up: the
/// playback parks, asks for no frame and sets no timer, and looks again after each frame the
/// window draws for something else (`Window.afterNextDrawnFrame`) — whatever brings the view
/// back (a pop, a scroll, the panel waking) draws a frame. It then shows the frame it stopped on
/// for that frame's whole time, as browsers resume an animation scrolled back into view.
final class ImagePlayback {
    let animation: AnimatedImage
    private unowned let view: ImageView
    /// The frame on screen, and when it was put up (nil until it is first seen).
    private(set) var index = 0
    private var shownAt: MonotonicTime?
    /// Plays finished (the animation stops on its last frame after `animation.plays`).
    private(set) var playsDone = 0
    private var timer: TimerID?
    private weak var clock: Clock?
    /// The window last seen in, looked at again after its frames while parked.
    private weak var lastWindow: Window?
    private var isParked = false

    init(_ animation: AnimatedImage, view: ImageView) {
        self.animation = animation
        self.view = view
    }

    deinit {
        if let timer { self.clock?.cancel(timer) }
    }

    var isFinished: Bool { self.animation.plays.map { self.playsDone >= $0 } ?? false }

    /// Starts the timer for the frame on screen, when the view can be seen and none runs (the
    /// view calls it when it is drawn; a parked playback calls it after each drawn frame).
    func resume() {
        guard self.timer == nil, !self.isFinished, self.animation.frames.count > 1 else { return }
        guard let window = self.view.window else {
            self.park()
            return
        }
        self.lastWindow = window
        guard let clock = window.clock else { return }
        guard self.view.isSeen else {
            self.park()
            return
        }
        self.isParked = false
        self.clock = clock
        let now = clock.now
        let shownAt = self.shownAt ?? now
        self.shownAt = shownAt
        let due = shownAt + .milliseconds(Double(self.animation.durations[self.index]))
        self.timer = clock.scheduleInBackground(at: max(due, now)) { [weak self] in self?.advance() }
    }

    /// The next frame's time came.
    private func advance() {
        self.timer = nil
        guard let clock = self.clock, let shownAt = self.shownAt else { return }
        guard self.view.isSeen else {
            // Shown again later for its whole time, from when it is seen.
            self.shownAt = nil
            self.park()
            return
        }
        let due = shownAt + .milliseconds(Double(self.animation.durations[self.index]))
        var next = self.index + 1
        if next == self.animation.frames.count {
            self.playsDone += 1
            if self.isFinished { return }
            next = 0
        }
        self.index = next
        // On time, frames keep the file's rhythm; more than a frame late (a loaded loop), the
        // frame gets its whole time from now rather than a burst of catching up.
        let now = clock.now
        self.shownAt = now - due > .milliseconds(Double(self.animation.durations[next])) ? now : due
        self.view.showFrame(self.animation.frames[next])
        self.resume()
    }

    private func park() {
        guard !self.isParked, let window = self.view.window ?? self.lastWindow else { return }
        self.isParked = true
        window.afterNextDrawnFrame { [weak self] in
            guard let self, self.isParked else { return }
            self.isParked = false
            self.resume()
        }
    }

    /// Stops and forgets the timer (the view's animation was replaced).
    func stop() {
        if let timer { self.clock?.cancel(timer) }
        self.timer = nil
        self.isParked = false
    }
}
