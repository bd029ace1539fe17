import Glibc
import VitrineCore

/// A direct separable Gaussian in Double, the reference the blur is measured against in tests:
/// kernel truncated at ±4σ and normalised, borders mirrored about the edge pixel (OpenCV's
/// `BORDER_REFLECT_101`, `dcb|abcd|cba`), rounded to 8 bits only at the end.
enum ReferenceGaussian {
    static func blur(_ source: PixelBuffer, sigma: Double) -> PixelBuffer {
        let width = source.width
        let height = source.height
        let radius = max(1, Int((4 * sigma).rounded(.up)))
        var kernel = [Double](repeating: 0, count: 2 * radius + 1)
        var total = 0.0
        for i in -radius...radius {
            let value = sigma > 0 ? exp(-Double(i * i) / (2 * sigma * sigma)) : (i == 0 ? 1 : 0)
            kernel[i + radius] = value
            total += value
        }
        for i in kernel.indices { kernel[i] /= total }
        // Channel-major Double planes.
        var planes = [[Double]](repeating: [Double](repeating: 0, count: width * height), count: 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = source[x, y]
                for c in 0..<4 { planes[c][y * width + x] = Double((p >> UInt32(8 * c)) & 0xFF) }
            }
        }
        let output = PixelBuffer(size: source.size, format: source.format)
        var rowPass = [Double](repeating: 0, count: width * height)
        var result = [[Double]](repeating: [], count: 4)
        for c in 0..<4 {
            let plane = planes[c]
            for y in 0..<height {
                for x in 0..<width {
                    var sum = 0.0
                    for k in -radius...radius { sum += kernel[k + radius] * plane[y * width + reflect101(x + k, width)] }
                    rowPass[y * width + x] = sum
                }
            }
            var columnPass = [Double](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    var sum = 0.0
                    for k in -radius...radius { sum += kernel[k + radius] * rowPass[reflect101(y + k, height) * width + x] }
                    columnPass[y * width + x] = sum
                }
            }
            result[c] = columnPass
        }
        for y in 0..<height {
            for x in 0..<width {
                var word: UInt32 = 0
                for c in 0..<4 {
                    let value = UInt32(min(255, max(0, result[c][y * width + x].rounded())))
                    word |= value << UInt32(8 * c)
                }
                output[x, y] = word
            }
        }
        return output
    }

    /// `dcb|abcd|cba`, repeated for indices more than one length outside.
    static func reflect101(_ index: Int, _ count: Int) -> Int {
        guard count > 1 else { return 0 }
        let period = 2 * count - 2
        var i = index % period
        if i < 0 { i += period }
        return i < count ? i : period - i
    }
}
