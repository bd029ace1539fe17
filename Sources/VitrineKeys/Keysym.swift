import CXkbcommon
import VitrineCore

/// What Vitrine needs to know about an xkb keysym (`xkbcommon-keysyms.h`).
enum Keysym {
    /// The keys that have a meaning of their own (`KeyEvent.Key`), by keysym; the keypad's
    /// editing keys (Num Lock off) mean the same as the main ones.
    static let named: [UInt32: KeyEvent.Key] = {
        let pairs: [(Int32, KeyEvent.Key)] = [
            (XKB_KEY_BackSpace, .backspace), (XKB_KEY_Return, .enter), (XKB_KEY_KP_Enter, .enter), (XKB_KEY_ISO_Enter, .enter),
            (XKB_KEY_Tab, .tab), (XKB_KEY_ISO_Left_Tab, .tab), (XKB_KEY_KP_Tab, .tab), (XKB_KEY_Escape, .escape),
            (XKB_KEY_Left, .left), (XKB_KEY_Right, .right), (XKB_KEY_Up, .up), (XKB_KEY_Down, .down),
            (XKB_KEY_KP_Left, .left), (XKB_KEY_KP_Right, .right), (XKB_KEY_KP_Up, .up), (XKB_KEY_KP_Down, .down),
            (XKB_KEY_Home, .home), (XKB_KEY_End, .end), (XKB_KEY_KP_Home, .home), (XKB_KEY_KP_End, .end),
            (XKB_KEY_Delete, .deleteForward), (XKB_KEY_KP_Delete, .deleteForward)
        ]
        return Dictionary(uniqueKeysWithValues: pairs.map { (UInt32($0.0), $0.1) })
    }()

    /// Shift+Tab: xkb gives `ISO_Left_Tab` for Tab with Shift.
    static let leftTab = UInt32(XKB_KEY_ISO_Left_Tab)

    /// The keysym's UTF-8 text (`xkb_keysym_to_utf8`); empty when it has none.
    static func utf8(_ keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 16)
        let count = xkb_keysym_to_utf8(keysym, &buffer, buffer.count)
        guard count > 1 else { return "" }
        return self.string(buffer)
    }

    /// The keysym's name (`xkb_keysym_get_name`): `F5`, `dead_acute`, `0x1008ff13`.
    static func name(_ keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard xkb_keysym_get_name(keysym, &buffer, buffer.count) > 0 else { return "keysym \(keysym)" }
        return self.string(buffer)
    }

    /// The text of a NUL-terminated C buffer.
    static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A dead key (`dead_acute`, `dead_circumflex`): it types nothing itself and changes the next
    /// key through the compose table. By name, so dead keys added to later xkbcommons count too.
    static func isDead(_ keysym: UInt32) -> Bool { self.name(keysym).hasPrefix("dead_") }

    /// A modifier or lock key: Shift, Control, Alt, Meta, Super, Hyper (`Shift_L`…`Hyper_R`),
    /// AltGr and the ISO level and group keys (`ISO_Lock`…`ISO_Level5_Lock`), `Mode_switch`,
    /// `Num_Lock`. They change the state and type nothing (libxkbcommon 1.5 has no
    /// `xkb_keysym_is_modifier`; these are its ranges).
    static func isModifier(_ keysym: UInt32) -> Bool {
        (UInt32(XKB_KEY_Shift_L)...UInt32(XKB_KEY_Hyper_R)).contains(keysym)
            || (UInt32(XKB_KEY_ISO_Lock)...UInt32(XKB_KEY_ISO_Level5_Lock)).contains(keysym)
            || keysym == UInt32(XKB_KEY_Mode_switch) || keysym == UInt32(XKB_KEY_Num_Lock)
    }

    /// Text a key inserts: not empty, and no control character (Return's `\r`, Escape's `\u{1b}`,
    /// Delete's `\u{7f}` have names of their own or are `other`).
    static func isPrintable(_ text: String) -> Bool {
        !text.isEmpty && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
