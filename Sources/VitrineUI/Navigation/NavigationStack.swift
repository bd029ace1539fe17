import VitrineCore
import VitrineGestures
import VitrineMotion

/// Which way a navigation transition goes.
public enum NavigationDirection: String, Sendable, Equatable {
    /// To the next page (swipe left).
    case forward
    /// Back to the previous page (swipe right).
    case backward
}

/// A transition in progress, handed to `NavigationStack.onTransition` so animations can run
/// alongside it (BoardingPass's `perform(coordinatedAnimations:completion:cancellation:)`).
public final class NavigationTransition {
    public let direction: NavigationDirection
    public let from: View
    public let to: View
    let transition: InteractiveTransition
    /// A forward transition that takes `from` off the stack when it completes (`replaceTop`).
    var replacesTop = false
    /// Started by code (`push`, `pop`, …) rather than by a finger.
    var isProgrammatic = false

    init(direction: NavigationDirection, from: View, to: View, transition: InteractiveTransition) {
        self.direction = direction
        self.from = from
        self.to = to
        self.transition = transition
    }

    /// Runs `animation` with every progress (0 = `from` showing, 1 = `to` showing): scrubbed by
    /// the finger, played forward on completion, reversed on cancellation.
    public func animateAlongside(_ animation: @escaping (Double) -> Void) { self.transition.addAnimations(animation) }
    public func onCompletion(_ hook: @escaping () -> Void) { self.transition.addCompletion(hook) }
    public func onCancellation(_ hook: @escaping () -> Void) { self.transition.addCancellation(hook) }
    public var progress: Double { self.transition.progress }
}

/// A navigation stack whose push and pop are interactive horizontal swipes: swiping right pops
/// to the screen below, swiping left pushes the next one where there is one
/// (Raizlabs/BoardingPass, a `UINavigationController` subclass; shared/research/sheets_physics.md
/// §A3). Onboarding is one use of it: a `series` of pages, each swipe left the next.
///
/// Kept from the original: the next screen is the following one in `series` unless a screen says
/// otherwise (`setNext(_:for:)`; nil disables that direction — a "completed" page outside the
/// series ends swiping); the previous screen is the one below in the stack; a swipe completes when
/// progress > 0.5 or progress + velocity/width > 0.75, completes by itself past 66% of the width,
/// otherwise goes back; programmatic `push`/`pop` slide over 0.4 s, ease-in-out; animations run
/// alongside each transition. Fixed: going back really goes back (the original's
/// `popToPreviousViewController` moved forward), a release hands its velocity to the settle
/// spring, and a finger can catch a settling transition. Added: `push(_:)` of any screen,
/// `popToRoot`, and `allowsSwipeBack`/`allowsSwipeForward`.
public final class NavigationStack: View {
    /// The series a swipe left walks through, in order (BoardingPass's `viewControllersToPresent`);
    /// empty for a stack that only pushes what it is given.
    public let series: [View]
    /// The navigation stack; the last entry is on screen.
    public private(set) var stack: [View]
    public let pan: PanGestureRecognizer
    /// Called when a transition starts, to add animations alongside it.
    public var onTransition: ((NavigationTransition) -> Void)?
    /// Called when a transition completes (or the stack is reset), with the screen now on top.
    public var onPageChange: ((View) -> Void)?
    /// A swipe right pops (default true).
    public var allowsSwipeBack = true
    /// Called when a finger's swipe completed a transition (before `onPageChange`): the state
    /// dump records a swipe back as the Back button's pop.
    public var onSwipe: ((NavigationDirection) -> Void)?
    /// Pages a swipe may not leave backwards (`setSwipeBack(false, for:)`).
    private var swipeBackRefused: Set<ObjectIdentifier> = []
    /// A swipe left pushes the next screen, where there is one (default true).
    public var allowsSwipeForward = true
    /// False: the stack holds only the page in front, and the way back is what `setPrevious`
    /// says (a carousel that turns for hours would otherwise stack a page at every turn).
    public var keepsHistory = true

    /// Past this fraction of the width a swipe completes without the release (original 0.66).
    public static let autoCompleteFraction = 0.66
    /// BoardingPass's `transitionDuration`.
    public static let slideDuration = 0.4

    private var nextOverrides: [ObjectIdentifier: View?] = [:]
    private var previousOverrides: [ObjectIdentifier: View?] = [:]
    private var active: NavigationTransition?
    private var grabbedProgress = 0.0
    private var dragDirection: NavigationDirection?
    /// This drag passed the auto-complete point: the rest of it is ignored.
    private var autoCompleted = false
    /// The running transition is a programmatic slide (not catchable).
    private var sliding = false
    /// The curve of that slide, and the animator it runs on.
    private var runningSlide: (curve: CurveAnimation, animator: Animator)?

    /// A stack starting at `root`.
    public convenience init(root: View, frame: Rect = .zero, metrics: GestureMetrics = GestureMetrics()) {
        self.init(series: [], root: root, frame: frame, metrics: metrics)
    }

    /// A pager over `pages`: it starts on the first, and a swipe left shows the next.
    public convenience init(pages: [View], frame: Rect = .zero, metrics: GestureMetrics = GestureMetrics()) {
        precondition(!pages.isEmpty, "a pager needs at least one page")
        self.init(series: pages, root: pages[0], frame: frame, metrics: metrics)
    }

    private init(series: [View], root: View, frame: Rect, metrics: GestureMetrics) {
        self.series = series
        self.stack = [root]
        self.pan = PanGestureRecognizer(axis: .horizontal, metrics: metrics)
        super.init(frame: frame)
        self.clipsToBounds = true
        // A slide moves both pages by the same distance: the compositor moves their pixels and
        // paints only the strip of the incoming page that came into view (`Compositor+Scroll`).
        self.layer.copiesMovedContent = true
        self.addSubview(root)
        self.addGestureRecognizer(self.pan)
        self.pan.onChange = { [unowned self] pan in self.panChanged(pan) }
    }

    /// The series (kept for the onboarding's callers).
    public var pages: [View] { self.series }
    public var currentPage: View { self.stack.last! }
    /// The current page's index in `series`, nil for a screen outside it.
    public var currentIndex: Int? { self.series.firstIndex { $0 === self.currentPage } }
    /// The screen at the bottom of the stack.
    public var rootPage: View { self.stack[0] }
    /// Whether a transition is running (dragged or settling).
    public var isTransitioning: Bool { self.active != nil }

    /// Makes `next` the page after `page` (nil: swiping forward from `page` is disabled).
    public func setNext(_ next: View?, for page: View) { self.nextOverrides[ObjectIdentifier(page)] = .some(next) }
    /// Makes `previous` the page before `page` (nil: swiping back from `page` is disabled).
    public func setPrevious(_ previous: View?, for page: View) { self.previousOverrides[ObjectIdentifier(page)] = .some(previous) }

    /// The page a forward swipe shows, if any.
    public func nextPage(after page: View) -> View? {
        if let override = self.nextOverrides[ObjectIdentifier(page)] { return override }
        guard let index = self.series.firstIndex(where: { $0 === page }), index + 1 < self.series.count else { return nil }
        return self.series[index + 1]
    }

    /// The page a backward swipe shows, if any: the one below in the stack.
    public func previousPage(before page: View) -> View? {
        if let override = self.previousOverrides[ObjectIdentifier(page)] { return override }
        guard page === self.currentPage, self.stack.count >= 2 else { return nil }
        return self.stack[self.stack.count - 2]
    }

    // MARK: - Programmatic

    /// Slides to the next page of the series over 0.4 s (ease-in-out). False when there is none
    /// or a transition runs.
    @discardableResult
    public func pushNext(animated: Bool = true) -> Bool { self.slide(.forward, to: nil, animated: animated) }

    /// Slides `view` in from the right over 0.4 s and puts it on top. False while a transition
    /// runs or when it is already in the stack.
    @discardableResult
    public func push(_ view: View, animated: Bool = true) -> Bool {
        guard !self.stack.contains(where: { $0 === view }) else { return false }
        return self.slide(.forward, to: view, animated: animated)
    }

    /// Slides `view` in as `push` does, and takes the screen it covers off the stack: the way
    /// back from `view` is the screen below that one (a ticket's "thanks" replacing its "confirm").
    /// False while a transition runs or when `view` is already in the stack.
    @discardableResult
    public func replaceTop(with view: View, animated: Bool = true) -> Bool {
        guard !self.stack.contains(where: { $0 === view }) else { return false }
        return self.slide(.forward, to: view, animated: animated, replacing: true)
    }

    /// Whether a swipe right may leave `page` (a payment screen must not be left by a swipe; its
    /// own buttons still pop). Every page may, unless set here.
    public func setSwipeBack(_ allowed: Bool, for page: View) {
        if allowed { self.swipeBackRefused.remove(ObjectIdentifier(page)) } else { self.swipeBackRefused.insert(ObjectIdentifier(page)) }
    }

    /// Slides back to the screen below.
    @discardableResult
    public func pop(animated: Bool = true) -> Bool { self.slide(.backward, to: nil, animated: animated) }

    /// Slides back to the bottom of the stack in one transition.
    @discardableResult
    public func popToRoot(animated: Bool = true) -> Bool {
        guard self.stack.count > 1 else { return false }
        return self.slide(.backward, to: self.stack[0], animated: animated)
    }

    /// Slides back to `view`, a screen below the top, in one transition (the screens above it
    /// leave the stack). False when it is not below the top or a transition runs.
    @discardableResult
    public func pop(to view: View, animated: Bool = true) -> Bool {
        guard let index = self.stack.firstIndex(where: { $0 === view }), index < self.stack.count - 1 else { return false }
        return self.slide(.backward, to: view, animated: animated)
    }

    /// A stack that goes away takes its slide with it: the animator would otherwise call the
    /// slide's closures, which reach the stack unowned (the screens rebuilt for a new language
    /// while a push slid aborted the kiosk, issue 29).
    deinit {
        if let slide = self.runningSlide { slide.animator.stop(slide.curve) }
        self.active?.transition.abandon()
    }

    /// Ends a push, pop or replace started by code now, as if its slide had run to its end; a
    /// finger's swipe is left to the finger. A language change builds the screens again from the
    /// stack, which must then hold the screen the visitor is going to (issue 29: a push followed
    /// at once by a language change was lost). True when one was finished.
    @discardableResult
    public func finishProgrammaticTransition() -> Bool {
        guard let transition = self.active, transition.isProgrammatic else { return false }
        if let slide = self.runningSlide { slide.animator.stop(slide.curve) }
        self.runningSlide = nil
        self.sliding = false
        transition.transition.update(progress: 1)
        self.completed(transition)
        transition.transition.abandon()
        return true
    }

    /// Makes `root` (the series' first page when nil) the only screen, without animation.
    public func reset(to root: View? = nil) {
        // A transition still moving is stopped first: its closures would go on moving the pages
        // (and read the transition after it was freed: a trap when the idle reset came mid-push).
        if let slide = self.runningSlide { slide.animator.stop(slide.curve) }
        self.runningSlide = nil
        self.active?.transition.abandon()
        self.active = nil
        self.sliding = false
        let root = root ?? self.series.first ?? self.stack[0]
        for view in self.subviews { view.removeFromSuperview() }
        self.stack = [root]
        self.addSubview(root)
        root.frame = self.bounds
        self.onPageChange?(root)
    }

    private func slide(_ direction: NavigationDirection, to target: View?, animated: Bool, replacing: Bool = false) -> Bool {
        guard self.active == nil, let transition = self.begin(direction, to: target) else { return false }
        transition.replacesTop = replacing
        transition.isProgrammatic = true
        guard animated, let animator = self.window?.animator else {
            // No spring: the transition jumps to its end and completes now.
            transition.transition.update(progress: 1)
            self.completed(transition)
            return true
        }
        self.sliding = true
        let curve = CurveAnimation(from: 0, to: 1, duration: Self.slideDuration)
        curve.onUpdate = { [unowned transition] p in transition.transition.update(progress: p) }
        curve.onComplete = { [unowned self, unowned transition] in
            self.sliding = false
            self.runningSlide = nil
            transition.transition.finish()
        }
        self.runningSlide = (curve, animator)
        animator.run(curve)
        return true
    }

    // MARK: - Transitions

    private func begin(_ direction: NavigationDirection, to target: View? = nil) -> NavigationTransition? {
        let from = self.currentPage
        guard let to = target ?? (direction == .forward ? self.nextPage(after: from) : self.previousPage(before: from)) else { return nil }
        let width = max(1, self.bounds.width)
        let animator = self.window?.animator ?? Animator()
        let interactive = InteractiveTransition(animator: animator, parameters: SpringParameters(response: Self.slideDuration, dampingRatio: 1), travel: width)
        let transition = NavigationTransition(direction: direction, from: from, to: to, transition: interactive)
        if to.superview !== self { self.addSubview(to) }
        to.frame = self.bounds
        // Laid out and drawn now, at rest: the slide's frames only move it.
        self.window?.prepare(to)
        let sign = direction == .forward ? 1.0 : -1.0
        // Push: the new page comes in from the right while the old one leaves left; pop mirrors.
        interactive.addAnimations { [unowned self] p in
            let w = self.bounds.width
            from.frame.origin.x = -sign * w * p
            to.frame.origin.x = sign * w * (1 - p)
        }
        interactive.addCompletion { [unowned self, unowned transition] in self.completed(transition) }
        interactive.addCancellation { [unowned self, unowned transition] in self.cancelled(transition) }
        self.active = transition
        self.onTransition?(transition)
        interactive.update(progress: 0)
        return transition
    }

    private func completed(_ transition: NavigationTransition) {
        guard self.active === transition else { return }
        self.active = nil
        switch transition.direction {
        case .forward:
            if transition.replacesTop { self.stack.removeLast() }
            self.stack.append(transition.to)
        case .backward:
            if let index = self.stack.lastIndex(where: { $0 === transition.to }) {
                self.stack.removeSubrange((index + 1)...)
            } else {
                // A previous page that was not in the stack goes in below the top, then on top.
                self.stack.removeLast()
                self.stack.append(transition.to)
            }
        }
        if !self.keepsHistory { self.stack = [transition.to] }
        transition.from.removeFromSuperview()
        transition.to.frame = self.bounds
        if !transition.isProgrammatic { self.onSwipe?(transition.direction) }
        self.onPageChange?(transition.to)
    }

    private func cancelled(_ transition: NavigationTransition) {
        guard self.active === transition else { return }
        self.active = nil
        transition.to.removeFromSuperview()
        transition.from.frame = self.bounds
    }

    public override func layoutSubviews() {
        if self.active == nil { self.currentPage.frame = self.bounds }
    }

    // MARK: - Swiping

    private func panChanged(_ pan: PanGestureRecognizer) {
        let width = max(1, self.bounds.width)
        if self.sliding { return }
        switch pan.state {
        case .began:
            self.autoCompleted = false
            if let active = self.active {
                // A finger catches the settling transition where it is drawn.
                self.grabbedProgress = active.progress
                self.dragDirection = active.direction
                active.transition.update(progress: active.progress)
            } else {
                self.grabbedProgress = 0
                self.dragDirection = nil
            }
        case .changed:
            if self.autoCompleted { return }
            let dx = pan.translation.x
            if self.active == nil {
                guard dx != 0 else { return }
                // The first movement's sign picks the direction, as the original did.
                let direction: NavigationDirection = dx < 0 ? .forward : .backward
                let backAllowed = self.allowsSwipeBack && !self.swipeBackRefused.contains(ObjectIdentifier(self.currentPage))
                guard direction == .forward ? self.allowsSwipeForward : backAllowed else { return }
                guard self.dragDirection == nil || self.dragDirection == direction, self.begin(direction) != nil else { return }
                self.dragDirection = direction
            }
            guard let active = self.active else { return }
            let towards = active.direction == .forward ? -dx : dx
            // Crossing back past the origin freezes the progress at 0 (original behaviour).
            let progress = min(1, max(0, self.grabbedProgress + towards / width))
            active.transition.update(progress: progress)
            if progress > Self.autoCompleteFraction {
                let velocity = (active.direction == .forward ? -pan.velocity.x : pan.velocity.x) / width
                active.transition.finish(velocity: max(0, velocity))
                self.autoCompleted = true
            }
        case .ended, .cancelled, .failed:
            guard let active = self.active, active.transition.state == .interactive else { return }
            let velocity = pan.state == .ended ? (active.direction == .forward ? -pan.velocity.x : pan.velocity.x) / width : 0
            let progress = active.progress
            if progress > 0.5 || progress + velocity > 0.75 {
                active.transition.finish(velocity: velocity)
            } else {
                active.transition.cancel(velocity: velocity)
            }
        case .possible:
            break
        }
    }
}
