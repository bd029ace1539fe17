import CXkbcommon
import VitrineCore

/// Reads the on-screen keyboard's letter rows from an xkb keymap, so it shows what a hardware
/// keyboard with the same layout types (`KeyboardLayout`, which knows nothing of xkb).
///
/// The rows are xkeyboard-config's alphanumeric rows by their key names (`keycodes/evdev`;
/// xkb keycode = evdev code + 8): `AD01`…`AD12` (24…35, Q W E R T Y…), `AC01`…`AC11` (38…48,
/// A S D F…) and `AB01`…`AB10` (52…61, Z X C V…). A key is kept when its first level (first
/// layout) is a letter (`Character.isLetter`), dead keys excepted; what it types with Shift is
/// its second level when that is a letter, else the letter itself (French `ù` has `%` there,
/// German `ß` has `?`, and neither belongs on a letter key). A letter the layout puts on the
/// digit row `AE01`…`AE12` (10…21), when that row's first level is digits, is added to the end
/// of the `AB` row: German `ß` (on `AE11`). So `us` is `qwertyuiop / asdfghjkl / zxcvbnm`,
/// `de` `qwertzuiopü / asdfghjklöä / yxcvbnmß`, `fr` `azertyuiop / qsdfghjklmù / wxcvbn`.
public enum XkbLayoutReader {
    /// xkb keycodes of the rows, top first.
    static let letterRows: [ClosedRange<UInt32>] = [24...35, 38...48, 52...61]
    static let digitRow: ClosedRange<UInt32> = 10...21

    /// Compiles `names` and reads its letter rows.
    /// - Throws: what `XkbKeymap` throws for names xkbcommon refuses, or `.invalidKeymap` when
    ///   the layout has no letters on its letter keys (the on-screen keyboard cannot show it).
    public static func layout(_ names: KeymapNames) throws(VitrineError) -> KeyboardLayout {
        try self.layout(XkbKeymap(names))
    }

    /// The letter rows of `keymap`.
    public static func layout(_ keymap: XkbKeymap) throws(VitrineError) -> KeyboardLayout {
        var rows = self.letterRows.map { range in range.compactMap { self.letterCap(keymap, $0) } }
        let digitBases = self.digitRow.map { keymap.keysyms($0, level: 0).first.flatMap(Self.text) ?? "" }
        // AE01…AE10 are `1`…`0` when the digits are the row's first level (not so in `fr`).
        if digitBases.prefix(10).allSatisfy({ $0.count == 1 && $0.first!.isWholeNumber }) {
            rows[2] += self.digitRow.compactMap { self.letterCap(keymap, $0) }
        }
        guard rows.contains(where: { !$0.isEmpty }) else {
            throw VitrineError(
                .invalidKeymap,
                "the xkb layout \(QuotedValue.quoted(keymap.names.description)) has no letters on its letter keys; the on-screen keyboard cannot show it",
                hint: "name a layout with letters for the on-screen keyboard")
        }
        return KeyboardLayout(name: keymap.names.description, rows: rows)
    }

    /// The key cap of a letter key, or nil when its first level is not a letter.
    static func letterCap(_ keymap: XkbKeymap, _ keycode: UInt32) -> KeyboardLayout.KeyCap? {
        guard let base = keymap.keysyms(keycode, level: 0).first, !Keysym.isDead(base), let text = self.text(base),
            text.count == 1, text.first!.isLetter
        else { return nil }
        let shifted = keymap.keysyms(keycode, level: 1).first.flatMap(Self.text)
        guard let shifted, shifted.count == 1, shifted.first!.isLetter else {
            // Shift gives no letter there (French ù has %, German ß has ?): the letter's own
            // capital when it is one letter (Ù), else the letter (ß, whose capital is SS).
            let capital = text.uppercased()
            return KeyboardLayout.KeyCap(text, shifted: capital.count == 1 ? capital : text)
        }
        return KeyboardLayout.KeyCap(text, shifted: shifted)
    }

    /// What `keysym` types, or nil when it types nothing.
    static func text(_ keysym: UInt32) -> String? {
        let text = Keysym.utf8(keysym)
        return text.isEmpty ? nil : text
    }
}
