import VitrineCore
import VitrineGestures
import VitrineGraphics

/// Pages of any views, turned by a horizontal swipe, by the arrow keys, or by themselves every
/// `interval` seconds: an attract slideshow, a gallery, a "how it works" strip.
///
/// The pages turn in a `NavigationStack` in pager mode, so a swipe follows the pager's rules
/// exactly (BoardingPass's, shared/research/sheets_physics.md §A3): it completes when progress >
/// 0.5 or progress + velocity/width > 0.75, completes by itself past 66 % of the width, springs
/// back otherwise (response 0.4 s, critically damped, the release velocity handed over), and a
/// finger catches a settling page. The stack keeps only the page in front (`keepsHistory`
/// off): the way back is the page before in the series, or the last one when `loops`.
///
/// Auto-advance (`interval`) slides to the next page as the pager's `pushNext` does (0.4 s, ease
/// in-out). It waits:
/// - while a finger is on the panel (`Window.arenaContestCount`: the visitor is using the
///   screen), and one whole interval after it lifts, after a touch-down on the carousel, a swipe
///   that turned it, or a key that did: the page the visitor chose is shown as long as any other
///   before the slideshow takes over again. A finger held past the turn's time is looked for
///   every `touchPoll` (a timer, no frame) so the interval counts from its lift;
/// - while the carousel is not seen (`View.isSeen`: no window, pushed under or its screen gone;
///   hidden; transparent; clipped out; behind a sheet or another `focusScope`; the panel blank,
///   its frame clock paused): its timer still fires every interval
///   but asks for no frame, and the first interval it is seen again it only waits, so the page
///   shown again gets a whole interval.
/// Without `loops` it stops at the last page; a touch starts the count again.
public final class CarouselView: View {
    public let pages: [View]
    public let pager: NavigationStack
    /// The dots, on `dotsBackground`.
    public let indicator = PageIndicator()
    /// A capsule under the dots, so they read on any page (a photo).
    public let dotsBackground = View()
    /// Seconds between turns by themselves; nil: only a finger or a key turns the pages.
    public let interval: Double?
    /// Past the last page comes the first (and before the first, the last).
    public let loops: Bool
    /// Called with the index of the page now in front.
    public var onPageChange: ((Int) -> Void)?
    /// Called with a page as it starts to come in (a turn, a swipe or the slideshow's own), so
    /// what appears on it can arrive with it.
    public var onPageArriving: ((View) -> Void)?
    /// How many times the pages turned by themselves (tests, the state dump).
    public private(set) var autoAdvances = 0

    /// Dots 10 points across, 12 apart, as the onboarding's (`OnboardingView`): large enough to
    /// read on a kiosk (UIPageControl's 7-point dots are for a phone at reading distance).
    public static let dotDiameter = 10.0
    public static let dotSpacing = 12.0
    /// The capsule: 28 points tall, 12 points of it either side of the dots, 16 points above the
    /// carousel's bottom edge.
    public static let capsuleHeight = 28.0
    public static let capsulePadding = 12.0
    public static let capsuleInset = 16.0
    /// The capsule is the theme's surface at 85 %: the dots (current: `label`, others:
    /// `secondaryLabel`) keep WCAG 2.2's 3:1 for graphical objects (1.4.11) over any photo,
    /// black or white, in both palettes (`CarouselTests` computes it).
    public static let capsuleOpacity = 0.85

    private let touchDown = TouchDownRecognizer()
    private var timer: TimerID?
    private weak var timerClock: (any Clock)?
    /// The last tick found the carousel off screen.
    private var wasOffScreen = false
    /// The last tick found a finger on the panel.
    private var wasTouched = false
    /// How often a finger held on the panel past a turn's time is looked for again: a quarter
    /// of a second, so the pause after its lift is the interval within 0.25 s.
    public static let touchPoll = 0.25
    /// Without `loops`, the slideshow reached the last page.
    private var reachedEnd = false

    /// - Parameters:
    ///   - pages: at least one view; each fills the carousel.
    ///   - interval: seconds between turns by themselves (finite, above 0); nil for none.
    public init(pages: [View], interval: Double? = nil, loops: Bool = true, theme: Theme = .standard) {
        precondition(!pages.isEmpty, "a carousel needs at least one page")
        precondition(interval.map { $0.isFinite && $0 > 0 } ?? true, "a carousel's interval is a positive number of seconds")
        self.pages = pages
        self.interval = interval
        self.loops = loops
        self.pager = NavigationStack(pages: pages)
        super.init()
        self.clipsToBounds = true
        self.pager.keepsHistory = false
        let count = pages.count
        for (index, page) in pages.enumerated() {
            let previous = index > 0 ? pages[index - 1] : (loops && count > 1 ? pages[count - 1] : nil)
            self.pager.setPrevious(previous, for: page)
        }
        self.pager.setNext(loops && count > 1 ? pages[0] : nil, for: pages[count - 1])
        self.indicator.numberOfPages = count
        self.indicator.dotDiameter = Self.dotDiameter
        self.indicator.spacing = Self.dotSpacing
        self.indicator.dotColor = theme.secondaryLabel
        self.indicator.currentDotColor = theme.label
        self.indicator.isUserInteractionEnabled = false
        self.dotsBackground.backgroundColor = theme.surface.withOpacity(Self.capsuleOpacity)
        self.dotsBackground.cornerRadii = CornerRadii(all: Self.capsuleHeight / 2)
        self.dotsBackground.isUserInteractionEnabled = false
        self.dotsBackground.isHidden = count < 2
        self.dotsBackground.addSubview(self.indicator)
        self.addSubview(self.pager)
        self.addSubview(self.dotsBackground)
        self.pager.onTransition = { [unowned self] transition in
            self.moveDots(alongside: transition)
            self.onPageArriving?(transition.to)
        }
        self.pager.onPageChange = { [unowned self] page in self.pageChanged(page) }
        self.pager.onSwipe = { [unowned self] _ in self.restartCountdown() }
        self.touchDown.onTouchDown = { [unowned self] _ in self.restartCountdown() }
        self.addGestureRecognizer(self.touchDown)
    }

    deinit {
        if let timer = self.timer { self.timerClock?.cancel(timer) }
    }

    /// The index of the page in front.
    public var currentIndex: Int { self.pager.currentIndex ?? 0 }

    /// Turns one page forward (the next, or the first after the last when it loops) or back, with
    /// the pager's 0.4 s slide. False at an end without `loops`, or while a page moves.
    @discardableResult
    public func turn(_ direction: NavigationDirection, animated: Bool = true) -> Bool {
        direction == .forward ? self.pager.pushNext(animated: animated) : self.pager.pop(animated: animated)
    }

    private func moveDots(alongside transition: NavigationTransition) {
        let from = Double(self.pages.firstIndex { $0 === transition.from } ?? 0)
        let to = Double(self.pages.firstIndex { $0 === transition.to } ?? 0)
        transition.animateAlongside { [unowned self] p in
            // Between neighbours the highlight slides; across the loop's seam it changes at half
            // way, rather than sweeping back over every dot.
            self.indicator.currentPage = abs(to - from) == 1 ? from + (to - from) * p : (p < 0.5 ? from : to)
        }
    }

    private func pageChanged(_ page: View) {
        let index = self.pages.firstIndex { $0 === page } ?? 0
        self.indicator.currentPage = Double(index)
        self.onPageChange?(index)
    }

    // MARK: - Auto-advance

    /// Whether a turn by itself is due some time (a timer is set).
    public var isAutoAdvancing: Bool { self.timer != nil }
    /// When the timer looks next whether to turn (tests, the state dump); nil when none is set.
    public private(set) var nextCheck: MonotonicTime?

    /// A touch, a swipe or a key: the next turn by itself is a whole interval away.
    private func restartCountdown() {
        self.reachedEnd = false
        self.wasTouched = false
        if let timer = self.timer { self.timerClock?.cancel(timer) }
        self.timer = nil
        self.nextCheck = nil
        self.scheduleTick()
    }

    private func scheduleTick(after delay: Double? = nil) {
        guard let interval = self.interval, self.timer == nil, !self.reachedEnd, self.pages.count > 1 else { return }
        guard let clock = self.timerClock ?? self.window?.clock else { return }
        self.timerClock = clock
        // In the background: `ManualEventLoop.runUntilIdle` does not wait for a slideshow that
        // never ends, as it does not for the idle count.
        let at = clock.now + .seconds(delay ?? interval)
        self.nextCheck = at
        self.timer = clock.scheduleInBackground(at: at) { [weak self] in self?.tick() }
    }

    private func tick() {
        self.timer = nil
        self.nextCheck = nil
        guard let window = self.window, self.isSeen else {
            self.scheduleTick()
            self.wasOffScreen = true
            return
        }
        if self.wasOffScreen {
            self.wasOffScreen = false
            self.scheduleTick()
            return
        }
        if window.arenaContestCount > 0 || self.pager.isTransitioning {
            self.wasTouched = true
            self.scheduleTick(after: Self.touchPoll)
            return
        }
        if self.wasTouched {
            self.wasTouched = false
            self.scheduleTick()
            return
        }
        if self.turn(.forward) {
            self.autoAdvances += 1
        } else {
            self.reachedEnd = true
        }
        self.scheduleTick()
    }

    // MARK: - Keys and speech

    /// The arrow keys turn the pages, so no page is reachable by touch only.
    public override var canBecomeFocused: Bool { self.pages.count > 1 }

    public override func handleKey(_ event: KeyEvent) -> Bool {
        let direction: NavigationDirection
        switch event.key {
        case .left: direction = .backward
        case .right: direction = .forward
        default: return false
        }
        guard self.turn(direction) else { return false }
        self.restartCountdown()
        return true
    }

    /// Said as text, with its place as "page 2 of 5" (`SpokenDescription`).
    public override var accessibilityRole: AccessibilityRole? { .text }

    /// The page's place among the pages, 1-based.
    public var accessibilityPlace: (index: Int, count: Int) { (self.currentIndex + 1, self.pages.count) }

    /// What the page in front reads, in reading order: its elements as a screen's arrival says
    /// them (`Window.accessibilityElements`: a focusable element is one thing, its insides not
    /// said again).
    public func pageReadings(phrases: AccessibilityPhrases) -> [String] {
        var readings: [String] = []
        func visit(_ view: View) {
            guard !view.isHidden, view.alpha > 0.01 else { return }
            if view.accessibilityRole != nil, view.accessibilityLabel != "" {
                let focusable = view.canBecomeFocused && view.isUserInteractionEnabled
                if focusable || view.subviews.isEmpty || view.accessibilityLabel != nil,
                    let reading = SpokenDescription.reading(of: view, phrases: phrases)
                {
                    readings.append(reading)
                }
                if focusable { return }
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(self.pager.currentPage)
        return readings
    }

    // MARK: - Layout

    /// A 16:9 picture at its width unless told otherwise (a slideshow's photographs).
    public override func sizeThatFits(_ size: Size) -> Size {
        let width = size.width.isFinite ? size.width : 640
        let height = size.height.isFinite ? min(size.height, width * 9 / 16) : width * 9 / 16
        return Size(width: width, height: height)
    }

    public override func layoutSubviews() {
        let bounds = self.bounds
        self.pager.frame = bounds
        let count = Double(self.pages.count)
        let dots = count * Self.dotDiameter + (count - 1) * Self.dotSpacing
        let width = dots + 2 * Self.capsulePadding
        // Dots that would not fit are left out; keys, swipes and speech still turn and say pages.
        self.dotsBackground.isHidden = self.pages.count < 2 || width > bounds.width - 2 * Self.capsuleInset
        self.dotsBackground.frame = Rect(
            x: ((bounds.width - width) / 2).rounded(), y: bounds.height - Self.capsuleInset - Self.capsuleHeight, width: width, height: Self.capsuleHeight)
        self.indicator.frame = self.dotsBackground.bounds
        self.scheduleTick()
    }
}
