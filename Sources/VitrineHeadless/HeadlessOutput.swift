import VitrineCore
import VitrineGraphics

/// The deterministic twin of `DRMOutput`: scanout buffers in memory, a virtual vsync on a
/// `Clock`, and PNG export.
///
/// It runs the same `PresentQueue` (buffer choice, damage ∪ missed damage, pending frames,
/// timer pacing) and the same `RotatedCopy` as the DRM output, so tests of it are tests of the
/// code the panel runs. Flips "complete" at once, like bochs and virtio-gpu, and are reported
/// at the next tick of a `refreshRate` grid starting at the loop's first flip — with a
/// `ManualEventLoop`, time only moves when the test advances it.
public final class HeadlessOutput: DisplayOutput {
    /// One flip as the output saw it.
    public struct Flip: Equatable, Sendable {
        public var buffer: Int
        /// The logical region copied into `buffer` for this flip.
        public var copied: Region
    }

    public let name: String
    public let nativeSize: PixelSize
    public let rotation: Rotation
    public var onEvent: ((OutputEvent) -> Void)?
    /// Flips kept in `flips`: 256 is every flip of four seconds at 60 Hz, more than any test
    /// looks back over, and at a few rectangles each it stays in the tens of kilobytes however
    /// long a headless kiosk runs (the count goes on in `flipCount`).
    public static let retainedFlips = 256

    private let scanout: HeadlessScanout
    private let queue: PresentQueue

    /// - Parameters:
    ///   - nativeSize: the panel's scanout size (the logical size is turned by `rotation`).
    ///   - refreshRate: the virtual vsync rate in Hz.
    ///   - bufferCount: 1, 2 or 3 scanout buffers.
    public init(
        nativeSize: PixelSize, rotation: Rotation = .none, refreshRate: Double = 60, bufferCount: Int = 2, loop: Clock, logger: Logger = Logger("headless")
    ) {
        precondition((1...3).contains(bufferCount), "headless outputs have 1 to 3 buffers")
        self.nativeSize = nativeSize
        self.rotation = rotation
        let name = "headless \(nativeSize)@\(String(fixed: refreshRate, decimals: 2))Hz rotation \(rotation)"
        self.name = name
        self.scanout = HeadlessScanout(name: name, nativeSize: nativeSize, rotation: rotation, bufferCount: bufferCount)
        self.queue = PresentQueue(
            backend: self.scanout, logicalSize: rotation.logicalSize(forNative: nativeSize),
            refreshInterval: .seconds(1 / refreshRate), loop: loop, pacing: .timer, logger: logger)
    }

    /// Convenience: an output whose *logical* size is `logicalSize`.
    public convenience init(
        logicalSize: PixelSize, rotation: Rotation = .none, refreshRate: Double = 60, bufferCount: Int = 2, loop: Clock, logger: Logger = Logger("headless")
    ) {
        self.init(
            nativeSize: rotation.nativeSize(forLogical: logicalSize), rotation: rotation, refreshRate: refreshRate, bufferCount: bufferCount, loop: loop,
            logger: logger)
    }

    public var size: PixelSize { self.rotation.logicalSize(forNative: self.nativeSize) }
    public var bufferCount: Int { self.scanout.bufferCount }
    /// Scanout buffers in native orientation.
    public var buffers: [PixelBuffer] { self.scanout.buffers }
    /// The last `retainedFlips` flips queued, oldest first: a headless kiosk may run for days,
    /// so the record is bounded; `flipCount` counts them all.
    public var flips: [Flip] { self.scanout.recentFlips }
    /// Every flip queued so far.
    public var flipCount: Int { self.scanout.flipCount }
    /// Makes the next `count` flips fail, to exercise the recovery path.
    public var failingFlips: Int {
        get { self.scanout.failingFlips }
        set { self.scanout.failingFlips = newValue }
    }
    public var frameClock: FrameClock { self.queue.frameClock }
    public var presentQueue: PresentQueue { self.queue }

    public func present(_ frame: PixelBuffer, damage: Region) {
        self.queue.present(frame, damage: damage)
    }

    public func shutdown() {}

    public func suspend() { self.queue.pause() }
    public func resume() { self.queue.resume() }

    /// Simulates an unplugged display: output pauses, frames are kept.
    public func disconnect() {
        self.queue.pause()
        self.onEvent?(.paused(reason: "display disconnected"))
    }

    /// Simulates a display plugged back in: the last frame is shown again.
    public func reconnect() {
        self.queue.resume()
        self.onEvent?(.resumed)
    }

    /// The buffer on screen (native orientation), or nil before the first flip completed.
    public var screen: PixelBuffer? {
        self.queue.frontBuffer.map { self.buffers[$0] }
    }

    /// What the viewer sees, turned back upright (logical orientation).
    public func logicalScreen() -> PixelBuffer? {
        guard let screen = self.screen else { return nil }
        let logical = PixelBuffer(size: self.size, format: .xrgb8888)
        for y in 0..<logical.height {
            let row = logical.row(y)
            for x in 0..<logical.width {
                let n = self.rotation.nativePixel(x: x, y: y, logical: self.size)
                row[x] = screen[n.x, n.y]
            }
        }
        return logical
    }

    /// Writes what is on screen to a PNG file, upright (`native: false`) or as scanned out.
    public func writePNG(to path: String, native: Bool = false) throws(VitrineError) {
        guard let image = native ? self.screen : self.logicalScreen() else {
            throw VitrineError(.invalidArgument, "nothing has been presented on \(self.name) yet")
        }
        try PNGCodec.write(image, to: path)
    }
}
