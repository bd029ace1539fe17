/// Converting a computed coordinate (points × scale, rounded) to whole pixels without trapping.
///
/// `Int(Double)` traps on NaN, infinities and anything beyond ±2^63; a layout number that grows
/// out of range (a huge sheet height, a division by a tiny spacing) must clip, not crash the
/// kiosk into a restart loop. The config bounds every number it reads (Docs/config.md), so this
/// is the second line: values are clamped to ±`largestCoordinate`, NaN becomes 0.
public enum SaturatingPixels {
    /// 2^30 pixels: 65,536 times DRM's largest buffer side (16384), and small enough that the sum
    /// or product of two such values still fits in an `Int`.
    public static let largestCoordinate = 1 << 30

    /// `value` as an `Int`, clamped to ±`largestCoordinate`; NaN is 0. Round first: this
    /// truncates toward zero like `Int(_:)`.
    @inline(__always)
    public static func int(_ value: Double) -> Int {
        guard value == value else { return 0 }
        let limit = Double(Self.largestCoordinate)
        return Int(min(max(value, -limit), limit))
    }
}
