import VitrineCore

/// Stops drawing while the panel is blank: the output's present queue (and with it the frame
/// clock) is paused, so the window renders nothing and the loop sleeps; requests made meanwhile
/// are kept. On waking the queue resumes (re-showing the last frame in full) and `redraw` asks
/// the window for a full frame, as after a VT switch.
public final class FramePause: PanelPower {
    private let output: DisplayOutput
    private let canShow: () -> Bool
    private let redraw: () -> Void
    /// Whether this pause is ours (a display unplugged or a VT switched away pause the queue too,
    /// and only their owner resumes it then).
    public private(set) var isPaused = false

    /// - Parameters:
    ///   - canShow: whether the output may show frames now apart from power (a DRM output
    ///     waiting for a display or for master may not).
    ///   - redraw: draws the whole window again.
    public init(output: DisplayOutput, canShow: @escaping () -> Bool = { true }, redraw: @escaping () -> Void) {
        self.output = output
        self.canShow = canShow
        self.redraw = redraw
    }

    public var name: String { "frames on \(self.output.name)" }

    public func apply(_ state: PanelState) {
        if state == .blank {
            if !self.output.presentQueue.isPaused { self.output.presentQueue.pause() }
            self.isPaused = true
        } else if self.isPaused {
            self.isPaused = false
            if self.canShow() { self.output.presentQueue.resume() }
            self.redraw()
        }
    }
}
