import Glibc
import VitrineCore
import VitrineDRM
import VitrineSystem
import VitrineUI

/// Runs the kiosk on the real screen and touch input, in one epoll loop, until SIGINT or SIGTERM.
///
/// - The configuration comes from `load`; when it cannot be loaded the screen shows an
///   `ErrorPage` with the message (and the log has it) instead of exiting into a restart loop.
/// - SIGHUP loads it again: a good one replaces the scene; a bad one is reported and the last
///   good scene stays (the display and input sections take effect at the next start).
/// - systemd (`Type=notify`, without libsystemd): `READY=1` after the first frame reached the
///   screen (or at once, with `STATUS=waiting for a display`, when none is connected), `STATUS=`
///   on changes, `WATCHDOG=1` every half `WATCHDOG_USEC` from the loop, `STOPPING=1` on exit.
/// - A VT on fd 0 is taken over (`VirtualTerminal`): switching away drops DRM master and pauses,
///   switching back takes it and repaints.
public final class KioskRunner {
    /// Where each start's configuration comes from.
    public typealias Loader = () throws(VitrineError) -> KioskConfiguration

    public let loop: EpollEventLoop
    private let load: Loader
    private let logger: Logger
    private let baseDirectory: String?
    public private(set) var scene: KioskScene?
    public private(set) var errorPage: ErrorPage?
    public private(set) var window: Window?
    private var configuration: KioskConfiguration?
    private var display: OpenedDisplay?
    private var input: InputSource?
    private var signals: SignalWatcher?
    /// Follows the calibration directory, so a saved calibration applies at once.
    private var calibrationWatch: AnyObject?
    private var terminal: VirtualTerminal?
    private let notifier: SystemdNotifier?
    private var watchdog: WatchdogPinger?
    private var readySent = false
    /// Called after the first frame reached the screen, with its presentation time (the bench's
    /// start-up measurement).
    public var onFirstFrame: ((MonotonicTime) -> Void)?
    /// The display and input settings used when the configuration cannot be loaded at start
    /// (the error page still needs a screen): `vitrine run` puts its command-line options here.
    public var fallback = KioskConfiguration()
    /// How long before the vblank a frame is started beyond its average drawing time: touches
    /// read until then make the frame (FrameClock.lateRenderMargin). 2 ms covers the jitter of
    /// the epoll wake-up and a slower-than-average frame on the boards in the research notes.
    public static let lateRenderMargin = Nanoseconds.milliseconds(2)

    /// - Parameters:
    ///   - notifier: where readiness goes; by default systemd's `NOTIFY_SOCKET`, if set.
    public init(
        loop: EpollEventLoop, baseDirectory: String? = nil, notifier: SystemdNotifier? = SystemdNotifier.fromEnvironment(),
        logger: Logger = Logger("kiosk"), load: @escaping Loader
    ) {
        self.loop = loop
        self.load = load
        self.baseDirectory = baseDirectory
        self.logger = logger
        self.notifier = notifier
    }

    /// Convenience for a fixed configuration (the demo).
    public convenience init(configuration: KioskConfiguration, loop: EpollEventLoop, logger: Logger = Logger("kiosk")) {
        self.init(loop: loop, logger: logger) { () throws(VitrineError) -> KioskConfiguration in configuration }
    }

    /// Opens the display and input, shows the kiosk (or the error page), and runs until a stop
    /// signal or `seconds`.
    public func run(seconds: Double? = nil) throws {
        if let interval = SystemdNotifier.watchdogInterval(), let notifier = self.notifier {
            let pinger = WatchdogPinger(loop: self.loop, interval: interval) { notifier.watchdog() }
            pinger.start()
            self.watchdog = pinger
        }
        var loadError: VitrineError?
        do {
            self.configuration = try self.load()
        } catch {
            loadError = error
            self.logger.error("\(error)")
        }
        let settings = self.configuration ?? self.fallback
        let signals = try SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP, VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal], loop: self.loop)
        self.signals = signals
        signals.on(SIGINT) { [loop] _ in loop.stop() }
        signals.on(SIGTERM) { [loop] _ in loop.stop() }
        signals.on(SIGHUP) { [weak self] _ in self?.reload() }

        let display = try DisplayOpener.open(settings.display, loop: self.loop)
        self.display = display
        let output = display.output
        output.frameClock.onPresent = { [weak self] time in self?.presented(at: time) }
        // Draw as late as the frame allows, so touches that arrive meanwhile make this frame.
        output.frameClock.lateRenderMargin = Self.lateRenderMargin
        output.onEvent = { [weak self] event in self?.outputChanged(event) }
        self.terminal = VirtualTerminal.takeOver(
            signals: signals, onRelease: { output.suspend() }, onAcquire: { [weak self] in
                output.resume()
                self?.window?.compositor.setNeedsFullRedraw()
                self?.window?.setNeedsFrame()
            })
        if let configuration = self.configuration {
            try self.show(configuration)
        } else {
            self.showError(loadError!)
        }
        self.openInput(settings, output: output)
        if let drm = output as? DRMOutput, !drm.isShowing {
            self.sendReady(status: "waiting for a display")
        }
        self.logger.notice("showing the kiosk on \(output.name)")
        if let seconds { try self.loop.run(for: .seconds(seconds)) } else { try self.loop.run() }
        self.notifier?.stopping()
        self.watchdog?.stop()
        output.shutdown()
        self.terminal?.restore()
    }

    /// The screen, once `run` opened it.
    public var output: DisplayOutput? { self.display?.output }

    // MARK: - Scene

    private func newWindow() -> Window {
        let output = self.display!.output
        let window = Window(output: output, scale: self.configuration?.scale ?? 1)
        self.window = window
        return window
    }

    /// Builds the scene for `configuration` in a fresh window.
    private func show(_ configuration: KioskConfiguration) throws(VitrineError) {
        let output = self.display!.output
        let window = Window(output: output, scale: configuration.scale)
        let scene = try KioskScene(configuration: configuration, window: window, images: SceneImages(screenSize: output.size, baseDirectory: self.baseDirectory))
        self.window = window
        self.scene = scene
        self.errorPage = nil
        self.input?.onFrame = { frame in window.handle(frame) }
        self.notifier?.status("showing the kiosk")
    }

    private func showError(_ error: VitrineError) {
        let window = self.newWindow()
        let page = ErrorPage(message: error.description)
        window.root.addSubview(page)
        page.pinToEdges()
        self.errorPage = page
        self.scene = nil
        self.input?.onFrame = nil
        self.notifier?.status("configuration error: \(error.message)")
    }

    /// SIGHUP: load the configuration again; keep the last good scene when the new one is bad.
    public func reload() {
        self.notifier?.reloading()
        defer { self.notifier?.send([("READY", "1")]) }
        do {
            let configuration = try self.load()
            if let old = self.configuration, old.display != configuration.display || old.input != configuration.input {
                self.logger.notice("display and input settings change at the next start")
            }
            try self.show(configuration)
            self.configuration = configuration
            self.logger.notice("configuration reloaded")
        } catch {
            if self.scene != nil {
                self.logger.error("\(error); keeping the last good configuration")
                self.notifier?.status("new configuration rejected, showing the last good one: \(error.message)")
            } else {
                self.logger.error("\(error)")
                self.showError(error)
            }
        }
    }

    // MARK: - Input, output events, readiness

    private func openInput(_ settings: KioskConfiguration, output: DisplayOutput) {
        var configuration = InputConfiguration(
            transform: TouchTransform(nativeSize: output.rotation.nativeSize(forLogical: output.size), rotation: output.rotation, scale: settings.scale))
        configuration.seat = settings.input.seat
        configuration.calibrationDirectory = settings.input.calibrationDirectory
        do {
            let input = try InputOpener.open(configuration, loop: self.loop, logger: Logger("input"))
            if let window = self.window, self.scene != nil { input.onFrame = { frame in window.handle(frame) } }
            try input.start()
            self.input = input
            self.calibrationWatch = InputOpener.followCalibrationChanges(of: input, directory: configuration.calibrationDirectory, loop: self.loop)
        } catch {
            // A kiosk without touch still shows its screen.
            self.logger.error("\(error); running without touch input")
        }
    }

    private func presented(at time: MonotonicTime) {
        guard !self.readySent else { return }
        self.sendReady(status: self.scene != nil ? "showing the kiosk" : "showing the configuration error")
        self.onFirstFrame?(time)
    }

    private func sendReady(status: String) {
        guard !self.readySent else { return }
        self.readySent = true
        self.notifier?.ready(status: status)
    }

    private func outputChanged(_ event: OutputEvent) {
        switch event {
        case .resumed:
            if let window = self.window, window.compositor.frame.size != self.display?.output.size {
                // Another display, another size: build the screen again for it.
                if let configuration = self.configuration { try? self.show(configuration) } else if let page = self.errorPage { self.showError(VitrineError(.invalidData, page.message)) }
            }
            self.notifier?.status(self.scene != nil ? "showing the kiosk" : "showing the configuration error")
            self.window?.compositor.setNeedsFullRedraw()
            self.window?.setNeedsFrame()
        case .paused(let reason):
            self.notifier?.status("paused: \(reason)")
        }
    }
}
