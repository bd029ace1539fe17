import VitrineCore

/// The config's `accessibility` section (Docs/accessibility.md): the keypad's keys, where the
/// panel is mounted, and when the kiosk asks whether the visitor needs more time.
public struct AccessibilityModel: Sendable, Equatable {
    /// What a key of an EZ-Access–style keypad does (EN 301 549 5.1.6.1 "operation without
    /// vision"; 2010 ADA §707.6 tactile input). Every command also has keyboard defaults.
    public enum KeypadCommand: String, Sendable, CaseIterable {
        /// The previous / next actionable element, in reading order.
        case up, down
        /// Activates the focused element.
        case select
        /// Goes back (or dismisses a sheet, an alert or the keyboard).
        case back
        /// Says where the visitor is and which keys do what.
        case help
        /// Says the last utterance again (§707.5: "repeat").
        case `repeat`
        /// Stops speaking (§707.5: "interrupt").
        case stop
        /// The speech volume (EN 301 549 5.1.3.1: "user control of volume").
        case volumeUp, volumeDown
        /// Starts or stops speech mode without a headset being plugged (a configured key).
        case speech
        /// Slides the screen down within reach of a seated visitor, and back.
        case reach

        /// The keys that do this when the config maps none: the arrows, Enter and Escape a
        /// keyboard has, and function keys for the rest (an EZ-Access keypad is a USB keypad
        /// sending whichever keys it is programmed with; a config maps them).
        public var defaultKeys: [String] {
            switch self {
            case .up: ["up", "left"]
            case .down: ["down", "right"]
            case .select: ["enter"]
            case .back: ["escape"]
            case .help: ["F1", "Help"]
            case .repeat: ["F2"]
            case .stop: ["F3"]
            case .volumeDown: ["F4", "XF86AudioLowerVolume"]
            case .volumeUp: ["F5", "XF86AudioRaiseVolume"]
            case .speech: ["F6"]
            case .reach: ["F7"]
            }
        }
    }

    /// Where the panel's active area is, as heights above the floor in millimetres.
    public struct MountHeight: Sendable, Equatable {
        /// The top edge of the screen's active area, in millimetres above the floor.
        public var top: Double
        /// The bottom edge.
        public var bottom: Double
        public init(top: Double, bottom: Double) {
            self.top = top
            self.bottom = bottom
        }
    }

    /// The highest and lowest a forward reach gets, in millimetres: 2010 ADA §308.2.1 "Unobstructed":
    /// 48 in (1,220 mm) maximum, 15 in (380 mm) minimum; EN 301 549 defers to the same ranges
    /// (its Annex on reach, after ISO 21542).
    public static let reachRange = 380.0...1220.0

    /// Key name → command; a key named here does this instead of its default (key names are
    /// `KeyEvent.Key` descriptions — up, enter, escape — or xkb keysym names: F1, KP_Add).
    public var keys: [String: KeypadCommand] = [:]
    /// nil: not given (the reach check in `check-config --accessibility` says so).
    public var mountHeight: MountHeight?
    /// Seconds before the idle reset that "Do you need more time?" appears: WCAG 2.2 SC 2.2.1
    /// (Timing Adjustable) asks for at least 20 seconds to answer.
    public var moreTimeWarning = 30.0
    /// The least `moreTimeWarning` may be: WCAG 2.2 SC 2.2.1's 20 seconds.
    public static let leastMoreTimeWarning = 20.0
    /// The speech rate in words per minute (eSpeak NG's default is 175; 80–450 it accepts).
    public var speechRate = 165.0
    /// The ALSA device speech plays on (`aplay -L` lists them): "default" is the sound card's
    /// first output, which on a Raspberry Pi is its headphone jack; a USB headset adapter is
    /// e.g. "plughw:CARD=Device".
    public var speechDevice = "default"
    /// False: the kiosk never speaks (no headset jack watched, the speech key does nothing).
    public var speech = true

    public init() {}

    /// The command `key` gives: the config's mapping first, then the defaults.
    public func command(for key: KeyEvent) -> KeypadCommand? {
        let name = key.key.description
        var text: String?
        if case .text(let typed) = key.key { text = typed }
        if let mapped = self.keys[name] ?? text.flatMap({ self.keys[$0] }) { return mapped }
        return KeypadCommand.allCases.first { $0.defaultKeys.contains(name) && !self.keys.keys.contains(name) }
    }
}
