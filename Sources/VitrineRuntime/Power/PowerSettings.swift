/// Which backlight dims and darkens the panel.
public enum BacklightChoice: Sendable, Equatable {
    /// The first device in /sys/class/backlight (by name), if there is one.
    case auto
    /// /sys/class/backlight/<name>.
    case device(String)
    /// No backlight: blanking uses the display's own power switch only, and there is no dimming.
    case none
}

/// When the panel is on, dimmed or blank: a config's `display.power` (Docs/config.md,
/// "Display power").
public struct PowerSettings: Sendable, Equatable {
    /// The weekly on-times; empty means always on.
    public var schedule = PowerSchedule(periods: [])
    /// Seconds without a touch until the panel blanks; nil: never (for idleness).
    public var blankAfter: Double?
    /// Seconds without a touch until the backlight dims; nil: never. Less than `blankAfter`.
    public var dimAfter: Double?
    /// The dimmed brightness as a fraction of the brightness in use before.
    public var dimLevel = PowerSettings.defaultDimLevel
    public var backlight = BacklightChoice.auto

    /// 0.3: dim enough to read as "asleep", bright enough to read the screen from near by.
    public static let defaultDimLevel = 0.3
    /// How long a touch in scheduled-off time keeps the panel on when `blankAfter` is not set:
    /// a minute, enough to look something up.
    public static let offTimeWakeSeconds = 60.0

    public init(
        schedule: PowerSchedule = PowerSchedule(periods: []), blankAfter: Double? = nil, dimAfter: Double? = nil,
        dimLevel: Double = PowerSettings.defaultDimLevel, backlight: BacklightChoice = .auto
    ) {
        self.schedule = schedule
        self.blankAfter = blankAfter
        self.dimAfter = dimAfter
        self.dimLevel = dimLevel
        self.backlight = backlight
    }
}
