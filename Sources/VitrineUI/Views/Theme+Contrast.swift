import VitrineCore

/// One text-on-background pair of a theme and the contrast it needs.
public struct ContrastPair: Sendable, Equatable, CustomStringConvertible {
    /// The text's colour, by theme name.
    public var text: ThemeColor
    /// What the text is drawn on: a theme colour, or the tinted button's wash over one.
    public var background: Background
    /// Where the pair shows, for messages ("list subtitles").
    public var use: String
    /// WCAG 2.2 AA (success criterion 1.4.3): 4.5:1 for body text. Every pair here is text at
    /// body size or smaller (button titles are 17-point semibold, under the 18.66-pixel bold of
    /// "large text"), so every pair needs 4.5:1.
    public static let minimumRatio = 4.5

    public enum Background: Sendable, Equatable, CustomStringConvertible {
        case color(ThemeColor)
        /// `tint` at `ButtonStyle.tintedWashOpacity` over the given colour (a tinted button).
        case tintWash(over: ThemeColor)

        /// The theme colour under the text (under the wash, for a tinted button).
        public var base: ThemeColor {
            switch self {
            case .color(let name), .tintWash(over: let name): name
            }
        }

        public var description: String {
            switch self {
            case .color(let name): name.rawValue
            case .tintWash(let name): "the tint wash over \(name.rawValue)"
            }
        }
    }

    public var description: String { "\(self.text.rawValue) on \(self.background)" }
}

extension Theme {
    /// Every place the built-in views draw a theme text colour on a theme colour.
    public static let contrastPairs: [ContrastPair] = [
        ContrastPair(text: .label, background: .color(.background), use: "text on screens"),
        ContrastPair(text: .label, background: .color(.surface), use: "text on sheets, cards and list rows"),
        ContrastPair(text: .secondaryLabel, background: .color(.background), use: "list headers and footers"),
        ContrastPair(text: .secondaryLabel, background: .color(.surface), use: "subtitles and trailing text in rows and cards"),
        ContrastPair(text: .tint, background: .color(.background), use: "plain buttons on screens"),
        ContrastPair(text: .tint, background: .color(.surface), use: "navigation bar items and plain buttons on sheets"),
        ContrastPair(text: .onTint, background: .color(.tint), use: "filled buttons' titles"),
        ContrastPair(text: .tint, background: .tintWash(over: .background), use: "tinted buttons' titles on screens"),
        ContrastPair(text: .tint, background: .tintWash(over: .surface), use: "tinted buttons' titles on sheets")
    ]

    /// The colour `background` stands for in this theme.
    public func color(_ background: ContrastPair.Background) -> Color {
        switch background {
        case .color(let name): self.color(name).composited(over: self.background)
        case .tintWash(let name): self.tint.withOpacity(ButtonStyle.tintedWashOpacity).composited(over: self.color(name).composited(over: self.background))
        }
    }

    /// `pair`'s contrast ratio in this theme (translucent colours composited over what is
    /// behind them first).
    public func contrastRatio(_ pair: ContrastPair) -> Double {
        let background = self.color(pair.background)
        return self.color(pair.text).composited(over: background).contrastRatio(with: background)
    }

    /// The pairs below `ContrastPair.minimumRatio`, each with its ratio.
    public func contrastShortfalls() -> [(pair: ContrastPair, ratio: Double)] {
        Self.contrastPairs.compactMap { pair in
            let ratio = self.contrastRatio(pair)
            return ratio < ContrastPair.minimumRatio ? (pair, ratio) : nil
        }
    }
}
