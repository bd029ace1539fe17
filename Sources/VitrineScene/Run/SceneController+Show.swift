import VitrineCore
import VitrineUI

extension SceneController {
    /// Shows screen `id` on its own, without animation, whatever was showing: the onboarding at
    /// that page when it is one, else the navigation with just that screen (for
    /// `vitrine render`, tools and tests). Sheets are dismissed, split sheets hidden.
    public func show(screen id: String) throws(VitrineError) {
        if let sheet = self.contentSheet, sheet.isPresented { sheet.dismiss(animated: false) }
        if let onboarding = self.onboarding {
            let pages = onboarding.pages + [onboarding.completedPage].compactMap { $0 }
            if let page = pages.first(where: { $0.model.id == id }) {
                onboarding.pager.reset(to: page)
                onboarding.isHidden = false
                onboarding.alpha = 1
                self.setOnboardingFinished(false)
                return
            }
            onboarding.isHidden = true
            self.setOnboardingFinished(false)
        }
        guard id != self.model.start, self.isPushed(id) else {
            self.navigation?.reset(to: try self.screenView(id, canGoBack: false))
            return
        }
        // A screen a button pushes is shown as a visitor sees it: over the first screen, with
        // its back button.
        self.navigation?.reset(to: try self.screenView(self.model.start, canGoBack: false))
        self.navigation?.push(try self.screenView(id, canGoBack: true), animated: false)
    }

    /// Whether some action pushes screen `id`.
    func isPushed(_ id: String) -> Bool {
        self.model.screens.contains { screen in screen.actions.contains { $0.action.steps.contains(.push(id)) } }
    }

    /// The first screen whose action presents `id`, and that action (for showing a presented
    /// screen as a visitor would see it).
    public func presenter(of id: String) -> (screen: String, action: SceneAction)? {
        for screen in self.model.screens {
            for (action, _) in screen.actions {
                for step in action.steps {
                    if case .present(let target, _) = step, target == id { return (screen.id, step) }
                }
            }
        }
        return nil
    }
}
