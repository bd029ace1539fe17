import Glibc
import VitrineCore
import VitrineSystem

/// A screen on a legacy framebuffer device, for boards without KMS.
///
/// Two buffers with `FBIOPAN_DISPLAY` where the virtual resolution allows, otherwise one buffer
/// updated by copying damage (from the shadow frame, never reading the framebuffer). Paced by
/// `FBIO_WAITFORVSYNC` on a helper thread where the driver supports it, by a timer at the
/// mode's refresh otherwise. The active VT is put in `KD_GRAPHICS` while it runs and back in
/// `KD_TEXT` after.
public final class FBDevOutput: DisplayOutput {
    public let device: FramebufferDevice
    public let rotation: Rotation
    public var onEvent: ((OutputEvent) -> Void)?
    private let scanout: FramebufferScanout
    private let queue: PresentQueue
    private var console: ConsoleMode?
    private let logger: Logger

    public init(path: String = "/dev/fb0", rotation: Rotation = .none, loop: EventLoop, logger: Logger = Logger("fbdev"), switchConsole: Bool = true)
        throws(VitrineError)
    {
        let device = try FramebufferDevice(path: path)
        self.device = device
        self.rotation = rotation
        self.logger = logger
        let scanout = FramebufferScanout(device: device, rotation: rotation)
        if Self.hasRealVsync(device) {
            do {
                scanout.vsync = try VsyncWaiter(loop: loop, wait: { [fd = device.descriptor.rawValue] in try FramebufferDevice.waitForVsync(fd: fd) })
            } catch {
                logger.warning("no vsync thread (\(error)); pacing by timer")
            }
        }
        let queue = PresentQueue(
            backend: scanout, logicalSize: rotation.logicalSize(forNative: device.visibleSize),
            refreshInterval: .seconds(1 / device.refreshRate), loop: loop, pacing: scanout.vsync != nil ? .flipEvents : .timer, logger: logger)
        // The thread's vblanks are the flips' completions: events for the queue.
        do {
            try scanout.vsync?.deliver { event in queue.flipCompleted(event) }
        } catch {
            scanout.vsync?.stop()
            throw VitrineError(.ioFailure, "cannot wait for vblanks of \(path): the run loop refused the vsync thread's eventfd", cause: error)
        }
        self.scanout = scanout
        self.queue = queue
        if switchConsole { self.console = ConsoleMode.enterGraphics(logger: logger) }
        logger.info(
            "\(path): \(device.visibleSize) \(device.layout), \(self.bufferCount == 2 ? "double-buffered by panning" : "single buffer"), \(scanout.vsync != nil ? "FBIO_WAITFORVSYNC" : "timer") pacing at \(String(fixed: device.refreshRate, decimals: 2)) Hz"
        )
    }

    public var name: String { "\(self.device.path) \(self.device.visibleSize)@\(String(fixed: self.device.refreshRate, decimals: 2))Hz" }
    public var size: PixelSize { self.rotation.logicalSize(forNative: self.device.visibleSize) }
    /// Two when the virtual resolution allows panning, else one.
    public var bufferCount: Int { self.scanout.bufferCount }
    public var frameClock: FrameClock { self.queue.frameClock }
    public var presentQueue: PresentQueue { self.queue }

    public func present(_ frame: PixelBuffer, damage: Region) {
        self.queue.present(frame, damage: damage)
    }

    deinit { self.scanout.vsync?.stop() }

    public func suspend() {
        self.queue.pause()
        self.onEvent?(.paused(reason: "virtual terminal switched away"))
    }

    public func resume() {
        self.queue.resume()
        self.onEvent?(.resumed)
    }

    /// Whether `FBIO_WAITFORVSYNC` really waits: three calls must take at least a quarter of a
    /// refresh each on average. DRM's fbdev emulation on drivers without vblank (bochs) returns
    /// at once, which would make the loop spin.
    static func hasRealVsync(_ device: FramebufferDevice) -> Bool {
        let start = MonotonicTime.now()
        for _ in 0..<3 {
            guard (try? device.waitForVsync()) != nil else { return false }
        }
        let mean = (MonotonicTime.now() - start).seconds / 3
        return mean >= 0.25 / device.refreshRate
    }

    public func shutdown() {
        self.queue.pause()
        self.scanout.vsync?.stop()
        self.scanout.vsync = nil
        if self.bufferCount == 2 { try? self.device.pan(toPage: 0) }
        self.console?.restore()
        self.console = nil
    }
}
