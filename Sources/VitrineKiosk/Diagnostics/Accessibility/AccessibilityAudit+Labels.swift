import VitrineCore
import VitrineScene
import VitrineUI

/// Labels: what speech mode says for each element (`SpokenDescription.label`). An element that
/// acts must have something to say — a visitor who cannot see hears "button" and nothing else
/// (WCAG 2.2 SC 4.1.2 Name, Role, Value; EN 301 549 11.4.1.2) — and a picture without a
/// description is passed over, which is right only for decoration (WCAG 2.2 SC 1.1.1 Non-text
/// Content).
extension AccessibilityAudit {
    /// Every element keys or a finger reach in the laid-out `window` that has nothing to say: an
    /// error each.
    func labelFindings(_ window: Window, controls: [View], screen: String, phrases: AccessibilityPhrases) -> [AccessibilityFinding] {
        var elements = window.focusChain
        for control in controls where Self.acts(control) && !elements.contains(where: { $0 === control }) { elements.append(control) }
        return elements.compactMap { element in
            guard SpokenDescription.label(of: element, phrases: phrases) == nil else { return nil }
            let place = self.place(of: element, default: screen)
            return AccessibilityFinding(.error, .labels, screen: place.screen, path: place.path, Self.unlabelled(element))
        }
    }

    /// What to add to an element with nothing to say, in the words of the config.
    static func unlabelled(_ element: View) -> String {
        let label = "add an \"accessibilityLabel\" (what speech says for it, in each language)"
        switch element {
        case let button as Button:
            if Self.isInBar(button) {
                return "a bar button showing only the icon \"\(button.iconName ?? "")\", which speech has no word for: give the item a \"title\""
            }
            if let icon = button.iconName {
                return "a button showing only the icon \"\(icon)\", which speech has no word for, says nothing but \"button\": \(label)"
            }
            return "a button without a title says nothing but \"button\": give it a \"title\", or \(label)"
        case let card as CardView:
            return card.imageView == nil
                ? "a card without a title says nothing but \"button\": give it a \"title\", or \(label)"
                : "a card showing only its picture says nothing but \"button\": give it a \"title\", or \(label)"
        case is ListRowView:
            return "a list row with an empty title says nothing but \"button\": give every row a \"title\" (a bound one must not read empty)"
        case is SliderView:
            return "a slider without a label says only its number and \"slider\": \(label), such as \"Volume\""
        case is ToggleView:
            return "a toggle without a title says only \"switch, on\" or \"off\": give it a \"title\""
        case is TextField:
            return "a text field without a placeholder says nothing but \"text field\": give it a \"placeholder\", or \(label)"
        default:
            return "\(Self.withArticle(Self.kind(of: element))) that acts has nothing to say: \(label)"
        }
    }

    /// Whether `view` is in a navigation bar.
    static func isInBar(_ view: View) -> Bool {
        var ancestor = view.superview
        while let current = ancestor {
            if current is NavigationBar { return true }
            ancestor = current.superview
        }
        return false
    }

    /// Every picture of `screen` without a `description`: a notice each, since a picture may be
    /// decoration (`"description": ""` says so, and the notice goes). Read from the config, so a
    /// picture scrolled out of sight is found too.
    func imageFindings(_ screen: ScreenModel) -> [AccessibilityFinding] {
        screen.content.allNodes.compactMap { node in
            guard case .image = node.kind, node.accessibilityLabel == nil else { return nil }
            return AccessibilityFinding(
                .notice, .labels, screen: screen.id, path: node.id.map { "\(node.path) (id \($0))" } ?? node.path,
                "an image without a description, which speech passes over: decorative? leave it, or say so with \"description\": \"\"; else describe it (\"description\": what it shows, in each language)"
            )
        }
    }
}
