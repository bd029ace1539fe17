import VitrineCore
import VitrineGestures

/// Checks, through the window's own hit testing, that every control a finger can reach takes a
/// finger-sized touch: a square of `Button.minimumHitSize` (44 × 44 points, Apple HIG
/// "Buttons"; WCAG 2.5.5 asks 44 CSS px) centred on the control must land on it everywhere.
///
/// A control is a view with a tap recognizer (buttons, list rows, cards, bar items, the sheet's
/// ✕, toggle rows, sliders, the segments of a segmented control). It is reachable when a touch
/// at its centre hits it (or one of its subviews):
/// controls under a sheet, scrolled away or hidden are not the visitor's to touch and are left
/// out. Points of the square outside what is visible of the control's surroundings — off the
/// window's edge, or clipped by a scroll view or a pane it is scrolled or squeezed against —
/// are left out too: no finger lands there, and a row half scrolled away is full size.
public enum HitTargetAudit {
    /// One reachable control and the points of the square that missed it.
    public struct Finding: Sendable, CustomStringConvertible {
        /// The control's identifier, or its kind and title.
        public var name: String
        /// Its frame in window points.
        public var frame: Rect
        /// Points of the square (window points) whose touch went elsewhere.
        public var missed: [Point]

        public var isLargeEnough: Bool { self.missed.isEmpty }

        public var description: String {
            let size = "\(String(fixed: self.frame.width, decimals: 1))×\(String(fixed: self.frame.height, decimals: 1)) pt"
            guard let first = self.missed.first else { return "\(self.name) (\(size)): ok" }
            return "\(self.name) (\(size) at \(String(fixed: self.frame.minX, decimals: 1)),\(String(fixed: self.frame.minY, decimals: 1))): "
                + "\(self.missed.count) of the 44-point square's touches miss it, e.g. at \(String(fixed: first.x, decimals: 1)),\(String(fixed: first.y, decimals: 1))"
        }
    }

    /// The points sampled along each side of the square: a 5 × 5 grid, 0.25 pt inside its edges.
    public static let samplesPerSide = 5

    /// Every reachable control in `window`, each with the square's touches that missed it.
    public static func audit(_ window: Window, side: Double = Button.minimumHitSize) -> [Finding] {
        self.reachableControls(in: window).map { self.finding(for: $0, in: window, side: side) }
    }

    /// The controls a finger can reach in `window`, in the order of its view tree: views with a
    /// tap recognizer that a touch at their centre hits (the accessibility audit checks that
    /// keys reach each of them too).
    public static func reachableControls(in window: Window) -> [View] {
        window.root.layoutIfNeeded()
        var controls: [View] = []
        func visit(_ view: View) {
            guard !view.isHidden, view.isUserInteractionEnabled else { return }
            if view.gestureRecognizers.contains(where: { $0 is TapGestureRecognizer }) {
                let frame = view.windowFrame
                if self.lands(on: view, at: Point(x: frame.midX, y: frame.midY), in: window) { controls.append(view) }
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(window.root)
        return controls
    }

    /// The square's touches around a reachable `control` that miss it.
    public static func finding(for control: View, in window: Window, side: Double = Button.minimumHitSize) -> Finding {
        let frame = control.windowFrame
        let centre = Point(x: frame.midX, y: frame.midY)
        let missed = self.square(around: centre, side: side, within: self.visibleArea(around: control, in: window)).filter {
            !self.lands(on: control, at: $0, in: window)
        }
        return Finding(name: self.name(of: control), frame: frame, missed: missed)
    }

    /// Whether a touch at `point` (window points) hits `view` or one of its subviews.
    static func lands(on view: View, at point: Point, in window: Window) -> Bool {
        var hit = window.root.hitTest(point)
        while let current = hit {
            if current === view { return true }
            hit = current.superview
        }
        return false
    }

    /// The window, cut by every clipping ancestor of `view` (window points).
    static func visibleArea(around view: View, in window: Window) -> Rect {
        var area = Rect(size: window.size)
        var ancestor = view.superview
        while let current = ancestor {
            if current.clipsToBounds { area = area.intersection(current.windowFrame) }
            ancestor = current.superview
        }
        return area
    }

    static func square(around centre: Point, side: Double, within bounds: Rect) -> [Point] {
        let half = side / 2 - 0.25
        let steps = (0..<self.samplesPerSide).map { -half + 2 * half * Double($0) / Double(self.samplesPerSide - 1) }
        return steps.flatMap { dy in steps.map { dx in Point(x: centre.x + dx, y: centre.y + dy) } }.filter { bounds.contains($0) }
    }

    static func name(of view: View) -> String {
        if let identifier = view.identifier { return identifier }
        switch view {
        case let button as Button: return "button \"\(button.title)\""
        case let row as ListRowView: return "list row \"\(row.row.title)\""
        case let card as CardView: return "card \"\(card.titleLabel.text)\""
        case let toggle as ToggleView: return "toggle \"\(toggle.title)\""
        case is SliderView: return "slider"
        default: return String(describing: type(of: view))
        }
    }
}
