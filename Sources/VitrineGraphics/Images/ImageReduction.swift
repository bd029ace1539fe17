import VitrineCore

/// An image made smaller by area averaging (a box filter of the exact scale): each output
/// pixel is the mean of the input area it covers, a pixel cut by its edge counted by the part
/// inside, on premultiplied words, so alpha edges stay right. An image far larger than its place
/// is brought to the size that covers it with this (after DCT scaling for a JPEG, right after
/// decoding for a PNG); the larger buffer is freed at once.
///
/// Weights are whole multiples of 1/1024 of an output pixel on each axis (`weightBits`): a
/// source pixel's edges are placed to 1/1024 of an output pixel, so a flat area stays exactly
/// its colour and an edge moves by at most 1/1024 of a pixel. The products fit 32 bits: a
/// channel (≤ 255) times a row weight sum (1024) times a column weight sum (1024) is below 2²⁸.
public enum ImageReduction {
    /// Fixed-point bits of a weight: 1024 units make one output pixel on one axis.
    static let weightBits = 10

    /// `image` scaled down to `size` (each side at most the image's; a larger side is kept).
    public static func reduce(_ image: PixelBuffer, to size: PixelSize) -> PixelBuffer {
        let outWidth = max(1, min(size.width, image.width))
        let outHeight = max(1, min(size.height, image.height))
        guard outWidth != image.width || outHeight != image.height, image.width > 0, image.height > 0 else { return image }
        let output = PixelBuffer(size: PixelSize(width: outWidth, height: outHeight), format: image.format)
        let columns = Self.spans(from: image.width, to: outWidth)
        let rows = Self.spans(from: image.height, to: outHeight)
        let width = image.width
        // One input row averaged along the row (channel × its weight, 1024 a pixel), and the
        // sums of those rows for the output row being filled and the next (an input row that
        // straddles two output rows gives to both).
        var line = [UInt32](repeating: 0, count: outWidth * 4)
        var current = [UInt32](repeating: 0, count: outWidth * 4)
        var next = [UInt32](repeating: 0, count: outWidth * 4)
        let shift = UInt32(2 * Self.weightBits)
        let half: UInt32 = 1 << (shift - 1)
        line.withUnsafeMutableBufferPointer { line in
            current.withUnsafeMutableBufferPointer { current in
                next.withUnsafeMutableBufferPointer { next in
                    var current = current
                    var next = next
                    var outY = 0
                    for y in 0..<image.height {
                        Self.averageRow(image.row(y), width: width, columns: columns, into: line)
                        let span = rows[y]
                        Self.accumulate(line, weight: span.first, into: current)
                        if span.second > 0 { Self.accumulate(line, weight: span.second, into: next) }
                        // The row ends output row `outY` when the next input row starts a new one.
                        guard y + 1 == image.height || rows[y + 1].index != outY else { continue }
                        let out = output.row(outY)
                        for x in 0..<outWidth {
                            let slot = x &* 4
                            let b = (current[slot] &+ half) >> shift
                            let g = (current[slot &+ 1] &+ half) >> shift
                            let r = (current[slot &+ 2] &+ half) >> shift
                            let a = (current[slot &+ 3] &+ half) >> shift
                            out[x] = a << 24 | r << 16 | g << 8 | b
                        }
                        swap(&current, &next)
                        next.update(repeating: 0)
                        outY += 1
                    }
                }
            }
        }
        return output
    }

    /// Where input pixel `i` goes along one axis: the output pixel it starts in (`index`), its
    /// weight there (`first`) and in the next output pixel (`second`, 0 when it ends inside the
    /// first). An input pixel spans [E(i), E(i + 1)) with E(i) = ⌊i · 1024 · out / in⌉: the
    /// spans tile the output exactly, so every output pixel's weights sum to 1024.
    struct Span {
        var index: Int
        var first: UInt32
        var second: UInt32
    }

    static func spans(from input: Int, to output: Int) -> [Span] {
        let unit = 1 << Self.weightBits
        func edge(_ i: Int) -> Int { (i * unit * output * 2 + input) / (2 * input) }
        return (0..<input).map { i in
            let start = edge(i)
            let end = edge(i + 1)
            let index = start >> Self.weightBits
            let boundary = (index + 1) << Self.weightBits
            return end <= boundary
                ? Span(index: index, first: UInt32(end - start), second: 0)
                : Span(index: index, first: UInt32(boundary - start), second: UInt32(end - boundary))
        }
    }

    /// One input row averaged along the row into `line` (four channels a pixel, B G R A, each
    /// times its weights: 1024 a whole output pixel).
    @inline(__always)
    static func averageRow(_ row: UnsafeMutablePointer<UInt32>, width: Int, columns: [Span], into line: UnsafeMutableBufferPointer<UInt32>) {
        line.update(repeating: 0)
        columns.withUnsafeBufferPointer { columns in
            for x in 0..<width {
                let word = row[x]
                let span = columns[x]
                let b = word & 0xFF
                let g = (word >> 8) & 0xFF
                let r = (word >> 16) & 0xFF
                let a = word >> 24
                var slot = span.index &* 4
                line[slot] &+= b &* span.first
                line[slot &+ 1] &+= g &* span.first
                line[slot &+ 2] &+= r &* span.first
                line[slot &+ 3] &+= a &* span.first
                if span.second > 0 {
                    slot &+= 4
                    line[slot] &+= b &* span.second
                    line[slot &+ 1] &+= g &* span.second
                    line[slot &+ 2] &+= r &* span.second
                    line[slot &+ 3] &+= a &* span.second
                }
            }
        }
    }

    @inline(__always)
    static func accumulate(_ line: UnsafeMutableBufferPointer<UInt32>, weight: UInt32, into sums: UnsafeMutableBufferPointer<UInt32>) {
        for index in 0..<line.count { sums[index] &+= line[index] &* weight }
    }
}
