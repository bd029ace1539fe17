import VitrineCore
import VitrineUI

/// "Do you need more time?" (issue 33; WCAG 2.2 SC 2.2.1 Timing Adjustable): before the idle
/// reset throws away what a visitor was doing, the kiosk asks, `accessibility.moreTimeWarning`
/// seconds ahead (30 by default, at least 20), with the seconds left counting down. A touch
/// anywhere, a key, or the "More time" button starts the idle count again; without one the reset
/// runs at the deadline as it always did. The question is an `AlertView` (its message the
/// countdown), shown over any alert of the kiosk's own.
///
/// It asks only when there is something to lose (`isAtRest` says when not), and only when the
/// idle time is longer than the warning: a kiosk resetting after 30 seconds would otherwise ask
/// at every touch.
extension SceneController {
    /// When the question appears: `moreTimeWarning` seconds before the idle deadline (nil without
    /// idle, after the reset, or when the idle time is not longer than the warning).
    public var moreTimeAt: MonotonicTime? {
        guard let time = self.idleTime, let deadline = self.idleDeadline else { return nil }
        let warning = self.model.accessibility.moreTimeWarning
        guard time > warning else { return nil }
        return deadline - .seconds(warning)
    }

    /// Whether the kiosk is as the idle reset leaves it, so asking would keep nothing: no sheet,
    /// the split sheet as the screen starts, the default language, the state's defaults, no typed
    /// text, the visitor's settings and reach mode off, and the screens where idle goes — the
    /// first screen alone (or under the attract screen idle pushes), the onboarding (if showing)
    /// on its first page.
    public var isAtRest: Bool {
        if self.contentSheet?.isPresented == true || self.alertShowing != nil { return false }
        if let split = self.splitSheetInFront, split.showing != (self.topScreen?.model.splitSheet?.initiallyShown ?? false) { return false }
        if self.language != self.model.defaultLanguage { return false }
        if let defaults = self.model.state, self.data.sources[Self.stateSource] != defaults { return false }
        if !self.visitorSettings.isDefault || self.reachMode || self.speechChosenOnSheet { return false }
        if self.hasTypedText { return false }
        if self.isOnboardingShowing { return self.onboarding?.pager.currentIndex == 0 }
        let stack = self.navigationStack.map(\.model.id)
        if stack.count <= 1 { return true }
        if case .push(let attract)? = self.model.idle?.action, stack == [self.model.start, attract] { return true }
        return false
    }

    private var hasTypedText: Bool {
        func typed(_ view: View) -> Bool {
            if let field = view as? TextField, !field.text.isEmpty { return true }
            return view.subviews.contains { typed($0) }
        }
        return self.window.map { typed($0.root) } ?? false
    }

    /// The question's time came: shown over everything (unless the kiosk is at rest), the
    /// keypad's focus on its button when keys are in use, `onPrompt` told.
    func askForMoreTime() {
        self.askedForMoreTime = true
        guard self.moreTimePrompt == nil, let window = self.window, !self.isAtRest else { return }
        let question = AccessibilityText.moreTimeQuestion.text(in: self.language)
        let button = AlertView.Choice(AccessibilityText.moreTimeButton.text(in: self.language)) { [weak self] in self?.answerMoreTime(from: "button") }
        let prompt = AlertView(title: question, message: "", choices: [button], theme: self.theme)
        prompt.identifier = "moreTime"
        prompt.buttons[0].identifier = "moreTime.button"
        prompt.reachOffset = self.snappedReachOffset
        window.root.addSubview(prompt)
        prompt.pinToEdges()
        prompt.fadeIn(animator: window.animator)
        self.moreTimePrompt = prompt
        self.record("moreTime.ask")
        self.tickMoreTime()
        if window.showsFocusRing { window.focus(prompt.buttons[0], showingRing: true) }
        self.onPrompt?(question)
    }

    /// The countdown: the whole seconds left, again at each second's turn (a background timer,
    /// so letting everything settle does not run the clock to the deadline).
    private func tickMoreTime() {
        guard let prompt = self.moreTimePrompt, let clock = self.window?.clock, let deadline = self.idleDeadline else { return }
        let left = max(0, (deadline - clock.now).value)
        let second: Int64 = 1_000_000_000
        let seconds = Int((left + second - 1) / second)
        prompt.messageLabel?.text = AccessibilityText.countdown(seconds, in: self.language)
        prompt.setNeedsLayout()
        guard seconds > 1 else { return }
        self.moreTimeTicker = clock.scheduleInBackground(at: deadline - .seconds(Double(seconds - 1))) { [weak self] in
            self?.moreTimeTicker = nil
            self?.tickMoreTime()
        }
    }

    /// Every touch: with the question up, it answers. The question stays until the last finger
    /// lifts — it covers the window, so the touch lands on it and presses nothing under it — and
    /// its countdown stops at once.
    func touchedMoreTime(_ frame: TouchFrame) {
        guard self.moreTimePrompt != nil else {
            self.askedForMoreTime = false
            return
        }
        if let ticker = self.moreTimeTicker { self.window?.clock?.cancel(ticker) }
        self.moreTimeTicker = nil
        if frame.contacts.allSatisfy({ $0.phase == .ended || $0.phase == .cancelled }) { self.answerMoreTime(from: "touch") }
    }

    /// A touch, a key or the button: the idle count starts again (the caller set the time) and
    /// the question goes.
    func answerMoreTime(from source: String) {
        self.askedForMoreTime = false
        guard self.moreTimePrompt != nil else { return }
        self.lastTouch = self.window?.clock?.now ?? self.lastTouch
        self.actions.append("moreTime: \(source)")
        self.record("moreTime.extend")
        self.dismissMoreTime()
        self.armIdleTimer()
    }

    /// Takes the question away (answered, or the reset came).
    func dismissMoreTime() {
        if let ticker = self.moreTimeTicker { self.window?.clock?.cancel(ticker) }
        self.moreTimeTicker = nil
        guard let prompt = self.moreTimePrompt else { return }
        if self.window?.focusedView?.isDescendant(of: prompt) == true { self.window?.focus(nil) }
        prompt.finishFadingIn()
        prompt.removeFromSuperview()
        self.moreTimePrompt = nil
    }
}
