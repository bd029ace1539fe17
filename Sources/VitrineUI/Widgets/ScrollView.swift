import VitrineCore
import VitrineGestures
import VitrineMotion

/// A view that scrolls a parent when its content reaches an edge, within one gesture (Android's
/// nested scrolling; iOS sheets' `prefersScrollingExpandsWhenScrolledToEdge`).
public protocol NestedScrollParent: AnyObject {
    /// Before the scroll view moves by `delta` (positive: finger up, content forward): how much
    /// of it the parent takes.
    func nestedScroll(before delta: Double, child: ScrollView) -> Double
    /// What the scroll view could not take (it was at an edge): how much the parent takes.
    func nestedScroll(after unconsumed: Double, child: ScrollView) -> Double
    /// The finger lifted with `velocity` (content units/s, positive: forward). True when the
    /// parent takes the fling (it moved during the gesture), so the scroll view does not coast.
    func nestedRelease(velocity: Double, child: ScrollView) -> Bool
}

/// A vertically scrolling view: `contentView` holds the content, moved by the finger, coasting
/// with UIScrollView's deceleration after a flick, rubber-banding past the ends, and caught by
/// a new touch at the position on screen.
public final class ScrollView: View {
    /// Holds the scrolled content; set its height through `contentHeight`.
    public let contentView = View()
    public let pan: PanGestureRecognizer
    /// Deceleration after a flick (UIScrollView `.normal`, 0.998 per ms).
    public var decelerationRate = DecelerationRate.normal
    public var isScrollEnabled = true
    /// False: when the content fits, the scroll view does not take drags at all, so they reach
    /// what is around it (a split sheet's drag, a pager's swipe). UIScrollView's
    /// `alwaysBounceVertical`.
    public var alwaysBounces = true { didSet { self.setNeedsLayout() } }
    /// Takes part of the scroll at the edges (a sheet around it), when set.
    public weak var nestedParent: NestedScrollParent?
    private(set) var motion: ScrollMotion?
    private var lastTranslation = 0.0
    private var scrollWatchers: [ScrollWatcher] = []
    private var parentTookPart = false

    public init(frame: Rect = .zero, metrics: GestureMetrics = GestureMetrics()) {
        self.pan = PanGestureRecognizer(axis: .vertical, metrics: metrics)
        super.init(frame: frame)
        self.clipsToBounds = true
        // A scroll moves the pixels already drawn and paints only the rows coming into view.
        self.layer.copiesMovedContent = true
        self.addSubview(self.contentView)
        self.addGestureRecognizer(self.pan)
        self.pan.onDown = { [unowned self] _ in self.motionModel.stop() }
        self.pan.onChange = { [unowned self] pan in self.panChanged(pan) }
    }

    /// The content's height in points (its width follows the scroll view's).
    public var contentHeight: Double = 0 {
        didSet { self.setNeedsLayout() }
    }

    /// How far the content is scrolled (0: top).
    public var contentOffset: Double {
        get { self.motion?.value ?? 0 }
        set { self.motionModel.set(newValue) }
    }

    /// A finger is scrolling the content.
    public var isDragging: Bool { self.pan.state == .began || self.pan.state == .changed }

    /// The largest offset: content bottom at the view's bottom.
    public var maximumOffset: Double { max(0, self.contentHeight - self.bounds.height) }
    public var isAtTop: Bool { self.contentOffset <= 0.5 }

    /// Scrolls to `offset` with a spring.
    public func scroll(to offset: Double, animated: Bool) {
        let clamped = min(max(0, offset), self.maximumOffset)
        if animated {
            self.motionModel.settle(to: clamped, parameters: ScrollMotion.bounce)
        } else {
            self.motionModel.set(clamped)
        }
    }

    public override func layoutSubviews() {
        let model = self.motionModel
        model.limits = 0...self.maximumOffset
        model.dimension = max(1, self.bounds.height)
        self.pan.isEnabled = self.isScrollEnabled && (self.alwaysBounces || self.maximumOffset > 0.5)
        // The end may have moved in under the offset (a split sheet hiding gives the pane its
        // height back); a drag in progress bounces back to the new end on release instead.
        if !self.isDragging { model.keepWithinLimits() }
        self.contentView.frame = Rect(x: 0, y: -model.value, width: self.bounds.width, height: max(self.contentHeight, self.bounds.height))
        self.tellScrolled()
    }

    /// Calls `action` whenever the content moves or the view is laid out, for as long as
    /// `owner` lives: a long list inside makes the views of the rows that come into view.
    public func onScroll(_ owner: AnyObject, _ action: @escaping () -> Void) {
        self.scrollWatchers.removeAll { $0.owner == nil }
        self.scrollWatchers.append(ScrollWatcher(owner: owner, action: action))
    }

    private func tellScrolled() {
        for watcher in self.scrollWatchers where watcher.owner != nil { watcher.action() }
    }

    private var motionModel: ScrollMotion {
        if let motion = self.motion { return motion }
        let motion = ScrollMotion(limits: 0...self.maximumOffset, dimension: max(1, self.bounds.height)) { [weak self] in self?.window?.animator }
        motion.onChange = { [unowned self] value in
            self.contentView.frame.origin.y = -value
            self.tellScrolled()
        }
        self.motion = motion
        return motion
    }

    private func panChanged(_ pan: PanGestureRecognizer) {
        guard self.isScrollEnabled else { return }
        let model = self.motionModel
        switch pan.state {
        case .began:
            self.lastTranslation = 0
            self.parentTookPart = false
            model.beginDrag()
        case .changed:
            // Finger up (negative translation) scrolls forward (positive offset).
            var delta = -(pan.translation.y - self.lastTranslation)
            self.lastTranslation = pan.translation.y
            if let parent = self.nestedParent {
                let taken = parent.nestedScroll(before: delta, child: self)
                if taken != 0 { self.parentTookPart = true }
                delta -= taken
                // At the top, a pull down goes to the parent before any rubber band.
                if delta < 0 && model.value <= 0 {
                    let passed = parent.nestedScroll(after: delta, child: self)
                    if passed != 0 { self.parentTookPart = true }
                    delta -= passed
                }
            }
            if delta != 0 { model.drag(by: delta) }
        case .ended:
            let velocity = -pan.velocity.y
            if let parent = self.nestedParent, self.parentTookPart, parent.nestedRelease(velocity: velocity, child: self) {
                model.release(velocity: 0, rate: self.decelerationRate)
            } else {
                model.release(velocity: velocity, rate: self.decelerationRate)
            }
        case .cancelled, .failed:
            // A drag the parent took part in (a sheet moved through its list) settles the parent
            // too, as a still release would: a cancelled contact (TOUCH_CANCEL, a replay ending
            // with the finger down) must not leave the sheet between its heights.
            if let parent = self.nestedParent, self.parentTookPart {
                self.parentTookPart = false
                _ = parent.nestedRelease(velocity: 0, child: self)
            }
            model.release(velocity: 0, rate: self.decelerationRate)
        case .possible:
            break
        }
    }
}

/// Who wants to know when a scroll view moves, and what to call.
private struct ScrollWatcher {
    weak var owner: AnyObject?
    let action: () -> Void
}
