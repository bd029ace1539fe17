import CVitrineShims
import Glibc
import VitrineCore
import VitrineSystem

/// A legacy framebuffer device (`/dev/fbN`), mapped write-only.
public final class FramebufferDevice {
    /// The pixel layouts Vitrine can write.
    public enum Layout: Sendable, Equatable {
        /// 32 bits, red at bit 16, green 8, blue 0 (XRGB8888 / ARGB8888).
        case xrgb8888
        /// 16 bits, red 11, green 5, blue 0 (RGB565, common on small SPI panels).
        case rgb565
    }

    public let path: String
    let descriptor: OwnedDescriptor
    public let visibleSize: PixelSize
    public let layout: Layout
    /// Bytes per row.
    public let lineLength: Int
    /// How many screens fit in the virtual area (2 allows panning between two buffers).
    public let pages: Int
    public let refreshRate: Double
    let memory: UnsafeMutableRawPointer
    let memoryLength: Int
    private var variable: fb_var_screeninfo

    public init(path: String) throws(VitrineError) {
        self.path = path
        do {
            self.descriptor = try OwnedDescriptor.open(path, flags: O_RDWR)
        } catch {
            throw DisplayErrors.cannotOpen(path, error)
        }
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        do {
            try Syscall.ioctl(self.descriptor.rawValue, UInt(FBIOGET_VSCREENINFO), &variable, name: "FBIOGET_VSCREENINFO")
            try Syscall.ioctl(self.descriptor.rawValue, UInt(FBIOGET_FSCREENINFO), &fixed, name: "FBIOGET_FSCREENINFO")
        } catch {
            throw VitrineError(.unsupported, "\(path) is not a framebuffer device", cause: error)
        }
        switch (variable.bits_per_pixel, variable.red.offset, variable.green.offset, variable.blue.offset) {
        case (32, 16, 8, 0): self.layout = .xrgb8888
        case (16, 11, 5, 0): self.layout = .rgb565
        default:
            throw VitrineError(
                .unsupported, "\(path) uses \(variable.bits_per_pixel)-bit pixels (red at bit \(variable.red.offset))",
                hint: "Vitrine writes XRGB8888 or RGB565 framebuffers; set one with fbset, or use the DRM device")
        }
        let visible = PixelSize(width: Int(variable.xres), height: Int(variable.yres))
        let lineLength = Int(fixed.line_length)
        // Ask for a virtual area two screens tall so we can pan between two buffers; drivers that
        // refuse keep one buffer (shadow + copy).
        if variable.yres_virtual < 2 * variable.yres && Int(fixed.smem_len) >= 2 * lineLength * visible.height {
            var wanted = variable
            wanted.yres_virtual = 2 * variable.yres
            wanted.yoffset = 0
            if (try? Syscall.ioctl(self.descriptor.rawValue, UInt(FBIOPUT_VSCREENINFO), &wanted, name: "FBIOPUT_VSCREENINFO")) != nil {
                _ = try? Syscall.ioctl(self.descriptor.rawValue, UInt(FBIOGET_VSCREENINFO), &variable, name: "FBIOGET_VSCREENINFO")
                _ = try? Syscall.ioctl(self.descriptor.rawValue, UInt(FBIOGET_FSCREENINFO), &fixed, name: "FBIOGET_FSCREENINFO")
            }
        }
        self.visibleSize = visible
        self.lineLength = Int(fixed.line_length)
        let length = Int(fixed.smem_len)
        self.pages = max(1, min(Int(variable.yres_virtual) / max(1, visible.height), length / max(1, self.lineLength * visible.height)))
        let mapped = mmap(nil, length, PROT_WRITE, MAP_SHARED, self.descriptor.rawValue, 0)
        guard let mapped, mapped != MAP_FAILED else {
            throw VitrineError(.ioFailure, "cannot map \(path)", cause: SystemError("mmap", errno: Syscall.lastErrno))
        }
        self.memory = mapped
        self.memoryLength = length
        self.variable = variable
        // Refresh from the timings (pixclock in picoseconds); 60 Hz when the driver gives none.
        let htotal = Double(variable.xres + variable.left_margin + variable.right_margin + variable.hsync_len)
        let vtotal = Double(variable.yres + variable.upper_margin + variable.lower_margin + variable.vsync_len)
        let rate = variable.pixclock > 0 ? 1e12 / (Double(variable.pixclock) * htotal * vtotal) : 60
        self.refreshRate = (20...240).contains(rate) ? rate : 60
    }

    deinit { munmap(self.memory, self.memoryLength) }

    /// Shows page `index` (0 or 1) with `FBIOPAN_DISPLAY`.
    public func pan(toPage index: Int) throws(VitrineError) {
        var wanted = self.variable
        wanted.xoffset = 0
        wanted.yoffset = UInt32(index * self.visibleSize.height)
        do {
            try Syscall.ioctl(self.descriptor.rawValue, UInt(FBIOPAN_DISPLAY), &wanted, name: "FBIOPAN_DISPLAY")
        } catch {
            throw VitrineError(.ioFailure, "panning \(self.path) failed", cause: error)
        }
    }

    /// Blocks until the next vblank with `FBIO_WAITFORVSYNC`; throws where the driver lacks it.
    public func waitForVsync() throws(SystemError) {
        try Self.waitForVsync(fd: self.descriptor.rawValue)
    }

    /// The same, on a raw fd (for the vsync thread, which must not share the device object).
    static func waitForVsync(fd: Int32) throws(SystemError) {
        var crtc: UInt32 = 0
        try Syscall.ioctl(fd, CVitrineShims_FBIO_WAITFORVSYNC(), &crtc, name: "FBIO_WAITFORVSYNC")
    }

    /// The first byte of page `index`.
    func page(_ index: Int) -> UnsafeMutableRawPointer {
        self.memory + index * self.lineLength * self.visibleSize.height
    }
}
