import VitrineCore

/// The bilinear ×f upsample from a reduced `BlurPlane` back to 8-bit pixels: the only blur work
/// left per frame once the reduced backdrop is cached.
///
/// Output pixel x (relative to the backdrop's origin) has its centre at u = (x + ½)/f − ½ in
/// reduced pixels. In units of 1/(2f) that is t = 2x + 1 − f, an integer, so the weights are
/// exact small integers: between reduced pixels j = ⌊t / 2f⌋ and j + 1 with weight t − 2f·j on
/// the second. Indices outside the plane clamp to the edge, which is what the symmetric border
/// of the reduced image (`reflectIndex`) gives the interpolation.
///
/// All arithmetic is 16-bit: values are 12-bit (0…4080) and weights at most 2f ≤ 16, so each
/// weighted pair is at most 65 280.
enum UpsampleKernel {
    /// Per output column: the first reduced pixel's value offset 4 · (j − `firstReduced`) and the
    /// weight of the second. Where both neighbours clamp to the same edge pixel the weight is 0, so
    /// the second read (one pixel further, which the caller keeps readable) counts for nothing.
    /// `columns` and `weights` need `count` entries each.
    static func columnTable(
        firstColumn x0: Int, count: Int, factor: Int, planeWidth: Int, firstReduced: Int,
        columns: UnsafeMutablePointer<Int>, weights: UnsafeMutablePointer<SIMD8<UInt16>>
    ) {
        for k in 0..<count {
            let (j0, j1, weight) = self.neighbours(x0 + k, factor: factor, count: planeWidth)
            columns[k] = (j0 - firstReduced) * 4
            let w1 = j0 == j1 ? 0 : UInt16(weight)
            let w0 = UInt16(2 * factor) - w1
            weights[k] = SIMD8(w0, w0, w0, w0, w1, w1, w1, w1)
        }
    }

    /// The two reduced neighbours of output coordinate `x` (clamped) and the second one's weight
    /// out of 2f.
    @inline(__always)
    static func neighbours(_ x: Int, factor: Int, count: Int) -> (Int, Int, Int) {
        let span = 2 * factor
        let t = 2 * x + 1 - factor
        let j = t >= 0 ? t / span : -((span - 1 - t) / span)
        let weight = t - j * span
        let j0 = min(max(j, 0), count - 1)
        let j1 = min(max(j + 1, 0), count - 1)
        return (j0, j1, weight)
    }

    /// Blends reduced rows `upper` and `lower` (`weight` of 2f on `lower`) into `out`, for the
    /// channel values `first..<first + count`. The result keeps the 12-bit scale.
    @inline(__always)
    static func blendRows(
        _ upper: UnsafeMutablePointer<UInt16>, _ lower: UnsafeMutablePointer<UInt16>, weight: Int, factor: Int,
        count: Int, out: UnsafeMutablePointer<UInt16>
    ) {
        let w1 = UInt16(truncatingIfNeeded: weight)
        let w0 = UInt16(truncatingIfNeeded: 2 * factor - weight)
        let shift = UInt16(truncatingIfNeeded: self.log2(2 * factor))
        let half = UInt16(truncatingIfNeeded: factor)
        for i in 0..<count {
            let a = upper[i] &* w0
            let b = lower[i] &* w1
            out[i] = (a &+ b &+ half) &>> shift
        }
    }

    /// Expands one blended row to `count` 8-bit pixels using the column table.
    ///
    /// One pixel per step in 16-bit lanes: the two neighbours' 4 channels load as one
    /// `SIMD8<UInt16>`, multiply by (w0 ×4, w1 ×4), and the halves add. The scalar version of
    /// this loop (four channels, variable shifts) took 5× longer (Docs/rendering.md).
    @inline(__always)
    static func expandRow(
        _ row: UnsafeMutablePointer<UInt16>, columns: UnsafeMutablePointer<Int>, weights: UnsafeMutablePointer<SIMD8<UInt16>>,
        count: Int, factor: Int, out: UnsafeMutablePointer<UInt32>
    ) {
        let shift = SIMD4<UInt16>(repeating: UInt16(truncatingIfNeeded: self.log2(2 * factor) + BlurPlane.fractionBits))
        let half = SIMD4<UInt16>(repeating: 1) &<< (shift &- 1)
        let base = UnsafeRawPointer(row)
        for k in 0..<count {
            let pair = base.loadUnaligned(fromByteOffset: columns[k] &* 2, as: SIMD8<UInt16>.self)
            let weighted = pair &* weights[k]
            let sum = weighted.lowHalf &+ weighted.highHalf &+ half
            let bytes = SIMD4<UInt8>(truncatingIfNeeded: sum &>> shift)
            out[k] = unsafeBitCast(bytes, to: UInt32.self)
        }
    }

    static func log2(_ value: Int) -> Int {
        var shift = 0
        while (1 << shift) < value { shift += 1 }
        return shift
    }
}
