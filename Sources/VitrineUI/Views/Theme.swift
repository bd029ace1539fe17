import VitrineCore

/// Colours, fonts and metrics shared by every widget; a kiosk config sets them.
///
/// The defaults are the light palette (`Theme.Palette.light`); `Theme(palette: .dark)` starts
/// from the dark one. Every text/background pair of both meets WCAG 2.2 AA (4.5:1, success
/// criterion 1.4.3), which `ThemeContrastTests` computes from these values and
/// `Theme.contrastShortfalls()` checks for a config's own colours.
public struct Theme: Sendable, Equatable {
    /// The two built-in palettes. Light keeps the iOS system greys for surfaces with a tint and
    /// secondary grey dark enough for body text; dark follows iOS's dark system colours, with a
    /// light tint and dark text on it (as Material 3's dark scheme puts "on primary" text).
    public enum Palette: String, Sendable, CaseIterable {
        case light
        case dark
    }

    /// Which palette the colours started from (a config's `theme.palette`).
    public var palette: Palette = .light
    /// Buttons, links, the navigation bar's items. Light `#0059C1`: 6.56:1 with white, 5.88:1
    /// on `#F2F2F7`, 4.69:1 on a tinted button's 15 % wash of itself (`#0A84FF`, iOS's blue,
    /// was 3.65:1 with white, below AA).
    public var tint: Color = Color(hex: "#0059C1")!
    public var background: Color = Color(hex: "#F2F2F7")!
    public var surface: Color = .white
    public var label: Color = Color(hex: "#1C1C1E")!
    /// Subtitles, headers, trailing text. Light `#636366`: 5.37:1 on `#F2F2F7` (`#8E8E93` was
    /// 2.92:1 there and 3.26:1 on white).
    public var secondaryLabel: Color = Color(hex: "#636366")!
    public var separator: Color = Color(hex: "#C6C6C8")!
    /// Text on `tint` (button titles).
    public var onTint: Color = .white
    /// The font family (fontconfig name, or a file path). Inter (Debian `fonts-inter`, SIL OFL):
    /// a UI face with true medium, semibold and bold weights, drawn for screens. Without it
    /// fontconfig's substitute is used (DejaVu Sans on Debian), and letters it lacks fall back
    /// as always.
    public var fontFamily: String = "Inter"
    public var bodySize: Double = 17
    public var titleSize: Double = 28
    public var headlineSize: Double = 17
    public var captionSize: Double = 13
    /// Multiplies every size of the type scale (`TypeStyle`): 1.25 for a panel read from a step
    /// back, 1.5 across a room.
    public var typeScale: Double = 1
    /// Corner radius of buttons and cards.
    public var cornerRadius: Double = 12
    /// The sheet grabber: 36×5 pt, radius 2.5, 9 pt from the top (SplitSheet `addHandle`).
    public var handleColor: Color = Color(hex: "#3C3C4399")!
    /// Whether the colours are the visitor's high contrast ones (`highContrast()`): a scene then
    /// draws a config's own text colours to the same 7:1 (`Color.enhancingContrast`).
    public var isHighContrast = false

    public init() {}

    /// The theme with `palette`'s colours (fonts and metrics as the defaults).
    public init(palette: Palette) {
        self.palette = palette
        guard palette == .dark else { return }
        // iOS dark: systemBackground #000000, secondarySystemBackground #1C1C1E, label white,
        // separator #38383A. The secondary grey #AEAEB2 is 7.69:1 on #1C1C1E; the tint #409CFF
        // is 6.01:1 on #1C1C1E and #001A3D on it 6.10:1 (white on any blue that reads on
        // #1C1C1E at 4.5:1 cannot itself reach 4.5:1).
        self.tint = Color(hex: "#409CFF")!
        self.background = .black
        self.surface = Color(hex: "#1C1C1E")!
        self.label = .white
        self.secondaryLabel = Color(hex: "#AEAEB2")!
        self.separator = Color(hex: "#38383A")!
        self.onTint = Color(hex: "#001A3D")!
        self.handleColor = Color(hex: "#EBEBF54D")!
    }

    /// This theme with `palette`'s colours in place of its own; fonts, sizes and metrics stay
    /// (`vitrine render --palette`, the gallery's light and dark pictures).
    public func withColours(of palette: Palette) -> Theme {
        let colours = Theme(palette: palette)
        var theme = self
        theme.palette = palette
        theme.tint = colours.tint
        theme.background = colours.background
        theme.surface = colours.surface
        theme.label = colours.label
        theme.secondaryLabel = colours.secondaryLabel
        theme.separator = colours.separator
        theme.onTint = colours.onTint
        theme.handleColor = colours.handleColor
        return theme
    }

    public static let standard = Theme()
    public static let dark = Theme(palette: .dark)
}
