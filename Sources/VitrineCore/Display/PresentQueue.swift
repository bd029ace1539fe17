/// What an output's hardware side does for the `PresentQueue`: copy pixels into one of its
/// scanout buffers, and queue that buffer for display.
public protocol ScanoutBackend: AnyObject {
    var bufferCount: Int { get }
    /// Copies `region` (logical coordinates) of `frame` into buffer `index`, rotated.
    func copy(_ region: Region, from frame: PixelBuffer, toBuffer index: Int)
    /// Queues buffer `index` for display. After `.queued` the backend calls
    /// `PresentQueue.flipCompleted` once the flip is done.
    func queueFlip(toBuffer index: Int) -> FlipOutcome
}

/// The result of asking a backend to show a buffer.
public enum FlipOutcome: Sendable {
    /// The flip is in flight; completion follows.
    case queued
    /// The flip failed; the queue logs it once and retries with back-off.
    case failed(VitrineError)
    /// The backend lost the screen (display gone, another DRM master) and has paused the queue;
    /// it resumes the queue when the screen is back.
    case deferred
}

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

/// The presentation logic shared by every output: buffer choice, damage, flips in flight,
/// frames waiting for a flip, pacing, failures and pauses.
///
/// - Never reads scanout memory: it asks the backend to copy `damage ∪ missed` from the frame.
/// - One flip in flight at most; a frame presented meanwhile waits and is coalesced.
/// - A failed flip is logged once and retried with back-off; a flip whose completion never
///   arrives is given up after `flipTimeout`. The frame clock keeps ticking either way, so the
///   client never hangs waiting for an event that will not come.
public final class PresentQueue {
    /// How long a flip may stay in flight before it is treated as lost.
    public static let flipTimeout = Nanoseconds.milliseconds(500)
    /// A completion this soon after the submit, three times running, means the driver does not
    /// wait for vblank (bochs, virtio-gpu: no vblank counter, "completes page_flip events right
    /// away" — vkms TODO, research/kiosk_boot.md §6).
    public static let immediateFlipLatency = Nanoseconds.milliseconds(1)

    public let frameClock: FrameClock
    public private(set) var pacing: FlipPacing
    public private(set) var damage: SwapchainDamage
    /// The buffer on screen, and the one whose flip is in flight.
    public private(set) var frontBuffer: Int? = nil
    public private(set) var bufferInFlight: Int? = nil
    /// The last frame presented; re-shown in full after a resume.
    public private(set) var lastFrame: PixelBuffer? = nil
    public private(set) var isPaused = false
    /// Records of each flip submitted (for tests and `test-pattern` statistics).
    public private(set) var flipsSubmitted: UInt64 = 0
    public private(set) var flipsFailed: UInt64 = 0

    private unowned let backend: ScanoutBackend
    private let loop: Clock
    private let logger: Logger
    private var pendingDamage: Region? = nil
    private var useOrder: [Int]
    private var submitTime = MonotonicTime.zero
    private var timeoutTimer: TimerID? = nil
    private var retryTimer: TimerID? = nil
    private var retryDelay = Nanoseconds.zero
    private var tickTimer: TimerID? = nil
    private var tickPhase: MonotonicTime? = nil
    private var realFlipDone = true
    private var tickReached = true
    private var tickTime = MonotonicTime.zero
    private var lastSequence: UInt32? = nil
    private var immediateCount = 0
    private var loggedErrors: Set<String> = []

    public init(backend: ScanoutBackend, logicalSize: PixelSize, refreshInterval: Nanoseconds, loop: Clock, pacing: FlipPacing, logger: Logger) {
        self.backend = backend
        self.loop = loop
        self.logger = logger
        self.pacing = pacing
        self.damage = SwapchainDamage(bufferCount: backend.bufferCount, screen: PixelRect(size: logicalSize))
        self.useOrder = Array(0..<backend.bufferCount)
        self.frameClock = FrameClock(loop: loop, refreshInterval: refreshInterval)
    }

    public var refreshInterval: Nanoseconds { self.frameClock.refreshInterval }

    /// Copies damage into a free buffer and queues it, or keeps it for after the flip in flight.
    public func present(_ frame: PixelBuffer, damage: Region) {
        precondition(frame.size == PixelSize(width: self.damage.screen.width, height: self.damage.screen.height), "frame size \(frame.size) does not match the output")
        self.lastFrame = frame
        if self.isPaused || self.bufferInFlight != nil || self.retryTimer != nil {
            // Shown after the flip in flight (or the retry, or the resume), merged with any
            // other frame that waits; the frame clock waits for that flip too.
            self.pendingDamage = (self.pendingDamage ?? Region()).union(damage)
            if !self.isPaused { self.frameClock.didSubmit() }
            return
        }
        self.submit(frame, damage: damage)
    }

    /// The backend's flip finished. `timestamp` is the event's (nil: use now); `sequence` is the
    /// vblank counter from the event when the driver has one.
    public func flipCompleted(timestamp: MonotonicTime?, sequence: UInt32?) {
        guard self.bufferInFlight != nil, !self.realFlipDone else { return }
        let now = self.loop.now
        let at = timestamp ?? now
        self.realFlipDone = true
        if self.pacing == .detect { self.detectImmediateFlips(completedAt: at, sequence: sequence) }
        self.lastSequence = sequence
        if self.pacing == .timer {
            if self.tickReached { self.finishFlip(at: self.tickTime) }
        } else {
            self.finishFlip(at: at)
        }
    }

    /// Stops showing frames (no display, VT away, master lost). Presents are remembered.
    public func pause() {
        guard !self.isPaused else { return }
        self.isPaused = true
        self.cancelTimers()
        self.bufferInFlight = nil
        self.realFlipDone = true
        self.tickReached = true
        self.frameClock.pause()
    }

    /// Shows frames again: every buffer is considered stale, and the last frame is re-shown.
    public func resume(refreshInterval: Nanoseconds? = nil) {
        if let refreshInterval { self.frameClock.refreshInterval = refreshInterval }
        self.isPaused = false
        self.frontBuffer = nil
        self.tickPhase = nil
        self.damage.invalidateAll()
        self.frameClock.resume()
        if let frame = self.lastFrame {
            self.pendingDamage = nil
            self.submit(frame, damage: Region(frame.bounds))
        }
    }

    /// Every buffer misses everything (its contents were lost or replaced).
    public func invalidateBuffers() {
        self.damage.invalidateAll()
    }

    /// Forgets the last frame (the output size changed; the client draws a new one).
    public func reset(logicalSize: PixelSize) {
        self.lastFrame = nil
        self.pendingDamage = nil
        self.damage = SwapchainDamage(bufferCount: self.backend.bufferCount, screen: PixelRect(size: logicalSize))
    }

    // MARK: - Submitting

    private func submit(_ frame: PixelBuffer, damage frameDamage: Region) {
        let buffer = self.chooseBackBuffer()
        let region = self.damage.regionToCopy(into: buffer, frameDamage: frameDamage)
        if !region.isEmpty { self.backend.copy(region, from: frame, toBuffer: buffer) }
        self.markUsed(buffer)
        self.flipsSubmitted += 1
        self.submitTime = self.loop.now
        switch self.backend.queueFlip(toBuffer: buffer) {
        case .queued: break
        case .failed(let error):
            self.flipFailed(error)
            return
        case .deferred:
            // The backend paused us; the frame is shown in full on resume.
            return
        }
        self.retryDelay = .zero
        self.bufferInFlight = buffer
        self.realFlipDone = false
        self.frameClock.didSubmit()
        self.timeoutTimer = self.loop.schedule(at: self.submitTime + Self.flipTimeout) { [weak self] in self?.flipTimedOut() }
        if self.pacing == .timer { self.armTick() }
    }

    /// The least recently used buffer that is neither on screen nor in flight.
    private func chooseBackBuffer() -> Int {
        for buffer in self.useOrder where buffer != self.frontBuffer && buffer != self.bufferInFlight {
            return buffer
        }
        return self.useOrder[0]  // one buffer (fbdev without panning): draw into the front one
    }

    private func markUsed(_ buffer: Int) {
        self.useOrder.removeAll { $0 == buffer }
        self.useOrder.append(buffer)
    }

    private func finishFlip(at timestamp: MonotonicTime) {
        if let timer = self.timeoutTimer { self.loop.cancel(timer) }
        self.timeoutTimer = nil
        self.frontBuffer = self.bufferInFlight
        self.bufferInFlight = nil
        self.frameClock.didPresent(at: timestamp)
        self.submitPending()
    }

    private func submitPending() {
        guard !self.isPaused, self.bufferInFlight == nil, let damage = self.pendingDamage, let frame = self.lastFrame else { return }
        self.pendingDamage = nil
        self.submit(frame, damage: damage)
    }

    // MARK: - Virtual vsync

    /// Arms the completion tick: the first tick of the grid strictly after the submit.
    private func armTick() {
        let interval = self.frameClock.refreshInterval
        let phase = self.tickPhase ?? self.submitTime
        if self.tickPhase == nil { self.tickPhase = phase }
        let elapsed = (self.submitTime - phase).value
        let periods = elapsed >= 0 ? elapsed / interval.value + 1 : 1
        self.tickTime = phase + interval * periods
        self.tickReached = false
        self.tickTimer = self.loop.schedule(at: self.tickTime) { [weak self] in
            guard let self else { return }
            self.tickTimer = nil
            self.tickReached = true
            if self.realFlipDone { self.finishFlip(at: self.tickTime) }
        }
    }

    private func detectImmediateFlips(completedAt: MonotonicTime, sequence: UInt32?) {
        let noVblankCounter = sequence != nil && sequence == self.lastSequence
        if noVblankCounter || completedAt - self.submitTime < Self.immediateFlipLatency {
            self.immediateCount += 1
        } else {
            self.immediateCount = 0
        }
        guard self.immediateCount >= 3 else { return }
        self.pacing = .timer
        self.tickPhase = completedAt
        self.tickReached = true
        self.tickTime = completedAt
        let hz = 1e9 / Double(self.frameClock.refreshInterval.value)
        self.logger.notice("the driver completes page flips without waiting for vblank; pacing frames with a \(String(fixed: hz, decimals: 2)) Hz timer")
    }

    // MARK: - Failures

    private func flipFailed(_ error: VitrineError) {
        self.flipsFailed += 1
        let key = "\(error.code)/\(error.errno ?? 0)"
        if self.loggedErrors.insert(key).inserted {
            self.logger.error("\(error) (retrying; further identical failures are not logged)")
        }
        // Back off from one refresh interval up to one second, and keep the frame clock going so
        // animations do not stall behind a flip that will not happen.
        let interval = self.frameClock.refreshInterval
        self.retryDelay = self.retryDelay == .zero ? interval : min(self.retryDelay * 2, .seconds(1))
        self.pendingDamage = (self.pendingDamage ?? Region())
        self.frameClock.didSubmit()
        let retryAt = self.loop.now + self.retryDelay
        self.retryTimer = self.loop.schedule(at: retryAt) { [weak self] in
            guard let self else { return }
            self.retryTimer = nil
            self.frameClock.didPresent(at: retryAt)
            self.submitPending()
        }
    }

    private func flipTimedOut() {
        self.timeoutTimer = nil
        guard self.bufferInFlight != nil else { return }
        if self.loggedErrors.insert("timeout").inserted {
            self.logger.error("a page flip did not complete within \(Self.flipTimeout); carrying on without its event")
        }
        self.realFlipDone = true
        self.tickReached = true
        if let timer = self.tickTimer { self.loop.cancel(timer) }
        self.tickTimer = nil
        self.finishFlip(at: self.loop.now)
    }

    private func cancelTimers() {
        for timer in [self.timeoutTimer, self.retryTimer, self.tickTimer] {
            if let timer { self.loop.cancel(timer) }
        }
        self.timeoutTimer = nil
        self.retryTimer = nil
        self.tickTimer = nil
    }
}
