import VitrineCore
import VitrineHeadless
import VitrineReplay
import VitrineUI

/// A kiosk scene with no screen: a `HeadlessOutput` on a `ManualEventLoop`, so a run is the same
/// on every machine. `vitrine replay`, `vitrine demo --headless` and the component tests use it.
public final class HeadlessScene {
    public let loop: ManualEventLoop
    public let output: HeadlessOutput
    public let window: Window
    public let scene: KioskScene

    /// - Parameters:
    ///   - size: the screen in points; the output has `size × scale` pixels.
    public init(configuration: KioskConfiguration, size: Size, scale: Double = 1, baseDirectory: String? = nil) throws(VitrineError) {
        self.loop = ManualEventLoop()
        let pixels = PixelSize(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
        self.output = HeadlessOutput(logicalSize: pixels, refreshRate: 60, loop: self.loop)
        self.window = Window(output: self.output, scale: scale)
        self.scene = try KioskScene(configuration: configuration, window: self.window, images: SceneImages(screenSize: pixels, baseDirectory: baseDirectory))
        self.settle()
    }

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
    /// animation settle.
    public func replay(_ path: String) throws(VitrineError) {
        let recording = try InputRecording.load(path)
        let transform = TouchTransform(nativeSize: self.output.nativeSize, rotation: self.output.rotation, scale: self.window.scale)
        let source = ReplaySource(recording: recording, file: path, transform: transform, loop: self.loop)
        source.onFrame = { [unowned self] frame in self.window.handle(frame) }
        try source.start()
        self.loop.advance(by: Nanoseconds.microseconds(source.duration) + .milliseconds(1))
        self.settle(limit: 30)
    }

    /// What is on screen, upright.
    public var screenshot: PixelBuffer? { self.output.logicalScreen() }
}
