import VitrineCore

extension ContrastPair {
    /// WCAG 2.2 AAA, success criterion 1.4.6 (Contrast (Enhanced)): 7:1 for text (4.5:1 for
    /// large text; every pair here is body size or smaller, so 7:1 throughout).
    public static let enhancedRatio = 7.0
    /// WCAG 2.2 success criterion 1.4.11 (Non-text Contrast): 3:1 for the parts of controls and
    /// graphics needed to see them (separators, the sheet grabber).
    public static let nonTextRatio = 3.0
}

extension Theme {
    /// The visitor's "High contrast": this theme's colours moved apart until every text pair of
    /// `contrastPairs` reaches `ContrastPair.enhancedRatio` (7:1), light and dark alike. Fonts,
    /// sizes and metrics stay.
    ///
    /// The side is the background's: on a light one, text is black and the tint and the
    /// secondary grey are darkened (keeping their hue) until they read at 7:1 on the background,
    /// the surface and the tinted button's wash, with white titles on filled buttons; on a dark
    /// one the same towards white, with black titles. Backgrounds and surfaces are first moved
    /// away from the text until it reads at `groundRatio` on them, which leaves room for a tint
    /// between (a mid-grey background could not hold 7:1 text on both sides of a button).
    /// Separators and the grabber are made opaque and reach `ContrastPair.nonTextRatio`.
    public func highContrast() -> Theme {
        var theme = self
        theme.isHighContrast = true
        let text = self.background.composited(over: .white).contrastingPole
        let away: Color = text == .black ? .white : .black
        func ground(_ color: Color) -> Color { color.moved(toward: away) { text.contrastRatio(with: $0) >= Self.groundRatio } }
        theme.background = ground(self.background.composited(over: away))
        theme.surface = ground(self.surface.composited(over: theme.background))
        theme.label = text
        theme.onTint = away
        let grounds = [theme.background, theme.surface]
        func reads(_ color: Color, at ratio: Double) -> Bool { grounds.allSatisfy { color.contrastRatio(with: $0) >= ratio } }
        theme.secondaryLabel = self.secondaryLabel.composited(over: theme.background).moved(toward: text) {
            reads($0, at: ContrastPair.enhancedRatio)
        }
        // The pairs the tint is in: as text, as a filled button's fill, as a tinted one's wash.
        let tintPairs = Self.contrastPairs.filter { pair in
            if pair.text == .tint { return true }
            if case .color(let name) = pair.background { return name == .tint }
            return true
        }
        theme.tint = self.tint.composited(over: theme.background).moved(toward: text) { tint in
            var trial = theme
            trial.tint = tint
            return tintPairs.allSatisfy { trial.contrastRatio($0) >= ContrastPair.enhancedRatio }
        }
        theme.separator = self.separator.composited(over: theme.background).moved(toward: text) { reads($0, at: ContrastPair.nonTextRatio) }
        theme.handleColor = self.handleColor.composited(over: theme.surface).moved(toward: text) { reads($0, at: ContrastPair.nonTextRatio) }
        return theme
    }

    /// The contrast of the text colour (black or white) with the high-contrast backgrounds:
    /// 15:1. A light background then has a relative luminance of at least 0.7 (`#F2F2F7` is
    /// 0.89, 18.8:1 with black, and stays), so a tint dark enough for white titles at 7:1 (at
    /// most 0.1) still reads at 7:1 on it; a dark one at most 0.02 (`#1C1C1E` is 16.9:1 with
    /// white).
    public static let groundRatio = 15.0

    /// The pairs below `ContrastPair.enhancedRatio`, each with its ratio (empty for a
    /// `highContrast()` theme).
    public func enhancedContrastShortfalls() -> [(pair: ContrastPair, ratio: Double)] {
        Self.contrastPairs.compactMap { pair in
            let ratio = self.contrastRatio(pair)
            return ratio < ContrastPair.enhancedRatio ? (pair, ratio) : nil
        }
    }
}
