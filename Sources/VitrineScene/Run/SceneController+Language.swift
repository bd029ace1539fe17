import VitrineCore
import VitrineUI

extension SceneController {
    /// Shows every text in `language`: the screens are built again in it, the navigation and the
    /// onboarding staying where they were (a sheet is closed). A language the scene does not list
    /// is refused with a log line.
    ///
    /// - Parameter deferred: build the new views after the current event instead of now — a
    ///   button's own action must not destroy the button (and its recognisers) under it.
    public func setLanguage(_ language: String, deferred: Bool = false) {
        guard language != self.language else { return }
        guard self.model.languages.isEmpty || self.model.languages.contains(language) else {
            self.logger.error("setLanguage \(language): the kiosk's languages are \(self.model.languages.joined(separator: ", "))")
            return
        }
        self.language = language
        self.builder.language = language
        if deferred, let clock = self.window?.clock {
            clock.schedule(at: clock.now) { [weak self] in
                guard let self, self.language == language else { return }
                self.rebuildInPlace()
            }
        } else {
            self.rebuildInPlace()
        }
        self.record("language=\(language)")
        self.onEvent?(SceneEvent(.language, name: language, time: self.now))
    }

    /// Builds the views again where they are: the same stack of screens, the same onboarding page.
    func rebuildInPlace() {
        // A push or pop on its way ends first, so the screen it goes to is in the stack built again.
        self.navigation?.finishProgrammaticTransition()
        let stack = self.navigationStack.map(\.model.id)
        let page = (self.onboarding?.pager.currentPage as? ScreenView)?.model.id
        let showing = self.isOnboardingShowing
        do {
            try self.build(stack: stack.isEmpty ? [self.model.start] : stack, onboardingPage: page, onboardingShowing: showing)
        } catch {
            self.logger.error("cannot build the screens again: \(error)")
        }
        self.restackAlerts()
        self.announceScreen()
    }
}
