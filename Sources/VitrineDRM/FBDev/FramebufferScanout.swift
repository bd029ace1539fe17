import VitrineCore
import VitrineSystem

/// The fbdev output's scanout side: copies into the framebuffer's pages (converting to RGB565
/// where the panel wants it) and pans between them.
///
/// With a vsync thread the flip completes at the next `FBIO_WAITFORVSYNC`, which the output
/// hands to the queue as a `FlipEvent`; without one panning and copying take effect at once and
/// the queue's timer reports the next tick.
final class FramebufferScanout: ScanoutBackend {
    let device: FramebufferDevice
    let rotation: Rotation
    let bufferCount: Int
    /// Set once the vsync thread runs; nil: pacing by timer.
    var vsync: VsyncWaiter?
    /// For RGB565 panels: the frame turned to native orientation, converted from here.
    private let staging: PixelBuffer?

    init(device: FramebufferDevice, rotation: Rotation) {
        self.device = device
        self.rotation = rotation
        self.bufferCount = device.pages >= 2 ? 2 : 1
        self.staging = device.layout == .rgb565 ? PixelBuffer(size: device.visibleSize, format: .xrgb8888) : nil
    }

    func copy(_ region: Region, from frame: PixelBuffer, toBuffer index: Int) {
        let native = self.device.visibleSize
        switch self.device.layout {
        case .xrgb8888:
            let page = self.device.page(index).bindMemory(to: UInt32.self, capacity: self.device.lineLength / 4 * native.height)
            for rect in region.rects {
                RotatedCopy.copy(
                    rect, from: frame, rotation: self.rotation, to: page, destinationStride: self.device.lineLength / 4, destinationSize: native,
                    rows: ScanoutStores.copyRow)
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

    func queueFlip(toBuffer index: Int) -> FlipOutcome {
        if self.bufferCount == 2 {
            do {
                try self.device.pan(toPage: index)
            } catch {
                return .failed(error)
            }
        }
        guard let vsync = self.vsync else { return .onScreen(FlipEvent()) }
        vsync.arm()
        return .queued
    }
}
