/// An sRGB colour with straight (unassociated) alpha, 8 bits per channel.
///
/// Pixels are stored premultiplied (`argbPremultiplied`), the form pixman and the compositor
/// blend with; colours stay straight so they interpolate and parse the way designers write them.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From components in 0…1 (clamped; NaN counts as 0).
    public init(fractionRed red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func channel(_ v: Double) -> UInt8 { v.isNaN ? 0 : UInt8((min(1, max(0, v)) * 255).rounded()) }
        self.init(red: channel(red), green: channel(green), blue: channel(blue), alpha: channel(alpha))
    }

    /// A grey level (0 black, 1 white).
    public init(white: Double, alpha: Double = 1) {
        self.init(fractionRed: white, green: white, blue: white, alpha: alpha)
    }

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); nil otherwise.
    public init?(hex text: String) {
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard [3, 4, 6, 8].contains(digits.count), let value = UInt32(digits, radix: 16) else { return nil }
        switch digits.count {
        case 3, 4:
            let hasAlpha = digits.count == 4
            let shift: UInt32 = hasAlpha ? 4 : 0
            func nibble(_ index: UInt32) -> UInt8 { UInt8((value >> (index * 4 + shift)) & 0xF) * 17 }
            self.init(red: nibble(2), green: nibble(1), blue: nibble(0), alpha: hasAlpha ? UInt8(value & 0xF) * 17 : 255)
        default:
            let hasAlpha = digits.count == 8
            let rgb = hasAlpha ? value >> 8 : value
            self.init(red: UInt8(rgb >> 16 & 0xFF), green: UInt8(rgb >> 8 & 0xFF), blue: UInt8(rgb & 0xFF), alpha: hasAlpha ? UInt8(value & 0xFF) : 255)
        }
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 255, green: 255, blue: 255)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    public var isOpaque: Bool { self.alpha == 255 }

    /// The same colour with `alpha` multiplied by `opacity` (0…1).
    public func withOpacity(_ opacity: Double) -> Color {
        var copy = self
        copy.alpha = UInt8((Double(self.alpha) * min(1, max(0, opacity.isNaN ? 0 : opacity))).rounded())
        return copy
    }

    /// `0xAARRGGBB` with colour multiplied by alpha, rounded to nearest.
    public var argbPremultiplied: UInt32 {
        let a = UInt32(self.alpha)
        func mul(_ c: UInt8) -> UInt32 {
            let t = UInt32(c) &* a &+ 128
            return (t &+ (t >> 8)) >> 8
        }
        return a << 24 | mul(self.red) << 16 | mul(self.green) << 8 | mul(self.blue)
    }

    /// Linear interpolation in straight sRGB (what UIKit's colour animations look like).
    public func interpolated(to other: Color, fraction: Double) -> Color {
        let t = min(1, max(0, fraction.isNaN ? 0 : fraction))
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return Color(red: mix(self.red, other.red), green: mix(self.green, other.green), blue: mix(self.blue, other.blue), alpha: mix(self.alpha, other.alpha))
    }

    /// `#RRGGBB` or `#RRGGBBAA`.
    public var hexString: String {
        func two(_ v: UInt8) -> String {
            let digits = Array("0123456789ABCDEF")
            return String(digits[Int(v >> 4)]) + String(digits[Int(v & 0xF)])
        }
        return "#" + two(self.red) + two(self.green) + two(self.blue) + (self.alpha == 255 ? "" : two(self.alpha))
    }

    public var description: String { self.hexString }
}
