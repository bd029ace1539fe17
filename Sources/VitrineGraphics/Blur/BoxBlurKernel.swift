/// The three box passes along each axis, as moving sums over `BlurPlane` values.
///
/// Every pass can run over a sub-range only. Pass i of three must be correct over the final
/// range grown by the radii of the passes after it; computed that way, a partial update gives
/// exactly the values a full-frame run gives (integer sums are exact), which is what lets
/// `BackdropBlur.invalidate(_:)` re-blur only what changed.
enum BoxBlurKernel {
    /// The fixed-point reciprocal of a box width: sum · m >> 16 ≈ sum / width.
    static func multiplier(width: Int) -> UInt32 {
        UInt32((65536.0 / Double(width)).rounded())
    }

    /// Scratch for `horizontal`: two line buffers of 4 · plane width values and a padded line.
    struct LineScratch {
        var lineA: ScratchBuffer<UInt16>
        var lineB: ScratchBuffer<UInt16>
        var padded: ScratchBuffer<UInt16>

        init() {
            self.lineA = ScratchBuffer(capacity: 0)
            self.lineB = ScratchBuffer(capacity: 0)
            self.padded = ScratchBuffer(capacity: 0)
        }

        func deallocate() {
            self.lineA.deallocate()
            self.lineB.deallocate()
            self.padded.deallocate()
        }
    }

    /// Runs all horizontal passes over the pixels `columns` of the rows `rows`, from `source` into
    /// `destination` (which may be the same plane).
    static func horizontal(
        from source: BlurPlane, into destination: BlurPlane, rows: Range<Int>, columns: Range<Int>, radii: [Int],
        scratch: inout LineScratch
    ) {
        let n = source.width
        let maximumRadius = radii.max() ?? 0
        let lineA = scratch.lineA.reserve(n * 4)
        let lineB = scratch.lineB.reserve(n * 4)
        let padded = scratch.padded.reserve((n + 2 * maximumRadius + 1) * 4)
        if radii.isEmpty {
            for y in rows {
                (destination.row(y) + columns.lowerBound * 4).update(from: source.row(y) + columns.lowerBound * 4, count: columns.count * 4)
            }
            return
        }
        for y in rows {
            var input = UnsafePointer(source.row(y))
            for (pass, radius) in radii.enumerated() {
                let later = radii[(pass + 1)...].reduce(0, +)
                let lo = max(0, columns.lowerBound - later)
                let hi = min(n, columns.upperBound + later)
                let isLast = pass == radii.count - 1
                let output = isLast ? destination.row(y) : (pass % 2 == 0 ? lineA : lineB)
                self.padLine(input, count: n, from: lo - radius, to: hi + radius + 1, into: padded)
                if 2 * radius + 1 <= self.maximumNarrowWidth {
                    self.boxLineNarrow(padded, count: hi - lo, radius: radius, out: output + lo * 4)
                } else {
                    self.boxLine(padded, count: hi - lo, radius: radius, multiplier: self.multiplier(width: 2 * radius + 1), out: output + lo * 4)
                }
                input = UnsafePointer(output)
            }
        }
    }

    /// Scratch for `vertical`: one row of moving sums, 32-bit or (for boxes up to 16 wide) 16-bit.
    struct SumScratch {
        var wide = ScratchBuffer<UInt32>(capacity: 0)
        var narrow = ScratchBuffer<UInt16>(capacity: 0)

        func deallocate() {
            self.wide.deallocate()
            self.narrow.deallocate()
        }
    }

    /// The widest box whose moving sum fits 16 bits (16 · 4080 = 65 280).
    static let maximumNarrowWidth = 16

    /// Runs all vertical passes over the pixels `columns` of the rows `rows`, from `source` into
    /// `destination`, using `first` and `second` as the planes between passes.
    static func vertical(
        from source: BlurPlane, into destination: BlurPlane, rows: Range<Int>, columns: Range<Int>, radii: [Int],
        between first: BlurPlane, _ second: BlurPlane, sums: inout SumScratch
    ) {
        let n = source.height
        let wide = sums.wide.reserve(columns.count * 4)
        let narrow = sums.narrow.reserve(columns.count * 4)
        if radii.isEmpty {
            for y in rows {
                (destination.row(y) + columns.lowerBound * 4).update(from: source.row(y) + columns.lowerBound * 4, count: columns.count * 4)
            }
            return
        }
        var input = source
        for (pass, radius) in radii.enumerated() {
            let later = radii[(pass + 1)...].reduce(0, +)
            let lo = max(0, rows.lowerBound - later)
            let hi = min(n, rows.upperBound + later)
            let output = pass == radii.count - 1 ? destination : (pass % 2 == 0 ? first : second)
            if 2 * radius + 1 <= self.maximumNarrowWidth {
                self.verticalPass(from: input, into: output, rows: lo..<hi, columns: columns, radius: radius, sums: narrow)
            } else {
                self.verticalPass(from: input, into: output, rows: lo..<hi, columns: columns, radius: radius, sums: wide)
            }
            input = output
        }
    }

    /// Copies line values for pixel indices `start..<end` (reflected into `0..<count`) to `padded`.
    private static func padLine(_ line: UnsafePointer<UInt16>, count: Int, from start: Int, to end: Int, into padded: UnsafeMutablePointer<UInt16>) {
        let inside0 = max(start, 0)
        let inside1 = min(end, count)
        var k = 0
        var j = start
        while j < inside0 {
            let from = line + reflectIndex(j, count: count) * 4
            (padded + k * 4).update(from: from, count: 4)
            j += 1
            k += 1
        }
        if inside1 > inside0 {
            (padded + k * 4).update(from: line + inside0 * 4, count: (inside1 - inside0) * 4)
            k += inside1 - inside0
            j = inside1
        }
        while j < end {
            let from = line + reflectIndex(j, count: count) * 4
            (padded + k * 4).update(from: from, count: 4)
            j += 1
            k += 1
        }
    }

    /// One box pass along a padded line: `out[i] = mean(padded[i … i + 2r])` for `count` pixels.
    /// The four channels are four independent moving sums.
    @inline(__always)
    private static func boxLine(
        _ padded: UnsafeMutablePointer<UInt16>, count: Int, radius: Int, multiplier: UInt32, out: UnsafeMutablePointer<UInt16>
    ) {
        var s0: UInt32 = 0
        var s1: UInt32 = 0
        var s2: UInt32 = 0
        var s3: UInt32 = 0
        let window = 2 * radius + 1
        for k in 0..<window {
            let p = padded + k * 4
            s0 = s0 &+ UInt32(p[0])
            s1 = s1 &+ UInt32(p[1])
            s2 = s2 &+ UInt32(p[2])
            s3 = s3 &+ UInt32(p[3])
        }
        let m = multiplier
        let half: UInt32 = 0x8000
        var leaving = padded
        var entering = padded + window * 4
        var o = out
        for _ in 0..<count {
            o[0] = UInt16(truncatingIfNeeded: (s0 &* m &+ half) &>> 16)
            o[1] = UInt16(truncatingIfNeeded: (s1 &* m &+ half) &>> 16)
            o[2] = UInt16(truncatingIfNeeded: (s2 &* m &+ half) &>> 16)
            o[3] = UInt16(truncatingIfNeeded: (s3 &* m &+ half) &>> 16)
            s0 = s0 &+ UInt32(entering[0]) &- UInt32(leaving[0])
            s1 = s1 &+ UInt32(entering[1]) &- UInt32(leaving[1])
            s2 = s2 &+ UInt32(entering[2]) &- UInt32(leaving[2])
            s3 = s3 &+ UInt32(entering[3]) &- UInt32(leaving[3])
            entering += 4
            leaving += 4
            o += 4
        }
    }

    /// `boxLine` for boxes up to 16 wide: the four channels' sums are one `SIMD4<UInt16>`, and
    /// sum / w is the high half of a 16 × 16-bit product, as in `MovingSum`.
    @inline(__always)
    private static func boxLineNarrow(_ padded: UnsafeMutablePointer<UInt16>, count: Int, radius: Int, out: UnsafeMutablePointer<UInt16>) {
        let window = 2 * radius + 1
        let m = SIMD4<UInt32>(repeating: UInt32(UInt16.reciprocal(of: window)))
        let input = UnsafeRawPointer(padded)
        let output = UnsafeMutableRawPointer(out)
        // Start at w/2 so the truncating high product rounds to nearest.
        var sum = SIMD4<UInt16>(repeating: UInt16(truncatingIfNeeded: window / 2))
        for k in 0..<window { sum = sum &+ input.loadUnaligned(fromByteOffset: k &* 8, as: SIMD4<UInt16>.self) }
        for i in 0..<count {
            let quotient = (SIMD4<UInt32>(truncatingIfNeeded: sum) &* m) &>> 16
            output.storeBytes(of: SIMD4<UInt16>(truncatingIfNeeded: quotient), toByteOffset: i &* 8, as: SIMD4<UInt16>.self)
            let entering = input.loadUnaligned(fromByteOffset: (i &+ window) &* 8, as: SIMD4<UInt16>.self)
            let leaving = input.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<UInt16>.self)
            sum = sum &+ entering &- leaving
        }
    }

    /// One vertical box pass: a row of moving sums, one per channel value, advanced row by row.
    /// Each row is a plain loop over adjacent values, which the compiler vectorizes. `Sum` is
    /// `UInt16` for boxes up to 16 wide (see `MovingSum`), else `UInt32`.
    @inline(__always)
    private static func verticalPass<Sum: MovingSum>(
        from source: BlurPlane, into destination: BlurPlane, rows: Range<Int>, columns: Range<Int>, radius: Int,
        sums: UnsafeMutablePointer<Sum>
    ) {
        let n = source.height
        let offset = columns.lowerBound * 4
        let count = columns.count * 4
        let width = 2 * radius + 1
        let m = Sum.reciprocal(of: width)
        // Start the sums at w/2 so the truncating quotient rounds to nearest.
        let bias = Sum(truncatingIfNeeded: width / 2)
        for i in 0..<count { sums[i] = bias }
        var j = rows.lowerBound - radius
        while j <= rows.lowerBound + radius {
            let row = source.row(reflectIndex(j, count: n)) + offset
            for i in 0..<count { sums[i] = sums[i] &+ Sum(truncatingIfNeeded: row[i]) }
            j += 1
        }
        for y in rows {
            let out = destination.row(y) + offset
            let entering = source.row(reflectIndex(y + radius + 1, count: n)) + offset
            let leaving = source.row(reflectIndex(y - radius, count: n)) + offset
            for i in 0..<count {
                let s = sums[i]
                out[i] = Sum.quotient(s, reciprocal: m)
                sums[i] = s &+ Sum(truncatingIfNeeded: entering[i]) &- Sum(truncatingIfNeeded: leaving[i])
            }
        }
    }
}

/// A moving-sum type for the vertical passes: sum / w as (sum · ⌊65536/w⌉) >> 16, the sum
/// having started at w/2 so the result rounds to nearest.
///
/// For boxes up to 16 wide the sum fits 16 bits (16 · 4080 = 65 280) and the quotient is the
/// high half of a 16 × 16-bit product, which SSE2 does on eight lanes (`pmulhuw`); a 32-bit
/// product needs an emulated multiply on four. callgrind counted the difference
/// (Docs/rendering.md, "Performance").
protocol MovingSum: FixedWidthInteger & UnsignedInteger {
    static func reciprocal(of width: Int) -> Self
    static func quotient(_ sum: Self, reciprocal: Self) -> UInt16
}

extension UInt16: MovingSum {
    @inline(__always)
    static func reciprocal(of width: Int) -> UInt16 { UInt16(Swift.min(65535, (65536.0 / Double(width)).rounded())) }

    /// Both factors visibly 16-bit: the compiler emits the high-half multiply.
    @inline(__always)
    static func quotient(_ sum: UInt16, reciprocal: UInt16) -> UInt16 {
        UInt16(truncatingIfNeeded: (UInt32(sum) &* UInt32(reciprocal)) &>> 16)
    }
}

extension UInt32: MovingSum {
    @inline(__always)
    static func reciprocal(of width: Int) -> UInt32 { BoxBlurKernel.multiplier(width: width) }

    @inline(__always)
    static func quotient(_ sum: UInt32, reciprocal: UInt32) -> UInt16 {
        UInt16(truncatingIfNeeded: (sum &* reciprocal) &>> 16)
    }
}
