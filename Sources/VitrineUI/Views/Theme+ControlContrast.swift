import VitrineCore

/// One part of a control drawn on something else, and the contrast it needs (a switch's thumb
/// on its track, a slider's thumb on the screen).
public struct ControlContrastPair: Sendable, Equatable, CustomStringConvertible {
    /// The part's colour.
    public var part: ThemeColor
    /// What it is drawn on.
    public var background: ThemeColor
    /// Where the pair shows, for messages.
    public var use: String
    /// WCAG 2.2 AA, success criterion 1.4.11 (Non-text Contrast): "visual information required
    /// to identify user interface components and states" needs 3:1 against adjacent colours.
    public static let minimumRatio = 3.0

    public var description: String { "\(self.part.rawValue) on \(self.background.rawValue)" }
}

extension Theme {
    /// Every place the toggle, the slider and the segmented control draw a part that tells what
    /// they are or what state they are in. (The segmented control's titles are text: its pairs
    /// are the buttons' in `contrastPairs`. A slider's value is where its thumb is, 3:1 on the
    /// screen; its filled track in `tint` beside the rest in `secondaryLabel` differs in hue
    /// more than in lightness, and says nothing the thumb does not.)
    public static let controlContrastPairs: [ControlContrastPair] = [
        ControlContrastPair(part: .secondaryLabel, background: .background, use: "a switch's off track and a slider's track on screens"),
        ControlContrastPair(part: .secondaryLabel, background: .surface, use: "a switch's off track and a slider's track on cards and sheets"),
        ControlContrastPair(part: .surface, background: .secondaryLabel, use: "a switch's thumb when off"),
        ControlContrastPair(part: .tint, background: .background, use: "a switch's on track, a slider's filled track and thumb on screens"),
        ControlContrastPair(part: .tint, background: .surface, use: "a switch's on track, a slider's filled track and thumb on cards and sheets"),
        ControlContrastPair(part: .onTint, background: .tint, use: "a switch's thumb when on")
    ]

    /// `pair`'s contrast ratio in this theme (translucent colours composited over the screen's
    /// background first).
    public func contrastRatio(_ pair: ControlContrastPair) -> Double {
        let background = self.color(pair.background).composited(over: self.background)
        return self.color(pair.part).composited(over: background).contrastRatio(with: background)
    }

    /// The control pairs below `ControlContrastPair.minimumRatio`, each with its ratio.
    public func controlContrastShortfalls() -> [(pair: ControlContrastPair, ratio: Double)] {
        Self.controlContrastPairs.compactMap { pair in
            let ratio = self.contrastRatio(pair)
            return ratio < ControlContrastPair.minimumRatio ? (pair, ratio) : nil
        }
    }
}
