import VitrineCore
import VitrineGestures
import VitrineGraphics
import VitrineMotion

/// The top of a view tree on one screen: it owns the compositor, the animator and the gesture
/// arena, turns touch frames into gestures, and frame-clock ticks into presented frames.
///
/// Each frame: the animator steps every running animation to the frame's presentation time, the
/// views lay out where needed, the compositor renders only what changed, and the damage goes to
/// the output. A window asks its frame clock for a frame only when something changed or
/// animates, so an idle screen costs nothing.
public final class Window {
    public let root: View
    /// Screen size in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    public let compositor: Compositor
    public let animator: Animator
    public let frameClock: FrameClock?
    private(set) var arena: GestureArena!
    /// Where finished frames go: the output's `present`.
    public var present: ((PixelBuffer, Region) -> Void)?
    /// Called at the start of each frame, after animations stepped (for components that follow
    /// animated values, and for state recorders).
    public var onFrame: ((FrameTime) -> Void)?
    /// The presentation time of the last frame rendered.
    public private(set) var lastFrameTime: FrameTime?
    /// Frames rendered so far.
    public private(set) var framesRendered = 0
    /// Fonts for every label in the window (opened on first use).
    public private(set) lazy var fonts: FontLibrary? = {
        do {
            return try FontLibrary()
        } catch {
            Logger("text").error("\(error); text will not be drawn")
            return nil
        }
    }()

    /// - Parameters:
    ///   - pixelSize: the output's logical size in pixels.
    ///   - scale: pixels per point (the screen is `pixelSize / scale` points).
    public init(pixelSize: PixelSize, scale: Double = 1, frameClock: FrameClock?) {
        precondition(scale > 0)
        self.scale = scale
        self.size = Size(width: Double(pixelSize.width) / scale, height: Double(pixelSize.height) / scale)
        self.root = View(frame: Rect(size: self.size))
        self.compositor = Compositor(root: self.root.layer, size: pixelSize, scale: scale)
        self.frameClock = frameClock
        self.animator = Animator(frameClock: frameClock)
        self.root.hostWindow = self
        self.arena = GestureArena(logger: Logger("gestures")) { [unowned self] contact in
            self.recognizers(at: Point(x: contact.x, y: contact.y))
        }
        self.arena.isAttached = { [unowned self] recognizer in
            // Only a freed view is gone: one taken off the window but still held (a screen's
            // scroll view while its page leaves) gets the rest of its contact, or a split sheet
            // that hands its drag to that scroll view never settles (the soak, issue 29).
            guard let entry = self.recognizerViews[ObjectIdentifier(recognizer)] else { return true }
            return entry.view != nil
        }
        frameClock?.onFrame = { [weak self] time in self?.renderFrame(time) }
        frameClock?.onDarkFrame = { [weak self] time in self?.stepDark(time) }
        self.setNeedsFrame()
    }

    /// Connects the window to a display: frames are presented to it, paced by its clock.
    public convenience init(output: DisplayOutput, scale: Double = 1) {
        self.init(pixelSize: output.size, scale: scale, frameClock: output.frameClock)
        self.present = { [unowned output] frame, damage in output.present(frame, damage: damage) }
        self.compositor.bandSink = output.presentQueue
    }

    /// Makes this window the one its frame clock draws again (after another window was made on
    /// the same output and given up), and redraws it whole.
    public func takeFrameClock() {
        self.frameClock?.onFrame = { [weak self] time in self?.renderFrame(time) }
        self.frameClock?.onDarkFrame = { [weak self] time in self?.stepDark(time) }
        self.compositor.setNeedsFullRedraw()
        self.setNeedsFrame()
    }

    /// Asks for a frame (coalesced: many calls before it, one frame).
    public func setNeedsFrame() {
        self.frameClock?.requestFrame()
    }

    /// Sees every touch frame first (the scene's idle count restarts here), even one that
    /// `touchFilter` then swallows.
    public var onTouch: ((TouchFrame) -> Void)?
    /// Sees every touch frame before the views do; returning false swallows it (a touch that
    /// wakes a blanked panel presses nothing).
    public var touchFilter: ((TouchFrame) -> Bool)?
    /// Sees the touch frames `touchFilter` lets through before the views do and returns the
    /// frame the views get instead, or nil for none: speech mode's touch exploration (a finger
    /// that explores presses nothing; two fingers scroll as one). Nil: touches go to the views.
    public var touchExploration: ((TouchFrame) -> TouchFrame?)?

    /// The view keys go to (`Window+Focus.swift`); nil when nothing is focused.
    public internal(set) weak var focusedView: View?
    /// Whether the focus ring shows: focus moved by keys shows it, a tap hides it (as browsers'
    /// `:focus-visible` does).
    public internal(set) var showsFocusRing = false
    /// The ring drawn around the focused view while `showsFocusRing`.
    let focusRing = FocusRingView()
    /// Sees every key first (the scene's idle count restarts here); returning false swallows it.
    public var keyFilter: ((KeyEvent) -> Bool)?
    /// Sees every key before `keyFilter`: display power keeps the panel lit with it, and swallows
    /// the key that wakes a blank panel (as `touchFilter` does the waking touch).
    public var wakeFilter: ((KeyEvent) -> Bool)?
    /// Escape with nothing focused that used it: the scene dismisses what is on top or goes back.
    public var onEscape: (() -> Void)?
    /// Called after the focus moved (the scene shows or hides the on-screen keyboard).
    public var onFocusChange: ((View?) -> Void)?
    /// Where the focus chain is looked for: the whole window (nil), or the view in front that
    /// holds it (a content sheet, the onboarding), asked each time the focus moves.
    public var focusScope: (() -> View?)?

    /// The clock the window's frames are timed by (nil without a frame clock).
    public var clock: Clock? { self.frameClock?.clock }

    /// Routes a touch frame to the gesture arena (recognizers of the views under each finger).
    public func handle(_ frame: TouchFrame) {
        self.onTouch?(frame)
        if let filter = self.touchFilter, !filter(frame) { return }
        var touches = frame
        if let exploration = self.touchExploration {
            guard let passed = exploration(frame) else { return }
            touches = passed
        }
        if self.showsFocusRing, touches.contacts.contains(where: { $0.phase == .began }) { self.hideFocusRing() }
        self.arena.handle(touches)
    }

    /// The recognizers of the views under `point`, innermost first; each one's view is noted, so
    /// a contest whose view has left the window is dropped (`GestureArena.isAttached`).
    ///
    /// Laid out first: a view added since the last frame (an alert asked for by the control
    /// socket a moment before the finger came down) is where it will be drawn, not at zero size.
    func recognizers(at point: Point) -> [any GestureRecognizer] {
        if self.arena.contestCount == 0 { self.recognizerViews.removeAll(keepingCapacity: true) }
        var result: [any GestureRecognizer] = []
        self.root.layoutIfNeeded()
        var view = self.root.hitTest(point)
        while let current = view {
            for recognizer in current.gestureRecognizers {
                result.append(recognizer)
                self.recognizerViews[ObjectIdentifier(recognizer)] = WeakView(view: current)
            }
            view = current.superview
        }
        return result
    }

    /// Contacts the gesture arena is following (tests: none once every finger is up).
    public var arenaContestCount: Int { self.arena.contestCount }

    /// The view of each recognizer that joined a contest since the arena was last empty (the
    /// arena holds the recognizers, so their identifiers stay theirs).
    private var recognizerViews: [ObjectIdentifier: WeakView] = [:]

    private struct WeakView {
        weak var view: View?
    }

    /// A frame the output cannot show (it is paused: the panel blank, the VT away): animations
    /// and layout move on, nothing is drawn; the next shown frame draws what changed.
    public func stepDark(_ time: FrameTime) {
        self.lastFrameTime = time
        self.animator.step(time)
        self.onFrame?(time)
        self.root.layoutIfNeeded()
    }

    /// Lays `view` out and draws its layers' backings now, where it will rest (its frame's size),
    /// so the frame that first shows it only composites: a pushed page is drawn when the push is
    /// performed, before its slide's first frame (Docs/rendering.md, "A pushed page"). Returns
    /// how many backings were drawn (none for a page already drawn).
    @discardableResult
    public func prepare(_ view: View) -> Int {
        guard view.window === self else { return 0 }
        view.layoutIfNeeded()
        return self.compositor.prepareBackings(of: view.layer)
    }

    /// One frame: animations, layout, composite, present. Tests call it with hand-made times.
    public func renderFrame(_ time: FrameTime) {
        self.lastFrameTime = time
        self.animator.step(time)
        self.onFrame?(time)
        self.root.layoutIfNeeded()
        if self.showsFocusRing { self.placeFocusRing() }
        let damage = self.compositor.render()
        self.framesRendered += 1
        if !damage.isEmpty { self.present?(self.compositor.frame, damage) }
        if !self.afterDrawnFrame.isEmpty {
            let actions = self.afterDrawnFrame
            self.afterDrawnFrame = []
            for action in actions { action() }
        }
        self.redrawTimedLayers()
    }

    /// Content that changes with time (`Layer.changesWithTime`: a spinner) and showed in this
    /// frame is drawn again in the next one, and only it: its layer's rectangle is the damage.
    /// None showing, no frame is asked for — a blank panel renders no frames at all, so the ones
    /// it skips ask for nothing either.
    private func redrawTimedLayers() {
        let shown = self.compositor.shownTimedLayers
        guard !shown.isEmpty else { return }
        for layer in shown { layer.setNeedsDisplay() }
        self.setNeedsFrame()
    }

    /// Runs `action` once, after the next frame drawn (not a dark one), without asking for that
    /// frame: something waiting to be seen again (an animated image off screen, under a pushed
    /// screen or on a blanked panel) looks again when the window draws for any other reason.
    public func afterNextDrawnFrame(_ action: @escaping () -> Void) {
        self.afterDrawnFrame.append(action)
    }
    private var afterDrawnFrame: [() -> Void] = []

    /// The view under a point (window coordinates), for tests and tools.
    public func view(at point: Point) -> View? {
        self.root.layoutIfNeeded()
        return self.root.hitTest(point)
    }
}
