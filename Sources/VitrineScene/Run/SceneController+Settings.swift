import VitrineCore
import VitrineUI

/// The visitor's settings (issue 33; Docs/accessibility.md, "The visitor's settings"): the accessibility sheet
/// the `accessibility` action presents, larger text and high contrast — every screen built
/// again in the new theme where it was — and the way back to the defaults at idle.
extension SceneController {
    /// Changes the visitor's settings: the theme becomes `settings.theme(from: baseTheme)`, and
    /// every screen is built again in it (as a new language builds them, `rebuildInPlace`), the
    /// navigation, the onboarding page, the state, the split sheet, the scroll position of the
    /// screen in front, typed text and an open accessibility sheet kept.
    ///
    /// - Parameter deferred: build the new views after the current event instead of now — a
    ///   row's own tap must not destroy the row (and its recogniser) under it.
    public func setVisitorSettings(_ settings: VisitorSettings, deferred: Bool = false) {
        guard settings != self.visitorSettings else { return }
        self.visitorSettings = settings
        self.adoptTheme(settings.theme(from: self.baseTheme))
        self.record("settings largerText=\(settings.largerText) highContrast=\(settings.highContrast)")
        if deferred, let clock = self.window?.clock {
            clock.schedule(at: clock.now) { [weak self] in
                guard let self, self.visitorSettings == settings else { return }
                self.rebuildKeepingPlace()
            }
        } else {
            self.rebuildKeepingPlace()
        }
    }

    /// Builds every view again in the current theme, keeping what the visitor sees: the stack
    /// and onboarding page (`rebuildInPlace`), the split sheet's detent and the scroll position
    /// of the screen in front, what fields hold that no state keeps, and the accessibility sheet
    /// if it is open. Other sheets close, as at a language change.
    func rebuildKeepingPlace() {
        guard let window = self.window else { return }
        let sheetOpen = self.accessibilitySheet != nil && self.contentSheet?.isDismissing == false
        let split = self.topScreen?.splitSheet.map { (showing: $0.showing, detent: $0.detent) }
        let offset = self.topScreen?.scrollView.contentOffset ?? 0
        let texts = self.fieldTexts()
        self.rebuildInPlace()
        window.root.layoutIfNeeded()
        if let split, let sheet = self.topScreen?.splitSheet, split.showing != sheet.showing || split.detent != sheet.detent {
            sheet.show(split.showing, animated: false)
            if split.showing, split.detent != sheet.detent { sheet.move(to: split.detent, animated: false) }
        }
        if let scroll = self.topScreen?.scrollView { scroll.scroll(to: min(offset, scroll.maximumOffset), animated: false) }
        self.restoreFieldTexts(texts)
        if sheetOpen { self.presentAccessibilitySheet(animated: false) }
    }

    /// What each text field shows, by identifier (the config path): a field bound to state gets
    /// its text back from the state anyway.
    private func fieldTexts() -> [String: String] {
        var texts: [String: String] = [:]
        func visit(_ view: View) {
            if let field = view as? TextField, let id = field.identifier, !field.text.isEmpty { texts[id] = field.text }
            for subview in view.subviews { visit(subview) }
        }
        if let window = self.window { visit(window.root) }
        return texts
    }

    private func restoreFieldTexts(_ texts: [String: String]) {
        guard !texts.isEmpty, let window = self.window else { return }
        func visit(_ view: View) {
            if let field = view as? TextField, let id = field.identifier, let text = texts[id], field.text.isEmpty { field.setText(text) }
            for subview in view.subviews { visit(subview) }
        }
        visit(window.root)
    }

    /// Takes `theme` for what is built from now on: the builder's views, the window's
    /// background and focus ring, and the on-screen keyboard (made in the theme of its day, so
    /// the next focused field makes a new one).
    private func adoptTheme(_ theme: Theme) {
        self.theme = theme
        self.builder.theme = theme
        self.window?.root.backgroundColor = theme.background
        self.window?.setFocusRingColors(theme.tint, gap: theme.background)
        self.window?.focus(nil)
        self.keyboard?.removeFromSuperview()
        self.keyboard = nil
        self.keyboardMotion = nil
        self.keyboardLift = 0
    }

    // MARK: - The sheet

    /// The sheet's rows, each with whether it is on: larger text, high contrast, speech (when
    /// something speaks: `onSpeechToggle` is set), and reach (when reach mode moves the screen:
    /// a panel mounted low enough has nothing to bring within reach).
    var accessibilityRows: [(AccessibilitySheet.Setting, Bool)] {
        var rows: [(AccessibilitySheet.Setting, Bool)] = [
            (.largerText, self.visitorSettings.largerText), (.highContrast, self.visitorSettings.highContrast)
        ]
        if self.onSpeechToggle != nil { rows.append((.speech, self.speechMode)) }
        if self.reachMode || self.reachDistance > 0 { rows.append((.reach, self.reachMode)) }
        return rows
    }

    /// Presents the accessibility sheet over whatever shows (a sheet already up closes first),
    /// dimming what is behind it. Its ✕, a touch outside it, Escape and idle close it.
    public func presentAccessibilitySheet(animated: Bool = true) {
        if let sheet = self.contentSheet, sheet.isPresented { sheet.dismiss(animated: false) }
        let content = AccessibilitySheet(settings: self.accessibilityRows, language: self.language, theme: self.theme) { [weak self] setting in
            self?.toggle(setting)
        }
        let sheet = ContentSheet(content: content, theme: self.theme)
        sheet.blurBackground = false
        // Weak: the sheet keeps this closure (as `present`'s).
        sheet.onEvent = { [unowned self, weak sheet] name in
            self.record("contentSheet.\(name)")
            if name == "didDisappear", let sheet, sheet.content === self.accessibilitySheet { self.accessibilitySheet = nil }
        }
        self.contentSheet = sheet
        self.presentedScreen = nil
        self.accessibilitySheet = content
        self.record("present accessibility")
        sheet.present(in: self.sceneRoot, animated: animated)
    }

    /// A row's tap: its setting turned over, the rows showing it.
    func toggle(_ setting: AccessibilitySheet.Setting) {
        self.actions.append("accessibility.\(setting.rawValue)")
        var settings = self.visitorSettings
        switch setting {
        case .largerText:
            settings.largerText.toggle()
            self.setVisitorSettings(settings, deferred: true)
        case .highContrast:
            settings.highContrast.toggle()
            self.setVisitorSettings(settings, deferred: true)
        case .speech:
            let on = !self.speechMode
            self.speechChosenOnSheet = on
            self.record("speech=\(on)")
            self.onSpeechToggle?(on)
        case .reach:
            self.setReachMode(!self.reachMode, animated: true)
        }
        self.accessibilitySheet?.update(self.accessibilityRows)
    }

    /// Idle: every setting back to its default, reach mode off, speech off when the sheet
    /// turned it on. True when the theme changed: the screens must then be built again (idle
    /// does it once, with the language).
    func resetVisitorSettings() -> Bool {
        self.setReachMode(false, animated: false)
        if self.speechChosenOnSheet {
            self.speechChosenOnSheet = false
            if self.speechMode { self.onSpeechToggle?(false) }
        }
        guard !self.visitorSettings.isDefault else { return false }
        self.visitorSettings = VisitorSettings()
        self.adoptTheme(self.baseTheme)
        self.record("settings reset")
        return true
    }

    /// The state dump's `accessibility`: the settings, reach mode and its distance, speech, and
    /// the "more time" question.
    var accessibilityDump: JSONValue {
        .object([
            ("larger_text", .bool(self.visitorSettings.largerText)), ("high_contrast", .bool(self.visitorSettings.highContrast)),
            ("reach", .bool(self.reachMode)), ("reach_offset", .number((self.reachDistance * 100).rounded() / 100)),
            ("speech", .bool(self.speechMode)), ("sheet", .bool(self.accessibilitySheet != nil)),
            ("more_time_at_ms", self.moreTimeAt.map { .number($0.milliseconds.rounded()) } ?? .null),
            ("asking_more_time", .bool(self.moreTimePrompt != nil))
        ])
    }
}
