import VitrineCore

/// Moving colours apart until text reads at a contrast ratio: what the visitor's high contrast
/// (`Theme.highContrast()`) does to a theme, and what a scene does to a config's own colours
/// under it.
extension Color {
    /// The relative luminance at which black and white contrast equally with a colour:
    /// (L + 0.05) / 0.05 = 1.05 / (L + 0.05), so L = √(0.05 · 1.05) − 0.05 ≈ 0.179 (WCAG 2.2's
    /// ratio formula). Above it black reads better, below it white.
    public static let evenLuminance = (0.05 * 1.05).squareRoot() - 0.05

    /// Black or white, whichever contrasts more with this colour.
    public var contrastingPole: Color { self.relativeLuminance > Self.evenLuminance ? .black : .white }

    /// This colour (made opaque) moved towards `target` in 64 even steps of straight sRGB, the
    /// first step `reached` accepts; `target` itself when none does. Mixing towards black or
    /// white keeps the hue, so a tint stays recognisably the brand's colour.
    public func moved(toward target: Color, until reached: (Color) -> Bool) -> Color {
        var opaque = self
        opaque.alpha = 255
        for step in 0...64 {
            let color = opaque.interpolated(to: target, fraction: Double(step) / 64)
            if reached(color) { return color }
        }
        return target
    }

    /// Text in this colour, drawn on `background`, made to read at `ratio`: composited over the
    /// background (a translucent white becomes the grey it shows as), then moved towards the pole
    /// on its own side of the background (light text gets lighter, dark text darker), so a
    /// designer's white-on-blue stays white on blue. When that side has no room (white on a mid
    /// blue tops out below the ratio), the other pole.
    public func enhancingContrast(on background: Color, ratio: Double) -> Color {
        let drawn = self.composited(over: background)
        if drawn.contrastRatio(with: background) >= ratio { return drawn }
        let pole: Color = drawn.relativeLuminance >= background.relativeLuminance ? .white : .black
        let moved = drawn.moved(toward: pole) { $0.contrastRatio(with: background) >= ratio }
        return moved.contrastRatio(with: background) >= ratio ? moved : background.contrastingPole
    }

    /// A background (this colour) for text at `pole` (black or white) to read on at `ratio`:
    /// moved away from the pole until it does.
    public func enhancingContrast(under pole: Color, ratio: Double) -> Color {
        let away: Color = pole.relativeLuminance > Self.evenLuminance ? .black : .white
        return self.moved(toward: away) { pole.contrastRatio(with: $0) >= ratio }
    }
}
