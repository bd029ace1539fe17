import VitrineCore
import VitrineUI

/// Operation without vision (EN 301 549 5.1.6.1; 2010 ADA §707.6): an EZ-Access–style keypad —
/// up, down, select, back, help — and the speech keys (repeat, stop, volume, speech on/off),
/// each mapped to any key by the config's `accessibility.keys` (defaults:
/// `AccessibilityModel.KeypadCommand.defaultKeys`). Up and down move through every actionable
/// element of the screen in reading order (`Window.focusChain`), select activates the focused
/// one, back goes back; the focus ring is drawn and, in speech mode, said. On the onboarding,
/// the same keys turn the pages past a page's first and last elements (`turnOnboardingPage`).
extension SceneController {
    /// A key, before the window moves the focus with it: true when the keypad used it here.
    /// Arrows, Enter and Escape are the window's own (`Window.handle`), unless mapped again or
    /// speech mode needs to say what select did; a focused text field keeps the keys it types
    /// with and moves its caret with, unless the config mapped them.
    func handleKeypad(_ key: KeyEvent) -> Bool {
        let accessibility = self.model.accessibility
        guard let window = self.window else { return false }
        let command = accessibility.command(for: key)
        var typed: String?
        if case .text(let text) = key.key { typed = text }
        let mapped = accessibility.keys[key.key.description] != nil || typed.map { accessibility.keys[$0] != nil } == true
        if self.keypadField != nil, !mapped {
            // A keyboard on the panel while the keypad walks the keys: its typing goes to the field.
            switch key.key {
            case .text, .backspace, .deleteForward, .left, .right, .home, .end:
                self.keypadTyped(key)
                return true
            default: break
            }
        }
        guard let command else { return false }
        // A keypad's select on a field opens the keyboard's keys to it (the keypad has no
        // letters); so does Enter on an empty field in speech mode (nothing to submit yet).
        if command == .select, let field = self.focusedField, self.keypadField == nil, mapped || (self.speechMode && field.text.isEmpty) {
            self.openKeysForKeypad(field)
            return true
        }
        if !mapped, self.focusedField != nil, [.up, .down, .select, .back].contains(command) { return false }
        if key.isRepeat, ![.up, .down, .volumeUp, .volumeDown].contains(command) { return true }
        if self.turnOnboardingPage(command, in: window) { return true }
        self.record("keypad \(command.rawValue)")
        switch command {
        case .up, .down:
            // A slider being adjusted takes the keypad's up and down (left and right are its own).
            if key.key != .left, key.key != .right, (window.focusedView as? SliderView)?.adjust(by: command == .up ? 1 : -1) == true { return true }
            guard mapped || (self.speechMode && window.focusChain.isEmpty) else { return false }
            if window.focusChain.isEmpty {
                self.say(self.phrases(.nothingToSelect), kind: .result, interrupting: true)
            } else {
                window.moveFocus(by: command == .up ? -1 : 1)
            }
        case .select:
            guard let focused = window.focusedView, focused.window === window else {
                guard mapped || self.speechMode else { return false }
                window.moveFocus(by: 1)
                return true
            }
            guard mapped || self.speechMode else { return false }
            self.activateSaying(focused)
        case .back:
            if (window.focusedView as? SliderView)?.endAdjusting() == true { return true }
            guard mapped else { return false }
            self.escape()
        case .help:
            self.speakHelp()
        case .repeat:
            self.repeatUtterance()
        case .stop:
            self.stopSpeaking()
        case .volumeUp, .volumeDown:
            self.changeSpeechVolume(by: command == .volumeUp ? 1 : -1)
        case .speech:
            self.setSpeechMode(!self.speechMode)
        case .reach:
            self.setReachMode(!self.reachMode, animated: true)
        }
        return true
    }

    /// The onboarding's pages turn by swipes; keys turn them too, so no page is reachable by
    /// touch only: down (or select on a page with nothing to press) past the page's last
    /// element goes to the next page, up before its first to the one before.
    func turnOnboardingPage(_ command: AccessibilityModel.KeypadCommand, in window: Window) -> Bool {
        guard self.isOnboardingShowing, let pager = self.onboarding?.pager, !pager.isTransitioning else { return false }
        let chain = window.focusChain
        let index = window.focusedView.flatMap { focused in chain.firstIndex { $0 === focused } }
        switch command {
        case .down, .select:
            guard chain.isEmpty || (command == .down && index == chain.count - 1) else { return false }
            guard pager.pushNext() else { return false }
            self.record("keypad: onboarding next")
        case .up:
            guard chain.isEmpty || index == 0 else { return false }
            guard pager.pop() else { return false }
            self.record("keypad: onboarding previous")
        default:
            return false
        }
        return true
    }

    /// Touch exploration (speech mode): a finger says what is under it and presses nothing; a
    /// double tap activates what was said last; two fingers scroll (`TouchExplorer`). Returns
    /// the frame the views get, nil for none.
    func explore(_ frame: TouchFrame) -> TouchFrame? {
        guard let window = self.window else { return frame }
        switch self.explorer.handle(frame) {
        case .none:
            return nil
        case .explore(let point):
            guard let element = window.accessibilityElement(at: point), element !== self.lastSpokenElement else { return nil }
            if element.canBecomeFocused {
                window.focus(element, showingRing: true)
            } else {
                guard let text = SpokenDescription.text(for: element, phrases: self.phrases) else { return nil }
                self.lastSpokenElement = element
                self.say(text, kind: .focus, interrupting: true)
            }
            return nil
        case .activate:
            guard let element = self.lastSpokenElement, element.window === window else { return nil }
            self.record("explore: activate \(element.identifier ?? String(describing: type(of: element)))")
            self.activateSaying(element)
            return nil
        case .scroll(let scroll):
            return scroll
        }
    }
}
