/// The letter keys of one keyboard layout, as the on-screen keyboard draws them: three rows of
/// key caps, each with what it types plain and with Shift.
///
/// `VitrineKeys.XkbLayoutReader` reads it from xkeyboard-config through libxkbcommon (the rows
/// `AD`, `AC`, `AB` of the layout, and a letter the layout puts beside the digits, like German
/// `ß`); the on-screen keyboard (`VitrineUI.OnScreenKeyboard`) knows nothing of xkb.
public struct KeyboardLayout: Equatable, Sendable {
    /// One key: what it types, and what it types with Shift or Caps Lock.
    public struct KeyCap: Equatable, Sendable {
        public var base: String
        public var shifted: String
        public init(_ base: String, shifted: String? = nil) {
            self.base = base
            self.shifted = shifted ?? base.uppercased()
        }
    }

    /// The xkb layout name it came from (`de`, `fr`, `us`).
    public var name: String
    /// Top row first; each row left to right.
    public var rows: [[KeyCap]]

    public init(name: String, rows: [[KeyCap]]) {
        self.name = name
        self.rows = rows
    }

    /// US QWERTY: what the on-screen keyboard shows when no layout could be read.
    public static let qwerty = KeyboardLayout(
        name: "us", rows: ["qwertyuiop", "asdfghjkl", "zxcvbnm"].map { row in row.map { KeyCap(String($0)) } })
}
