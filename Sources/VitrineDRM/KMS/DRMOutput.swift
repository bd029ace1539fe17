import Glibc
import VitrineCore

/// A screen driven through DRM/KMS dumb buffers, paced by page flips.
///
/// - Chooses a card (the first with modesetting and a connected display, or `devicePath`), a
///   connector and a mode (`ModeSelection`), renders nothing itself: clients present frames from
///   ordinary memory and only damaged rows are copied into a dumb buffer.
/// - The first frame is a `drmModeSetCrtc`, the rest `drmModePageFlip` with an event whose
///   timestamp drives the `FrameClock`; drivers that complete flips at once are detected and
///   paced by a timer at the mode's refresh rate (`PresentQueue`, `.detect`).
/// - No display is not an error: the output waits, paused, for a hotplug. A display that goes
///   away pauses it; one that comes back gets a modeset and the current frame.
/// - Another DRM master (EACCES/EBUSY) pauses it and the device is reopened with back-off until
///   the screen is free.
/// - `shutdown()` restores the CRTC found at start.
public final class DRMOutput: DisplayOutput {
    enum State: Equatable {
        case active
        case waitingForDisplay
        case waitingForMaster
        /// The VT was switched away: master dropped until `resume()`.
        case suspended
        case shutDown
    }

    /// Back-off between attempts to take the screen from another DRM master, in seconds.
    static let masterRetryDelays: [Double] = [0.5, 1, 2, 4, 5]

    public let options: DRMOutputOptions
    public var onEvent: ((OutputEvent) -> Void)?
    public private(set) var size: PixelSize
    public var rotation: Rotation { self.options.rotation }
    public var bufferCount: Int { self.options.bufferCount }
    public var frameClock: FrameClock { self.queue.frameClock }
    public var presentQueue: PresentQueue { self.queue }
    private(set) var state: State = .waitingForDisplay

    let loop: EventLoop
    let logger: Logger
    let openDevice: KMSDeviceOpener
    private(set) var devicePath: String
    private(set) var device: KMSDevice?
    /// The card, connector, mode and buffers in use, held by the scanout the queue draws into.
    var pipeline: DRMPipeline? {
        get { self.scanout.pipeline }
        set { self.scanout.pipeline = newValue }
    }
    private let scanout: DRMScanout
    private let queue: PresentQueue
    private var deviceWatch: WatchID?
    private var masterAttempts = 0
    private var masterRetryTimer: TimerID?

    /// Opens the first usable card among `candidates` (see `CardDiscovery`).
    /// - Throws: `DisplayErrors.noDevice()` when no candidate has modesetting; the first open
    ///   error (e.g. permission denied) when none could be opened; unknown connector or mode.
    public init(options: DRMOutputOptions, candidates: [String], loop: EventLoop, openDevice: @escaping KMSDeviceOpener, logger: Logger = Logger("drm"))
        throws(VitrineError)
    {
        precondition((1...3).contains(options.bufferCount), "1 to 3 buffers")
        self.options = options
        self.loop = loop
        self.logger = logger
        self.openDevice = openDevice
        let chosen = try Self.chooseDevice(candidates: candidates, options: options, open: openDevice, logger: logger)
        self.device = chosen
        self.devicePath = chosen.path
        let size = options.rotation.logicalSize(
            forNative: options.mode.map { PixelSize(width: $0.width, height: $0.height) } ?? DRMOutputOptions.sizeWithoutDisplay)
        self.size = size
        let scanout = DRMScanout(bufferCount: options.bufferCount, rotation: options.rotation, clock: loop, logger: logger)
        self.scanout = scanout
        self.queue = PresentQueue(backend: scanout, logicalSize: size, refreshInterval: .seconds(1.0 / 60), loop: loop, pacing: .detect, logger: logger)
        self.queue.onScreenLost = { [weak self] error in self?.lostMaster(error) }
        try self.watchDevice(chosen)
        if try self.connectDisplay(probe: false) {
            self.state = .active
        } else {
            self.state = .waitingForDisplay
            self.queue.pause()
            logger.notice("no display connected to \(chosen.path); waiting for one")
        }
    }

    public var name: String {
        if let pipeline = self.pipeline { return pipeline.name }
        return "\(self.devicePath) (no display)"
    }

    /// Whether frames reach a screen now.
    public var isShowing: Bool { self.state == .active }

    public func present(_ frame: PixelBuffer, damage: Region) {
        self.queue.present(frame, damage: damage)
    }

    /// Restores the CRTC found at start, releases the buffers and closes the card.
    public func shutdown() {
        guard self.state != .shutDown else { return }
        self.state = .shutDown
        if let timer = self.masterRetryTimer { self.loop.cancel(timer) }
        self.queue.pause()
        self.pipeline?.restore(logger: self.logger)
        self.closeDevice()
    }

    /// The VT was switched away: drop DRM master (so the other VT's owner can modeset) and pause.
    public func suspend() {
        guard self.state != .shutDown, self.state != .suspended else { return }
        self.pauseShowing(.suspended, reason: "virtual terminal switched away")
        if let timer = self.masterRetryTimer { self.loop.cancel(timer) }
        try? self.device?.releaseMaster()
    }

    /// Back on our VT: take master again (the kernel allows a former master, Linux ≥ 5.8) and
    /// show the last frame with a fresh modeset.
    public func resume() {
        guard self.state == .suspended else { return }
        if let device = self.device, !device.isMaster {
            do {
                try device.acquireMaster()
            } catch {
                self.state = .waitingForMaster
                self.lostMaster(error)
                return
            }
        }
        self.pipeline?.modeSet = false
        if self.pipeline == nil, (try? self.connectDisplay(probe: true)) != true {
            self.state = .waitingForDisplay
            return
        }
        self.resumeShowing()
    }

    // MARK: - Device and display

    static func chooseDevice(candidates: [String], options: DRMOutputOptions, open: KMSDeviceOpener, logger: Logger) throws(VitrineError) -> KMSDevice {
        var firstKMS: KMSDevice? = nil
        var firstError: VitrineError? = nil
        for path in candidates {
            let device: KMSDevice
            do {
                device = try open(path)
            } catch {
                // A card the user named is not skipped: its own error is the answer.
                if options.devicePath != nil { throw error }
                logger.debug("skipping \(path): \(error)")
                if firstError == nil || (firstError?.code != .permissionDenied && error.code == .permissionDenied) { firstError = error }
                continue
            }
            guard device.supportsKMS else {
                if options.devicePath != nil {
                    throw VitrineError(
                        .invalidArgument, "\(path) is not a DRM card with modesetting (driver: \(device.driverName))",
                        hint: "name a card that `vitrine list-displays` shows (/dev/dri/cardN), or leave the device out to find one")
                }
                logger.debug("skipping \(path): no modesetting (render-only)")
                continue
            }
            // An explicitly named card is used even with nothing connected.
            if options.devicePath != nil { return device }
            let connectors = (try? Self.probeConnectors(device, probe: true)) ?? []
            if (try? ModeSelection.connector(named: options.connectorName, in: connectors, device: path)) ?? nil != nil {
                return device
            }
            if firstKMS == nil { firstKMS = device }
        }
        if let firstKMS { return firstKMS }
        if let firstError, firstError.code == .permissionDenied { throw firstError }
        throw DisplayErrors.noDevice()
    }

    static func probeConnectors(_ device: KMSDevice, probe: Bool) throws(VitrineError) -> [KMSConnector] {
        var result: [KMSConnector] = []
        for id in try device.resources().connectorIDs {
            result.append(try device.connector(id, probe: probe))
        }
        return result
    }

    /// Builds a pipeline for a connected display, if there is one. Returns whether it did.
    /// Throws for a named connector or requested mode that does not exist.
    @discardableResult
    func connectDisplay(probe: Bool) throws(VitrineError) -> Bool {
        guard let device = self.device else { return false }
        let connectors = try Self.probeConnectors(device, probe: probe)
        guard let connector = try ModeSelection.connector(named: self.options.connectorName, in: connectors, device: device.path) else {
            return false
        }
        let mode = try ModeSelection.mode(for: connector, request: self.options.mode, device: device.path)
        let pipeline = try DRMPipeline(device: device, connector: connector, mode: mode, bufferCount: self.options.bufferCount, logger: self.logger)
        self.pipeline = pipeline
        let newSize = self.rotation.logicalSize(forNative: mode.size)
        if newSize != self.size {
            self.size = newSize
            self.queue.reset(logicalSize: newSize)
        }
        self.queue.frameClock.refreshInterval = mode.refreshInterval
        return true
    }

    /// Makes `device` the output's card.
    /// - Throws: when the loop cannot watch its fd (its flip events would never be read).
    func adoptDevice(_ device: KMSDevice) throws(VitrineError) {
        self.closeDevice()
        self.device = device
        self.devicePath = device.path
        try self.watchDevice(device)
    }

    /// Page-flip events on the card's fd are the flips' completions: events for the queue.
    func watchDevice(_ device: KMSDevice) throws(VitrineError) {
        do {
            self.deviceWatch = try self.loop.watch(fileDescriptor: device.fileDescriptor) { [weak self] in self?.readFlipEvents() }
        } catch {
            throw VitrineError(.ioFailure, "cannot wait for page-flip events from \(device.path)", cause: error)
        }
    }

    private func readFlipEvents() {
        guard let device = self.device else { return }
        do {
            for event in try device.readFlipEvents() {
                self.queue.flipCompleted(event)
            }
        } catch {
            self.logger.error("reading flip events from \(device.path): \(error)")
        }
    }

    func closeDevice() {
        if let watch = self.deviceWatch { self.loop.unwatch(watch) }
        self.deviceWatch = nil
        self.pipeline = nil
        self.device = nil
    }

    /// Shows frames again after a display appeared or master came back.
    func resumeShowing() {
        self.state = .active
        self.queue.resume(refreshInterval: self.pipeline?.mode.refreshInterval)
        self.onEvent?(.resumed)
    }

    /// Stops showing frames and says why.
    func pauseShowing(_ state: State, reason: String) {
        self.state = state
        self.queue.pause()
        self.onEvent?(.paused(reason: reason))
    }

    // MARK: - DRM master

    /// Someone else holds the screen: pause, then reopen the card with back-off until SetCrtc
    /// works (a fresh open becomes master once nobody is).
    func lostMaster(_ error: VitrineError) {
        // A loss after the screen was shown again starts over; one before is the same loss.
        if self.pipeline?.hasShown == true { self.masterAttempts = 0 }
        if self.masterAttempts == 0 {
            self.logger.error("\(error)")
        }
        self.pauseShowing(.waitingForMaster, reason: error.message)
        self.pipeline = nil
        let delay = Self.masterRetryDelays[min(self.masterAttempts, Self.masterRetryDelays.count - 1)]
        self.masterAttempts += 1
        self.logger.info("retrying to take \(self.devicePath) in \(String(fixed: delay, decimals: 1)) s")
        self.masterRetryTimer = self.loop.schedule(after: .seconds(delay)) { [weak self] in self?.retryMaster() }
    }

    private func retryMaster() {
        self.masterRetryTimer = nil
        guard self.state == .waitingForMaster else { return }
        self.closeDevice()
        do {
            let device = try self.openDevice(self.devicePath)
            try self.adoptDevice(device)
            if !device.isMaster { try? device.acquireMaster() }
            guard try self.connectDisplay(probe: true) else {
                self.state = .waitingForDisplay
                self.logger.notice("\(self.devicePath) is free but no display is connected; waiting for one")
                return
            }
            self.logger.notice("took over \(self.name)")
            self.resumeShowing()
        } catch {
            self.lostMaster(error.code == .displayBusy ? error : DisplayErrors.displayBusy(self.devicePath, cause: error.cause as? SystemError))
        }
    }
}
