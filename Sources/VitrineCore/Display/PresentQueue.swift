/// The presentation logic shared by every output: buffer choice, damage, flips in flight,
/// frames waiting for a flip, pacing, failures and pauses.
///
/// - Never reads scanout memory: it asks the backend to copy `damage ∪ missed` from the frame.
/// - One flip in flight at most; a frame presented meanwhile waits and is coalesced.
/// - A failed flip is logged once and retried with back-off; a flip whose completion never
///   arrives is given up after `flipTimeout`. The frame clock keeps ticking either way, so the
///   client never hangs waiting for an event that will not come.
///
/// Ownership runs one way: the output builds its backend, hands it to the queue, and keeps the
/// queue. The backend never calls the queue; completions that come later reach it as
/// `FlipEvent`s through `flipCompleted(_:)`, and a lost screen through `onScreenLost`. The flip
/// itself is one `FlipState`, advanced only by the queue's own methods and timers.
public final class PresentQueue {
    /// How long a flip may stay in flight before it is treated as lost.
    public static let flipTimeout = Nanoseconds.milliseconds(500)
    /// A completion this soon after the submit, `immediateFlipsToSwitch` times running, means the
    /// driver does not wait for vblank (bochs, virtio-gpu: no vblank counter, "completes
    /// page_flip events right away" — vkms TODO, research/kiosk_boot.md §6).
    public static let immediateFlipLatency = Nanoseconds.milliseconds(1)
    /// Three in a row: one immediate completion can be a flip queued just before a vblank; three
    /// cannot (research/kiosk_boot.md §6).
    static let immediateFlipsToSwitch = 3
    /// The longest wait between retries of a failing flip.
    static let longestRetryDelay = Nanoseconds.seconds(1)

    public let frameClock: FrameClock
    public var pacing: FlipPacing { self.pacer.pacing }
    public private(set) var damage: SwapchainDamage
    /// The buffer on screen.
    public private(set) var frontBuffer: Int? = nil
    /// The last frame presented; re-shown in full after a resume.
    public private(set) var lastFrame: PixelBuffer? = nil
    public var isPaused: Bool {
        if case .paused = self.state { return true }
        return false
    }
    /// Records of each flip submitted (for tests and `test-pattern` statistics).
    public private(set) var flipsSubmitted: UInt64 = 0
    public private(set) var flipsFailed: UInt64 = 0
    /// Called when the backend answers `.screenLost` (the queue has paused itself already).
    public var onScreenLost: ((VitrineError) -> Void)?

    private let backend: any ScanoutBackend
    private let loop: Clock
    private let logger: Logger
    private(set) var state: FlipState = .idle
    private var pacer: Pacer
    private var pendingDamage: Region? = nil
    private var useOrder: [Int]
    private var loggedErrors: Set<String> = []
    /// The frame being copied band by band as it is composited (`FrameBandSink`), until it is
    /// presented.
    private var banded: BandedCopy?

    public init(backend: any ScanoutBackend, logicalSize: PixelSize, refreshInterval: Nanoseconds, loop: Clock, pacing: FlipPacing, logger: Logger) {
        self.backend = backend
        self.loop = loop
        self.logger = logger
        self.pacer = Pacer(pacing)
        self.damage = SwapchainDamage(bufferCount: backend.bufferCount, screen: PixelRect(size: logicalSize))
        self.useOrder = Array(0..<backend.bufferCount)
        self.frameClock = FrameClock(loop: loop, refreshInterval: refreshInterval)
    }

    public var refreshInterval: Nanoseconds { self.frameClock.refreshInterval }

    /// Copies damage into a free buffer and queues it, or keeps it for after the flip in flight.
    /// What the frame's bands copied already (`FrameBandSink`) is not copied again.
    public func present(_ frame: PixelBuffer, damage: Region) {
        precondition(
            frame.size == PixelSize(width: self.damage.screen.width, height: self.damage.screen.height), "frame size \(frame.size) does not match the output")
        self.lastFrame = frame
        let banded = self.banded
        self.banded = nil
        switch self.state {
        case .idle:
            self.submit(frame, damage: damage, banded: banded?.frame === frame ? banded : nil)
        case .inFlight, .waitingToRetry:
            // Shown after the flip in flight (or the retry), merged with any other frame that
            // waits; the frame clock waits for that flip too.
            self.pendingDamage = (self.pendingDamage ?? Region()).union(damage)
            self.frameClock.didSubmit()
        case .paused:
            self.pendingDamage = (self.pendingDamage ?? Region()).union(damage)
        }
    }

    /// The backend's flip finished: a page-flip event, a vblank. An event with no flight to
    /// complete (after a timeout or a pause), or a second one for the same flip, is ignored.
    public func flipCompleted(_ event: FlipEvent) {
        guard case .inFlight(var flight) = self.state else { return }
        let at = event.timestamp ?? self.loop.now
        switch flight.awaiting {
        case .event:
            self.observePacing(completedAt: at, submitted: flight.submitted, sequence: event.sequence)
            self.finishFlip(flight, at: at)
        case .eventAndTick(let tick, let timer):
            flight.awaiting = .tick(tick, timer: timer)
            self.state = .inFlight(flight)
        case .eventAfterTick(let tick):
            self.finishFlip(flight, at: tick)
        case .tick:
            break
        }
    }

    /// Stops showing frames (no display, VT away, master lost). Presents are remembered.
    public func pause() {
        guard !self.isPaused else { return }
        self.cancelTimers()
        self.state = .paused
        self.frameClock.pause()
    }

    /// Shows frames again: every buffer is considered stale, and the last frame is re-shown.
    /// A flip in flight or a retry (resume without a pause) is dropped for the fresh submit.
    public func resume(refreshInterval: Nanoseconds? = nil) {
        if let refreshInterval { self.frameClock.refreshInterval = refreshInterval }
        self.cancelTimers()
        self.state = .idle
        self.frontBuffer = nil
        if case .timer = self.pacer { self.pacer = .timer(phase: nil) }
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

    /// Copies and queues a buffer; `state` is `.idle`. `afterFailure` is the wait before this
    /// attempt when it retries a failed flip.
    private func submit(_ frame: PixelBuffer, damage frameDamage: Region, afterFailure: Nanoseconds? = nil, banded: BandedCopy? = nil) {
        let buffer = self.chooseBackBuffer()
        var region = self.damage.regionToCopy(into: buffer, frameDamage: frameDamage)
        // Bands copied into this very buffer are there already (into another, they were only
        // early: what a buffer holds beyond its record is the frame's current picture anyway).
        if let banded, banded.buffer == buffer { region = region.subtracting(banded.copied) }
        if !region.isEmpty { self.backend.copy(region, from: frame, toBuffer: buffer) }
        self.markUsed(buffer)
        self.flipsSubmitted += 1
        let submitted = self.loop.now
        switch self.backend.queueFlip(toBuffer: buffer) {
        case .queued:
            self.startFlight(buffer: buffer, submitted: submitted)
        case .onScreen(let event):
            let serial = self.startFlight(buffer: buffer, submitted: submitted)
            self.loop.schedule(at: submitted) { [weak self] in
                guard let self, case .inFlight(let flight) = self.state, flight.serial == serial else { return }
                self.flipCompleted(event)
            }
        case .failed(let error):
            self.flipFailed(error, previousDelay: afterFailure)
        case .screenLost(let error):
            // The frame is shown in full on resume.
            self.pause()
            self.onScreenLost?(error)
        }
    }

    // MARK: - Copying while compositing

    /// A frame whose bands are copied as they are painted.
    private final class BandedCopy {
        let frame: PixelBuffer
        let buffer: Int
        /// What the frame will copy into `buffer` when presented.
        let region: Region
        /// What the bands copied so far.
        var copied = Region()

        init(frame: PixelBuffer, buffer: Int, region: Region) {
            self.frame = frame
            self.buffer = buffer
            self.region = region
        }
    }

    @discardableResult
    private func startFlight(buffer: Int, submitted: MonotonicTime) -> UInt64 {
        let serial = self.flipsSubmitted
        self.frameClock.didSubmit()
        let timeout = self.loop.schedule(at: submitted + Self.flipTimeout) { [weak self] in self?.flipTimedOut(serial) }
        var awaiting = FlightProgress.event
        if case .timer(let phase) = self.pacer {
            // The completion tick: the first tick of the grid strictly after the submit.
            let phase = phase ?? submitted
            self.pacer = .timer(phase: phase)
            let interval = self.frameClock.refreshInterval
            let elapsed = (submitted - phase).value
            let periods = elapsed >= 0 ? elapsed / interval.value + 1 : 1
            let tick = phase + interval * periods
            let timer = self.loop.schedule(at: tick) { [weak self] in self?.tickReached(serial) }
            awaiting = .eventAndTick(tick: tick, timer: timer)
        }
        self.state = .inFlight(Flight(serial: serial, buffer: buffer, submitted: submitted, timeout: timeout, awaiting: awaiting))
        return serial
    }

    /// The least recently used buffer that is not on screen (none is in flight when submitting).
    private func chooseBackBuffer() -> Int {
        for buffer in self.useOrder where buffer != self.frontBuffer {
            return buffer
        }
        return self.useOrder[0]  // one buffer (fbdev without panning): draw into the front one
    }

    private func markUsed(_ buffer: Int) {
        self.useOrder.removeAll { $0 == buffer }
        self.useOrder.append(buffer)
    }

    private func finishFlip(_ flight: Flight, at timestamp: MonotonicTime) {
        self.loop.cancel(flight.timeout)
        if let timer = flight.awaiting.tickTimer { self.loop.cancel(timer) }
        self.frontBuffer = flight.buffer
        self.state = .idle
        self.frameClock.didPresent(at: timestamp)
        self.submitPending()
    }

    private func submitPending(afterFailure: Nanoseconds? = nil) {
        guard case .idle = self.state, let damage = self.pendingDamage, let frame = self.lastFrame else { return }
        self.pendingDamage = nil
        self.submit(frame, damage: damage, afterFailure: afterFailure)
    }

    // MARK: - Pacing

    private func tickReached(_ serial: UInt64) {
        guard case .inFlight(var flight) = self.state, flight.serial == serial else { return }
        switch flight.awaiting {
        case .eventAndTick(let tick, _):
            flight.awaiting = .eventAfterTick(tick)
            self.state = .inFlight(flight)
        case .tick(let tick, _):
            self.finishFlip(flight, at: tick)
        case .event, .eventAfterTick:
            break
        }
    }

    /// With `.detect`, counts completions that came too soon (or with an unchanged vblank
    /// counter) and switches to timer pacing after `immediateFlipsToSwitch` in a row.
    private func observePacing(completedAt: MonotonicTime, submitted: MonotonicTime, sequence: UInt32?) {
        guard case .detecting(let count, let lastSequence) = self.pacer else { return }
        let noVblankCounter = sequence != nil && sequence == lastSequence
        let immediate = noVblankCounter || completedAt - submitted < Self.immediateFlipLatency
        let immediateFlips = immediate ? count + 1 : 0
        guard immediateFlips >= Self.immediateFlipsToSwitch else {
            self.pacer = .detecting(immediateFlips: immediateFlips, lastSequence: sequence)
            return
        }
        self.pacer = .timer(phase: completedAt)
        let hz = 1e9 / Double(self.frameClock.refreshInterval.value)
        self.logger.notice("the driver completes page flips without waiting for vblank; pacing frames with a \(String(fixed: hz, decimals: 2)) Hz timer")
    }

    // MARK: - Failures

    private func flipFailed(_ error: VitrineError, previousDelay: Nanoseconds?) {
        self.flipsFailed += 1
        let key = "\(error.code)/\(error.errno ?? 0)"
        if self.loggedErrors.insert(key).inserted {
            self.logger.error("\(error) (retrying; further identical failures are not logged)")
        }
        // Back off from one refresh interval up to one second, and keep the frame clock going so
        // animations do not stall behind a flip that will not happen.
        let delay = previousDelay.map { min($0 * 2, Self.longestRetryDelay) } ?? self.frameClock.refreshInterval
        self.pendingDamage = (self.pendingDamage ?? Region())
        self.frameClock.didSubmit()
        let retryAt = self.loop.now + delay
        let timer = self.loop.schedule(at: retryAt) { [weak self] in self?.retryDue(at: retryAt) }
        self.state = .waitingToRetry(delay: delay, timer: timer)
    }

    private func retryDue(at retryAt: MonotonicTime) {
        guard case .waitingToRetry(let delay, _) = self.state else { return }
        // Still waiting while the clock hears of it: a present meanwhile joins the retry.
        self.frameClock.didPresent(at: retryAt)
        guard case .waitingToRetry = self.state else { return }
        self.state = .idle
        self.submitPending(afterFailure: delay)
    }

    private func flipTimedOut(_ serial: UInt64) {
        guard case .inFlight(let flight) = self.state, flight.serial == serial else { return }
        if self.loggedErrors.insert("timeout").inserted {
            self.logger.error("a page flip did not complete within \(Self.flipTimeout); carrying on without its event")
        }
        self.finishFlip(flight, at: self.loop.now)
    }

    /// Cancels the timers the current state holds.
    private func cancelTimers() {
        switch self.state {
        case .inFlight(let flight):
            self.loop.cancel(flight.timeout)
            if let timer = flight.awaiting.tickTimer { self.loop.cancel(timer) }
        case .waitingToRetry(_, let timer):
            self.loop.cancel(timer)
        case .idle, .paused:
            break
        }
    }
}

extension PresentQueue: FrameBandSink {
    /// A frame about to be composited: when it will be submitted at once (nothing in flight),
    /// its bands go into the buffer it will be submitted to as they are painted. Otherwise (a
    /// flip in flight, a retry, a pause) it is copied when presented, as always.
    public func beginFrame(_ frame: PixelBuffer, damage: Region) {
        self.banded = nil
        guard case .idle = self.state, frame.size == PixelSize(width: self.damage.screen.width, height: self.damage.screen.height) else { return }
        let buffer = self.chooseBackBuffer()
        self.banded = BandedCopy(frame: frame, buffer: buffer, region: self.damage.regionToCopy(peekingInto: buffer, frameDamage: damage))
    }

    /// Copies the painted rows of what the frame will need in its buffer.
    public func bandPainted(_ rows: Range<Int>) {
        guard let banded = self.banded, !rows.isEmpty else { return }
        let band = PixelRect(minX: self.damage.screen.minX, minY: rows.lowerBound, maxX: self.damage.screen.maxX, maxY: rows.upperBound)
        let part = banded.region.intersection(band).subtracting(banded.copied)
        guard !part.isEmpty else { return }
        self.backend.copy(part, from: banded.frame, toBuffer: banded.buffer)
        banded.copied.formUnion(part)
    }
}
