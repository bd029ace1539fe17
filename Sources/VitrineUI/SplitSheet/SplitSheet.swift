import VitrineCore
import VitrineGestures
import VitrineGraphics
import VitrineMotion

/// Where a split sheet rests (the original's detents, as `contentOffset.y` values).
public enum SheetDetent: String, Sendable, Equatable {
    /// Offset 0: only the main content shows.
    case hidden
    /// Offset `minimumSheetHeight`.
    case shown
    /// All of the sheet visible, or — when it is taller than the view — its top at the view's top
    /// with the content scrolled anywhere inside it. Exists only when the sheet's content is taller
    /// than `minimumSheetHeight`.
    case expanded
    /// Moving between the detents. A sheet never comes to rest here.
    case between
}

/// Main content plus a sheet that rises from the bottom: hidden, shown, or expanded when its
/// content is taller than the minimum height (aheze/SplitSheet, shared/research/sheets_physics.md §A1).
///
/// The whole view is one vertical drag, like the original's scroll view: dragging up anywhere
/// shows the sheet (unless `swipeUpToShowAllowed` is false), buttons in both panes keep working
/// (the gesture arena gives taps to them), and a touch catches a moving sheet where it is drawn.
/// With `displaceContent` the main content shrinks as the sheet rises; otherwise the sheet
/// overlays it. Differences from the original: the settle is a critically damped spring that
/// takes the finger's velocity (the original lets UIScrollView decelerate onto the target); the
/// sheet's top never rises above the view's (the screen's navigation bar stays clear: the
/// original's expanded sheet reached the status bar), content taller than that scrolls with
/// momentum inside the expanded sheet while the grabber stays; and every release ends at a
/// detent (the original let a still release rest anywhere above the shown detent, issue 29).
///
/// Put the sheet's content in `sheetContentView` (it scrolls); `sheetView` is the sheet itself.
public final class SplitSheet: View {
    /// Holds the main content (pinned to it by the caller).
    public let mainView = View()
    /// The sheet's container (background, handle, content).
    public let sheetView = View()
    /// What the sheet holds, `sheetContentHeight` tall: moved up inside the sheet when the sheet
    /// is expanded and taller than the view.
    public let sheetContentView = View()
    /// The grabber: 36×5 pt, radius 2.5, 9 pt from the sheet's top (original `addHandle`).
    public let handleView = View()
    public let pan: PanGestureRecognizer

    /// If true the main content shrinks as the sheet rises; else the sheet overlays it.
    public var displaceContent = true { didSet { self.setNeedsLayout() } }
    public var showHandle = true { didSet { self.handleView.isHidden = !self.showHandle } }
    /// The shown detent's height (original default 400).
    public var minimumSheetHeight = 400.0 { didSet { self.contentChanged() } }
    /// Within this distance of the shown detent a still release snaps to it (original 150).
    public var snappingDistance = 150.0
    /// Duration of `show(_:)`, critically damped (original 0.6 s, damping 1, velocity 1).
    public var animationDuration = 0.6
    /// If false the sheet cannot be dragged up while hidden (original `isScrollEnabled = showing`).
    public var swipeUpToShowAllowed = true
    /// Height of the sheet's content (the sheet is at least `minimumSheetHeight` tall).
    public var sheetContentHeight = 0.0 { didSet { self.contentChanged() } }
    /// Whether the sheet is shown (the original's observable `showing`).
    public private(set) var showing = false {
        didSet { if oldValue != self.showing { self.onShowingChange?(self.showing) } }
    }
    /// Called when `showing` changes.
    public var onShowingChange: ((Bool) -> Void)?
    /// Called when the sheet comes to rest.
    public var onRest: ((SheetDetent) -> Void)?

    /// A release slower than this counts as a still release (the original's `velocity == 0`
    /// branch): Flutter's and Android's minimum fling velocity, 50 pt/s (research/input.md §5).
    public static let stillVelocity = 50.0

    private(set) var motion: ScrollMotion!

    public init(frame: Rect = .zero, theme: Theme = .standard, metrics: GestureMetrics = GestureMetrics()) {
        self.pan = PanGestureRecognizer(axis: .vertical, metrics: metrics)
        super.init(frame: frame)
        self.clipsToBounds = true
        self.mainView.clipsToBounds = true
        self.addSubview(self.mainView)
        self.sheetView.backgroundColor = theme.surface
        self.sheetView.cornerRadii = .top(12)
        self.sheetView.shadow = SheetShadow.standard
        self.sheetView.clipsToBounds = true
        self.addSubview(self.sheetView)
        self.sheetView.addSubview(self.sheetContentView)
        self.handleView.backgroundColor = theme.handleColor
        self.handleView.cornerRadii = CornerRadii(all: 2.5)
        self.sheetView.addSubview(self.handleView)
        self.motion = ScrollMotion(limits: 0...0, dimension: 1) { [weak self] in self?.window?.animator }
        self.motion.onChange = { [unowned self] _ in self.setNeedsLayout() }
        self.addGestureRecognizer(self.pan)
        // A finger catches a moving sheet only where it may then drag it: with swipe-up-to-show
        // off, a sheet sliding down to hidden cannot be dragged, so stopping its spring would
        // leave it between the detents for good (issue 16's class of wedge).
        self.pan.onDown = { [unowned self] _ in if self.swipeUpToShowAllowed || self.showing { self.motion.stop() } }
        self.pan.onChange = { [unowned self] pan in self.panChanged(pan) }
    }

    // MARK: - State

    /// How far the drag has taken the sheet (the original's `contentOffset.y`): up to
    /// `topOffset` it is how far the sheet has risen, beyond it how far the content has scrolled
    /// inside the expanded sheet.
    public var offset: Double { self.motion.value }

    /// The sheet's height: its content, at least the minimum.
    public var sheetHeight: Double { max(self.minimumSheetHeight, self.sheetContentHeight) }

    /// The highest the sheet's top goes: the view's top (a screen puts the view under its
    /// navigation bar, so the bar stays clear).
    public var topOffset: Double { max(self.minimumSheetHeight, self.bounds.height) }

    /// How far the sheet has risen on screen.
    public var risen: Double { min(self.offset, self.topOffset) }

    /// How far the content is scrolled inside the expanded sheet.
    public var contentScroll: Double { max(0, self.offset - self.topOffset) }

    /// Detent offsets: hidden, shown, and expanded when the content is taller than the minimum
    /// (the sheet's height, or the view's top for a sheet taller than the view).
    public var detentOffsets: [Double] {
        self.sheetHeight > self.minimumSheetHeight
            ? [0, self.minimumSheetHeight, min(self.sheetHeight, self.topOffset)] : [0, self.minimumSheetHeight]
    }

    /// The expanded detent (the shown one when there is none).
    public var expandedOffset: Double { self.detentOffsets.last! }

    /// How far `offset` may go: the expanded detent, or the end of content taller than the view.
    var scrollLimit: Double { max(self.expandedOffset, self.sheetHeight > self.topOffset ? self.sheetHeight : 0) }

    /// The detent the sheet is at (within half a point), or `.between`.
    public var detent: SheetDetent {
        let value = self.offset
        if abs(value) < 0.5 { return .hidden }
        if abs(value - self.minimumSheetHeight) < 0.5 { return .shown }
        if self.sheetHeight > self.minimumSheetHeight && value > self.expandedOffset - 0.5 && value < self.scrollLimit + 0.5 { return .expanded }
        return .between
    }

    /// Shows or hides the sheet: UIKit's spring of `animationDuration`, damping 1, initial
    /// velocity 1 (one whole travel per second), as the original's `show(_:)`.
    public func show(_ shouldShow: Bool, animated: Bool = true) {
        self.showing = shouldShow
        let target = shouldShow ? self.minimumSheetHeight : 0
        guard animated else {
            self.motion.set(target)
            self.onRest?(self.detent)
            return
        }
        let distance = target - self.offset
        self.motion.settle(
            to: target, velocity: distance, parameters: SpringParameters(uiKitDuration: self.animationDuration, dampingRatio: 1)
        ) { [weak self] in
            guard let self else { return }
            self.onRest?(self.detent)
        }
    }

    /// Springs to a detent (critically damped, `animationDuration`); `.between` does nothing.
    public func move(to detent: SheetDetent, animated: Bool = true) {
        let target: Double
        switch detent {
        case .hidden: target = 0
        case .shown: target = self.minimumSheetHeight
        case .expanded: target = self.expandedOffset
        case .between: return
        }
        self.showing = target != 0
        guard animated else {
            self.motion.set(target)
            self.onRest?(self.detent)
            return
        }
        self.motion.settle(to: target, parameters: SpringParameters(uiKitDuration: self.animationDuration, dampingRatio: 1)) { [weak self] in
            guard let self else { return }
            self.onRest?(self.detent)
        }
    }

    // MARK: - Layout

    public override func layoutSubviews() {
        let bounds = self.bounds
        self.motion.limits = 0...self.scrollLimit
        self.motion.dimension = max(1, bounds.height)
        let risen = self.risen
        let mainHeight = self.displaceContent ? bounds.height - min(max(0, risen), bounds.height) : bounds.height
        self.mainView.frame = Rect(x: 0, y: 0, width: bounds.width, height: max(0, mainHeight))
        // The sheet reaches below the view's bottom (a rubber-banded drag lifts it a little).
        let visible = min(self.sheetHeight, self.topOffset)
        self.sheetView.frame = Rect(x: 0, y: bounds.height - risen, width: bounds.width, height: visible + max(0, -risen) + 200)
        self.sheetContentView.frame = Rect(x: 0, y: -self.contentScroll, width: bounds.width, height: self.sheetHeight)
        self.handleView.frame = Rect(x: (bounds.width - 36) / 2, y: 9, width: 36, height: 5)
        self.handleView.isHidden = !self.showHandle
        // Hidden, the sheet (and its shadow, which reaches above it) is not drawn at all.
        self.sheetView.isHidden = risen <= 0
    }

    private func contentChanged() {
        self.motion.limits = 0...self.scrollLimit
        self.setNeedsLayout()
    }

    // MARK: - Dragging

    private func panChanged(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            guard self.swipeUpToShowAllowed || self.showing else { return }
            self.motion.beginDrag()
            self.dragged = 0
        case .changed:
            guard self.swipeUpToShowAllowed || self.showing else { return }
            let delta = -(pan.translation.y - self.dragged)
            self.dragged = pan.translation.y
            self.motion.drag(by: delta)
        case .ended:
            guard self.swipeUpToShowAllowed || self.showing else { return }
            self.release(risingVelocity: -pan.velocity.y)
        case .failed, .cancelled:
            // A tap or another gesture took the touch that caught the sheet: settle from here.
            // A sheet caught at a detent it was leaving (a tap 17 ms after Hide, before the
            // spring moved it) stays there, and says so (the museum soak, issue 29: it rested
            // shown with `showing` false, and the next toggle did nothing visible).
            if self.detent == .between || self.showing != (self.detent != .hidden) { self.release(risingVelocity: 0) }
        case .possible:
            break
        }
    }

    private var dragged = 0.0

    /// The original's `scrollViewWillEndDragging`, with the predicted rest point at UIKit's fast
    /// deceleration rate (0.99 per ms), then a spring that keeps the finger's velocity. Every
    /// release ends at a detent: a still one nearest the shown detent by the original's snapping
    /// distance, otherwise the nearest one the way it moves.
    func release(risingVelocity velocity: Double) {
        let offset = self.offset
        let predicted = offset + project(velocity: velocity, rate: .fast)
        let detents = self.detentOffsets
        let top = self.topOffset
        // Content taller than the view scrolls inside the expanded sheet: a release there coasts
        // (and bounces back inside the content), and it stays expanded.
        if self.scrollLimit > top && offset >= top && predicted >= top {
            self.showing = true
            self.motion.onRest = { [weak self] _ in
                guard let self else { return }
                self.motion.onRest = nil
                self.onRest?(self.detent)
            }
            self.motion.release(velocity: velocity, rate: .fast)
            return
        }
        var target: Double
        if velocity <= -Self.stillVelocity {
            target = detents.filter { $0 < predicted }.min { abs(predicted - $0) < abs(predicted - $1) } ?? 0
        } else if velocity >= Self.stillVelocity {
            target = detents.filter { $0 > predicted }.min { abs(predicted - $0) < abs(predicted - $1) } ?? self.expandedOffset
        } else {
            let distanceToShown = self.minimumSheetHeight - predicted
            if distanceToShown <= -self.snappingDistance {
                // Released still, well above the shown detent: the expanded detent (the
                // original rested anywhere here, which left the sheet between its detents).
                target = self.expandedOffset
            } else if distanceToShown < self.snappingDistance {
                target = self.minimumSheetHeight
            } else {
                target = 0
            }
        }
        self.showing = target != 0
        self.motion.settle(to: target, velocity: velocity, parameters: SpringParameters(uiKitDuration: self.animationDuration, dampingRatio: 1)) {
            [weak self] in
            guard let self else { return }
            self.onRest?(self.detent)
        }
    }
}
