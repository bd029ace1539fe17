import VitrineCore
import VitrineGestures
import VitrineGraphics

/// A rectangle of the interface: geometry, appearance, subviews, gestures — backed by a `Layer`.
///
/// Sizes are points (a `Window`'s scale maps them to pixels). Appearance properties forward to
/// the layer, so moving or fading a view is a composite, never a redraw; `draw(in:)` is called
/// only when the content is invalidated with `setNeedsDisplay()`. Subclasses lay out their
/// subviews in `layoutSubviews()`, which runs before the next frame after `setNeedsLayout()` or
/// a size change.
open class View {
    public let layer: Layer
    public private(set) var subviews: [View] = []
    public private(set) weak var superview: View?
    /// Gesture recognizers that compete for contacts landing in this view (see `GestureArena`).
    public private(set) var gestureRecognizers: [any GestureRecognizer] = []
    /// False: the view and its subviews ignore touches (hit testing passes through).
    public var isUserInteractionEnabled = true
    private(set) var needsLayout = true
    /// Insets from the superview's edges when pinned (`pinToEdges`); nil when not pinned.
    public private(set) var pinnedInsets: EdgeInsets?
    /// The window the view is in; set on the root view, found through the superviews.
    weak var hostWindow: Window?
    /// How wide the view is in a stack, a grid cell or a screen (`Dimension`; `auto` asks
    /// `sizeThatFits`). Changing it lays the parent out again.
    public var layoutWidth: Dimension = .auto {
        didSet { if oldValue != self.layoutWidth { self.superview?.setNeedsLayout() } }
    }
    /// How tall the view is in a stack, a grid cell or a screen.
    public var layoutHeight: Dimension = .auto {
        didSet { if oldValue != self.layoutHeight { self.superview?.setNeedsLayout() } }
    }
    /// A name for tests, tools and the state dump (a config's view `id`).
    public var identifier: String?
    /// What speech mode says for this view instead of its own text (a config's
    /// `accessibilityLabel`, an image's `description`); nil: its text (View+Accessibility.swift).
    public var accessibilityLabel: String?

    public init(frame: Rect = .zero) {
        self.layer = Layer(frame: frame, name: String(describing: type(of: self)))
        self.layer.draw = nil
        if self.drawsContent {
            self.layer.draw = { [unowned self] canvas in self.draw(in: canvas) }
        }
    }

    /// Override to return true in subclasses that implement `draw(in:)`.
    open var drawsContent: Bool { false }

    /// Paints the view's content in its own coordinates. Called only when the content is dirty.
    open func draw(in canvas: Canvas) {}

    /// Places the subviews; called before a frame when the layout is dirty.
    open func layoutSubviews() {}

    /// The size the view would like within `size` (for stacks); the frame's size by default.
    open func sizeThatFits(_ size: Size) -> Size { self.frame.size }

    // MARK: - Geometry and appearance (forwarded to the layer)

    public var frame: Rect {
        get { self.layer.frame }
        set {
            let resized = newValue.size != self.layer.frame.size
            self.layer.frame = newValue
            if resized { self.setNeedsLayout() } else { self.invalidate() }
        }
    }

    /// The view's own coordinate space: origin zero, the frame's size.
    public var bounds: Rect { Rect(size: self.frame.size) }

    public var backgroundColor: Color? {
        get { self.layer.backgroundColor }
        set {
            self.layer.backgroundColor = newValue
            self.invalidate()
        }
    }

    public var cornerRadii: CornerRadii {
        get { self.layer.cornerRadii }
        set {
            self.layer.cornerRadii = newValue
            self.invalidate()
        }
    }

    /// Opacity from 0 (invisible, and not hit-testable) to 1.
    public var alpha: Double {
        get { self.layer.opacity }
        set {
            self.layer.opacity = newValue
            self.invalidate()
        }
    }

    public var isHidden: Bool {
        get { self.layer.isHidden }
        set {
            self.layer.isHidden = newValue
            self.invalidate()
        }
    }

    public var clipsToBounds: Bool {
        get { self.layer.clipsToBounds }
        set {
            self.layer.clipsToBounds = newValue
            self.invalidate()
        }
    }

    public var shadow: LayerShadow? {
        get { self.layer.shadow }
        set {
            self.layer.shadow = newValue
            self.invalidate()
        }
    }

    // MARK: - Tree

    public func addSubview(_ view: View) {
        self.insertSubview(view, at: self.subviews.count)
    }

    public func insertSubview(_ view: View, at index: Int) {
        view.removeFromSuperview()
        let position = min(max(0, index), self.subviews.count)
        self.subviews.insert(view, at: position)
        view.superview = self
        self.layer.insertSublayer(view.layer, at: self.layerIndex(forSubviewAt: position))
        view.setNeedsLayout()
        self.invalidate()
    }

    public func removeFromSuperview() {
        guard let parent = self.superview else { return }
        parent.subviews.removeAll { $0 === self }
        self.layer.removeFromSuperlayer()
        self.superview = nil
        parent.invalidate()
    }

    /// Moves `view` (a subview) above all its siblings.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        self.insertSubview(view, at: self.subviews.count)
    }

    /// Subview layers keep the subviews' order, after any layers the view added itself.
    private func layerIndex(forSubviewAt index: Int) -> Int {
        let own = self.layer.sublayers.filter { layer in !self.subviews.contains { $0.layer === layer } }.count
        return own + index
    }

    public func addGestureRecognizer(_ recognizer: any GestureRecognizer) {
        self.gestureRecognizers.append(recognizer)
    }

    public func removeGestureRecognizer(_ recognizer: any GestureRecognizer) {
        self.gestureRecognizers.removeAll { $0 === recognizer }
    }

    /// The window (through the superviews), if the view is on screen.
    public var window: Window? {
        var view: View? = self
        while let current = view {
            if let window = current.hostWindow { return window }
            view = current.superview
        }
        return nil
    }

    // MARK: - Invalidation

    /// Redraw the content before the next frame.
    public func setNeedsDisplay() {
        self.layer.setNeedsDisplay()
        self.invalidate()
    }

    /// Lay out the subviews before the next frame.
    public func setNeedsLayout() {
        self.needsLayout = true
        self.invalidate()
    }

    /// Asks the window for a frame.
    public func invalidate() {
        self.window?.setNeedsFrame()
    }

    /// Keeps this view's frame at its superview's bounds, inset by `insets`, through every
    /// layout of the superview (the original's `pinEdgesToSuperview`).
    public func pinToEdges(insets: EdgeInsets = .zero) {
        self.pinnedInsets = insets
        self.superview?.setNeedsLayout()
    }

    /// Lays out this view and its subviews where needed, top-down.
    public func layoutIfNeeded() {
        if self.needsLayout {
            self.needsLayout = false
            for subview in self.subviews {
                if let insets = subview.pinnedInsets { subview.frame = self.bounds.inset(by: insets) }
            }
            self.layoutSubviews()
        }
        for subview in self.subviews { subview.layoutIfNeeded() }
    }

    // MARK: - Focus (keys, keypad; Window+Focus.swift)

    /// Whether Tab, the arrow keys or a tap can give this view the keyboard focus: actionable
    /// views (buttons, rows and cards with an action) and text fields say yes.
    open var canBecomeFocused: Bool { false }

    /// A key for the focused view; true when the view used it (a text field types it), false to
    /// let the window move focus, activate or go back with it.
    open func handleKey(_ event: KeyEvent) -> Bool { false }

    /// What Enter (or a keypad's select) does on the focused view: a button's tap. False when
    /// the view has nothing to do.
    open func activate() -> Bool { false }

    /// The view gained or lost the focus (`isFocused` says which).
    open func focusDidChange() {}

    /// Whether the window's keyboard focus is on this view.
    public var isFocused: Bool { self.window?.focusedView === self }

    // MARK: - Accessibility (speech mode; Accessibility/SpokenDescription.swift)

    /// The role speech mode says after the label; nil: not an element of its own (a stack, a
    /// spacer). Focusable views are buttons unless they say otherwise.
    open var accessibilityRole: AccessibilityRole? { self.canBecomeFocused ? .button : nil }
    /// The view's own text, said when `accessibilityLabel` is nil (a label's text, a button's
    /// title, a row's title).
    open var accessibilityContent: String? { nil }
    /// What the element holds, said after the label (a row's price, a field's text).
    open var accessibilityValue: String? { nil }
    /// States said after the role.
    open var accessibilityTraits: AccessibilityTraits { [] }
    /// More about the element, said last (a row's subtitle).
    open var accessibilityDetail: String? { nil }

    // MARK: - Coordinates and hit testing

    /// Converts a point from the window's coordinates into this view's.
    public func convertFromWindow(_ point: Point) -> Point {
        var result = point
        var chain: [View] = []
        var view: View? = self
        while let current = view {
            chain.append(current)
            view = current.superview
        }
        for view in chain.reversed() { result = result - view.frame.origin }
        return result
    }

    /// Converts a point from this view's coordinates into the window's.
    public func convertToWindow(_ point: Point) -> Point {
        var result = point
        var view: View? = self
        while let current = view {
            result = result + current.frame.origin
            view = current.superview
        }
        return result
    }

    /// This view's frame in window coordinates.
    public var windowFrame: Rect { Rect(origin: self.convertToWindow(.zero), size: self.frame.size) }

    /// Whether `point` (in this view's coordinates) is inside it.
    open func point(inside point: Point) -> Bool { self.bounds.contains(point) }

    /// The deepest visible, interactive view containing `point` (this view's coordinates).
    open func hitTest(_ point: Point) -> View? {
        guard self.isUserInteractionEnabled, !self.isHidden, self.alpha > 0.01, self.point(inside: point) else { return nil }
        for subview in self.subviews.reversed() {
            if let hit = subview.hitTest(point - subview.frame.origin) { return hit }
        }
        return self
    }
}
