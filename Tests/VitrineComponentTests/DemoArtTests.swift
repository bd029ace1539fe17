import Testing
import VitrineCore
import VitrineKiosk

/// The built-in images' edges are anti-aliased (issue 17): each pixel is compared with the
/// same picture drawn at 4 × 4 times the pixels and averaged back down (16 samples a pixel,
/// a close measure of the area each colour covers). A hard, stair-stepped edge misses that
/// average by up to half the contrast across it (about 90 of 255 on the landscape's ridge);
/// an anti-aliased one by a few levels.
@Suite("Built-in images: anti-aliased edges")
struct DemoArtTests {
    static let size = PixelSize(width: 320, height: 200)
    /// The largest channel difference allowed from the 16-sample average (it measured 9 on
    /// `sunrise`, 7 on `landscape`). Straight-edge coverage is exact; what is left is the
    /// ridges' curvature within a pixel, the two ridges meeting, and the gradients sampled at
    /// the centre instead of averaged.
    static let bound = 16

    @Test("every built-in image is within the bound of its 16-sample average", arguments: DemoArt.names)
    func edgesAreSmooth(name: String) throws {
        let image = try #require(DemoArt.image(named: name, size: Self.size))
        let reference = try Self.supersampled(name)
        let worst = Self.largestDifference(image, reference)
        #expect(worst <= Self.bound, "builtin:\(name): \(worst) levels from the 16-sample average")
    }

    @Test("the measure catches a stair-stepped edge: one sample a pixel misses the average widely")
    func measureCatchesStairs() throws {
        let fine = try #require(DemoArt.image(named: "landscape", size: PixelSize(width: Self.size.width * 4, height: Self.size.height * 4)))
        // Point sampling, one sample per pixel: the aliased picture a hard-edged renderer makes.
        let aliased = PixelBuffer(size: Self.size)
        for y in 0..<Self.size.height {
            for x in 0..<Self.size.width { aliased.row(y)[x] = fine[x * 4 + 1, y * 4 + 1] }
        }
        let worst = Self.largestDifference(aliased, try Self.supersampled("landscape"))
        #expect(worst > Self.bound * 2, "point sampling came within \(worst) levels")
    }

    /// The picture at 4× the pixels, each 4 × 4 block averaged to one pixel.
    static func supersampled(_ name: String) throws -> PixelBuffer {
        let fine = try #require(DemoArt.image(named: name, size: PixelSize(width: Self.size.width * 4, height: Self.size.height * 4)))
        let out = PixelBuffer(size: Self.size)
        for y in 0..<Self.size.height {
            for x in 0..<Self.size.width {
                var sums = [0, 0, 0]
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let word = fine[x * 4 + sx, y * 4 + sy]
                        for channel in 0..<3 { sums[channel] += Int(word >> UInt32(16 - 8 * channel) & 0xFF) }
                    }
                }
                let r = UInt32((sums[0] + 8) / 16)
                let g = UInt32((sums[1] + 8) / 16)
                let b = UInt32((sums[2] + 8) / 16)
                out.row(y)[x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        return out
    }

    static func largestDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                for shift in [16, 8, 0] as [UInt32] {
                    let difference = abs(Int(a[x, y] >> shift & 0xFF) - Int(b[x, y] >> shift & 0xFF))
                    worst = max(worst, difference)
                }
            }
        }
        return worst
    }
}
