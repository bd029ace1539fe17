import VitrineUI

/// What a visitor chose on the accessibility sheet for how the kiosk looks (issue 33;
/// Docs/accessibility.md, "The visitor's settings"): larger text and high contrast. Both are off at the start and
/// after every idle reset; reach mode (`SceneController.reachMode`) and speech
/// (`SceneController.speechMode`) are the controller's own.
public struct VisitorSettings: Sendable, Equatable {
    /// Every text of the type scale (and the icons beside it) 1.5 times as large, every screen
    /// laid out again.
    public var largerText = false
    /// The theme's `highContrast()` colours: 7:1 for every text (WCAG 2.2 SC 1.4.6).
    public var highContrast = false

    public init(largerText: Bool = false, highContrast: Bool = false) {
        self.largerText = largerText
        self.highContrast = highContrast
    }

    /// What "Larger text" multiplies the theme's `typeScale` by: 1.5 (issue 33). Body text goes
    /// from 17 to 25.5 points, between iOS's largest standard Dynamic Type size (xxxLarge, body
    /// 23 points, 1.35×) and its first accessibility size (AX1, body 28 points, 1.65×; Apple
    /// HIG, Typography, "Dynamic Type sizes").
    public static let largerTextScale = 1.5

    /// The defaults: what idle goes back to.
    public var isDefault: Bool { self == VisitorSettings() }

    /// The theme the screens are built with under these settings, from the config's `base`.
    public func theme(from base: Theme) -> Theme {
        var theme = base
        if self.largerText { theme.typeScale *= Self.largerTextScale }
        if self.highContrast { theme = theme.highContrast() }
        return theme
    }
}
