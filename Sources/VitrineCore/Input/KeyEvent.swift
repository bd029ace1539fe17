/// One key from a keyboard, a keypad or the on-screen keyboard, decoded: what it means, not which
/// scan code it was (libxkbcommon did that with the configured keymap, `VitrineKeys`).
///
/// Key events go to the window's focused element (`Window.handle(_:)`); a scanner's keys never
/// become key events (`ScanEvent`).
public struct KeyEvent: Equatable, Sendable, CustomStringConvertible {
    /// What the key does.
    public enum Key: Equatable, Sendable, CustomStringConvertible {
        /// Text to insert (one character, or a few for a composed sequence).
        case text(String)
        case backspace
        /// The Delete key: removes the character after the caret.
        case deleteForward
        /// Return, Enter or the keypad's Enter: submits a field, activates the focused element.
        case enter
        /// Tab (Shift+Tab moves backwards: `modifiers.shift`).
        case tab
        /// Escape: dismisses the keyboard or a sheet, else goes back.
        case escape
        case left, right, up, down
        case home, end
        /// A key Vitrine gives no meaning to, by its keysym name (`F5`, `Print`): logged in
        /// `vitrine input-debug`, ignored by the views.
        case other(String)

        public var description: String {
            switch self {
            case .text(let text): "text(\(text.debugDescription))"
            case .other(let name): name
            case .backspace: "backspace"
            case .deleteForward: "delete"
            case .enter: "enter"
            case .tab: "tab"
            case .escape: "escape"
            case .left: "left"
            case .right: "right"
            case .up: "up"
            case .down: "down"
            case .home: "home"
            case .end: "end"
            }
        }
    }

    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1 << 0)
        public static let control = Modifiers(rawValue: 1 << 1)
        public static let alt = Modifiers(rawValue: 1 << 2)
    }

    public var key: Key
    public var modifiers: Modifiers
    /// True for the repeats of a held key (the source makes them; they are bounded there).
    public var isRepeat: Bool
    /// Monotonic time in microseconds (libinput `get_time_usec`).
    public var timestamp: UInt64
    /// The device's name (`EVIOCGNAME`), or `on-screen keyboard`.
    public var device: String

    public init(_ key: Key, modifiers: Modifiers = [], isRepeat: Bool = false, timestamp: UInt64 = 0, device: String = "") {
        self.key = key
        self.modifiers = modifiers
        self.isRepeat = isRepeat
        self.timestamp = timestamp
        self.device = device
    }

    /// Never the text itself: what a visitor types is not logged (Docs/input.md, "Keyboards and scanners").
    public var description: String {
        let key: String
        if case .text(let text) = self.key { key = "text(\(text.count) characters)" } else { key = self.key.description }
        return "t=\(self.timestamp)us \(key)\(self.isRepeat ? " repeat" : "")\(self.modifiers.contains(.shift) ? " shift" : "") from \(self.device)"
    }
}

/// What a barcode or QR scanner read: the characters it typed up to its Enter, from a device
/// configured as a scanner or recognised by its timing (`ScanClassifier`). Scans go to the
/// scene's `onScan` actions and to control-socket subscribers, never into a text field.
public struct ScanEvent: Equatable, Sendable {
    public var code: String
    /// The scanner's name (`EVIOCGNAME`).
    public var device: String
    public var timestamp: UInt64

    public init(code: String, device: String, timestamp: UInt64 = 0) {
        self.code = code
        self.device = device
        self.timestamp = timestamp
    }
}
