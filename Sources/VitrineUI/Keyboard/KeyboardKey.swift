import VitrineCore

/// One key of the on-screen keyboard, as planned (`KeyboardPlan`): what it does, its width in
/// units of a letter key, and a stable name for tests and the state dump.
public struct KeyboardKey: Equatable, Sendable {
    public enum Role: Equatable, Sendable {
        /// Types `text` (already shifted when Shift is on).
        case character(String)
        case shift
        case backspace
        case space
        /// Submits the field; its cap shows the field's submit title.
        case submit
        /// Switches to another page of keys.
        case page(KeyboardPage)
        /// Hides the keyboard.
        case hide
    }

    public var role: Role
    /// `q`, `ß`, `shift`, `backspace`, `space`, `submit`, `page:symbols`, `hide`.
    public var name: String
    /// Width in letter-key units.
    public var width: Double
    /// Accented variants a long press offers (`é è ê ë` on `e`), already shifted.
    public var variants: [String]

    public init(_ role: Role, name: String, width: Double = 1, variants: [String] = []) {
        self.role = role
        self.name = name
        self.width = width
        self.variants = variants
    }

    /// A letter, digit or symbol key: the ones that show a popup while pressed.
    public var isCharacter: Bool {
        if case .character = self.role { return true }
        return false
    }
}

/// The pages of keys the on-screen keyboard shows.
public enum KeyboardPage: String, Equatable, Sendable, CaseIterable {
    /// The layout's letters, with shift, space and the submit key.
    case letters
    /// Digits and the common symbols.
    case symbols
    /// A phone-style pad: digits only (number and PIN fields).
    case numberPad
    /// The pad with a decimal separator.
    case decimalPad
}
