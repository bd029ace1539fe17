import VitrineCore

/// The f×f area average that takes the backdrop down to the blur's reduced scale.
enum DownsampleKernel {
    /// Averages f×f blocks of `source` (the part inside `sourceRect`) into `plane`, for the
    /// reduced pixels in `blocks` (reduced coordinates). Blocks cut by the right or bottom edge
    /// of `sourceRect` average the pixels they have.
    ///
    /// `accumulator` needs 4 · f · blocks.width values.
    static func run(
        source: PixelBuffer, sourceRect: PixelRect, factor: Int, blocks: PixelRect, into plane: BlurPlane,
        accumulator: UnsafeMutablePointer<UInt16>
    ) {
        let sourceX0 = sourceRect.minX + blocks.minX * factor
        let sourceX1 = min(sourceRect.minX + blocks.maxX * factor, sourceRect.maxX)
        let valueCount = (sourceX1 - sourceX0) * 4
        guard valueCount > 0 else { return }
        var shift = 0
        while (1 << shift) < factor { shift += 1 }
        for blockY in blocks.minY..<blocks.maxY {
            let y0 = sourceRect.minY + blockY * factor
            let y1 = min(y0 + factor, sourceRect.maxY)
            // Column sums of up to 8 rows: at most 2040, so 16 bits hold them.
            let first = UnsafeRawPointer(source.row(y0) + sourceX0).assumingMemoryBound(to: UInt8.self)
            for i in 0..<valueCount { accumulator[i] = UInt16(truncatingIfNeeded: first[i]) }
            var y = y0 + 1
            while y < y1 {
                let bytes = UnsafeRawPointer(source.row(y) + sourceX0).assumingMemoryBound(to: UInt8.self)
                for i in 0..<valueCount { accumulator[i] = accumulator[i] &+ UInt16(truncatingIfNeeded: bytes[i]) }
                y += 1
            }
            let rows = y1 - y0
            let out = plane.row(blockY) + blocks.minX * 4
            let fullWidthBlocks = min(blocks.width, (sourceX1 - sourceX0) / factor)
            if rows == factor {
                self.averageFullBlocks(accumulator, count: fullWidthBlocks, factor: factor, shift: shift, out: out)
            } else {
                self.averagePartialBlocks(accumulator, from: 0, to: fullWidthBlocks, columns: factor, rows: rows, out: out)
            }
            if fullWidthBlocks < blocks.width {
                // The last block is cut by the right edge.
                let columns = (sourceX1 - sourceX0) - fullWidthBlocks * factor
                self.averagePartialBlocks(
                    accumulator + fullWidthBlocks * factor * 4, from: 0, to: 1, columns: columns, rows: rows,
                    out: out + fullWidthBlocks * 4)
            }
        }
    }

    /// Sums f columns of f-row sums per channel; a full block's sum × 16 / f² is a shift.
    @inline(__always)
    private static func averageFullBlocks(
        _ sums: UnsafeMutablePointer<UInt16>, count: Int, factor: Int, shift: Int, out: UnsafeMutablePointer<UInt16>
    ) {
        // value = sum · 16 / f²: f = 1 and 2 shift left, 4 leaves it, 8 shifts right (rounding).
        let left = UInt32(max(0, BlurPlane.fractionBits - 2 * shift))
        let right = UInt32(max(0, 2 * shift - BlurPlane.fractionBits))
        let half: UInt32 = right == 0 ? 0 : 1 << (right - 1)
        for block in 0..<count {
            let base = sums + block * factor * 4
            var b: UInt32 = 0
            var g: UInt32 = 0
            var r: UInt32 = 0
            var a: UInt32 = 0
            for k in 0..<factor {
                let p = base + k * 4
                b = b &+ UInt32(p[0])
                g = g &+ UInt32(p[1])
                r = r &+ UInt32(p[2])
                a = a &+ UInt32(p[3])
            }
            let o = out + block * 4
            o[0] = UInt16(truncatingIfNeeded: ((b &<< left) &+ half) &>> right)
            o[1] = UInt16(truncatingIfNeeded: ((g &<< left) &+ half) &>> right)
            o[2] = UInt16(truncatingIfNeeded: ((r &<< left) &+ half) &>> right)
            o[3] = UInt16(truncatingIfNeeded: ((a &<< left) &+ half) &>> right)
        }
    }

    /// Blocks with fewer than f rows or columns: divide by the real pixel count (edges only).
    private static func averagePartialBlocks(
        _ sums: UnsafeMutablePointer<UInt16>, from first: Int, to last: Int, columns: Int, rows: Int,
        out: UnsafeMutablePointer<UInt16>
    ) {
        let count = UInt32(columns * rows)
        for block in first..<last {
            for channel in 0..<4 {
                var sum: UInt32 = 0
                for k in 0..<columns { sum += UInt32(sums[(block * columns + k) * 4 + channel]) }
                let scaled = sum << UInt32(BlurPlane.fractionBits)
                out[block * 4 + channel] = UInt16((scaled + count / 2) / count)
            }
        }
    }
}
