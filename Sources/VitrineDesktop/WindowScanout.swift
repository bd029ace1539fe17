import VitrineCore

/// The preview window's scanout side: buffers in the panel's native orientation, and a flip
/// that sends the copied region to the window, turned upright, and is on screen at once.
final class WindowScanout: ScanoutBackend {
    let window: DesktopWindow
    let bufferCount: Int
    /// Rebuilt, with `rotation`, when the preview panel changes.
    private(set) var buffers: [PixelBuffer]
    private(set) var rotation: Rotation
    private var copiedThisFlip = Region()

    init(window: DesktopWindow, nativeSize: PixelSize, rotation: Rotation, bufferCount: Int) {
        self.window = window
        self.bufferCount = bufferCount
        self.rotation = rotation
        self.buffers = Self.buffers(nativeSize, bufferCount)
    }

    static func buffers(_ size: PixelSize, _ count: Int) -> [PixelBuffer] {
        (0..<count).map { _ in PixelBuffer(size: size, format: .xrgb8888) }
    }

    /// Another panel: new buffers, in `nativeSize` turned by `rotation`.
    func reconfigure(nativeSize: PixelSize, rotation: Rotation) {
        self.rotation = rotation
        self.buffers = Self.buffers(nativeSize, self.bufferCount)
        self.copiedThisFlip = Region()
    }

    func copy(_ region: Region, from frame: PixelBuffer, toBuffer index: Int) {
        RotatedCopy.copy(region, from: frame, rotation: self.rotation, into: self.buffers[index])
        self.copiedThisFlip.formUnion(region)
    }

    func queueFlip(toBuffer index: Int) -> FlipOutcome {
        // The window shows the last flipped buffer; this one differs from it only where it was
        // copied to (this frame's damage and what the buffer missed since it was last shown).
        self.window.show(self.copiedThisFlip, of: self.buffers[index], rotation: self.rotation)
        self.copiedThisFlip = Region()
        return .onScreen(FlipEvent())
    }
}
