import VitrineCore

/// An image made smaller by a whole factor: each output pixel is the mean of the `factor` ×
/// `factor` box of input pixels it covers (the boxes at the right and bottom edges are cut
/// short), on premultiplied words, so alpha edges stay right. PNGs far larger than their
/// place are reduced by this right after decoding, and the full-size buffer is freed.
public enum ImageReduction {
    /// The smallest whole factor that keeps `full` at least `cover` in both dimensions.
    public static func factor(from full: PixelSize, to cover: PixelSize) -> Int {
        max(1, min(full.width / max(1, cover.width), full.height / max(1, cover.height)))
    }

    /// `image` reduced by `factor` (≥ 1) to ⌈width / factor⌉ × ⌈height / factor⌉ pixels.
    public static func reduce(_ image: PixelBuffer, by factor: Int) -> PixelBuffer {
        guard factor > 1 else { return image }
        let outWidth = (image.width + factor - 1) / factor
        let outHeight = (image.height + factor - 1) / factor
        let output = PixelBuffer(size: PixelSize(width: outWidth, height: outHeight), format: image.format)
        let width = image.width
        let height = image.height
        // One row of channel sums per output row, filled from `factor` input rows.
        var sums = [UInt64](repeating: 0, count: outWidth * 4)
        sums.withUnsafeMutableBufferPointer { sums in
            for outY in 0..<outHeight {
                for index in 0..<sums.count { sums[index] = 0 }
                let firstRow = outY * factor
                let rows = min(factor, height - firstRow)
                for y in firstRow..<(firstRow + rows) {
                    let row = image.row(y)
                    for x in 0..<width {
                        let word = row[x]
                        let slot = (x / factor) &* 4
                        sums[slot] &+= UInt64(word >> 24)
                        sums[slot &+ 1] &+= UInt64((word >> 16) & 0xFF)
                        sums[slot &+ 2] &+= UInt64((word >> 8) & 0xFF)
                        sums[slot &+ 3] &+= UInt64(word & 0xFF)
                    }
                }
                let out = output.row(outY)
                for outX in 0..<outWidth {
                    let columns = min(factor, width - outX * factor)
                    let count = UInt64(columns * rows)
                    let slot = outX &* 4
                    let a = (sums[slot] + count / 2) / count
                    let r = (sums[slot + 1] + count / 2) / count
                    let g = (sums[slot + 2] + count / 2) / count
                    let b = (sums[slot + 3] + count / 2) / count
                    out[outX] = UInt32(a << 24 | r << 16 | g << 8 | b)
                }
            }
        }
        return output
    }
}
