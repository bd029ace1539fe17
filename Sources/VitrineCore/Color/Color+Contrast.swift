import Glibc

extension Color {
    /// WCAG 2.2's relative luminance of the colour's RGB (alpha ignored: composite a
    /// translucent colour over what is behind it first, `composited(over:)`), 0 for black, 1
    /// for white. sRGB channels are linearised with the 0.04045 threshold of IEC 61966-2-1
    /// (WCAG 2.2, "relative luminance", corrected from 2.0's 0.03928), then weighted 0.2126 R,
    /// 0.7152 G, 0.0722 B.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(self.red) + 0.7152 * linear(self.green) + 0.0722 * linear(self.blue)
    }

    /// WCAG 2.2's contrast ratio with `other`, from 1 (the same luminance) to 21 (black and
    /// white): (L1 + 0.05) / (L2 + 0.05), L1 the lighter. Success criterion 1.4.3 (AA) asks
    /// 4.5:1 for body text and 3:1 for large text.
    public func contrastRatio(with other: Color) -> Double {
        let (a, b) = (self.relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This colour drawn over the opaque `background` (source-over, in sRGB values as the
    /// renderer blends): what the eye sees of a translucent colour.
    public func composited(over background: Color) -> Color {
        let alpha = Double(self.alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 { UInt8((Double(top) * alpha + Double(bottom) * (1 - alpha)).rounded()) }
        return Color(red: mix(self.red, background.red), green: mix(self.green, background.green), blue: mix(self.blue, background.blue))
    }
}
