import VitrineCore

/// The look laid over a blurred backdrop: a grey tint of some opacity over a more saturated
/// blur, as the ContentSheet's `blurStyle` (`UIBlurEffectStyle`) picks it.
///
/// The numbers are UIKit's private `_UIBackdropViewSettings*` defaults as public decompiled
/// headers and the open-source RGBlurEffect (RGUIKit) list them; Apple documents none of them,
/// and later iOS versions changed them, so treat them as a close approximation of the iOS 7–12
/// look, not a copy of any one release:
///
/// | style | grey level | grey alpha | saturation | source |
/// |---|---|---|---|---|
/// | `.dark` | 0.11 | 0.73 | 1.8 | `_UIBackdropViewSettingsDark` |
/// | `.light` | 1.0 | 0.30 | 1.8 | `_UIBackdropViewSettingsLight` |
/// | `.extraLight` | 0.97 | 0.80 | 1.8 | `_UIBackdropViewSettingsUltraLight` (grey level 0.97; its alpha comes from a table the dumps do not show, 0.8 is the commonly quoted value) |
///
/// Saturation uses Rec. 709 luma weights (0.2126, 0.7152, 0.0722); Core Animation's
/// `colorSaturate` filter does not document its weights.
public enum BlurStyle: String, Sendable, CaseIterable {
    /// The blur alone: no saturation change, no tint.
    case none
    case dark
    case light
    case extraLight

    /// The grey of the tint layer, 0 (black) to 1 (white).
    public var tintWhite: Double {
        switch self {
        case .none: 0
        case .dark: 0.11
        case .light: 1.0
        case .extraLight: 0.97
        }
    }

    /// The opacity of the tint layer over the blur.
    public var tintAlpha: Double {
        switch self {
        case .none: 0
        case .dark: 0.73
        case .light: 0.30
        case .extraLight: 0.80
        }
    }

    /// The saturation factor applied to the blur before the tint (1 keeps colours).
    public var saturation: Double {
        switch self {
        case .none: 1
        case .dark, .light, .extraLight: 1.8
        }
    }
}

/// A style as fixed-point arithmetic on premultiplied channel values: saturate (clamped to the
/// premultiplied range), then the tint OVER the result.
///
/// Both steps are affine per pixel, so they commute with the bilinear upsample: the blur
/// applies them once to the reduced image instead of to every output pixel.
struct BlurColorTransform {
    /// Coefficient scale: 12 fraction bits.
    static let one: Int32 = 4096

    let isIdentity: Bool
    /// Saturation matrix rows for blue, green, red (columns in the same order).
    private let s00, s01, s02, s10, s11, s12, s20, s21, s22: Int32
    /// 1 − tint alpha.
    private let keep: Int32
    /// Tint alpha and premultiplied grey, as fractions of `one`.
    private let tintAlpha: Int32
    private let tintGrey: Int32

    init(style: BlurStyle) {
        self.isIdentity = style == .none
        let s = style.saturation
        // Rec. 709 luma weights in blue, green, red order.
        let luma = [0.0722, 0.7152, 0.2126]
        func coefficient(_ row: Int, _ column: Int) -> Int32 {
            let value = (1 - s) * luma[column] + (row == column ? s : 0)
            return Int32((value * Double(Self.one)).rounded())
        }
        self.s00 = coefficient(0, 0)
        self.s01 = coefficient(0, 1)
        self.s02 = coefficient(0, 2)
        self.s10 = coefficient(1, 0)
        self.s11 = coefficient(1, 1)
        self.s12 = coefficient(1, 2)
        self.s20 = coefficient(2, 0)
        self.s21 = coefficient(2, 1)
        self.s22 = coefficient(2, 2)
        self.tintAlpha = Int32((style.tintAlpha * Double(Self.one)).rounded())
        self.tintGrey = Int32((style.tintAlpha * style.tintWhite * Double(Self.one)).rounded())
        self.keep = Self.one - self.tintAlpha
    }

    /// Transforms one premultiplied pixel whose channels run 0…`maximum` (blue, green, red, alpha).
    @inline(__always)
    func apply(_ b: Int32, _ g: Int32, _ r: Int32, _ a: Int32, maximum: Int32) -> (Int32, Int32, Int32, Int32) {
        let half = Self.one / 2
        let sb = min(a, max(0, (self.s00 &* b &+ self.s01 &* g &+ self.s02 &* r &+ half) >> 12))
        let sg = min(a, max(0, (self.s10 &* b &+ self.s11 &* g &+ self.s12 &* r &+ half) >> 12))
        let sr = min(a, max(0, (self.s20 &* b &+ self.s21 &* g &+ self.s22 &* r &+ half) >> 12))
        let grey = self.tintGrey &* maximum
        let cover = self.tintAlpha &* maximum
        let ob = (grey &+ self.keep &* sb &+ half) >> 12
        let og = (grey &+ self.keep &* sg &+ half) >> 12
        let or = (grey &+ self.keep &* sr &+ half) >> 12
        let oa = (cover &+ self.keep &* a &+ half) >> 12
        return (ob, og, or, oa)
    }

    /// Applies the transform in place to the pixels of `rect` (reduced coordinates) of `plane`.
    func apply(to plane: BlurPlane, rect: PixelRect) {
        guard !self.isIdentity else { return }
        let maximum = Int32(BlurPlane.maximumValue)
        for y in rect.minY..<rect.maxY {
            var p = plane.row(y) + rect.minX * 4
            for _ in 0..<rect.width {
                let (b, g, r, a) = self.apply(Int32(p[0]), Int32(p[1]), Int32(p[2]), Int32(p[3]), maximum: maximum)
                p[0] = UInt16(truncatingIfNeeded: b)
                p[1] = UInt16(truncatingIfNeeded: g)
                p[2] = UInt16(truncatingIfNeeded: r)
                p[3] = UInt16(truncatingIfNeeded: a)
                p += 4
            }
        }
    }

    /// Transforms one premultiplied `0xAARRGGBB` word.
    @inline(__always)
    func apply(word: UInt32) -> UInt32 {
        let b = Int32(truncatingIfNeeded: word & 0xFF)
        let g = Int32(truncatingIfNeeded: (word >> 8) & 0xFF)
        let r = Int32(truncatingIfNeeded: (word >> 16) & 0xFF)
        let a = Int32(truncatingIfNeeded: word >> 24)
        let (ob, og, or, oa) = self.apply(b, g, r, a, maximum: 255)
        let high = (UInt32(truncatingIfNeeded: oa) << 24) | (UInt32(truncatingIfNeeded: or) << 16)
        let low = (UInt32(truncatingIfNeeded: og) << 8) | UInt32(truncatingIfNeeded: ob)
        return high | low
    }
}
