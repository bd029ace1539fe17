import VitrineCore

/// Shows alerts one at a time over a window: the first at once, the next when the one showing
/// is dismissed, in the order they were asked for. The queue is bounded (`mostWaiting`): a
/// program or a control client asking for alerts in a loop cannot grow it without end.
public final class AlertQueue {
    /// Alerts waiting behind the one showing, at most: more than a visitor can answer in a row
    /// is a loop, not a conversation.
    public static let mostWaiting = 16

    /// Makes an alert's view when its turn comes (so it is built in the language and theme of
    /// that moment) and says what to do when it has gone.
    public typealias Maker = () -> AlertView?

    public private(set) var showing: AlertView?
    private var waiting: [Maker] = []
    private weak var window: Window?
    /// Called with each alert as it comes on screen (to focus or say it).
    public var onShow: ((AlertView) -> Void)?

    public init(window: Window) {
        self.window = window
    }

    /// How many alerts wait behind the one showing.
    public var waitingCount: Int { self.waiting.count }

    /// Shows the alert `make` builds now, or after the ones before it. False when the queue is
    /// full (the alert is dropped).
    @discardableResult
    public func enqueue(_ make: @escaping Maker) -> Bool {
        if self.showing == nil {
            self.show(make)
            return true
        }
        guard self.waiting.count < Self.mostWaiting else { return false }
        self.waiting.append(make)
        return true
    }

    /// Takes the alert showing away and shows the next one.
    public func dismissCurrent() {
        self.showing?.finishFadingIn()
        self.showing?.removeFromSuperview()
        self.showing = nil
        while self.showing == nil, !self.waiting.isEmpty { self.show(self.waiting.removeFirst()) }
    }

    /// Puts `view` where the alert showing is (the same alert built again in another language).
    public func replaceShowing(with view: AlertView) {
        guard let old = self.showing, let superview = old.superview,
            let index = superview.subviews.firstIndex(where: { $0 === old })
        else { return }
        old.removeFromSuperview()
        superview.insertSubview(view, at: index)
        view.pinToEdges()
        self.showing = view
    }

    /// Takes every alert away, waiting ones too (the idle reset).
    public func removeAll() {
        self.waiting.removeAll()
        self.showing?.finishFadingIn()
        self.showing?.removeFromSuperview()
        self.showing = nil
    }

    /// Puts the alert showing back on top of the window's views (views added after it, such as
    /// screens built again, would otherwise cover it), or just below `cover` when that is one of
    /// them (the "more time" question stays over an alert).
    public func bringToFront(below cover: View? = nil) {
        guard let alert = self.showing, let window = self.window else { return }
        alert.removeFromSuperview()
        if let cover, let index = window.root.subviews.firstIndex(where: { $0 === cover }) {
            window.root.insertSubview(alert, at: index)
        } else {
            window.root.addSubview(alert)
        }
        alert.pinToEdges()
    }

    private func show(_ make: Maker) {
        guard let window = self.window, let alert = make() else { return }
        window.root.addSubview(alert)
        alert.pinToEdges()
        alert.fadeIn(animator: window.animator)
        self.showing = alert
        self.onShow?(alert)
    }
}
