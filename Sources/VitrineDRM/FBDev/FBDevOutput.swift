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
public final class FBDevOutput: DisplayOutput, ScanoutBackend {
    public let device: FramebufferDevice
    public let rotation: Rotation
    public var onEvent: ((OutputEvent) -> Void)?
    public let bufferCount: Int
    private var queue: PresentQueue!
    private var console: ConsoleMode?
    private var vsync: VsyncWaiter?
    /// For RGB565 panels: the frame turned to native orientation, converted from here.
    private let staging: PixelBuffer?
    private let logger: Logger
    private let loop: EventLoop

    public init(path: String = "/dev/fb0", rotation: Rotation = .none, loop: EventLoop, logger: Logger = Logger("fbdev"), switchConsole: Bool = true) throws(VitrineError) {
        let device = try FramebufferDevice(path: path)
        self.device = device
        self.rotation = rotation
        self.logger = logger
        self.loop = loop
        self.bufferCount = device.pages >= 2 ? 2 : 1
        self.staging = device.layout == .rgb565 ? PixelBuffer(size: device.visibleSize, format: .xrgb8888) : nil
        let pacing: FlipPacing = Self.hasRealVsync(device) ? .flipEvents : .timer
        self.queue = PresentQueue(
            backend: self, logicalSize: rotation.logicalSize(forNative: device.visibleSize),
            refreshInterval: .seconds(1 / device.refreshRate), loop: loop, pacing: pacing, logger: logger)
        if pacing == .flipEvents {
            do {
                self.vsync = try VsyncWaiter(
                    loop: loop, wait: { [fd = device.descriptor.rawValue] in try FramebufferDevice.waitForVsync(fd: fd) },
                    onVsync: { [weak self] time in self?.queue.flipCompleted(timestamp: time, sequence: nil) })
            } catch {
                logger.warning("no vsync thread (\(error)); pacing by timer")
            }
        }
        if switchConsole { self.console = ConsoleMode.enterGraphics(logger: logger) }
        logger.info("\(path): \(device.visibleSize) \(device.layout), \(self.bufferCount == 2 ? "double-buffered by panning" : "single buffer"), \(self.vsync != nil ? "FBIO_WAITFORVSYNC" : "timer") pacing at \(String(fixed: device.refreshRate, decimals: 2)) Hz")
    }

    public var name: String { "\(self.device.path) \(self.device.visibleSize)@\(String(fixed: self.device.refreshRate, decimals: 2))Hz" }
    public var size: PixelSize { self.rotation.logicalSize(forNative: self.device.visibleSize) }
    public var frameClock: FrameClock { self.queue.frameClock }
    public var presentQueue: PresentQueue { self.queue }

    public func present(_ frame: PixelBuffer, damage: Region) {
        self.queue.present(frame, damage: damage)
    }

    deinit { self.vsync?.stop() }

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
        let start = SystemClock.now()
        for _ in 0..<3 {
            guard (try? device.waitForVsync()) != nil else { return false }
        }
        let mean = (SystemClock.now() - start).seconds / 3
        return mean >= 0.25 / device.refreshRate
    }

    public func shutdown() {
        self.queue.pause()
        self.vsync?.stop()
        self.vsync = nil
        if self.bufferCount == 2 { try? self.device.pan(toPage: 0) }
        self.console?.restore()
        self.console = nil
    }

    // MARK: - ScanoutBackend

    public func copy(_ region: Region, from frame: PixelBuffer, toBuffer index: Int) {
        let native = self.device.visibleSize
        switch self.device.layout {
        case .xrgb8888:
            let page = self.device.page(index).bindMemory(to: UInt32.self, capacity: self.device.lineLength / 4 * native.height)
            for rect in region.rects {
                RotatedCopy.copy(rect, from: frame, rotation: self.rotation, to: page, destinationStride: self.device.lineLength / 4, destinationSize: native)
            }
        case .rgb565:
            guard let staging = self.staging else { return }
            let page = self.device.page(index).bindMemory(to: UInt16.self, capacity: self.device.lineLength / 2 * native.height)
            let stride = self.device.lineLength / 2
            for rect in region.rects {
                RotatedCopy.copy(rect, from: frame, rotation: self.rotation, to: staging.pixels, destinationStride: staging.stride, destinationSize: native)
                let n = self.rotation.nativeRect(rect, logical: frame.size)
                for y in n.minY..<n.maxY {
                    let src = staging.row(y)
                    let dst = page + y * stride
                    for x in n.minX..<n.maxX {
                        let p = src[x]
                        dst[x] = UInt16(truncatingIfNeeded: ((p >> 8) & 0xF800) | ((p >> 5) & 0x07E0) | ((p >> 3) & 0x001F))
                    }
                }
            }
        }
    }

    public func queueFlip(toBuffer index: Int) -> FlipOutcome {
        if self.bufferCount == 2 {
            do {
                try self.device.pan(toPage: index)
            } catch {
                return .failed(error)
            }
        }
        if let vsync = self.vsync {
            vsync.arm()
        } else {
            // Panning and copying take effect at once; the queue's timer reports the next tick.
            self.loop.schedule(at: self.loop.now) { [weak self] in self?.queue.flipCompleted(timestamp: nil, sequence: nil) }
        }
        return .queued
    }
}
