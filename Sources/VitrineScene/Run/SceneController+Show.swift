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
        let view = try self.screenView(id, canGoBack: false)
        self.navigation?.reset(to: view)
    }

    /// The first screen whose action presents `id`, and that action (for showing a presented
    /// screen as a visitor would see it).
    public func presenter(of id: String) -> (screen: String, action: SceneAction)? {
        for screen in self.model.screens {
            for (action, _) in screen.actions {
                if case .present(let target, _) = action, target == id { return (screen.id, action) }
            }
        }
        return nil
    }
}
