import VitrineCore
import VitrineUI

extension SceneController {
    /// A touch: the idle count starts again.
    func touched(_ frame: TouchFrame) {
        self.lastTouch = frame.time > self.lastTouch ? frame.time : (self.window?.clock?.now ?? frame.time)
        self.wentIdle = false
        self.armIdleTimer()
        // Exploring fingers press nothing, so they do not end the typing either.
        if !self.speechMode { self.touchedWhileTyping(frame) }
    }

    /// Restarts the idle count, as a touch would (the control socket's `idle-reset`).
    public func resetIdle() {
        self.lastTouch = self.window?.clock?.now ?? self.lastTouch
        self.wentIdle = false
        self.armIdleTimer()
    }

    /// When the idle action runs next, if nothing touches the panel before.
    public var idleDeadline: MonotonicTime? {
        guard let idle = self.model.idle, !self.wentIdle else { return nil }
        return self.lastTouch + .seconds(idle.after)
    }

    /// Keeps one timer set for the idle deadline (a touch moves the deadline, not the timer: the
    /// timer, when it fires early, sets itself again for the new deadline).
    func armIdleTimer() {
        guard self.idleTimer == nil, let clock = self.window?.clock, let deadline = self.idleDeadline else { return }
        // The clock weakly too: it keeps this closure until the deadline, so holding it here
        // would keep the loop (and all it holds) alive for good once nobody else does.
        self.idleTimer = clock.scheduleInBackground(at: deadline) { [weak self, weak clock] in
            guard let self, let clock else { return }
            self.idleTimer = nil
            guard let deadline = self.idleDeadline else { return }
            if clock.now >= deadline { self.goIdle() } else { self.armIdleTimer() }
        }
    }

    /// Nobody came: sheets dismissed, the default language back, then the idle action (back to
    /// the first screen, the onboarding again, or an attract screen). Once per absence.
    func goIdle() {
        guard let idle = self.model.idle else { return }
        self.wentIdle = true
        self.record("idle")
        if let sheet = self.contentSheet, sheet.isPresented { sheet.dismiss(animated: false) }
        self.splitSheetInFront?.show(false, animated: false)
        if self.language != self.model.defaultLanguage, let language = self.model.defaultLanguage { self.setLanguage(language) }
        self.resetState()
        self.clearTextEntry()
        self.clearScan()
        self.speechWentIdle()
        // A screen the idle action pushes (an attract screen) goes on the first screen, not on
        // the last visitor's: a swipe back from it must not show their page (issue 29). Nobody is
        // looking, so the way back is not animated; the push is.
        if case .push = idle.action, let navigation = self.navigation, navigation.stack.count > 1 {
            if navigation.popToRoot(animated: false) { self.record("popToRoot") }
        }
        self.perform(idle.action, from: "idle.action")
        self.onEvent?(SceneEvent(.idle, name: idle.action.description, payload: .number(idle.after), time: self.now))
    }
}
