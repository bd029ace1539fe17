/// Operations on one `0xAARRGGBB` pixel word.
public enum ColorWord {
    /// Straight alpha → premultiplied, rounding to nearest.
    @inline(__always)
    public static func premultiply(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        let r = mul255((p >> 16) & 0xFF, a)
        let g = mul255((p >> 8) & 0xFF, a)
        let b = mul255(p & 0xFF, a)
        return (a << 24) | (r << 16) | (g << 8) | b
    }

    /// Premultiplied → straight alpha, rounding to nearest.
    @inline(__always)
    public static func unpremultiply(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        let r = min(255, (((p >> 16) & 0xFF) * 255 + a / 2) / a)
        let g = min(255, (((p >> 8) & 0xFF) * 255 + a / 2) / a)
        let b = min(255, ((p & 0xFF) * 255 + a / 2) / a)
        return (a << 24) | (r << 16) | (g << 8) | b
    }

    /// x·a/255 rounded, exact for 8-bit inputs (the classic (t + (t >> 8)) >> 8 trick).
    @inline(__always)
    public static func mul255(_ x: UInt32, _ a: UInt32) -> UInt32 {
        let t = x &* a &+ 128
        return (t &+ (t >> 8)) >> 8
    }
}
