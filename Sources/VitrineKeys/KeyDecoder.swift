import CXkbcommon
import VitrineCore

/// Decodes one keyboard's keys: evdev key codes in, `KeyEvent`s out, through the keyboard's own
/// xkb state (`xkb_state`: which modifiers and locks are down on this keyboard) on a shared
/// `XkbKeymap`.
///
/// Each press gives at most one event: a key with a meaning of its own (Backspace, Return and
/// the keypad's Enter, Tab and Shift+Tab, Escape, the arrows, Home, End, Delete), else the text
/// it types (`.text`), else `.other(keysym name)`. Releases, modifiers and locks give none (they
/// only change the state). Dead keys go through xkbcommon's compose API: `´` then `e` types `é`
/// (`XkbComposeTable`); without a compose table they type nothing. Shift and Control are
/// reported in `modifiers`; the text is what the key types with Shift, AltGr and Caps Lock
/// applied, never a control character (Control+C is `.text("c")` with `.control`).
public final class KeyDecoder {
    public let keymap: XkbKeymap
    private let state: OpaquePointer
    private let compose: OpaquePointer?

    /// A fresh state (nothing held, no lock on) for one keyboard.
    public init(keymap: XkbKeymap) throws(VitrineError) {
        guard let state = xkb_state_new(keymap.raw) else {
            throw VitrineError(.unsupported, "cannot make an xkb state for the keymap \(QuotedValue.quoted(keymap.names.description)) (out of memory?)")
        }
        self.keymap = keymap
        self.state = state
        self.compose = keymap.compose.flatMap { xkb_compose_state_new($0.raw, XKB_COMPOSE_STATE_NO_FLAGS) }
    }

    deinit {
        if let compose = self.compose { xkb_compose_state_unref(compose) }
        xkb_state_unref(self.state)
    }

    /// Applies a press or release of the key with evdev code `code` (libinput's
    /// `libinput_event_keyboard_get_key`) and returns what a press means; nil for releases,
    /// modifiers, locks, dead keys and keys the keymap leaves empty.
    /// - Parameters:
    ///   - timestamp: monotonic microseconds, carried into the event.
    ///   - device: the keyboard's name, carried into the event.
    public func handle(code: UInt32, pressed: Bool, timestamp: UInt64, device: String) -> KeyEvent? {
        let keycode = code + XkbKeymap.evdevOffset
        // The keysym as the key is pressed, before the press changes the state (xkbcommon's
        // `interactive-evdev` reads it in this order too).
        let keysym = pressed ? xkb_state_key_get_one_sym(self.state, keycode) : 0
        xkb_state_update_key(self.state, keycode, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        guard pressed else { return nil }
        return self.event(keysym, timestamp: timestamp, device: device, isRepeat: false)
    }

    /// The event a held key repeats as, with the state as it is now (Shift pressed meanwhile
    /// makes `a` repeat as `A`); nil when it types nothing.
    public func repeatEvent(code: UInt32, timestamp: UInt64, device: String) -> KeyEvent? {
        let keysym = xkb_state_key_get_one_sym(self.state, code + XkbKeymap.evdevOffset)
        return self.event(keysym, timestamp: timestamp, device: device, isRepeat: true)
    }

    /// Whether the key repeats when held (`xkb_keymap_key_repeats`).
    public func repeats(code: UInt32) -> Bool { self.keymap.repeats(code: code) }

    /// The modifiers in effect now (`xkb_state_mod_name_is_active`, effective: held or latched
    /// or locked).
    public var modifiers: KeyEvent.Modifiers {
        var modifiers: KeyEvent.Modifiers = []
        let names: [(String, KeyEvent.Modifiers)] = [(XKB_MOD_NAME_SHIFT, .shift), (XKB_MOD_NAME_CTRL, .control), (XKB_MOD_NAME_ALT, .alt)]
        for (name, modifier) in names where xkb_state_mod_name_is_active(self.state, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
            modifiers.insert(modifier)
        }
        return modifiers
    }

    private func event(_ pressedKeysym: xkb_keysym_t, timestamp: UInt64, device: String, isRepeat: Bool) -> KeyEvent? {
        var keysym = pressedKeysym
        guard keysym != 0, !Keysym.isModifier(keysym) else { return nil }
        var composed: String? = nil
        if let compose = self.compose, !isRepeat {
            xkb_compose_state_feed(compose, keysym)
            switch xkb_compose_state_get_status(compose) {
            case XKB_COMPOSE_COMPOSING:
                return nil
            case XKB_COMPOSE_CANCELLED:
                xkb_compose_state_reset(compose)
                return nil
            case XKB_COMPOSE_COMPOSED:
                var buffer = [CChar](repeating: 0, count: 64)
                let count = xkb_compose_state_get_utf8(compose, &buffer, buffer.count)
                if count > 0 { composed = Keysym.string(buffer) }
                keysym = xkb_compose_state_get_one_sym(compose)
                xkb_compose_state_reset(compose)
            default:
                break
            }
        } else if Keysym.isDead(keysym) {
            return nil
        }
        var modifiers = self.modifiers
        if keysym == Keysym.leftTab { modifiers.insert(.shift) }
        if let key = Keysym.named[keysym] {
            return KeyEvent(key, modifiers: modifiers, isRepeat: isRepeat, timestamp: timestamp, device: device)
        }
        let text = composed ?? Keysym.utf8(keysym)
        if Keysym.isPrintable(text) {
            return KeyEvent(.text(text), modifiers: modifiers, isRepeat: isRepeat, timestamp: timestamp, device: device)
        }
        guard keysym != 0, !Keysym.isDead(keysym) else { return nil }
        return KeyEvent(.other(Keysym.name(keysym)), modifiers: modifiers, isRepeat: isRepeat, timestamp: timestamp, device: device)
    }
}
