import VitrineCore

/// The bilinear ×f upsample from a reduced `BlurPlane` back to 8-bit pixels, dithered as it
/// rounds (`BlurDither`): the only blur work left per frame once the reduced backdrop is cached.
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

    /// Expands one blended row to `count` 8-bit pixels using the column table, dithered
    /// (`BlurDither`; `thresholds` is its row, `localStart` the backdrop-relative x of pixel 0).
    ///
    /// One pixel per step in 16-bit lanes: the two neighbours' 4 channels load as one
    /// `SIMD8<UInt16>`, multiply by (w0 ×4, w1 ×4), and the halves add. With the scalar version
    /// of this loop (four channels, variable shifts) the whole 1080p blur took 2–3× longer
    /// (Docs/rendering.md, "Performance").
    @inline(__always)
    static func expandRow(
        _ row: UnsafeMutablePointer<UInt16>, columns: UnsafeMutablePointer<Int>, weights: UnsafeMutablePointer<SIMD8<UInt16>>,
        range: Range<Int>, factor: Int, localStart: Int, thresholds: SIMD4<UInt16>, out: UnsafeMutablePointer<UInt32>
    ) {
        let bits = self.log2(2 * factor) + BlurPlane.fractionBits
        let shift = SIMD4<UInt16>(repeating: UInt16(truncatingIfNeeded: bits))
        let addends = BlurDither.addends(thresholds, shift: bits)
        let base = UnsafeRawPointer(row)
        for k in range {
            let pair = base.loadUnaligned(fromByteOffset: columns[k] &* 2, as: SIMD8<UInt16>.self)
            let weighted = pair &* weights[k]
            let sum = weighted.lowHalf &+ weighted.highHalf &+ SIMD4(repeating: addends[(localStart &+ k) & 3])
            let bytes = SIMD4<UInt8>(truncatingIfNeeded: sum &>> shift)
            out[k] = unsafeBitCast(bytes, to: UInt32.self)
        }
    }

    /// The interior of a row for f = 2 or 4, four output pixels per step.
    ///
    /// Output pixels x = f·m + f/2 + q (q < f) all lie between reduced pixels m and m + 1, with
    /// weight 2q + 1 of 2f on m + 1. So four pixels need one or two 16-byte loads, two
    /// `SIMD16<UInt16>` multiply-adds against constant weights and one 16-byte store; the
    /// per-pixel loop needs four of everything. Pixels whose neighbours clamp at the plane's
    /// edges, and any remainder, go through `expandRow`.
    ///
    /// - Parameters:
    ///   - localStart: the backdrop-relative x of output pixel 0 of this row.
    ///   - firstReduced: the reduced index `row` starts at.
    /// - Returns: the output pixels written, `from..<end` (possibly empty).
    @inline(__always)
    static func expandQuads(
        _ row: UnsafeMutablePointer<UInt16>, localStart: Int, count: Int, factor: Int, planeWidth: Int, firstReduced: Int,
        thresholds: SIMD4<UInt16>, out: UnsafeMutablePointer<UInt32>
    ) -> Range<Int> {
        guard factor == 2 || factor == 4 else { return 0..<0 }
        // First pixel at or after localStart that starts a group (x ≡ f/2 mod f, x ≥ f/2).
        let offset = (factor / 2 - localStart % factor + factor) % factor
        let from = max(offset, factor / 2 - localStart)
        // Quads need reduced pixels up to m + 2 (f = 2) or m + 1 (f = 4), all inside the plane.
        let lastPair = planeWidth - (factor == 2 ? 3 : 2)
        // The dither of the four pixels of every step: they start at the same phase mod 4.
        let addends = BlurDither.addends(thresholds, shift: factor == 4 ? 7 : 6)
        let phase = (localStart + from) & 3
        let a0 = addends[phase], a1 = addends[(phase + 1) & 3], a2 = addends[(phase + 2) & 3], a3 = addends[(phase + 3) & 3]
        let dither = SIMD16<UInt16>(a0, a0, a0, a0, a1, a1, a1, a1, a2, a2, a2, a2, a3, a3, a3, a3)
        let k: Int
        if factor == 4 {
            let w1 = SIMD16<UInt16>(1, 1, 1, 1, 3, 3, 3, 3, 5, 5, 5, 5, 7, 7, 7, 7)
            k = self.quadLoop(
                row, from: from, count: count, localStart: localStart, firstReduced: firstReduced, lastPair: lastPair,
                factor: 4, step: 0, w1: w1, shift: 7, dither: dither, out: out)
        } else {
            let w1 = SIMD16<UInt16>(1, 1, 1, 1, 3, 3, 3, 3, 1, 1, 1, 1, 3, 3, 3, 3)
            k = self.quadLoop(
                row, from: from, count: count, localStart: localStart, firstReduced: firstReduced, lastPair: lastPair,
                factor: 2, step: 8, w1: w1, shift: 6, dither: dither, out: out)
        }
        return from < k ? from..<k : 0..<0
    }

    /// The loop of `expandQuads`, inlined with constant arguments so each factor compiles to its
    /// own loop. Four pixels blend a = (p.lo, p.lo, q.lo, q.lo) with b = (p.hi, p.hi, q.hi, q.hi),
    /// where p holds reduced pixels (m, m+1) and q the pair `step` bytes further: for f = 4 all
    /// four lie in one group (step 0, q = p); for f = 2 they span two (q = (m+1, m+2)).
    @inline(__always)
    private static func quadLoop(
        _ row: UnsafeMutablePointer<UInt16>, from: Int, count: Int, localStart: Int, firstReduced: Int, lastPair: Int,
        factor: Int, step: Int, w1: SIMD16<UInt16>, shift: UInt16, dither: SIMD16<UInt16>, out: UnsafeMutablePointer<UInt32>
    ) -> Int {
        let w0 = SIMD16<UInt16>(repeating: UInt16(2 * factor)) &- w1
        let base = UnsafeRawPointer(row)
        let bytes = UnsafeMutableRawPointer(out)
        var k = from
        while k + 4 <= count {
            let m = (localStart + k - factor / 2) / factor
            if m > lastPair { break }
            let at = (m - firstReduced) &* 8
            let p = base.loadUnaligned(fromByteOffset: at, as: SIMD8<UInt16>.self)
            let q = base.loadUnaligned(fromByteOffset: at &+ step, as: SIMD8<UInt16>.self)
            let a = SIMD16(lowHalf: SIMD8(lowHalf: p.lowHalf, highHalf: p.lowHalf), highHalf: SIMD8(lowHalf: q.lowHalf, highHalf: q.lowHalf))
            let b = SIMD16(lowHalf: SIMD8(lowHalf: p.highHalf, highHalf: p.highHalf), highHalf: SIMD8(lowHalf: q.highHalf, highHalf: q.highHalf))
            let sum = a &* w0 &+ b &* w1 &+ dither
            bytes.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: sum &>> shift), toByteOffset: k &* 4, as: SIMD16<UInt8>.self)
            k += 4
        }
        return k
    }

    static func log2(_ value: Int) -> Int {
        var shift = 0
        while (1 << shift) < value { shift += 1 }
        return shift
    }
}
