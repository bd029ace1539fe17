/// The ordered dither the upsample adds before it rounds the blur's 12-bit values to 8 bits, so
/// a smooth gradient behind a sheet shows no contour bands (issue 17: the dark style's tint
/// compresses a sky's gradient to about one 8-bit level per 100 pixels, and plain rounding
/// drew each level as a flat band).
///
/// The threshold of pixel (x, y), in sixteenths of an 8-bit level, is
/// t = 4·((x + y) mod 4) + ((2x + y) mod 4): all sixteen values in every 4 × 4 tile (the map is
/// one-to-one, its determinant is −1 mod 4), and each row's four thresholds span at least
/// 10/16, each column's at least 11/16. A Bayer matrix is as even in two dimensions but one of
/// its columns spans only 5/16, which leaves a vertical gradient (the usual sky) banded along
/// it. Along a row of a gradient rising s levels per pixel a run of equal values is then
/// shorter than (1 − 10/16) / s + 7 pixels (`BlurDitherTests` states the derivation), against
/// 1 / s undithered. Every channel of a pixel gets the same threshold, so a premultiplied
/// colour stays at or under its alpha, and an opaque alpha stays 255. The pattern is anchored to
/// the backdrop's pixels: drawing a part again gives the same pixels as drawing it all.
enum BlurDither {
    /// The thresholds of pixels x ≡ 0, 1, 2, 3 (mod 4) of row `y`, in sixteenths.
    @inline(__always)
    static func row(_ y: Int) -> SIMD4<UInt16> {
        let y = y & 3
        func threshold(_ x: Int) -> UInt16 { UInt16(truncatingIfNeeded: 4 * ((x + y) & 3) + ((2 * x + y) & 3)) }
        return SIMD4(threshold(0), threshold(1), threshold(2), threshold(3))
    }

    /// The thresholds as values to add before a right shift by `shift` (≥ 5): t/16 of one output
    /// step, plus 1/32 so their mean is ½, as rounding's is.
    @inline(__always)
    static func addends(_ thresholds: SIMD4<UInt16>, shift: Int) -> SIMD4<UInt16> {
        (thresholds &<< UInt16(truncatingIfNeeded: shift - 4)) &+ SIMD4(repeating: UInt16(truncatingIfNeeded: 1 << (shift - 5)))
    }
}
