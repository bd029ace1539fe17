import Glibc

/// The pixel formats Vitrine draws and scans out. Both are 32 bits per pixel, little-endian
/// `0xAARRGGBB` words; DRM calls the scanout one `XRGB8888`.
public enum PixelFormat: Sendable {
    /// Opaque: the top byte is ignored (DRM `XRGB8888`, pixman `x8r8g8b8`).
    case xrgb8888
    /// Premultiplied alpha (DRM `ARGB8888`, pixman `a8r8g8b8`).
    case argb8888Premultiplied
}

/// A 32-bit-per-pixel bitmap in ordinary, cached memory.
///
/// This is the shadow buffer every output copies from: rendering never touches scanout memory.
/// Rows are `stride` pixels apart and start 64-byte aligned, so SIMD loops and pixman fast paths
/// see aligned rows. The buffer is a class because layers, outputs and the compositor share one
/// without copying; it owns its memory unless created with `init(wrapping:…)`.
public final class PixelBuffer {
    public let size: PixelSize
    public let format: PixelFormat
    /// Pixels (32-bit words) from one row to the next.
    public let stride: Int
    /// The first pixel of the first row.
    public let pixels: UnsafeMutablePointer<UInt32>
    private let ownsMemory: Bool
    /// Keeps the owner of wrapped memory alive (a mapping, a decoder's buffer).
    private let memoryOwner: AnyObject?

    public var width: Int { self.size.width }
    public var height: Int { self.size.height }
    public var bounds: PixelRect { PixelRect(size: self.size) }
    /// Bytes from one row to the next.
    public var bytesPerRow: Int { self.stride * 4 }

    /// Allocates a zeroed buffer (transparent black, or black for `xrgb8888`).
    public init(size: PixelSize, format: PixelFormat = .xrgb8888) {
        precondition(size.width >= 0 && size.height >= 0, "negative buffer size \(size)")
        self.size = size
        self.format = format
        // Round rows up to 16 pixels (64 bytes) so every row starts cache-line aligned.
        self.stride = max(16, (size.width + 15) & ~15)
        let bytes = max(64, self.stride * max(1, size.height) * 4)
        var raw: UnsafeMutableRawPointer? = nil
        let status = posix_memalign(&raw, 64, bytes)
        precondition(status == 0 && raw != nil, "out of memory allocating a \(size) pixel buffer")
        memset(raw!, 0, bytes)
        self.pixels = raw!.bindMemory(to: UInt32.self, capacity: bytes / 4)
        self.ownsMemory = true
        self.memoryOwner = nil
    }

    /// Wraps memory owned elsewhere; `owner` is retained for the buffer's lifetime.
    public init(wrapping pixels: UnsafeMutablePointer<UInt32>, size: PixelSize, stride: Int, format: PixelFormat, owner: AnyObject?) {
        self.size = size
        self.format = format
        self.stride = stride
        self.pixels = pixels
        self.ownsMemory = false
        self.memoryOwner = owner
    }

    deinit {
        if self.ownsMemory { free(self.pixels) }
    }

    /// The first pixel of row `y`.
    @inline(__always)
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { self.pixels + y * self.stride }

    @inline(__always)
    public subscript(x: Int, y: Int) -> UInt32 {
        get { self.pixels[y * self.stride + x] }
        set { self.pixels[y * self.stride + x] = newValue }
    }

    /// Fills a rectangle (clipped to the buffer) with one 32-bit value.
    public func fill(_ rect: PixelRect, with value: UInt32) {
        let r = rect.intersection(self.bounds)
        guard !r.isEmpty else { return }
        for y in r.minY..<r.maxY {
            let row = self.row(y) + r.minX
            row.update(repeating: value, count: r.width)
        }
    }

    /// Copies a rectangle of another buffer of the same format to the same place in this one.
    public func copy(_ rect: PixelRect, from source: PixelBuffer) {
        let r = rect.intersection(self.bounds).intersection(source.bounds)
        guard !r.isEmpty else { return }
        for y in r.minY..<r.maxY {
            (self.row(y) + r.minX).update(from: source.row(y) + r.minX, count: r.width)
        }
    }

    /// A new buffer with the same pixels.
    public func copy() -> PixelBuffer {
        let clone = PixelBuffer(size: self.size, format: self.format)
        clone.copy(self.bounds, from: self)
        return clone
    }

    /// True when both buffers have the same size and the same pixel values (top byte ignored for
    /// `xrgb8888`).
    public func hasSamePixels(as other: PixelBuffer) -> Bool {
        guard self.size == other.size else { return false }
        let mask: UInt32 = self.format == .xrgb8888 ? 0x00FF_FFFF : 0xFFFF_FFFF
        for y in 0..<self.height {
            let a = self.row(y)
            let b = other.row(y)
            for x in 0..<self.width where (a[x] ^ b[x]) & mask != 0 { return false }
        }
        return true
    }
}
