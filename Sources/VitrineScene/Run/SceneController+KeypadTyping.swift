import VitrineCore
import VitrineUI

/// Typing with a keypad (issue 33: nothing is reachable by touch only). A keypad has no
/// letters, so its select on a text field opens the on-screen keyboard with its keys in the
/// focus chain: up and down walk them in reading order (each said in speech mode), select types
/// the focused one into the field, the submit key submits, back returns to the field.
extension SceneController {
    /// Opens the keyboard's keys to the keypad for `field`: the keyboard comes up and the focus
    /// (with its ring) goes to its first key.
    func openKeysForKeypad(_ field: TextField) {
        guard let window = self.window else { return }
        self.showKeyboard(for: field)
        guard let keyboard = self.keyboard, let first = keyboard.keyViews.first else { return }
        self.keypadField = field
        keyboard.isKeypadOperated = true
        self.record("keyboard.keypad")
        window.focus(first, showingRing: true)
    }

    /// A key of the keyboard (or of a keyboard on the panel) while a keypad types: into the field;
    /// said in speech mode (a PIN's digits never: how many there are).
    func keypadTyped(_ key: KeyEvent) {
        guard let field = self.keypadField, let window = self.window else { return }
        _ = field.handleKey(key)
        switch key.key {
        case .enter:
            // Submitted: the keys leave the focus chain and the keyboard goes.
            if self.keypadField === field { window.focus(nil) }
        case .text(let text):
            self.say(field.isSecure ? self.phrases(.characters, field.text.count) : text, kind: .result, interrupting: true)
        case .backspace:
            let left = field.isSecure ? self.phrases(.characters, field.text.count) : field.text
            self.say([self.phrases(.keyDelete), left].filter { !$0.isEmpty }.joined(separator: ", "), kind: .result, interrupting: true)
        default:
            break
        }
    }
}
