import Glibc
import VitrineCore
import VitrineGraphics

/// The named text styles of the type scale: what a config's `"style": "headline"` means.
///
/// Sizes and line heights are Apple's Human Interface Guidelines type scale for iOS at the
/// default ("Large") Dynamic Type size (HIG, Typography, "Specifications": Large Title 34/41,
/// Title 1 28/34, Title 2 22/28, Title 3 20/25, Headline 17/22 semibold, Body 17/22, Callout
/// 16/21, Subheadline 15/20, Footnote 13/18, Caption 1 12/16, Caption 2 11/13). The titles are
/// bold here (as iOS draws large navigation titles) so they carry across a room; `Theme.typeScale`
/// multiplies every size for viewing distance.
public enum TypeStyle: String, Hashable, Sendable, CaseIterable {
    case largeTitle
    case title
    case title2
    case title3
    case headline
    case body
    case callout
    case subheadline
    case footnote
    case caption
    case caption2

    /// Points per em and the line height in points, at scale 1.
    public var metrics: (size: Double, lineHeight: Double, weight: FontDescriptor.Weight) {
        switch self {
        case .largeTitle: (34, 41, .bold)
        case .title: (28, 34, .bold)
        case .title2: (22, 28, .bold)
        case .title3: (20, 25, .semibold)
        case .headline: (17, 22, .semibold)
        case .body: (17, 22, .regular)
        case .callout: (16, 21, .regular)
        case .subheadline: (15, 20, .regular)
        case .footnote: (13, 18, .regular)
        case .caption: (12, 16, .regular)
        case .caption2: (11, 13, .regular)
        }
    }
}

extension TypeStyle {
    /// Ems a line of running text may be long: 34, about 68 characters of Inter at its average
    /// of half an em a letter — inside the 60–75 characters typographers give for comfortable
    /// reading (Bringhurst, "The Elements of Typographic Style", 2.1.2: 45–75, 66 ideal).
    public static let readableMeasureEms = 34.0

    /// Whether text in this style wraps at the readable measure: the running-text styles. Titles
    /// and headlines are short and laid out as they come.
    public var wrapsAtReadableMeasure: Bool {
        switch self {
        case .body, .callout, .subheadline, .footnote: true
        default: false
        }
    }
}

/// A colour of the theme, by name, or a colour of its own: what a config's `"color"` holds.
public enum ColorReference: Hashable, Sendable {
    case theme(ThemeColor)
    case fixed(Color)

    public func resolve(in theme: Theme) -> Color {
        switch self {
        case .theme(let name): theme.color(name)
        case .fixed(let color): color
        }
    }
}

/// The theme's colours by name.
public enum ThemeColor: String, Hashable, Sendable, CaseIterable {
    case tint, background, surface, label, secondaryLabel, separator, onTint, handleColor
}

extension Theme {
    /// The text style for `style` in this theme's font, scaled by `typeScale`, tracked as the
    /// font wants at that size (`tracking(atPointSize:)`).
    public func textStyle(_ style: TypeStyle, alignment: TextAlignment = .natural, maximumLines: Int? = nil) -> TextStyle {
        let metrics = style.metrics
        let size = metrics.size * self.typeScale
        return TextStyle(
            font: FontDescriptor(family: self.fontFamily, weight: metrics.weight), pointSize: size,
            alignment: alignment, lineHeight: .points(metrics.lineHeight * self.typeScale), maximumLines: maximumLines,
            tracking: self.tracking(atPointSize: size))
    }

    /// The longest line of running text in `style`, in points (`TypeStyle.readableMeasureEms`
    /// at its scaled size); nil for the styles laid out at any width.
    public func readableMeasure(_ style: TypeStyle) -> Double? {
        style.wrapsAtReadableMeasure ? TypeStyle.readableMeasureEms * style.metrics.size * self.typeScale : nil
    }

    /// Letter spacing in ems for text of `size` points. For the Inter families it is Inter's
    /// dynamic metrics (rsms.me/inter/dynmetrics): −0.0223 + 0.185 · e^(−0.1745 · size), so
    /// 11-point captions open up by 0.005 em and 17-point body text tightens by 0.013 em,
    /// 34-point titles by 0.022 em. Other families are drawn as designed (0).
    public func tracking(atPointSize size: Double) -> Double {
        guard self.fontFamily.hasPrefix("Inter") else { return 0 }
        return -0.0223 + 0.185 * exp(-0.1745 * size)
    }

    public func color(_ name: ThemeColor) -> Color {
        switch name {
        case .tint: self.tint
        case .background: self.background
        case .surface: self.surface
        case .label: self.label
        case .secondaryLabel: self.secondaryLabel
        case .separator: self.separator
        case .onTint: self.onTint
        case .handleColor: self.handleColor
        }
    }
}
