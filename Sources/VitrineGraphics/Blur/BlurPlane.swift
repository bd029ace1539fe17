import Glibc
import VitrineCore

/// A reduced-resolution image the blur works on: four 16-bit channel values per pixel, in the
/// byte order of a `0xAARRGGBB` word in memory (blue, green, red, alpha), holding 8-bit values
/// scaled by 16 (0…4080).
///
/// The 4 extra bits keep the three box passes from stepping gradients into visible bands, and
/// every product in the passes and the upsample still fits 32 (passes) or 16 (upsample) bits.
/// Rows are `stride` values apart and start 64-byte aligned.
final class BlurPlane {
    /// Fraction bits above the 8-bit value.
    static let fractionBits = 4
    /// The largest value a channel holds (255 · 16).
    static let maximumValue: UInt16 = 4080

    let width: Int
    let height: Int
    /// Channel values (not pixels) from one row to the next.
    let stride: Int
    let values: UnsafeMutablePointer<UInt16>

    init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "empty blur plane \(width)x\(height)")
        self.width = width
        self.height = height
        // 4 values per pixel, rounded up to 32 values (64 bytes) per row.
        self.stride = (width * 4 + 31) & ~31
        let bytes = self.stride * height * 2
        var raw: UnsafeMutableRawPointer? = nil
        let status = posix_memalign(&raw, 64, bytes)
        precondition(status == 0 && raw != nil, "out of memory allocating a \(width)x\(height) blur plane")
        memset(raw!, 0, bytes)
        self.values = raw!.bindMemory(to: UInt16.self, capacity: bytes / 2)
    }

    deinit { free(self.values) }

    /// The first value of row `y`.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt16> { self.values + y * self.stride }
}

/// Scratch memory reused across calls, so the per-frame paths allocate nothing. It starts
/// zeroed, so a kernel that reads one value past what it wrote reads a number, not garbage.
struct ScratchBuffer<Element: BitwiseCopyable> {
    private(set) var pointer: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        self.pointer = Self.allocateZeroed(self.capacity)
    }

    /// A pointer to at least `count` elements (growing the buffer if needed; contents are not kept).
    mutating func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > self.capacity {
            self.deallocate()
            self.capacity = count
            self.pointer = Self.allocateZeroed(count)
        }
        return self.pointer
    }

    func deallocate() { free(self.pointer) }

    private static func allocateZeroed(_ count: Int) -> UnsafeMutablePointer<Element> {
        let bytes = count * MemoryLayout<Element>.stride
        var raw: UnsafeMutableRawPointer? = nil
        let status = posix_memalign(&raw, 64, bytes)
        precondition(status == 0 && raw != nil, "out of memory allocating \(bytes) bytes of blur scratch")
        memset(raw!, 0, bytes)
        return raw!.bindMemory(to: Element.self, capacity: count)
    }
}

/// Index reflection at the reduced scale: `cba|abc…` (OpenCV's `BORDER_REFLECT`).
///
/// OpenCV's default for `GaussianBlur` is `BORDER_REFLECT_101` (`dcb|abcd`), mirroring about the
/// edge pixel's centre. After an f× reduction that centre lies f/2 − ½ pixels inside the first
/// reduced pixel; mirroring about the reduced image's outer edge instead puts the axis half a
/// full-resolution pixel from OpenCV's, the closest an integer reduced grid gets.
@inline(__always)
func reflectIndex(_ index: Int, count: Int) -> Int {
    if index >= 0 && index < count { return index }
    let period = 2 * count
    var i = index % period
    if i < 0 { i += period }
    return i < count ? i : period - 1 - i
}
