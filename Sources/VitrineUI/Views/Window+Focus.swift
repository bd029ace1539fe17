import VitrineCore

/// Keys and focus: one focus chain per window, in reading order, used by hardware keyboards,
/// keypads and the on-screen keyboard alike (Docs/input.md, "Keyboards").
///
/// A key goes to the focused view first (`View.handleKey`); what it leaves the window uses:
/// Tab and Shift+Tab, and the arrow keys, move the focus through every view that
/// `canBecomeFocused`, in reading order; Enter activates the focused view; Escape calls
/// `onEscape` (the scene dismisses or goes back).
extension Window {
    /// Handles one key from a keyboard, a keypad or the on-screen keyboard.
    public func handle(_ key: KeyEvent) {
        if let wake = self.wakeFilter, !wake(key) { return }
        if let filter = self.keyFilter, !filter(key) { return }
        // A held Enter or Escape acts once: xkb repeats them, and a form must not be submitted
        // (or the screens popped) 25 times a second.
        if key.isRepeat, key.key == .enter || key.key == .escape { return }
        if let focused = self.focusedView, focused.window === self, focused.handleKey(key) { return }
        switch key.key {
        case .tab:
            self.moveFocus(by: key.modifiers.contains(.shift) ? -1 : 1)
        case .down, .right:
            self.moveFocus(by: 1)
        case .up, .left:
            self.moveFocus(by: -1)
        case .enter:
            if let focused = self.focusedView, focused.window === self { _ = focused.activate() }
        case .escape:
            self.onEscape?()
        default:
            break
        }
    }

    /// Every view the focus can go to, in reading order: depth first through the subviews (a
    /// stack's order is its reading order), skipping hidden, transparent and non-interactive
    /// views and what lies wholly outside the window.
    public var focusChain: [View] {
        var chain: [View] = []
        let bounds = Rect(size: self.size)
        func visit(_ view: View) {
            guard !view.isHidden, view.alpha > 0.01, view.isUserInteractionEnabled else { return }
            if view.canBecomeFocused, view.windowFrame.intersects(bounds) { chain.append(view) }
            for subview in view.subviews { visit(subview) }
        }
        visit(self.focusScope?().flatMap { $0.window === self ? $0 : nil } ?? self.root)
        return chain
    }

    /// Moves the focus `steps` along the chain (negative: backwards), wrapping at the ends, and
    /// shows the ring: the visitor is using keys.
    public func moveFocus(by steps: Int) {
        let chain = self.focusChain
        guard !chain.isEmpty else { return }
        let next: Int
        if let current = self.focusedView, let index = chain.firstIndex(where: { $0 === current }) {
            next = ((index + steps) % chain.count + chain.count) % chain.count
        } else {
            next = steps >= 0 ? 0 : chain.count - 1
        }
        self.focus(chain[next], showingRing: true)
    }

    /// Gives `view` the focus (nil: nobody); `showingRing` draws the ring around it (keys), a
    /// tap on a text field does not.
    public func focus(_ view: View?, showingRing: Bool = false) {
        let previous = self.focusedView
        self.focusedView = view
        self.showsFocusRing = showingRing && view != nil
        if previous !== view {
            previous?.focusDidChange()
            view?.focusDidChange()
        }
        if let view { self.scrollToVisible(view) }
        self.placeFocusRing()
        if previous !== view { self.onFocusChange?(view) }
    }

    /// Hands the focus to `view` showing what the focused view showed (a list's row view made
    /// again for new data): the ring stays as it was and `onFocusChange` is not called, as the
    /// visitor's focus did not move.
    func moveFocus(to view: View) {
        guard let previous = self.focusedView, previous !== view else { return }
        self.focusedView = view
        previous.focusDidChange()
        view.focusDidChange()
        self.placeFocusRing()
    }

    /// The ring's colours: the theme's tint, and its background for the band inside.
    public func setFocusRingColors(_ color: Color, gap: Color) {
        self.focusRing.color = color
        self.focusRing.gapColor = gap
    }

    /// Hides the ring (a touch came); the focus stays.
    func hideFocusRing() {
        self.showsFocusRing = false
        self.placeFocusRing()
    }

    /// Puts the ring around the focused view, above everything, or takes it away. Called after
    /// layout each frame, so the ring follows a view that moves.
    func placeFocusRing() {
        guard self.showsFocusRing, let view = self.focusedView, view.window === self, !view.isHidden else {
            if self.focusRing.superview != nil { self.focusRing.removeFromSuperview() }
            return
        }
        let frame = view.windowFrame.insetBy(dx: -FocusRingView.outset, dy: -FocusRingView.outset)
        if self.focusRing.superview !== self.root {
            self.root.addSubview(self.focusRing)
        } else if self.root.subviews.last !== self.focusRing {
            self.root.bringSubviewToFront(self.focusRing)
        }
        self.focusRing.cornerRadius = view.cornerRadii.topLeft + FocusRingView.outset
        if self.focusRing.frame != frame { self.focusRing.frame = frame }
    }

    /// Scrolls every scroll view around `view` so it is in sight.
    func scrollToVisible(_ view: View) {
        var ancestor = view.superview
        while let current = ancestor {
            if let scroll = current as? ScrollView {
                let top = view.convertToWindow(.zero).y - scroll.contentView.convertToWindow(.zero).y
                let frame = Rect(x: 0, y: top, width: view.frame.width, height: view.frame.height)
                let offset = scroll.contentOffset
                if frame.minY < offset {
                    scroll.scroll(to: max(0, frame.minY - 16), animated: false)
                } else if frame.maxY > offset + scroll.bounds.height {
                    scroll.scroll(to: min(scroll.maximumOffset, frame.maxY - scroll.bounds.height + 16), animated: false)
                }
            }
            ancestor = current.superview
        }
    }
}
