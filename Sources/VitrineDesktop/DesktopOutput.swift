import VitrineCore

/// The panel as a desktop window: one more `DisplayOutput` behind the same seam as DRM, fbdev
/// and the headless twin, so `vitrine preview` runs the same runtime and scene code as a panel.
///
/// It runs the same `PresentQueue` (buffer choice, damage ∪ missed damage, timer pacing) and
/// the same `RotatedCopy` into scanout buffers in the panel's native orientation as
/// `DRMOutput`; a flip sends the copied region to the window, turned upright. Frames are paced
/// by a timer at `refreshRate` (the window surface has no vsync; a GPU renderer's vsync would
/// block the loop thread). The panel size and rotation can change while it runs (the preview's
/// rotate and next-size keys): the output pauses, rebuilds its buffers and reports `resumed`,
/// as a DRM output does when another monitor is plugged in.
public final class DesktopOutput: DisplayOutput {
    public private(set) var name: String
    public private(set) var nativeSize: PixelSize
    public private(set) var rotation: Rotation
    public let refreshRate: Double
    public var onEvent: ((OutputEvent) -> Void)?
    public let window: DesktopWindow

    private let scanout: WindowScanout
    private let queue: PresentQueue

    /// - Parameters:
    ///   - nativeSize: the panel's scanout size in pixels (the window is this turned by `rotation`).
    public init(
        window: DesktopWindow, nativeSize: PixelSize, rotation: Rotation = .none, refreshRate: Double = 60, bufferCount: Int = 2, loop: Clock,
        logger: Logger = Logger("preview")
    ) {
        self.window = window
        self.nativeSize = nativeSize
        self.rotation = rotation
        self.refreshRate = refreshRate
        self.name = Self.name(nativeSize, rotation, refreshRate)
        self.scanout = WindowScanout(window: window, nativeSize: nativeSize, rotation: rotation, bufferCount: bufferCount)
        self.queue = PresentQueue(
            backend: self.scanout, logicalSize: rotation.logicalSize(forNative: nativeSize),
            refreshInterval: .seconds(1 / refreshRate), loop: loop, pacing: .timer, logger: logger)
        window.onExposed = { [weak self] in self?.showFront() }
    }

    static func name(_ size: PixelSize, _ rotation: Rotation, _ refreshRate: Double) -> String {
        "preview window \(size)@\(String(fixed: refreshRate, decimals: 2))Hz rotation \(rotation)"
    }

    public var size: PixelSize { self.rotation.logicalSize(forNative: self.nativeSize) }
    public var bufferCount: Int { self.scanout.bufferCount }
    /// Scanout buffers in native orientation.
    public var buffers: [PixelBuffer] { self.scanout.buffers }
    public var frameClock: FrameClock { self.queue.frameClock }
    public var presentQueue: PresentQueue { self.queue }

    public func present(_ frame: PixelBuffer, damage: Region) {
        self.queue.present(frame, damage: damage)
    }

    public func suspend() { self.queue.pause() }
    public func resume() { self.queue.resume() }
    public func shutdown() {}

    /// Another panel: `nativeSize` pixels turned by `rotation`. The window takes the new
    /// upright size; the runtime hears `paused`, then `resumed`, and builds the screen again.
    public func reconfigure(nativeSize: PixelSize, rotation: Rotation) {
        guard nativeSize != self.nativeSize || rotation != self.rotation else { return }
        self.queue.pause()
        self.onEvent?(.paused(reason: "the preview panel changes to \(nativeSize) rotation \(rotation)"))
        self.nativeSize = nativeSize
        self.rotation = rotation
        self.name = Self.name(nativeSize, rotation, self.refreshRate)
        self.scanout.reconfigure(nativeSize: nativeSize, rotation: rotation)
        self.window.resize(to: self.size)
        self.queue.reset(logicalSize: self.size)
        self.queue.resume()
        self.onEvent?(.resumed)
    }

    /// The buffer on screen (native orientation), or nil before the first flip completed.
    public var screen: PixelBuffer? {
        self.queue.frontBuffer.map { self.buffers[$0] }
    }

    /// Sends the whole front buffer to the window (it was uncovered, or resized).
    private func showFront() {
        guard let screen = self.screen else { return }
        self.window.show(Region(PixelRect(size: self.size)), of: screen, rotation: self.rotation)
    }
}
