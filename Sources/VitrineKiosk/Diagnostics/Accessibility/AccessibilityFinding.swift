/// One thing `vitrine check-config --accessibility` found (Docs/accessibility.md, "The audit"): how much
/// it matters, which check found it, on which screen and at which view (its config path), and
/// what to add.
///
/// `error: keys: screens.home.content.children[2] (id map): a MapView answers a tap, and keys
/// and the keypad never reach it: …`
public struct AccessibilityFinding: Sendable, Equatable, CustomStringConvertible {
    /// How much it matters.
    public enum Level: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
        /// A visitor cannot use or hear something: an action with nothing to say, an action only
        /// a finger reaches.
        case error
        /// It works, worse than it should: a text in one language for every visitor, a colour
        /// pair below 4.5:1, a control smaller than a finger.
        case warning
        /// Worth a look, perhaps as meant: a picture without a description, speech's own words
        /// in English, the reach not checked.
        case notice

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }

        public var description: String {
            switch self {
            case .error: "error"
            case .warning: "warning"
            case .notice: "notice"
            }
        }
    }

    /// Which check found it, in the order the report lists them.
    public enum Check: String, Sendable, CaseIterable {
        /// What speech says for each element: actions with nothing to say, pictures without a
        /// description.
        case labels
        /// What keys and a keypad reach: actions only a finger reaches, pages and sheets only a
        /// drag moves.
        case keys
        /// Texts in every language of the kiosk, and speech's own words in them.
        case translations
        /// The theme's colour pairs (the config check's contrast warnings).
        case contrast
        /// 44 × 44-point touch targets (`HitTargetAudit`).
        case targets = "target size"
        /// Elements within reach of a seated visitor (`AccessibilityModel.reachRange`).
        case reach = "reachability"
    }

    public var level: Level
    public var check: Check
    /// The screen's id; nil for what concerns the whole kiosk (its theme, its languages, where it
    /// is mounted).
    public var screen: String?
    /// The view's config path, with its `id` when it has one; nil for the screen or the kiosk as
    /// a whole.
    public var path: String?
    /// What is wrong and what to add.
    public var message: String
    /// The languages it was found in, when not all of the kiosk's (a German title too long for
    /// its button); empty: every language, or a kiosk in one.
    public var languages: [String] = []

    public init(_ level: Level, _ check: Check, screen: String?, path: String?, _ message: String) {
        self.level = level
        self.check = check
        self.screen = screen
        self.path = path
        self.message = message
    }

    /// `error: labels: screens.home.content.children[1]: …`, then the languages it was found in
    /// when not all.
    public var description: String {
        var text = "\(self.level): \(self.check.rawValue): "
        if let path = self.path { text += path + ": " }
        text += self.message
        if !self.languages.isEmpty { text += " (in \(self.languages.joined(separator: ", ")))" }
        return text
    }
}
