import Glibc
import VitrineCore

/// An 8-bit coverage (alpha) bitmap: glyphs, anti-aliased shapes, shadows.
///
/// Rows are `stride` bytes apart, a multiple of 4 as pixman requires for `a8` images.
public final class AlphaMask {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let bytes: UnsafeMutablePointer<UInt8>

    /// A zeroed (fully transparent) mask.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        self.stride = max(4, (width + 3) & ~3)
        let count = self.stride * max(1, height)
        self.bytes = .allocate(capacity: count)
        self.bytes.initialize(repeating: 0, count: count)
    }

    deinit { self.bytes.deallocate() }

    public var size: PixelSize { PixelSize(width: self.width, height: self.height) }

    @inline(__always)
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { self.bytes + y * self.stride }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { self.bytes[y * self.stride + x] }
        set { self.bytes[y * self.stride + x] = newValue }
    }

    /// A copy blurred by a Gaussian-like blur of `sigma` pixels (three box passes per axis with
    /// Kovesi/Kutskir widths, as `BoxBlurPlan` computes them), for soft shadows. The mask must
    /// already have room around the shape (about 3σ) for the blur to spread into.
    public func blurred(sigma: Double) -> AlphaMask {
        let result = AlphaMask(width: self.width, height: self.height)
        for y in 0..<self.height { result.row(y).update(from: self.row(y), count: self.width) }
        guard sigma > 0.3, self.width > 0, self.height > 0 else { return result }
        let widths = BoxBlurPlan(sigma: sigma, downsampleFactor: 1).boxWidths
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: max(self.width, self.height))
        defer { scratch.deallocate() }
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: result.stride * self.height)
        defer { copy.deallocate() }
        let sums = UnsafeMutablePointer<Int>.allocate(capacity: self.width)
        defer { sums.deallocate() }
        for width in widths {
            for y in 0..<self.height {
                Self.boxPass(result.row(y), step: 1, count: self.width, radius: width / 2, scratch: scratch)
            }
            Self.boxPassColumns(result, radius: width / 2, copy: copy, sums: sums)
        }
        return result
    }

    /// `boxPass` down every column at once, row by row: the same sums and rounding, but memory
    /// is read in order instead of one byte per row per column (a shadow's blur was a quarter of
    /// the kiosk's start-up going column by column).
    private static func boxPassColumns(_ mask: AlphaMask, radius: Int, copy: UnsafeMutablePointer<UInt8>, sums: UnsafeMutablePointer<Int>) {
        let width = mask.width
        let height = mask.height
        let stride = mask.stride
        copy.update(from: mask.bytes, count: stride * height)
        let window = 2 &* radius &+ 1
        let half = window / 2
        sums.update(repeating: 0, count: width)
        for i in 0..<min(radius, height) {
            let row = copy + i &* stride
            for x in 0..<width { sums[x] &+= Int(row[x]) }
        }
        for i in 0..<height {
            let entering = i &+ radius
            if entering < height {
                let row = copy + entering &* stride
                for x in 0..<width { sums[x] &+= Int(row[x]) }
            }
            let leaving = i &- radius &- 1
            if leaving >= 0 {
                let row = copy + leaving &* stride
                for x in 0..<width { sums[x] &-= Int(row[x]) }
            }
            let out = mask.row(i)
            for x in 0..<width { out[x] = UInt8(truncatingIfNeeded: (sums[x] &+ half) / window) }
        }
    }

    /// One moving-average pass over a line (edges treated as zero coverage).
    private static func boxPass(_ line: UnsafeMutablePointer<UInt8>, step: Int, count: Int, radius: Int, scratch: UnsafeMutablePointer<UInt8>) {
        for i in 0..<count { scratch[i] = line[i &* step] }
        let window = 2 &* radius &+ 1
        let half = window / 2
        var sum = 0
        for i in 0..<min(radius, count) { sum &+= Int(scratch[i]) }
        for i in 0..<count {
            let entering = i &+ radius
            if entering < count { sum &+= Int(scratch[entering]) }
            let leaving = i &- radius &- 1
            if leaving >= 0 { sum &-= Int(scratch[leaving]) }
            line[i &* step] = UInt8(truncatingIfNeeded: (sum &+ half) / window)
        }
    }
}
