import VitrineCore

/// Questions a view answers by walking up to its window: whether it can be seen, whether it is
/// inside another.
extension View {
    /// Below this opacity a view counts as not seen (1 %: no visitor sees a page or a frame
    /// change through it).
    public static let seenAlpha = 0.01

    /// Whether any of the view can be seen now: in a window whose display is not blanked,
    /// neither it nor an ancestor hidden or at most `seenAlpha` opaque, some of it inside every
    /// clipping ancestor and the screen, and not behind what holds the focus in front
    /// (`Window.focusScope`: a content sheet, the onboarding, a prompt) — content changing
    /// under a sheet's blurred backdrop would blur it again at every frame. What changes by
    /// itself (a carousel's auto-advance, an animated image) waits while this is false.
    public var isSeen: Bool {
        guard let window = self.window, window.frameClock?.isPaused != true else { return false }
        let scope = window.focusScope?().flatMap { $0.window === window ? $0 : nil }
        var inScope = scope == nil
        var visible = self.windowFrame.intersection(Rect(size: window.size))
        var view: View? = self
        while let current = view {
            if current.isHidden || current.alpha <= Self.seenAlpha { return false }
            if current === scope { inScope = true }
            if current !== self, current.clipsToBounds { visible = visible.intersection(current.windowFrame) }
            view = current.superview
        }
        return inScope && visible.width > 0 && visible.height > 0
    }

    /// Whether this view is `ancestor` or inside it (the focus inside a modal card).
    public func isDescendant(of ancestor: View) -> Bool {
        var current: View? = self
        while let view = current {
            if view === ancestor { return true }
            current = view.superview
        }
        return false
    }
}
