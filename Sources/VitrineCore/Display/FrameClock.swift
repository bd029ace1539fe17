/// The timing of one frame, handed to whoever draws it.
public struct FrameTime: Sendable, Equatable {
    /// When the frame about to be drawn is expected to reach the screen: the last flip's
    /// timestamp plus whole refresh intervals. Animations are evaluated at this time.
    public var presentationTime: MonotonicTime
    /// The timestamp of the last completed flip (nil before the first one).
    public var lastPresentationTime: MonotonicTime?
    /// Counts frame callbacks from 1.
    public var sequence: UInt64
    public var refreshInterval: Nanoseconds

    public init(presentationTime: MonotonicTime, lastPresentationTime: MonotonicTime?, sequence: UInt64, refreshInterval: Nanoseconds) {
        self.presentationTime = presentationTime
        self.lastPresentationTime = lastPresentationTime
        self.sequence = sequence
        self.refreshInterval = refreshInterval
    }
}

/// Turns an output's page flips into frame callbacks.
///
/// Clients call `requestFrame()` when something needs drawing; the clock calls `onFrame` once
/// the output can take a new frame, with the time that frame will be seen. The output reports
/// `didSubmit()` when it queues a flip and `didPresent(at:)` with the flip's timestamp (a real
/// vblank, or a virtual one on drivers that complete flips at once). Nothing ticks while nobody
/// asks for frames, so an idle kiosk sleeps.
///
/// While the output is paused (the panel blank, the VT switched away, no display), a requested
/// frame is a dark one: `onDarkFrame` is called at the refresh rate for as long as frames are
/// asked for, so animations (a navigation the control socket asked for while blank) run to their
/// end without anything being drawn, and the scene's state moves on (issue 29: a push sent
/// while blank never finished, and every later one was refused).
public final class FrameClock {
    enum State: Equatable {
        /// No flip in flight and no callback pending.
        case idle
        /// A callback is scheduled on the loop.
        case scheduled(TimerID)
        /// Inside `onFrame`; `submitted` turns true when the client presents.
        case rendering(submitted: Bool)
        /// A flip is in flight; the next callback waits for it.
        case awaitingFlip
        /// The output shows nothing (no display, VT switched away): callbacks wait for `resume`.
        case paused
    }

    public var onFrame: ((FrameTime) -> Void)?
    /// A frame while paused: advance what moves, draw nothing (`Window` steps its animations).
    public var onDarkFrame: ((FrameTime) -> Void)?
    /// The pending dark frame while paused.
    private var darkTimer: TimerID?
    /// Called at every completed flip with its timestamp (the kiosk sends `READY=1` at the first).
    public var onPresent: ((MonotonicTime) -> Void)?
    /// Late rendering: when set, a frame wanted while a flip is in flight is drawn `margin` plus
    /// the recent render time before the next vblank, not as soon as the flip completes, so
    /// touches that arrive meanwhile make it into that frame (input-to-screen latency about one
    /// refresh plus one render instead of up to two refreshes). Nil renders at once.
    public var lateRenderMargin: Nanoseconds?
    /// Recent render time (exponential average of the callbacks' durations on the loop's clock).
    public private(set) var averageRenderTime = Nanoseconds.zero
    /// Frames drawn and handed to the output since the clock started (dark frames draw nothing).
    public private(set) var submittedFrames: UInt64 = 0
    /// Of those, the ones whose flip completed half a refresh or more after the vblank they were
    /// drawn for: each was seen a refresh late or later, a dropped frame (the metrics'
    /// `vitrine_frames_dropped_total`). The first frame after an idle spell has no vblank to
    /// miss and is not counted.
    public private(set) var lateFrames: UInt64 = 0
    /// Called after each submitted frame with how long drawing it took on the loop's clock (the
    /// metrics' frame time).
    public var onRendered: ((Nanoseconds) -> Void)?
    /// The vblank the frame in flight was drawn for, when it was drawn on a known grid.
    private var awaitedPresentation: MonotonicTime?
    public var refreshInterval: Nanoseconds
    public private(set) var lastPresentationTime: MonotonicTime?
    public private(set) var sequence: UInt64 = 0
    private(set) var state: State = .idle
    /// True when a frame was asked for and not yet delivered.
    public private(set) var frameRequested = false
    private let loop: Clock
    /// The clock frames are timed by: timers a scene sets (an idle reset) run on it, so they
    /// are as deterministic as the frames on a manual clock.
    public var clock: Clock { self.loop }

    public init(loop: Clock, refreshInterval: Nanoseconds) {
        self.loop = loop
        self.refreshInterval = refreshInterval
    }

    public var isPaused: Bool { self.state == .paused }

    /// Asks for one `onFrame` call at the next opportunity. Repeated calls before it happens
    /// coalesce into one.
    public func requestFrame() {
        self.frameRequested = true
        if self.state == .idle { self.scheduleCallback(at: self.loop.now) }
        if self.state == .paused { self.scheduleDarkFrame() }
    }

    /// The output queued a flip for the frame being drawn.
    public func didSubmit() {
        switch self.state {
        case .rendering: self.state = .rendering(submitted: true)
        case .paused: break
        case .scheduled(let timer):
            // Presented outside a callback: the pending callback waits for this flip instead.
            self.loop.cancel(timer)
            self.state = .awaitingFlip
        case .idle, .awaitingFlip: self.state = .awaitingFlip
        }
    }

    /// The output's flip completed; `timestamp` is when it reached the screen.
    public func didPresent(at timestamp: MonotonicTime) {
        if let awaited = self.awaitedPresentation, (timestamp - awaited).value * 2 >= self.refreshInterval.value {
            self.lateFrames += 1
        }
        self.awaitedPresentation = nil
        self.lastPresentationTime = timestamp
        self.onPresent?(timestamp)
        guard self.state == .awaitingFlip else { return }
        self.state = .idle
        guard self.frameRequested else { return }
        let now = self.loop.now
        if let margin = self.lateRenderMargin {
            let latest = timestamp + self.refreshInterval - self.averageRenderTime - margin
            self.scheduleCallback(at: max(now, latest))
        } else {
            self.scheduleCallback(at: now)
        }
    }

    /// The time of the latest callback that can still make the next vblank, with late rendering.
    public var renderLead: Nanoseconds { self.averageRenderTime + (self.lateRenderMargin ?? .zero) }

    /// The output stopped showing frames; requests are kept until `resume()`.
    public func pause() {
        if case .scheduled(let timer) = self.state { self.loop.cancel(timer) }
        self.state = .paused
        if self.frameRequested { self.scheduleDarkFrame() }
    }

    /// The output shows frames again (its flips are idle); a pending request is served.
    public func resume() {
        guard self.state == .paused else { return }
        if let timer = self.darkTimer { self.loop.cancel(timer) }
        self.darkTimer = nil
        self.state = .idle
        if self.frameRequested { self.scheduleCallback(at: self.loop.now) }
    }

    /// One dark frame a refresh interval from now, unless one is pending.
    private func scheduleDarkFrame() {
        guard self.darkTimer == nil, self.onDarkFrame != nil else { return }
        self.darkTimer = self.loop.schedule(at: self.loop.now + self.refreshInterval) { [weak self] in
            guard let self else { return }
            self.darkTimer = nil
            guard self.state == .paused, self.frameRequested else { return }
            self.frameRequested = false
            // `sequence` counts drawn frames; a dark one carries the last drawn frame's number.
            let time = FrameTime(
                presentationTime: self.loop.now, lastPresentationTime: self.lastPresentationTime, sequence: self.sequence,
                refreshInterval: self.refreshInterval)
            self.onDarkFrame?(time)
            // The client asked again from inside (something still moves): the next one.
            if self.state == .paused, self.frameRequested { self.scheduleDarkFrame() }
        }
    }

    /// The predicted presentation time of a frame drawn now: the first vblank after `now` on
    /// the grid of the last flip, or `now` before any flip.
    public func nextPresentationTime() -> MonotonicTime {
        let now = self.loop.now
        guard let last = self.lastPresentationTime, self.refreshInterval.value > 0 else { return now }
        if now < last + self.refreshInterval { return last + self.refreshInterval }
        let periods = (now - last).value / self.refreshInterval.value + 1
        return last + self.refreshInterval * periods
    }

    private func scheduleCallback(at deadline: MonotonicTime) {
        let timer = self.loop.schedule(at: deadline) { [weak self] in self?.deliverFrame() }
        self.state = .scheduled(timer)
    }

    private func deliverFrame() {
        guard case .scheduled = self.state else { return }
        self.frameRequested = false
        self.sequence += 1
        let time = FrameTime(
            presentationTime: self.nextPresentationTime(), lastPresentationTime: self.lastPresentationTime,
            sequence: self.sequence, refreshInterval: self.refreshInterval)
        self.state = .rendering(submitted: false)
        let started = self.loop.now
        self.onFrame?(time)
        // Exponential average, 1/8 per frame, of how long drawing takes.
        let took = self.loop.now - started
        self.averageRenderTime = Nanoseconds(self.averageRenderTime.value + (took.value - self.averageRenderTime.value) / 8)
        switch self.state {
        case .rendering(submitted: true):
            self.state = .awaitingFlip
            self.submittedFrames += 1
            self.awaitedPresentation = time.lastPresentationTime != nil && self.refreshInterval.value > 0 ? time.presentationTime : nil
            self.onRendered?(took)
        case .rendering(submitted: false):
            // Nothing was presented. If another frame is wanted, wait for the next vblank rather
            // than calling straight back: a client with nothing to show must not spin the loop.
            self.state = .idle
            let now = self.loop.now
            let next = time.presentationTime > now ? time.presentationTime : now + self.refreshInterval
            if self.frameRequested { self.scheduleCallback(at: next) }
        default:
            break  // paused (or resumed and rescheduled) inside the callback
        }
    }
}
