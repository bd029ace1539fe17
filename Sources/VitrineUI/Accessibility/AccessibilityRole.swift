/// What kind of thing a view is, as speech mode names it after its label ("Day pass, € 7.50,
/// button, 2 of 3"): the roles of WAI-ARIA 1.2 a kiosk's views map to (button, textbox, img,
/// heading), spoken in the kiosk's language (`AccessibilityPhrases`).
public enum AccessibilityRole: String, Sendable, Equatable, CaseIterable {
    case button
    case textField
    case image
    case heading
    /// Plain text: spoken by touch exploration and on a screen's arrival, never focused.
    case text
    /// A key of the on-screen keyboard.
    case key
    /// An on/off switch (a toggle row; ARIA `switch`): said with "on" or "off" after it.
    case `switch`
    /// A value on a track (ARIA `slider`): its value is said before the role.
    case slider
    /// How far some work has gone (WAI-ARIA `progressbar`): a progress bar says its percentage,
    /// a spinner "in progress" (ARIA's indeterminate progressbar, which has no value).
    case progressBar

    /// Whether the role is said after the label: a text is just read.
    var isSpoken: Bool { self != .text && self != .key }
}

/// States speech mode says after the role ("selected", "dimmed").
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The chosen one of a set (a list row with a check mark).
    public static let selected = AccessibilityTraits(rawValue: 1 << 0)
    /// Shown but not usable now (a stepper's − at its minimum).
    public static let dimmed = AccessibilityTraits(rawValue: 1 << 1)
    /// What is typed is not said (a PIN field).
    public static let secure = AccessibilityTraits(rawValue: 1 << 2)
    /// A switch that is on (ARIA `aria-checked`); a switch without it is said "off".
    public static let checked = AccessibilityTraits(rawValue: 1 << 3)
    /// A slider a keypad is adjusting (select pressed on it): up and down change it until select
    /// or back (`SliderView.isAdjusting`).
    public static let adjusting = AccessibilityTraits(rawValue: 1 << 4)
}
