import VitrineCore
import VitrineGestures
import VitrineGraphics
import VitrineMotion

/// A modal bottom sheet over the current screen, with a blurred or dimmed backdrop, a navigation
/// header, collapsed and expanded heights, and the original's lifecycle callbacks
/// (flipkart-incubator/ContentSheet, shared/research/sheets_physics.md §A2).
///
/// Behaviour of the original kept: states minimised / collapsed / expanded; heights from the
/// content (collapsed defaults to half the screen, expanded to collapsed); dismissal on a touch
/// *down* outside the sheet; the release rule (in the middle third of the travel the velocity's
/// sign decides; outside it a release slower than 100 pt/s goes to the nearer end; from expanded
/// a drag down collapses, never dismisses); the presentation spring (0.5 s, damping 0.75,
/// initial velocity 0.8); callbacks in the original's order.
///
/// Fixed: a settling sheet caught by the finger stays where it is drawn (the original read the
/// target frame and jumped); the finger's velocity carries into the settle spring (the original
/// used a constant 0.8); the blur fades out with the sheet on dismissal (the original's blur
/// popped off); a scroll view inside hands over within one drag (`scrollViewToObserve`):
/// dragging up expands the sheet, then scrolls; dragging down scrolls to the top, then moves the
/// sheet down.
public final class ContentSheet: View, NestedScrollParent {
    public let content: ContentSheetContent
    public weak var delegate: ContentSheetDelegate?
    /// A navigation bar with the content's title and items, and ✕ when there is no left item.
    public var showDefaultHeader = true
    /// Blur what is behind (`blurStyle`); otherwise dim it with 50% black (original defaults:
    /// false, `.dark`).
    public var blurBackground = false
    public var blurStyle: BlurStyle = .dark
    /// Dismiss on a touch-down outside the sheet (original default true).
    public var dismissOnTouchOutside = true
    /// Shown full-screen behind the sheet, above the backdrop.
    public var backgroundImage: PixelBuffer?
    public var backgroundView: View?
    /// Whether the sheet can be dragged (original default true).
    public var enablePanGesture = true
    /// Where the sheet is in its life: presenting, shown at a height, dismissing (or hidden).
    public private(set) var phase = ContentSheetPhase.hidden
    /// The original's state: where it last came to rest (`.minimised` unless shown).
    public var state: ContentSheetState { self.phase.state }
    /// From `present` until a dismissal has finished (true while it slides away).
    public var isPresented: Bool { self.phase != .hidden }
    /// Sliding away: the sheet no longer takes touches and nothing stops the slide.
    public var isDismissing: Bool { self.phase == .dismissing }
    /// Every delegate and content callback, by name, in order (for tools and the state dump).
    public var onEvent: ((String) -> Void)?

    public let backdropView = View()
    /// The sheet's soft shadow over what is behind it: a rounded cap the width of the sheet and
    /// as tall as its corners, under the sheet's top edge, whose layer shadow reaches up. It is
    /// one fixed size, so a drag moves it (a composite) instead of redrawing a shadow the size
    /// of the sheet on every frame (the container's height follows the finger).
    public let shadowView = View()
    public let containerView = View()
    public private(set) var header: NavigationBar?
    public let pan: PanGestureRecognizer
    private let outsideTouch = TouchDownRecognizer()
    private var motion: ScrollMotion!
    private var backgroundImageView: ImageView?
    private let theme: Theme
    private var dragStartHeight = 0.0
    private var dragged = 0.0

    /// The sheet's top corners (the original's `layer.cornerRadius = 12` on the container).
    public static let cornerRadius = 12.0
    /// Header height (the original's `HeaderMinHeight`, a 44-pt navigation bar).
    public static let headerHeight = 44.0
    /// Below this speed a release outside the middle third goes to the nearer end: the
    /// original's `ThresholdVelocitySquare = 10000` (pt/s)².
    public static let releaseVelocityThreshold = 100.0
    /// Blur radius of `blurBackground` (a Gaussian σ in points; UIBlurEffect's exact radius is
    /// not published, this is an approximation by eye).
    public static let blurSigma = 20.0

    public init(content: ContentSheetContent, theme: Theme = .standard, metrics: GestureMetrics = GestureMetrics()) {
        self.content = content
        self.theme = theme
        self.pan = PanGestureRecognizer(axis: .vertical, metrics: metrics)
        super.init()
        self.addSubview(self.backdropView)
        self.shadowView.backgroundColor = theme.surface
        self.shadowView.cornerRadii = .top(Self.cornerRadius)
        self.shadowView.shadow = SheetShadow.standard
        self.shadowView.isUserInteractionEnabled = false
        self.addSubview(self.shadowView)
        self.containerView.backgroundColor = theme.surface
        self.containerView.cornerRadii = .top(Self.cornerRadius)
        self.containerView.clipsToBounds = true
        self.addSubview(self.containerView)
        self.motion = ScrollMotion(limits: 0...0, dimension: 1) { [weak self] in self?.window?.animator }
        self.motion.rubberBands = false
        self.motion.onChange = { [unowned self] _ in self.heightChanged() }
        self.containerView.addGestureRecognizer(self.pan)
        // A finger catches a presenting or settling sheet where it is drawn, never a dismissal:
        // stopping that spring would drop the completion that removes the sheet (the soak's
        // wedged sheet, issue 16).
        self.pan.onDown = { [unowned self] _ in if !self.isDismissing { self.motion.stop() } }
        self.pan.onChange = { [unowned self] pan in self.panChanged(pan) }
        self.outsideTouch.onTouchDown = { [unowned self] contact in self.touchedDown(at: Point(x: contact.x, y: contact.y)) }
        self.addGestureRecognizer(self.outsideTouch)
    }

    // MARK: - Heights

    /// The collapsed height: the content's, else half the screen (original `CollapsedHeightRatio`
    /// 0.5; 0 also means half).
    public var collapsedHeight: Double {
        let proposed = self.content.collapsedHeight(in: self) ?? 0
        let screen = self.bounds.height
        return proposed > 0 ? min(proposed, screen) : screen * 0.5
    }

    /// `max(min(max(proposed, 0), screen), collapsed)`, the original's clamp.
    public var expandedHeight: Double {
        let proposed = self.content.expandedHeight(in: self) ?? self.collapsedHeight
        return max(min(max(proposed, 0), self.bounds.height), self.collapsedHeight)
    }

    /// How much of the sheet is on screen.
    public var visibleHeight: Double { self.motion.value }

    // MARK: - Presenting

    /// Covers `host` (a window's root view) and slides the sheet up to its collapsed height.
    public func present(in host: View, animated: Bool = true) {
        guard !self.isPresented else { return }
        self.phase = .presenting
        self.isUserInteractionEnabled = true
        self.frame = host.bounds
        self.buildContent()
        host.addSubview(self)
        self.layoutIfNeeded()
        self.emit("willAddContent") { self.content.contentSheetWillAddContent(self) }
        self.emit("willShow") { self.delegate?.contentSheetWillShow(self) }
        self.emit("willAppear") { self.delegate?.contentSheetWillAppear(self) }
        let target = self.collapsedHeight
        guard animated else {
            self.motion.set(target)
            self.finishPresenting(at: .collapsed)
            return
        }
        // UIView.animate(withDuration: 0.5, usingSpringWithDamping: 0.75, initialSpringVelocity: 0.8).
        self.motion.settle(to: target, velocity: 0.8 * target, parameters: SpringParameters(uiKitDuration: 0.5, dampingRatio: 0.75)) { [weak self] in
            self?.finishPresenting(at: .collapsed)
        }
    }

    /// The sheet came to rest at `state` for the first time since `present`: the did-show
    /// callbacks. A finger may have caught the presentation's spring and a release's spring
    /// brought it to rest instead; the callbacks come then, once.
    private func finishPresenting(at state: ContentSheetState) {
        guard self.phase == .presenting else { return }
        self.phase = .shown(state)
        self.emit("didAddContent") { self.content.contentSheetDidAddContent(self) }
        self.emit("didShow") { self.delegate?.contentSheetDidShow(self) }
        self.emit("didAppear") { self.delegate?.contentSheetDidAppear(self) }
    }

    /// A settle spring that was not interrupted arrived at `state`.
    private func cameToRest(at state: ContentSheetState) {
        switch self.phase {
        case .presenting: self.finishPresenting(at: state)
        case .shown: self.phase = .shown(state)
        case .hidden, .dismissing: break
        }
    }

    /// Slides the sheet away (the backdrop fading with it), then removes it. Once it slides it
    /// takes no touches (they reach the screen below) and nothing catches it; `animated: false`
    /// during the slide ends it at once.
    public func dismiss(animated: Bool = true, velocity: Double = 0) {
        switch self.phase {
        case .hidden:
            return
        case .dismissing:
            guard !animated else { return }
            self.motion.set(0)
            self.finishDismissing()
            return
        case .presenting:
            // Dismissed before it first came to rest: its did-show callbacks come first, so every
            // will… the content and delegate heard has its did… (issue 29: `[present, dismiss]`
            // in one action left willAddContent, willShow and willAppear open).
            self.finishPresenting(at: .collapsed)
        case .shown:
            break
        }
        self.phase = .dismissing
        self.isUserInteractionEnabled = false
        self.emit("willRemoveContent") { self.content.contentSheetWillRemoveContent(self) }
        self.emit("willHide") { self.delegate?.contentSheetWillHide(self) }
        self.emit("willDisappear") { self.delegate?.contentSheetWillDisappear(self) }
        guard animated else {
            self.motion.set(0)
            self.finishDismissing()
            return
        }
        self.motion.settle(to: 0, velocity: velocity, parameters: SpringParameters(uiKitDuration: 0.5, dampingRatio: 1)) { [weak self] in
            self?.finishDismissing()
        }
    }

    private func finishDismissing() {
        guard self.isDismissing else { return }
        self.removeFromSuperview()
        self.phase = .hidden
        self.emit("didRemoveContent") { self.content.contentSheetDidRemoveContent(self) }
        self.emit("didHide") { self.delegate?.contentSheetDidHide(self) }
        self.emit("didDisappear") { self.delegate?.contentSheetDidDisappear(self) }
    }

    /// Moves a presented sheet to `state` (minimised dismisses it).
    public func move(to state: ContentSheetState, animated: Bool = true) {
        guard self.isPresented, !self.isDismissing else { return }
        guard state != .minimised else {
            self.dismiss(animated: animated)
            return
        }
        let target = state == .expanded ? self.expandedHeight : self.collapsedHeight
        guard animated else {
            self.motion.set(target)
            self.cameToRest(at: state)
            return
        }
        self.motion.settle(to: target, parameters: SpringParameters(uiKitDuration: 0.5, dampingRatio: 1)) { [weak self] in
            self?.cameToRest(at: state)
        }
    }

    private func emit(_ name: String, _ callback: () -> Void) {
        callback()
        self.onEvent?(name)
    }

    private func buildContent() {
        for view in self.containerView.subviews { view.removeFromSuperview() }
        self.backgroundImageView?.removeFromSuperview()
        if let image = self.backgroundImage {
            let view = ImageView(image: image)
            self.insertSubview(view, at: 1)
            self.backgroundImageView = view
        }
        if let background = self.backgroundView { self.insertSubview(background, at: 1) }
        if self.showDefaultHeader {
            var item = self.content.navigationItem ?? NavigationItem(title: "")
            if item.leftItem == nil {
                item.leftItem = BarButtonItem(title: "", icon: "close") { [weak self] in self?.dismiss() }
            }
            let header = NavigationBar(item: item, theme: self.theme)
            self.containerView.addSubview(header)
            self.header = header
        } else {
            self.header = nil
        }
        self.containerView.addSubview(self.content.view)
        self.content.scrollViewToObserve(in: self)?.nestedParent = self
        self.backdropView.layer.backdrop = self.blurBackground ? LayerBackdrop(style: self.blurStyle, sigma: Self.blurSigma, intensity: 0) : nil
        self.backdropView.backgroundColor = self.blurBackground ? nil : Color(white: 0, alpha: 0.5)
    }

    // MARK: - Layout

    public override func layoutSubviews() {
        let bounds = self.bounds
        self.motion.limits = 0...self.expandedHeight
        self.motion.dimension = max(1, bounds.height)
        self.backdropView.frame = bounds
        self.backgroundImageView?.frame = bounds
        self.backgroundView?.frame = bounds
        self.heightChanged()
    }

    private func heightChanged() {
        let bounds = self.bounds
        let height = self.visibleHeight
        // The sheet's top moves; its bottom stays pinned to the screen's bottom. Its height is
        // snapped to whole pixels: a fractional one (every frame of a spring) made the surface
        // a bitmap the sheet's size, redrawn with its rounded mask every frame (two thirds of a
        // content-sheet drag's instructions at 1080p); whole, it is a solid fill that moves.
        let scale = self.window?.scale ?? 1
        let drawn = (height * scale).rounded() / scale
        self.containerView.frame = Rect(x: 0, y: bounds.height - drawn, width: bounds.width, height: drawn)
        self.shadowView.frame = Rect(x: 0, y: bounds.height - drawn, width: bounds.width, height: Self.cornerRadius + 1)
        self.shadowView.isHidden = height <= 0
        let headerHeight = self.header == nil ? 0 : Self.headerHeight
        self.header?.frame = Rect(x: 0, y: 0, width: bounds.width, height: headerHeight)
        self.content.view.frame = Rect(x: 0, y: headerHeight, width: bounds.width, height: max(0, self.expandedHeight - headerHeight))
        // The backdrop follows the sheet in and out (the original faded only the dim).
        let presence = min(1, max(0, height / max(1, self.collapsedHeight)))
        if self.blurBackground {
            self.backdropView.layer.backdrop?.intensity = presence
            self.backdropView.invalidate()
        } else {
            self.backdropView.alpha = presence
        }
    }

    // MARK: - Touches

    private func touchedDown(at point: Point) {
        guard self.dismissOnTouchOutside, self.isPresented, !self.isDismissing else { return }
        if !self.containerView.windowFrame.contains(point) { self.dismiss() }
    }

    private func panChanged(_ pan: PanGestureRecognizer) {
        guard self.enablePanGesture, self.isPresented, !self.isDismissing else { return }
        switch pan.state {
        case .began:
            self.motion.beginDrag()
            self.dragged = 0
            self.dragStartHeight = self.visibleHeight
        case .changed:
            self.motion.drag(by: -(pan.translation.y - self.dragged))
            self.dragged = pan.translation.y
        case .ended:
            self.release(verticalVelocity: pan.velocity.y)
        case .cancelled, .failed:
            self.release(verticalVelocity: 0)
        case .possible:
            break
        }
    }

    /// The original's `_possibleStateChange` and `_panDirection`, in screen coordinates
    /// (`y` is the sheet's top; `vy` positive downwards), then a spring with the finger's velocity.
    func release(verticalVelocity vy: Double) {
        let screen = self.bounds.height
        let y = screen - self.visibleHeight
        let collapsedY = screen - self.collapsedHeight
        let expandedY = screen - self.expandedHeight
        let fromExpanded = self.state == .expanded
        // The segment the sheet moves in, and where it could go.
        let towardsMinimised = !fromExpanded && y > collapsedY
        let (segmentMin, segmentMax) = towardsMinimised ? (collapsedY, screen) : (expandedY, collapsedY)
        let ratio = y - segmentMin > 0 ? (segmentMax - y) / (y - segmentMin) : Double.infinity
        let threshold = (0.5...2).contains(ratio) ? 0 : Self.releaseVelocityThreshold * Self.releaseVelocityThreshold
        let up: Bool
        if vy * vy < threshold {
            up = y - segmentMin < segmentMax - y
        } else {
            up = vy < 0
        }
        let next: ContentSheetState
        if fromExpanded {
            next = up ? .expanded : .collapsed
        } else if towardsMinimised {
            next = up ? .collapsed : .minimised
        } else {
            next = up ? .expanded : .collapsed
        }
        let rising = -vy
        switch next {
        case .minimised:
            self.dismiss(animated: true, velocity: rising)
        case .collapsed, .expanded:
            let target = next == .expanded ? self.expandedHeight : self.collapsedHeight
            self.motion.settle(to: target, velocity: rising, parameters: SpringParameters(uiKitDuration: 0.5, dampingRatio: 0.75)) { [weak self] in
                self?.cameToRest(at: next)
            }
        }
    }

    // MARK: - Nested scrolling (`scrollViewToObserve`)

    public func nestedScroll(before delta: Double, child: ScrollView) -> Double {
        // Finger up: the sheet grows to its expanded height before the list scrolls.
        guard self.enablePanGesture, delta > 0, !self.isDismissing else { return 0 }
        let room = self.expandedHeight - self.visibleHeight
        guard room > 0 else { return 0 }
        self.motion.beginDrag()
        let taken = min(delta, room)
        self.motion.drag(by: taken)
        return taken
    }

    public func nestedScroll(after unconsumed: Double, child: ScrollView) -> Double {
        // Finger down with the list at its top: the sheet follows the finger down.
        guard self.enablePanGesture, unconsumed < 0, !self.isDismissing else { return 0 }
        self.motion.beginDrag()
        self.motion.drag(by: unconsumed)
        return unconsumed
    }

    public func nestedRelease(velocity: Double, child: ScrollView) -> Bool {
        guard !self.isDismissing else { return true }
        let resting = self.visibleHeight == self.expandedHeight || self.visibleHeight == self.collapsedHeight
        if resting && velocity > 0 {
            self.cameToRest(at: self.visibleHeight == self.expandedHeight ? .expanded : self.state == .minimised ? .collapsed : self.state)
            return false
        }
        self.release(verticalVelocity: -velocity)
        return true
    }
}
