import VitrineCore

/// The elements speech mode says, found in the window (Docs/accessibility.md): in reading
/// order for a screen's arrival and the help key, and under a finger for touch exploration.
///
/// An element is a visible view with an `accessibilityRole` and something to say. A focusable
/// element is one thing (a row says its title, price and subtitle as one), so nothing inside
/// it is an element of its own.
extension Window {
    /// Every element in `scope` (the focus scope, else the whole window) that lies in the
    /// window, in reading order: depth first, a stack's order being its reading order.
    public func accessibilityElements(in scope: View? = nil) -> [View] {
        var elements: [View] = []
        let bounds = Rect(size: self.size)
        func visit(_ view: View) {
            guard !view.isHidden, view.alpha > 0.01 else { return }
            let frame = view.windowFrame
            if view.accessibilityRole != nil, frame.intersects(bounds), view.accessibilityLabel != "" {
                if view.canBecomeFocused && view.isUserInteractionEnabled {
                    elements.append(view)
                    return
                }
                // One element unless its parts speak for themselves (a card's labels); a progress
                // bar's track and fill say nothing, so the bar is one.
                if view.accessibilityLabel != nil || !view.subviews.contains(where: { $0.accessibilityRole != nil }) { elements.append(view) }
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(scope ?? self.focusScope?().flatMap { $0.window === self ? $0 : nil } ?? self.root)
        return elements
    }

    /// The element under `point` (window coordinates): the topmost focusable view there, else
    /// the topmost text or described image; nil over empty space.
    public func accessibilityElement(at point: Point) -> View? {
        func find(_ view: View, _ point: Point) -> View? {
            guard !view.isHidden, view.alpha > 0.01, view.point(inside: point) else { return nil }
            if view.canBecomeFocused, view.isUserInteractionEnabled, view.accessibilityRole != nil {
                // A carousel's page may hold buttons of its own: one under the finger is found
                // (else the carousel, which says its page and "page 2 of 5").
                guard view is CarouselView else { return view }
                for subview in view.subviews.reversed() {
                    if let found = find(subview, point - subview.frame.origin), found.canBecomeFocused { return found }
                }
                return view
            }
            for subview in view.subviews.reversed() {
                if let found = find(subview, point - subview.frame.origin) { return found }
            }
            if view.accessibilityRole != nil, view.accessibilityLabel != "" { return view }
            return nil
        }
        let scope = self.focusScope?().flatMap { $0.window === self ? $0 : nil } ?? self.root
        return find(scope, scope.convertFromWindow(point))
    }
}
