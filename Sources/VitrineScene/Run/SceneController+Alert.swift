import VitrineCore
import VitrineUI

/// Alerts (issue 35, item 5; Docs/config.md, "Actions"): `{"alert": {…}}` from a button or the
/// control socket (`perform`, or the kiosk's `alert` command) shows a modal card over
/// everything — sheets and the keyboard included, under the "more time" question only. Only
/// its buttons dismiss it: a touch on the dim presses nothing and the escape key does nothing.
/// A button closes the alert first and then runs its action, so an action that asks for another
/// alert shows it next. Alerts asked for while one shows wait their turn (`AlertQueue`, at most
/// 16); the idle reset takes them all away.
extension SceneController {
    /// The alert on screen, if any.
    public var alertShowing: AlertView? { self.alertQueue?.showing }

    /// How many alerts wait behind the one on screen.
    public var alertsWaiting: Int { self.alertQueue?.waitingCount ?? 0 }

    /// Shows `alert` now, or after the alerts before it.
    func showAlert(_ alert: AlertModel, from path: String) {
        guard let window = self.window else { return }
        let queue: AlertQueue
        if let existing = self.alertQueue {
            queue = existing
        } else {
            queue = AlertQueue(window: window)
            queue.onShow = { [weak self] view in self?.alertCameUp(view) }
            self.alertQueue = queue
        }
        let accepted = queue.enqueue { [weak self] in self?.makeAlertView(alert, from: path) }
        if !accepted {
            self.logger.warning(
                "\(path.isEmpty ? "alert" : path): \(QuotedValue.quoted(alert.title.written)) not shown: \(AlertQueue.mostWaiting) alerts already wait behind the one on screen (is something asking for alerts in a loop?)"
            )
            self.record("alert.dropped")
        }
    }

    /// The alert's card in the current language and theme; its model kept with it, so a new
    /// language or theme builds it again.
    private func makeAlertView(_ alert: AlertModel, from path: String) -> AlertView {
        let choices = alert.buttons.enumerated().map { index, button in
            AlertView.Choice(self.builder.text(button.title), style: button.style == .cancel ? .tinted : .filled) { [weak self] in
                self?.answerAlert(alert, button: index, from: path)
            }
        }
        let view = AlertView(title: self.builder.text(alert.title), message: alert.message.map { self.builder.text($0) }, choices: choices, theme: self.theme)
        view.identifier = "alert"
        view.reachOffset = self.snappedReachOffset
        for (index, button) in view.buttons.enumerated() { button.identifier = "alert.buttons[\(index)]" }
        self.shownAlert = (alert, path)
        return view
    }

    /// On screen: under the "more time" question if that is up; the keypad's focus on its first
    /// button (its ring drawn when keys are in use), and in speech mode its title and message
    /// said, then that button.
    private func alertCameUp(_ view: AlertView) {
        self.record("alert \(view.titleLabel.text)")
        if let prompt = self.moreTimePrompt { self.alertQueue?.bringToFront(below: prompt) }
        guard let window = self.window, let first = view.buttons.first else { return }
        if self.speechMode {
            let parts = [view.titleLabel.text, view.messageLabel?.text ?? ""].filter { !$0.isEmpty }
            self.say(parts.joined(separator: ", "), kind: .screen, interrupting: true)
        }
        if window.showsFocusRing || self.speechMode {
            self.arrivingFocus = true
            window.focus(first, showingRing: true)
            self.arrivingFocus = false
        } else if let focused = window.focusedView, !focused.isDescendant(of: view) {
            window.focus(nil)
        }
    }

    /// A button of the alert: the alert goes (the next one comes), then the button's action runs.
    private func answerAlert(_ alert: AlertModel, button index: Int, from path: String) {
        guard self.shownAlert?.model == alert, index < alert.buttons.count else { return }
        let button = alert.buttons[index]
        self.actions.append("alert: \(button.title.written)")
        self.record("alert.answer \(index)")
        self.shownAlert = nil
        self.alertQueue?.dismissCurrent()
        if self.alertQueue?.showing == nil, let window = self.window, window.showsFocusRing || self.speechMode {
            window.focus(window.focusChain.first, showingRing: true)
        }
        if let action = button.action { self.perform(action, from: (path.isEmpty ? "alert" : path) + ".buttons[\(index)].action") }
    }

    /// After the screens were built again (a language, the visitor's settings): the alert on
    /// screen in the new language and theme, over the new screens, and the "more time" question
    /// over it.
    func restackAlerts() {
        if let (alert, path) = self.shownAlert, let queue = self.alertQueue, queue.showing != nil {
            queue.replaceShowing(with: self.makeAlertView(alert, from: path))
        }
        self.alertQueue?.bringToFront()
        if let prompt = self.moreTimePrompt, let root = self.window?.root {
            prompt.removeFromSuperview()
            root.addSubview(prompt)
            prompt.pinToEdges()
        }
    }

    /// Every alert gone, the waiting ones too (the idle reset: nobody is there to answer).
    public func removeAlerts() {
        self.shownAlert = nil
        self.alertQueue?.removeAll()
    }
}
