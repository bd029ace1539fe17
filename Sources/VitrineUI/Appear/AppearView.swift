import VitrineCore
import VitrineGraphics
import VitrineMotion

/// A view that appears (`Appear`): it holds `content` and moves or fades only that, so the
/// layout around it is the one without the animation, and at the end the content sits exactly
/// where it would have been (its frame is this view's bounds, its opacity 1).
///
/// ```swift
/// let title = AppearView(content: Label(text: "Welcome"), appear: Appear(from: .bottom, delay: 0.2))
/// // when the screen holding it is shown:
/// appearances.play(in: screen, animator: window.animator, now: window.clock?.now)
/// ```
public final class AppearView: View {
    public let content: View
    public let appear: Appear
    /// 0 where the content starts, 1 in its place.
    public private(set) var progress = 1.0
    private lazy var run = AppearProgress { [unowned self] value in self.setProgress(value) }

    public init(content: View, appear: Appear) {
        self.content = content
        self.appear = appear
        super.init()
        self.addSubview(content)
    }

    /// Whether the animation runs (or waits out its delay).
    public var isAppearing: Bool { self.run.isRunning }

    /// Puts the content where it starts and springs it into place, `appear.delay` seconds after
    /// `now` (nil: from the next frame).
    public func play(animator: Animator, now: MonotonicTime?) {
        // Settled within half a pixel of the travel, and a 255th of the opacity.
        self.run.play(
            animator: animator, tolerance: SettleTolerance.pixels.perUnit(of: max(255, Appear.travel)),
            startTime: now.map { $0 + .seconds(self.appear.delay) })
    }

    /// Puts the content in its place now (a touch came, or the screen goes).
    public func finish() { self.run.finish() }

    private func setProgress(_ value: Double) {
        let clamped = min(1, max(0, value))
        guard clamped != self.progress else { return }
        self.progress = clamped
        self.content.alpha = clamped
        if self.appear.from != .fade { self.setNeedsLayout() }
    }

    public override func sizeThatFits(_ size: Size) -> Size { self.content.sizeThatFits(size) }

    public override func layoutSubviews() {
        let offset = (1 - self.progress) * Appear.travel
        var frame = self.bounds
        switch self.appear.from {
        case .fade: break
        case .bottom: frame.origin.y += offset
        case .right: frame.origin.x += offset
        }
        self.content.frame = frame
    }
}

/// The appear animations a window runs: played when a screen is shown, finished all at once by
/// a touch (the visitor acts on the screen as it will be: nothing moves under a finger, and a
/// button still arriving is pressed where it is drawn).
public final class Appearances {
    private struct Entry {
        weak var view: AppearView?
    }

    private var running: [Entry] = []

    public init() {}

    /// Plays every `AppearView` in `view`'s tree from its start; returns how many.
    @discardableResult
    public func play(in view: View, animator: Animator, now: MonotonicTime?) -> Int {
        var played = 0
        func visit(_ view: View) {
            if let appearing = view as? AppearView {
                appearing.play(animator: animator, now: now)
                self.running.append(Entry(view: appearing))
                played += 1
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(view)
        self.running.removeAll { $0.view?.isAppearing != true }
        return played
    }

    /// Whether any still runs.
    public var isRunning: Bool { self.running.contains { $0.view?.isAppearing == true } }

    /// Puts every running one in its place now.
    public func finish() {
        for entry in self.running { entry.view?.finish() }
        self.running.removeAll()
    }
}
