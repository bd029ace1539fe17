import Testing
import VitrineCore
import VitrineUI

/// The default palettes' text/background pairs, computed from the theme values (issue 17).
@Suite("Theme contrast: WCAG 2.2 ratios of the built-in palettes")
struct ThemeContrastTests {
    @Test("the ratio formula gives WCAG's reference values")
    func referenceRatios() {
        #expect(Color.black.contrastRatio(with: .white) == 21)
        #expect(Color.white.contrastRatio(with: .white) == 1)
        // #767676 on white is the lightest grey with 4.5:1 (4.54:1, WebAIM's checker).
        #expect(abs(Color(hex: "#767676")!.contrastRatio(with: .white) - 4.54) < 0.005)
        // The old secondary grey on white: 3.26:1.
        #expect(abs(Color(hex: "#8E8E93")!.contrastRatio(with: .white) - 3.26) < 0.005)
        // A translucent text colour counts as drawn over its background: black at alpha 128/255
        // on white is 255 × 127/255 = #7F7F7F.
        #expect(Color.black.withOpacity(0.5).composited(over: .white) == Color(hex: "#7F7F7F")!)
    }

    @Test("every text pair of both palettes is at least 4.5:1", arguments: Theme.Palette.allCases)
    func palettesMeetAA(palette: Theme.Palette) {
        let theme = Theme(palette: palette)
        for pair in Theme.contrastPairs {
            let ratio = theme.contrastRatio(pair)
            #expect(ratio >= 4.5, "\(palette): \(pair) (\(pair.use)) is \(ratio):1")
        }
        #expect(theme.contrastShortfalls().isEmpty)
    }

    @Test("the old defaults fall short, each pair by its own ratio")
    func oldDefaultsFallShort() {
        var theme = Theme()
        theme.tint = Color(hex: "#0A84FF")!
        theme.secondaryLabel = Color(hex: "#8E8E93")!
        let shortfalls = theme.contrastShortfalls().map { "\($0.pair): \(String(fixed: $0.ratio, decimals: 2))" }
        #expect(
            shortfalls == [
                "secondaryLabel on background: 2.92", "secondaryLabel on surface: 3.26", "tint on background: 3.27", "tint on surface: 3.65",
                "onTint on tint: 3.65", "tint on the tint wash over background: 2.76", "tint on the tint wash over surface: 3.05"
            ])
    }
}
