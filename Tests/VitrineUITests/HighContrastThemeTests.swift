import Testing
import VitrineCore
import VitrineUI

/// The visitor's high contrast (issue 33): every text pair of a theme at 7:1 (WCAG 2.2 SC 1.4.6),
/// computed with the same contrast functions as the AA check, for the built-in palettes and the
/// examples' own.
@Suite("High contrast: every text pair at 7:1, light and dark")
struct HighContrastThemeTests {
    /// The examples' themes (Examples/*/kiosk.json), light palettes of their own.
    static let examples: [(name: String, colours: [ThemeColor: String])] = [
        ("cafe", [.tint: "#9A4A1F", .background: "#F7F2EC", .surface: "#FFFFFF", .label: "#2A1E17", .secondaryLabel: "#6B5A4E", .separator: "#E0D6CC"]),
        ("museum", [.tint: "#17627D", .background: "#F3F0EA", .surface: "#FFFFFF", .label: "#1D2A31", .secondaryLabel: "#56636B", .separator: "#D5D1C8"]),
        ("tickets", [.tint: "#09626A", .background: "#EEF3F4", .surface: "#FFFFFF", .label: "#14262B", .secondaryLabel: "#4D5F64", .separator: "#CBD6D8"]),
        ("library", [.tint: "#6B3FA0", .background: "#F4F1F8", .surface: "#FFFFFF", .label: "#1F1A26", .secondaryLabel: "#5B5366", .separator: "#D6CFE0"])
    ]

    static func theme(_ colours: [ThemeColor: String]) -> Theme {
        var theme = Theme()
        for (name, hex) in colours {
            let color = Color(hex: hex)!
            switch name {
            case .tint: theme.tint = color
            case .background: theme.background = color
            case .surface: theme.surface = color
            case .label: theme.label = color
            case .secondaryLabel: theme.secondaryLabel = color
            case .separator: theme.separator = color
            case .onTint: theme.onTint = color
            case .handleColor: theme.handleColor = color
            }
        }
        return theme
    }

    /// Every theme the test looks at: both palettes, each example's, and a dark one of mid tones.
    static var themes: [(String, Theme)] {
        var themes: [(String, Theme)] = [("light", Theme(palette: .light)), ("dark", Theme(palette: .dark))]
        for example in Self.examples { themes.append((example.name, Self.theme(example.colours))) }
        var dusk = Theme(palette: .dark)
        dusk.background = Color(hex: "#3A3F4B")!
        dusk.surface = Color(hex: "#4A505E")!
        dusk.secondaryLabel = Color(hex: "#9AA0AA")!
        themes.append(("dusk", dusk))
        return themes
    }

    @Test("every text pair reaches 7:1, separators and the grabber 3:1")
    func enhancedRatios() {
        for (name, theme) in Self.themes {
            let high = theme.highContrast()
            #expect(high.isHighContrast)
            for pair in Theme.contrastPairs {
                let ratio = high.contrastRatio(pair)
                #expect(ratio >= ContrastPair.enhancedRatio, "\(name): \(pair) (\(pair.use)) is \(String(fixed: ratio, decimals: 2)):1")
            }
            #expect(high.enhancedContrastShortfalls().isEmpty, "\(name)")
            for ground in [high.background, high.surface] {
                for part in [high.separator, high.handleColor] {
                    #expect(part.composited(over: ground).contrastRatio(with: ground) >= ContrastPair.nonTextRatio, "\(name): \(part) on \(ground)")
                }
            }
        }
    }

    @Test("the side follows the background: black text on light palettes, white on dark; fonts and sizes stay")
    func sides() {
        let light = Theme.standard.highContrast()
        #expect(light.label == .black && light.onTint == .white)
        // #F2F2F7 already has 18.8:1 with black: it stays.
        #expect(light.background == Theme.standard.background)
        let dark = Theme.dark.highContrast()
        #expect(dark.label == .white && dark.onTint == .black)
        #expect(dark.background == .black)
        var large = Theme.standard
        large.typeScale = 1.5
        large.fontFamily = "DejaVu Sans"
        let high = large.highContrast()
        #expect(high.typeScale == 1.5 && high.fontFamily == "DejaVu Sans" && high.cornerRadius == large.cornerRadius)
    }

    @Test("the tint keeps its hue: darkened towards black on light, lightened towards white on dark")
    func tintKeepsHue() {
        let museum = Self.theme(Self.examples[1].colours)
        let tint = museum.highContrast().tint
        // #17627D darkened: every channel down, blue still the largest.
        #expect(tint.red <= 0x17 && tint.green < 0x62 && tint.blue < 0x7D && tint.blue > tint.red)
        let dark = Theme.dark.highContrast().tint
        #expect(dark.blue == 255 && dark.red > 0x40)
    }

    @Test("a config's own text colour moves towards its own pole, and flips only when that side has no room")
    func ownColours() {
        let seven = ContrastPair.enhancedRatio
        // 85 % white on the demo's mid blue: lighter, but white itself has only 3.6:1 there.
        let blue = Color(hex: "#328CC1")!
        #expect(Color.white.contrastRatio(with: blue) < seven)
        #expect(Color(hex: "#FFFFFFD9")!.enhancingContrast(on: blue, ratio: seven) == .black)
        // The page's blue darkened for white text first (what a high-contrast screen does), then
        // the text: it stays light.
        let ground = blue.enhancingContrast(under: .white, ratio: seven)
        #expect(Color.white.contrastRatio(with: ground) >= seven)
        #expect(ground.blue > ground.red, "still blue")
        let text = Color(hex: "#FFFFFFD9")!.enhancingContrast(on: ground, ratio: seven)
        #expect(text.relativeLuminance > 0.8 && text.contrastRatio(with: ground) >= seven)
        // Already 7:1: only made opaque (composited over what it is on).
        #expect(Color(hex: "#1D2A31")!.enhancingContrast(on: .white, ratio: seven) == Color(hex: "#1D2A31")!)
    }
}
