import VitrineCore
import VitrineUI

extension SceneController {
    /// Where the visitor is: the screens on the navigation stack (bottom first), the onboarding
    /// page and whether it shows, and the language. `vitrine preview` carries it from the old
    /// copy of a scene to the one a save made (a presented sheet is not carried).
    public var position: JSONValue {
        .object([
            ("stack", .array(self.navigationStack.map { .string($0.model.id) })),
            ("onboarding", ((self.onboarding?.pager.currentPage as? ScreenView)?.model.id).map(JSONValue.string) ?? .null),
            ("onboardingShowing", .bool(self.isOnboardingShowing)),
            ("language", self.language.map(JSONValue.string) ?? .null)
        ])
    }

    /// Goes to `position` (from `position` of another copy) without animation: the stack as far
    /// as its screens still exist (an edited-away screen and those above it are dropped), the
    /// onboarding page if it is still one, the language if the scene still has it.
    public func restore(_ position: JSONValue) {
        if let language = position["language"]?.stringValue, language != self.language, self.model.languages.contains(language) {
            self.language = language
            self.builder.language = language
        }
        var stack: [String] = []
        for id in position["stack"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            guard self.model.screen(id) != nil else { break }
            stack.append(id)
        }
        let page = position["onboarding"]?.stringValue
        let showing = position["onboardingShowing"]?.boolValue ?? true
        do {
            try self.build(stack: stack.isEmpty ? [self.model.start] : stack, onboardingPage: page, onboardingShowing: showing)
        } catch {
            self.logger.error("cannot go back to \(stack.joined(separator: " > ")): \(error)")
        }
    }
}
