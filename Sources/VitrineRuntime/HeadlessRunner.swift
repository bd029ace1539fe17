import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineReplay
import VitrineSystem
import VitrineUI

/// A scene with no screen: the panel's `Runner` on a `ManualEventLoop` and a `HeadlessOutput`,
/// so a run is the same on every machine. `vitrine replay`, `vitrine render`, `vitrine demo
/// --headless`, the component tests and an app's own tests use it; the scene is mounted, its
/// events delivered and display power attached by the same code as on the panel. It takes over
/// nothing of the process (no signals, no terminal, no control socket) and reads no input
/// devices: touches come from `touch` and `replay`.
///
/// ```swift
/// let run = try HeadlessRunner(scene: MyScene(), size: PixelSize(width: 1280, height: 800))
/// try run.replay("Tests/swipe.json")
/// try PNGCodec.write(run.screenshot!, to: "after-swipe.png")
/// ```
public final class HeadlessRunner {
    /// The runner underneath, for what this facade does not say (reload, `blank`, the state).
    public let runner: Runner
    public let loop: ManualEventLoop
    public let output: HeadlessOutput
    public let scene: any Scene
    /// The scene's events, oldest first (the last 1024).
    public private(set) var events = BoundedLog<SceneEvent>(capacity: 1024)

    /// The largest headless screen (`DisplayConfiguration.largestHeadlessSide`, 8192 pixels a
    /// side; and at most 2^28 pixels, a 1 GiB frame).
    public static let largestSide = DisplayConfiguration.largestHeadlessSide
    public static let largestPixelCount = 1 << 28
    /// Frames of memory a headless run takes at its peak, checked against what the process may
    /// take before the first is drawn (`MemoryHeadroom`): a replay of the demo at 8192×8192
    /// (256 MiB a frame) peaked at 2.59 GiB, 10.1 frames — the screen, the compositor's layers,
    /// the screenshot's encoding.
    public static let framesAtPeak = 11

    /// - Parameters:
    ///   - size: the screen in pixels (the window is `size / scale` points).
    ///   - scale: pixels per point.
    /// - Throws: when the size is out of range, or when the scene's `mount` throws.
    public init(scene: any Scene, size: PixelSize, scale: Double = 1, refreshRate: Double = 60) throws(VitrineError) {
        guard size.width >= 1, size.height >= 1, size.width <= Self.largestSide, size.height <= Self.largestSide,
            size.width * size.height <= Self.largestPixelCount
        else {
            throw VitrineError(
                .invalidArgument, "a headless screen of \(size.width)x\(size.height) pixels is out of range", hint: "use 1 to \(Self.largestSide) pixels a side"
            )
        }
        guard scale.isFinite, scale > 0, Double(size.width) / scale >= 1, Double(size.height) / scale >= 1 else {
            throw VitrineError(
                .invalidArgument, "scale \(scale) leaves less than one point of a \(size.width)x\(size.height) screen", hint: "use a scale from 0.25 to 8")
        }
        let frame = size.width * size.height * 4
        try MemoryHeadroom.require(
            Self.framesAtPeak * frame,
            for:
                "a headless screen of \(size.width)x\(size.height) pixels needs about \(MemoryHeadroom.size(Self.framesAtPeak * frame)) (\(Self.framesAtPeak) frames of \(MemoryHeadroom.size(frame)): the screen, its layers, a screenshot)",
            hint: "give a smaller size or scale")
        var settings = RuntimeSettings(scale: scale)
        settings.display.kind = .headless
        settings.display.headlessSize = size
        settings.display.headlessRefreshRate = refreshRate
        let loop = ManualEventLoop()
        // Quiet: a headless run reports through what it returns and throws (a replay of 100,000
        // touches would otherwise log every scene event).
        let runner = Runner(loop: loop, notifier: nil, logger: Logger("headless", sink: Log.discard)) { () throws(VitrineError) -> LoadedScene in
            LoadedScene(settings: settings, scene: scene)
        }
        runner.takesOver = []
        runner.controlPath = nil
        runner.openInput = { _, _ in nil }
        do {
            try runner.start()
        } catch {
            throw error as? VitrineError ?? VitrineError(.ioFailure, "the headless screen did not open: \(error)")
        }
        if let error = runner.shownError {
            runner.finish()
            throw error
        }
        self.runner = runner
        self.loop = loop
        self.output = runner.output as! HeadlessOutput
        self.scene = scene
        runner.onSceneEvent = { [unowned self] event in self.events.append(event) }
        self.settle()
    }

    /// The window the scene is mounted in.
    public var window: Window { self.runner.window! }

    /// Runs frames until nothing moves (or `limit` seconds pass); returns whether it went idle.
    @discardableResult
    public func settle(limit: Double = 10) -> Bool {
        self.loop.runUntilIdle(limit: self.loop.now + .seconds(limit))
    }

    /// Advances time by `seconds`, running frames on the way.
    public func advance(_ seconds: Double) {
        self.loop.advance(by: .seconds(seconds))
    }

    /// Feeds a touch frame to the window at the current time.
    public func touch(_ frame: TouchFrame) {
        self.window.handle(frame)
    }

    /// Plays a recording or JSON script through the window with its own timing, then lets every
    /// animation settle. Recorded keyboards type with `input`'s keymap and scanners (a kiosk
    /// config's `settings.input`).
    public func replay(_ path: String, input: InputSettings = InputSettings()) throws(VitrineError) {
        let recording = try InputRecording.load(path)
        let transform = TouchTransform(nativeSize: self.output.nativeSize, rotation: self.output.rotation, scale: self.window.scale)
        let (keymap, scanners) = Runner.keys(input, logger: Logger("input"))
        let source = ReplaySource(
            recording: recording, file: path, transform: transform, keymap: keymap, scanners: scanners, detectScanners: input.detectScanners,
            loop: self.loop)
        source.onFrame = { [unowned self] frame in self.window.handle(frame) }
        source.onKey = { [unowned self] key in self.window.handle(key) }
        source.onScan = { [unowned self] scan in (self.runner.scene as? ScanningScene)?.scanned(scan) }
        try source.start()
        self.loop.advance(by: Nanoseconds.microseconds(source.duration) + .milliseconds(1))
        self.settle(limit: 30)
    }

    /// What is on screen, upright.
    public var screenshot: PixelBuffer? { self.output.logicalScreen() }

    /// Writes what is on screen as a PNG file (atomically).
    public func writeScreenshot(to path: String) throws(VitrineError) {
        guard let image = self.screenshot else {
            throw VitrineError(.invalidArgument, "nothing was drawn, so there is no screenshot to write to \(path)")
        }
        try PNGCodec.write(image, to: path)
    }
}
