import VitrineCore
import VitrineUI

extension SceneController {
    /// A touch: the idle count starts again (and the "more time" question, if it shows, is
    /// answered: it goes when the finger lifts, so the touch lands on it, not on what is under it).
    func touched(_ frame: TouchFrame) {
        self.lastTouch = frame.time > self.lastTouch ? frame.time : (self.window?.clock?.now ?? frame.time)
        self.wentIdle = false
        self.touchedMoreTime(frame)
        self.armIdleTimer()
        self.touchedWhileAppearing(frame)
        // Exploring fingers press nothing, so they do not end the typing either.
        if !self.speechMode { self.touchedWhileTyping(frame) }
    }

    /// Restarts the idle count, as a touch would (the control socket's `idle-reset`).
    public func resetIdle() {
        self.lastTouch = self.window?.clock?.now ?? self.lastTouch
        self.wentIdle = false
        self.answerMoreTime(from: "idle-reset")
        self.armIdleTimer()
    }

    /// Seconds without a touch before the idle action: the config's `idle.after`, twice that in
    /// speech mode (issue 33: a visitor listening to the screen needs longer). nil without idle.
    public var idleTime: Double? {
        self.model.idle.map { $0.after * (self.speechMode ? 2 : 1) }
    }

    /// When the idle action runs next, if nothing touches the panel before.
    public var idleDeadline: MonotonicTime? {
        guard let time = self.idleTime, !self.wentIdle else { return nil }
        return self.lastTouch + .seconds(time)
    }

    /// Keeps one timer set for the next of the "more time" question and the idle deadline. A
    /// touch moves them later, not the timer: the timer, when it fires early, sets itself again.
    /// When they move earlier (speech mode ends), the timer is set again now.
    func armIdleTimer() {
        guard let clock = self.window?.clock, let deadline = self.idleDeadline else { return }
        let ask = self.askedForMoreTime ? nil : self.moreTimeAt
        let next = ask.map { min($0, deadline) } ?? deadline
        if let timer = self.idleTimer {
            if let at = self.idleTimerAt, at <= next { return }
            clock.cancel(timer)
        }
        self.idleTimerAt = next
        // The clock weakly too: it keeps this closure until the deadline, so holding it here
        // would keep the loop (and all it holds) alive for good once nobody else does.
        self.idleTimer = clock.scheduleInBackground(at: next) { [weak self, weak clock] in
            guard let self, let clock else { return }
            self.idleTimer = nil
            self.idleTimerAt = nil
            guard let deadline = self.idleDeadline else { return }
            if clock.now >= deadline {
                self.goIdle()
                return
            }
            if !self.askedForMoreTime, let ask = self.moreTimeAt, clock.now >= ask { self.askForMoreTime() }
            self.armIdleTimer()
        }
    }

    /// Nobody came: the "more time" question, sheets and reach mode gone, the default language,
    /// the visitor's settings and state back, then the idle action (back to the first screen,
    /// the onboarding again, or an attract screen). Once per absence.
    func goIdle() {
        guard let idle = self.model.idle else { return }
        self.wentIdle = true
        self.record("idle")
        self.dismissMoreTime()
        self.removeAlerts()
        if let sheet = self.contentSheet, sheet.isPresented { sheet.dismiss(animated: false) }
        self.splitSheetInFront?.show(false, animated: false)
        let themeChanged = self.resetVisitorSettings()
        if self.language != self.model.defaultLanguage, let language = self.model.defaultLanguage {
            self.setLanguage(language)
        } else if themeChanged {
            self.rebuildInPlace()
        }
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
