import VitrineCore
import VitrineMotion
import VitrineUI

/// Text entry (issue 32; Docs/config.md, "Text fields"): the focus, the on-screen keyboard that
/// slides up for a focused field, hardware keys, and what idle clears.
///
/// The keyboard slides up with the content sheet's spring (UIKit's 0.5 s, damping 0.75, as
/// `ContentSheet.present`), and the screens move up just enough to keep the focused field 16
/// points above it. It hides when the field is submitted, on a touch outside it and the field,
/// when the screen changes, on Escape, and when the kiosk goes idle.
extension SceneController {
    /// Space kept between the focused field and the keyboard's top, in points.
    static let keyboardClearance = 16.0
    /// Extra keyboard below the screen's bottom edge, so the spring's overshoot shows keys'
    /// background, never the screen under it.
    static let keyboardOvershootRoom = 48.0

    func attachKeys(to window: Window) {
        window.setFocusRingColors(self.theme.tint, gap: self.theme.background)
        window.onFocusChange = { [weak self] view in self?.focusChanged(to: view) }
        window.onEscape = { [weak self] in self?.escape() }
        window.keyFilter = { [weak self] key in
            guard let self else { return true }
            // The key that answers "Do you need more time?" does only that.
            let answering = self.moreTimePrompt != nil
            self.resetIdle()
            if answering { return false }
            return !self.handleKeypad(key)
        }
        window.focusScope = { [weak self] in
            guard let self else { return nil }
            if let prompt = self.moreTimePrompt { return prompt }
            if let alert = self.alertShowing { return alert }
            if self.keypadField != nil, let keyboard = self.keyboard, !keyboard.isHidden { return keyboard }
            if let sheet = self.contentSheet, sheet.isPresented, !sheet.isDismissing { return sheet }
            if self.isOnboardingShowing { return self.onboarding }
            return nil
        }
    }

    /// The focused text field, if a field has the focus.
    public var focusedField: TextField? { self.window?.focusedView as? TextField }

    /// Whether the on-screen keyboard is up (or going up).
    public var isKeyboardShown: Bool {
        self.keyboard?.isHidden == false && (self.keyboardMotion?.value ?? 0) > 0 && (self.focusedField != nil || self.keypadField != nil)
    }

    /// A field focused by a tap gets the on-screen keyboard; one reached with Tab or the arrows
    /// does not: the visitor has keys (a keyboard on the panel types into it), as iOS leaves its
    /// keyboard down while a hardware keyboard is in use.
    func focusChanged(to view: View?) {
        self.speakFocus(view)
        if self.keypadField != nil {
            // Walking the keys: the keyboard stays. Anywhere else: the keypad's typing is over.
            if view is KeyCapView { return }
            self.keypadField = nil
            self.keyboard?.isKeypadOperated = false
        }
        if let field = view as? TextField {
            self.record("focus \(field.identifier ?? "textField")")
            if self.window?.showsFocusRing == true {
                self.hideKeyboard()
            } else {
                self.showKeyboard(for: field)
            }
        } else {
            self.hideKeyboard()
        }
    }

    /// A touch that lands outside the keyboard and the focused field ends the typing (a touch on
    /// another field moves the focus there instead).
    func touchedWhileTyping(_ frame: TouchFrame) {
        guard let window = self.window, let field = self.focusedField else { return }
        for contact in frame.contacts where contact.phase == .began {
            let point = Point(x: contact.x, y: contact.y)
            if let keyboard = self.keyboard, !keyboard.isHidden, keyboard.windowFrame.contains(point) { continue }
            if field.windowFrame.contains(point) || window.view(at: point) is TextField { continue }
            window.focus(nil)
            return
        }
    }

    /// Escape: the keyboard goes, else the sheet in front, else one screen back.
    func escape() {
        // An alert is answered by its buttons only.
        guard let window = self.window, self.alertShowing == nil else { return }
        if let field = self.keypadField {
            window.focus(field.window === window ? field : nil, showingRing: true)
        } else if window.focusedView is TextField {
            window.focus(nil)
        } else if let sheet = self.contentSheet, sheet.isPresented, !sheet.isDismissing {
            self.perform(.dismiss, from: "key.escape")
        } else if self.navigationStack.count > 1 {
            self.perform(.pop, from: "key.escape")
        }
    }

    // MARK: - The keyboard

    func showKeyboard(for field: TextField) {
        guard let window = self.window else { return }
        let keyboard = self.keyboard ?? self.makeKeyboard(in: window)
        keyboard.configure(
            layout: self.keyboardLayout(self.language), kind: field.kind, submitTitle: field.submitTitle,
            decimalSeparator: NumberFormat(language: self.language).decimalMark)
        let height = keyboard.preferredHeight
        keyboard.frame = Rect(x: 0, y: keyboard.frame.minY, width: window.size.width, height: height + Self.keyboardOvershootRoom)
        keyboard.isHidden = false
        window.root.bringSubviewToFront(keyboard)
        // Where the field would be with the screens in place, and how far they must move.
        let fieldBottom = field.windowFrame.maxY + self.keyboardLift
        self.keyboardLift = max(0, fieldBottom + Self.keyboardClearance - (window.size.height - height))
        self.keyboardMotion?.settle(to: height, parameters: SpringParameters(uiKitDuration: 0.5, dampingRatio: 0.75)) { [weak self] in
            self?.record("keyboard.didShow")
        }
        self.keyboardMoved()
    }

    /// Takes the keyboard down and the screens back.
    func hideKeyboard() {
        guard let motion = self.keyboardMotion, motion.value > 0 || motion.isAnimating else { return }
        self.record("keyboard.hide")
        motion.settle(to: 0, parameters: SpringParameters(uiKitDuration: 0.5, dampingRatio: 1)) { [weak self] in
            self?.keyboard?.isHidden = true
            self?.keyboardLift = 0
            self?.record("keyboard.didHide")
        }
    }

    private func makeKeyboard(in window: Window) -> OnScreenKeyboard {
        let keyboard = OnScreenKeyboard(layout: self.keyboardLayout(self.language), theme: self.theme)
        keyboard.frame = Rect(x: 0, y: window.size.height, width: window.size.width, height: keyboard.preferredHeight + Self.keyboardOvershootRoom)
        keyboard.onKey = { [weak self, weak window] key in
            // Operated by a keypad, the keys have the focus: what they type goes to the field.
            if let self, self.keypadField != nil { self.keypadTyped(key) } else { window?.handle(key) }
        }
        keyboard.onHide = { [weak window] in window?.focus(nil) }
        keyboard.capitalizesNext = { [weak window] in (window?.focusedView as? TextField)?.capitalizesNext ?? false }
        window.root.addSubview(keyboard)
        let motion = ScrollMotion(limits: 0...0, dimension: 1) { [weak window] in window?.animator }
        motion.rubberBands = false
        motion.onChange = { [weak self] _ in self?.keyboardMoved() }
        self.keyboard = keyboard
        self.keyboardMotion = motion
        return keyboard
    }

    /// The keyboard's spring moved: the keyboard and the screens follow it.
    private func keyboardMoved() {
        guard let window = self.window, let keyboard = self.keyboard, let motion = self.keyboardMotion else { return }
        let height = keyboard.preferredHeight
        keyboard.frame.origin.y = window.size.height - motion.value
        let progress = height > 0 ? motion.value / height : 0
        let lift = (self.keyboardLift * progress).rounded()
        self.sceneRoot.pinToEdges(insets: EdgeInsets(top: -lift, left: 0, bottom: lift, right: 0))
    }

    /// The submit key's title when a field names none, in the languages `backTitles` has.
    static func submitTitle(hasAction: Bool, in language: String?) -> String {
        let go = ["de": "Los", "fr": "OK", "es": "Ir", "it": "Vai", "nl": "Ga", "pt": "Ir", "pl": "Idź", "sv": "Gå", "da": "Gå", "nb": "Gå"]
        let done = [
            "de": "Fertig", "fr": "OK", "es": "OK", "it": "Fine", "nl": "Gereed", "pt": "OK", "pl": "Gotowe", "sv": "Klar", "da": "Færdig", "nb": "Ferdig"
        ]
        let code = language.map { String($0.prefix { $0 != "-" }) } ?? ""
        return (hasAction ? go[code] : done[code]) ?? (hasAction ? "Go" : "Done")
    }

    // MARK: - Privacy

    /// Idle: every field empty, the keyboard down (state-bound fields follow the state reset).
    func clearTextEntry() {
        guard let window = self.window else { return }
        window.focus(nil)
        func clear(_ view: View) {
            if let field = view as? TextField { field.setText("") }
            for subview in view.subviews { clear(subview) }
        }
        clear(window.root)
    }

    /// The state values a PIN field edits: `***` in the state dump and the control socket.
    public var secretStateNames: Set<String> {
        var names = Set<String>()
        for screen in self.model.screens {
            for node in screen.content.allNodes {
                if case .textField(let field) = node.kind, field.kind == .pin, let name = field.state { names.insert(name) }
            }
        }
        return names
    }

    /// The state with every PIN's value as `***` (what leaves the kiosk: dumps, the socket).
    public func maskedState(_ state: JSONValue) -> JSONValue {
        let secret = self.secretStateNames
        guard !secret.isEmpty, case .object(let members) = state else { return state }
        return .object(members.map { member in secret.contains(member.key) ? (member.key, .string("***")) : member })
    }
}

extension SceneController {
    /// The state dump's `focus`: the focused view's id, whether the ring shows, and the focused
    /// field's text (a PIN as `***`) and caret.
    var focusDump: JSONValue {
        guard let window = self.window, let view = window.focusedView else { return .null }
        var members: [(key: String, value: JSONValue)] = [("id", view.identifier.map(JSONValue.string) ?? .null), ("ring", .bool(window.showsFocusRing))]
        if let field = view as? TextField {
            members.append(("text", .string(field.isSecure ? "***" : field.text)))
            members.append(("caret", .number(Double(field.isSecure ? 0 : field.editing.caret))))
            members.append(("kind", .string(field.kind.rawValue)))
        }
        return .object(members)
    }

    /// The state dump's `keyboard`: whether it is up, its layout, page and shift, and every
    /// key's name and frame in points, so a replay can tap a key by reading where it is.
    var keyboardDump: JSONValue {
        guard let keyboard = self.keyboard, !keyboard.isHidden, self.focusedField != nil || self.keypadField != nil else {
            return .object([("shown", .bool(false))])
        }
        func number(_ value: Double) -> JSONValue { .number((value * 100).rounded() / 100) }
        return .object([
            ("shown", .bool(true)),
            ("settled", .bool(!(self.keyboardMotion?.isAnimating ?? false))),
            ("layout", .string(keyboard.layout.name)),
            ("page", .string(keyboard.page.rawValue)),
            ("shift", .string(keyboard.shift.rawValue)),
            (
                "keys",
                .array(
                    keyboard.keyFrames.map { key in
                        .object([
                            ("name", .string(key.name)), ("x", number(key.frame.minX)), ("y", number(key.frame.minY)), ("width", number(key.frame.width)),
                            ("height", number(key.frame.height))
                        ])
                    })
            )
        ])
    }
}
