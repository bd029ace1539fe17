import Glibc
import VitrineCore
import VitrineDRM
import VitrineSpeech
import VitrineSystem
import VitrineUI

/// Runs a scene on the real screen and touch input, in one epoll loop, until SIGINT or SIGTERM:
/// the runtime a kiosk is built on. It knows nothing of any particular scene — the config kiosk
/// is one (`ConfigKiosk` in VitrineKiosk), an integrator's Swift app another.
///
/// - The scene and its settings come from `load`; when it throws, the screen shows an
///   `ErrorPage` with the message (and the log has it) instead of exiting into a restart loop.
///   A scene whose `mount` throws is treated the same.
/// - SIGHUP loads it again: a good one replaces the scene; a bad one is reported and the last
///   good scene stays (the display and input settings take effect at the next start).
/// - The scene's events (`SceneEvent`) go to the journal and to `onSceneEvent`.
/// - systemd (`Type=notify`, without libsystemd): `READY=1` after the first frame reached the
///   screen (or at once, with `STATUS=waiting for a display`, when none is connected), `STATUS=`
///   on changes, `WATCHDOG=1` every half `WATCHDOG_USEC` from the loop, `STOPPING=1` on exit.
/// - A VT on fd 0 is taken over (`VirtualTerminal`): switching away drops DRM master and pauses,
///   switching back takes it and repaints.
///
/// It runs on any `EventLoop`: the panel's `EpollEventLoop`, or a `ManualEventLoop` whose time
/// only a test moves (reading real descriptors, so the control socket and the data watch work
/// the same). `HeadlessRunner` is this runner on a manual loop and a headless screen, taking
/// over nothing of the process (`takesOver` empty).
public final class Runner {
    /// Where each start's scene comes from.
    public typealias Loader = () throws(VitrineError) -> LoadedScene

    /// What a runner takes over besides the screen and touch.
    public struct Takeover: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// SIGINT and SIGTERM stop the loop, SIGHUP reloads (they are blocked for the process and
        /// read from a signalfd on the loop).
        public static let stopSignals = Takeover(rawValue: 1)
        /// The virtual terminal on fd 0, when it is one (`VirtualTerminal`).
        public static let terminal = Takeover(rawValue: 2)
        public static let all: Takeover = [.stopSignals, .terminal]
    }

    public let loop: any EventLoop
    /// A panel's kiosk takes over everything (the default); a headless run (tests, `vitrine
    /// render`) nothing, so the process's signals and terminal stay as they were.
    public var takesOver = Takeover.all
    private let load: Loader
    let logger: Logger
    public private(set) var scene: (any Scene)?
    public private(set) var errorPage: ErrorPage?
    /// The error the error page shows (nil while a scene is shown).
    public private(set) var shownError: VitrineError?
    /// The out-of-order page's brand colour (its tint) and font: `vitrine run` sets the file's
    /// theme here when only other parts of the file are wrong.
    public var errorPageTheme = Theme.standard
    public private(set) var window: Window?
    /// The settings the display and input were opened with.
    private var settings: RuntimeSettings?
    /// Every event the scene reports (after it is logged).
    public var onSceneEvent: ((SceneEvent) -> Void)?
    var display: OpenedDisplay?
    var input: InputSource?
    private var signals: SignalWatcher?
    /// Follows the calibration directory, so a saved calibration applies at once.
    var calibrationWatch: AnyObject?
    private var terminal: VirtualTerminal?
    let notifier: SystemdNotifier?
    private var watchdog: WatchdogPinger?
    /// The panel's power (Runner+Power.swift), and the wall clock its schedule reads.
    var power: DisplayPower?
    public var wallClock: WallClock = SystemWallClock()
    /// Where the control socket is opened (Runner+Control.swift): `vitrine run --control PATH`;
    /// by default the service's runtime directory's `control.sock`, none outside a service.
    public var controlPath: String? = Runner.defaultControlPath
    /// The group the control socket is given (`vitrine-control`; nil: the kiosk's own).
    public var controlGroup: String? = ControlServer.defaultGroup
    /// Where the control socket's `screenshot` may write (Runner+Control.swift).
    public var screenshotDirectories = Runner.defaultScreenshotDirectories
    /// The open control socket, once `run` started it.
    public internal(set) var control: ControlServer?
    /// Where `vitrine run --metrics` keeps the metrics file (Runner+Metrics); nil writes none.
    public var metricsPath: String?
    var metrics: MetricsFile?
    var metricsTimer: TimerID?
    /// When the last touch frame arrived, on the loop's clock.
    public internal(set) var lastTouchTime: MonotonicTime?
    /// The config shown: the last one that loaded and mounted.
    public internal(set) var shownConfig: ConfigVersion?
    var readySent = false
    /// Called after the first frame reached the screen, with its presentation time (the bench's
    /// start-up measurement). Called once and then released, so a closure that holds the runner
    /// (as every caller's does: it goes on to drive the runner's loop) does not keep it alive.
    public var onFirstFrame: ((MonotonicTime) -> Void)?
    /// Opens the screen instead of `DisplayOpener.open` (`vitrine preview`: a desktop window).
    public var openDisplay: ((DisplayConfiguration, EventLoop) throws(VitrineError) -> OpenedDisplay)?
    /// Opens the touch input instead of `InputOpener.open` (`vitrine preview`: the window's mouse);
    /// nil from it: no touch input at all (a headless run feeds the window itself).
    public var openInput: ((InputConfiguration, EventLoop) throws(VitrineError) -> InputSource?)?
    /// A rejected reload shows the error page instead of keeping the last good scene: the
    /// preview shows an author their mistake; a panel keeps serving visitors (the default).
    public var showsRejectedReload = false
    /// The error page starts on its details (the error, by field) instead of the visitors'
    /// "temporarily out of order": the preview's author wants the mistake; `vitrine run
    /// --error-details` for a panel on the bench.
    public var errorPageShowsDetails = false
    /// What the error page's details say to do (`ErrorPage.serviceHint` on a panel; the preview
    /// says a save reloads).
    public var errorPageHint = ErrorPage.serviceHint
    /// A reload puts the new scene where the old one was (`RestorableScene`): the preview keeps
    /// the screen being edited; a panel starts afresh (the default).
    public var keepsPositionOnReload = false
    /// The display and input settings used when the scene cannot be loaded at start (the error
    /// page still needs a screen): `vitrine run` puts its command-line options here.
    public var fallback = RuntimeSettings()
    /// Whether a scene that speaks gets a speech output (eSpeak NG through ALSA, made when first
    /// needed): `vitrine run` and `vitrine preview` say yes; tests and `vitrine render` keep the
    /// transcript only.
    public var speaks = false
    /// Whether the panel's headphone jack starts and stops speech mode (`vitrine run`).
    public var followsHeadset = false
    /// What the speech thread reports (the bench's key-to-sound time), on the loop thread.
    public var onSpeakerEvent: ((SpeakerEvent) -> Void)?
    var speech: LazySpeaker?
    var headset: HeadsetWatch?
    /// How long before the vblank a frame is started beyond its average drawing time: touches
    /// read until then make the frame (FrameClock.lateRenderMargin). 2 ms covers the jitter of
    /// the epoll wake-up and a slower-than-average frame on the boards in the research notes.
    public static let lateRenderMargin = Nanoseconds.milliseconds(2)

    /// - Parameters:
    ///   - notifier: where readiness goes; by default systemd's `NOTIFY_SOCKET`, if set.
    public init(
        loop: any EventLoop, notifier: SystemdNotifier? = SystemdNotifier.fromEnvironment(), logger: Logger = Logger("kiosk"),
        load: @escaping Loader
    ) {
        self.loop = loop
        self.load = load
        self.logger = logger
        self.notifier = notifier
    }

    /// Runs one scene with fixed settings (no reload source).
    public convenience init(scene: any Scene, settings: RuntimeSettings, loop: any EventLoop, logger: Logger = Logger("kiosk")) {
        self.init(loop: loop, logger: logger) { () throws(VitrineError) -> LoadedScene in LoadedScene(settings: settings, scene: scene) }
    }

    /// Opens the display and input, shows the kiosk (or the error page), and runs until a stop
    /// signal, `loop.stop()` or `seconds`; then closes what it opened (`finish`).
    public func run(seconds: Double? = nil) throws {
        try self.start()
        defer { self.finish() }
        try self.loop.run(for: seconds.map { .seconds($0) })
    }

    /// Everything `run` does before it runs the loop: loads the scene, opens the display, shows
    /// the scene (or the error page), starts display power, input and the control socket. A test
    /// on a `ManualEventLoop` calls this, advances the loop itself, then calls `finish`.
    /// - Throws: only when the display cannot be opened or the stop signals cannot be watched; a
    ///   scene that cannot be loaded or mounted is shown as the error page instead.
    public func start() throws {
        if let interval = SystemdNotifier.watchdogInterval(), let notifier = self.notifier {
            let pinger = WatchdogPinger(loop: self.loop, interval: interval) { notifier.watchdog() }
            pinger.start()
            self.watchdog = pinger
        }
        var loadError: VitrineError?
        var loaded: LoadedScene?
        do {
            loaded = try self.load()
        } catch {
            loadError = error
            self.logger.error("\(error)")
        }
        let settings = loaded?.settings ?? self.fallback
        self.settings = settings
        let signals = try self.takesOver.contains(.stopSignals) ? self.watchStopSignals() : nil

        let display =
            try self.openDisplay.map { open throws(VitrineError) in try open(settings.display, self.loop) }
            ?? DisplayOpener.open(settings.display, loop: self.loop)
        self.display = display
        let output = display.output
        output.frameClock.onPresent = { [weak self] time in self?.presented(at: time) }
        // Draw as late as the frame allows, so touches that arrive meanwhile make this frame.
        output.frameClock.lateRenderMargin = Self.lateRenderMargin
        output.onEvent = { [weak self] event in self?.outputChanged(event) }
        if let signals, self.takesOver.contains(.terminal) {
            self.terminal = VirtualTerminal.takeOver(
                signals: signals, onRelease: { output.suspend() },
                onAcquire: { [weak self] in
                    output.resume()
                    self?.window?.compositor.setNeedsFullRedraw()
                    self?.window?.setNeedsFrame()
                })
        }
        if let loaded {
            do {
                try self.show(loaded)
                self.lastGood = loaded
            } catch {
                self.logger.error("\(error)")
                self.showError(error)
            }
        } else {
            self.showError(loadError!)
        }
        self.startPower(settings.display.power, output: output)
        self.openInput(settings, output: output)
        self.startControl()
        self.startMetrics()
        if let drm = output as? DRMOutput, !drm.isShowing {
            self.sendReady(status: "waiting for a display")
        }
        self.logger.notice("showing the kiosk on \(output.name)")
    }

    /// Closes what `start` opened, in reverse: tells systemd it stops, closes the control socket,
    /// stops the watchdog, hands the screen back and restores the terminal. Once.
    public func finish() {
        guard let output = self.display?.output, !self.finished else { return }
        self.finished = true
        self.notifier?.stopping()
        self.finishSpeech()
        self.finishMetrics()
        self.control?.close()
        self.control = nil
        self.watchdog?.stop()
        output.shutdown()
        self.terminal?.restore()
    }

    private var finished = false
    /// Whether a frame has reached the screen.
    public internal(set) var hasPresentedFrame = false
    /// The stop signal that ended `run`, if one did (SIGTERM, SIGINT).
    public private(set) var stoppedBySignal: Int32?

    /// SIGINT and SIGTERM stop the loop, SIGHUP reloads.
    private func watchStopSignals() throws -> SignalWatcher {
        let signals = try SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP, VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal], loop: self.loop)
        self.signals = signals
        signals.on(SIGINT) { [weak self, loop, logger] _ in
            logger.notice("SIGINT: stopping")
            self?.stoppedBySignal = SIGINT
            loop.stop()
        }
        signals.on(SIGTERM) { [weak self, loop, logger] _ in
            logger.notice("SIGTERM: stopping")
            self?.stoppedBySignal = SIGTERM
            loop.stop()
        }
        signals.on(SIGHUP) { [weak self] _ in self?.reload() }
        return signals
    }

    /// The screen, once `run` opened it.
    public var output: DisplayOutput? { self.display?.output }

    // MARK: - Scene

    private func newWindow(scale: Double) -> Window {
        let window = Window(output: self.display!.output, scale: scale)
        self.window = window
        self.power?.attach(to: window)
        return window
    }

    /// Mounts `loaded.scene` in a fresh window; on failure the previous window stays in charge.
    func show(_ loaded: LoadedScene) throws(VitrineError) {
        let output = self.display!.output
        let previous = self.window
        let window = Window(output: output, scale: loaded.settings.scale)
        do {
            try loaded.scene.mount(in: window)
        } catch {
            previous?.takeFrameClock()
            throw error
        }
        let logger = self.logger
        loaded.scene.onEvent = { [weak self] event in
            logger.notice("scene: \(event)")
            self?.deliver(event)
        }
        self.window = window
        self.power?.attach(to: window)
        self.scene = loaded.scene
        self.shownConfig = loaded.source
        self.errorPage = nil
        self.shownError = nil
        self.input?.onFrame = self.touchHandler(for: window)
        if let input = self.input { self.attachKeys(input, to: window) }
        self.attachSpeech(to: loaded.scene, settings: loaded.settings.speech)
        self.notifier?.status("showing the kiosk")
        (loaded.scene as? RuntimeScene)?.attach(to: self.loop) { [weak self] line in
            self?.notifier?.status(line.map { "showing the kiosk; " + $0 } ?? "showing the kiosk")
        }
    }

    func showError(_ error: VitrineError) {
        let window = self.newWindow(scale: self.settings?.scale ?? 1)
        let page = ErrorPage(message: error.description, hint: self.errorPageHint, theme: self.errorPageTheme, showsDetails: self.errorPageShowsDetails)
        window.root.addSubview(page)
        page.pinToEdges()
        self.errorPage = page
        self.shownError = error
        self.scene = nil
        // Touch reaches the page: a 3-second hold shows the staff the details.
        self.input?.onFrame = self.touchHandler(for: window)
        self.input?.onKey = nil
        self.input?.onScan = nil
        self.notifier?.status("configuration error: \(error.message)")
    }

    /// Hands a scene's or the display power's event to `onSceneEvent` and the control clients.
    func deliver(_ event: SceneEvent) {
        self.onSceneEvent?(event)
        self.broadcast(event)
    }

    /// SIGHUP (and the control socket's `reload`): load the scene again; keep the last good one
    /// when the new one is bad.
    /// - Returns: why the new configuration was rejected, nil when it replaced the old one.
    @discardableResult
    public func reload() -> VitrineError? {
        self.notifier?.reloading()
        defer { self.notifier?.send([("READY", "1")]) }
        // Where the visitor is, or was when the error page replaced the scene.
        let position = self.keepsPositionOnReload ? (self.scene as? RestorableScene)?.position ?? self.keptPosition : nil
        do {
            let loaded = try self.load()
            if let old = self.settings, old.display != loaded.settings.display || old.input != loaded.settings.input {
                self.logger.notice("display and input settings change at the next start")
            }
            try self.show(loaded)
            if let position { (loaded.scene as? RestorableScene)?.restore(position) }
            self.keptPosition = nil
            self.lastGood = loaded
            self.logger.notice("configuration reloaded")
            return nil
        } catch {
            if self.scene != nil, !self.showsRejectedReload {
                self.logger.error("\(error); keeping the last good configuration")
                self.notifier?.status("new configuration rejected, showing the last good one: \(error.message)")
            } else {
                self.logger.error("\(error)")
                self.keptPosition = position
                self.showError(error)
            }
            return error
        }
    }

    /// The last scene that mounted, rebuilt in a new window when the display changes size.
    var lastGood: LoadedScene?
    /// Where the visitor was when a rejected reload put the error page up (`keepsPositionOnReload`).
    private var keptPosition: JSONValue?
}
