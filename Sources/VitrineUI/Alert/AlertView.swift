import VitrineCore
import VitrineGraphics
import VitrineMotion

/// A modal card in the middle of a dimmed window: a title, an optional message and one to three
/// buttons (issue 35, item 5; the kiosk's "Do you need more time?" is one too). It covers the
/// whole window, so a touch outside the card lands on the dim and presses nothing under it: only
/// its buttons dismiss it. `AlertQueue` shows one at a time.
///
/// One button is centred, at least 200 points wide; two sit side by side when both titles fit
/// half the card, else they are stacked, as three always are (Apple HIG, "Alerts").
///
/// It fades in, the dim and the card together, on the spring the appear animations use
/// (ContentSheet's settle: 0.5 s, damping 1), as UIKit's alerts fade in; it takes every touch
/// from its first frame, while still nearly transparent too.
///
/// In reach mode the card is centred in the part of the window the screens moved down to
/// (`reachOffset`), so its buttons come within a seated visitor's reach with them.
public final class AlertView: View {
    /// What a button shows and does.
    public struct Choice {
        public var title: String
        public var style: ButtonStyle
        public var action: () -> Void

        public init(_ title: String, style: ButtonStyle = .filled, action: @escaping () -> Void) {
            self.title = title
            self.style = style
            self.action = action
        }
    }

    public let card = View()
    public let titleLabel: Label
    /// The message, under the title (empty: a line left for it, as the countdown of the "more
    /// time" question fills it a moment later; nil message at init: none).
    public let messageLabel: Label?
    public let buttons: [Button]

    /// How far reach mode has moved the screens under the alert down, in points: the card is
    /// centred in the window below it (and kept 24 points inside the window's bottom edge).
    public var reachOffset = 0.0 {
        didSet { if self.reachOffset != oldValue { self.setNeedsLayout() } }
    }

    private lazy var fade = AppearProgress { [unowned self] value in self.alpha = value }

    /// Whether it is still fading in.
    public var isFadingIn: Bool { self.fade.isRunning }

    /// Makes it transparent and fades it in from the next frame.
    public func fadeIn(animator: Animator) {
        // Settled within a 255th of the opacity.
        self.fade.play(animator: animator, tolerance: SettleTolerance.pixels.perUnit(of: 255))
    }

    /// Fully opaque now (it is being taken away, or the screen is drawn for a picture).
    public func finishFadingIn() { self.fade.finish() }

    /// A modal takes every touch in the window from the moment it is up: unlike other views, not
    /// passed over while it is nearly transparent at the start of its fade.
    public override func hitTest(_ point: Point) -> View? {
        guard self.isUserInteractionEnabled, !self.isHidden, self.point(inside: point) else { return nil }
        for subview in self.subviews.reversed() {
            if let hit = subview.hitTest(point - subview.frame.origin) { return hit }
        }
        return self
    }

    /// The card: at most 560 points wide, 32 inside its edges, 24 from the window's; corners as
    /// a sheet's (`ContentSheet.cornerRadius` is 12; a free-standing card rounds more, 20).
    public static let cardWidth = 560.0
    public static let padding = 32.0
    public static let margin = 24.0
    public static let cornerRadius = 20.0
    /// Between the title and the message, the message and the buttons, and two buttons.
    public static let titleGap = 12.0
    public static let buttonsGap = 28.0
    public static let buttonSpacing = 12.0
    /// A lone button is at least this wide, so a short "OK" is still an obvious target.
    public static let loneButtonWidth = 200.0
    /// The backdrop: black at 40 %, a little lighter than a sheet's dim (50 %), so the visitor
    /// still sees what they were doing.
    public static let dim = Color(white: 0, alpha: 0.4)

    public init(title: String, message: String?, choices: [Choice], theme: Theme = .standard) {
        self.titleLabel = Label(text: title, style: theme.textStyle(.title2, alignment: .center, maximumLines: 3), color: theme.label)
        self.messageLabel = message.map {
            Label(text: $0, style: theme.textStyle(.body, alignment: .center, maximumLines: 8), color: theme.secondaryLabel)
        }
        self.buttons = choices.map { Button(title: $0.title, style: $0.style, theme: theme, action: $0.action) }
        super.init()
        self.backgroundColor = Self.dim
        self.card.backgroundColor = theme.surface
        self.card.cornerRadii = CornerRadii(all: Self.cornerRadius)
        self.card.shadow = SheetShadow.standard
        for label in [self.titleLabel] + [self.messageLabel].compactMap({ $0 }) {
            label.centersVertically = false
            label.isUserInteractionEnabled = false
            self.card.addSubview(label)
        }
        for button in self.buttons { self.card.addSubview(button) }
        self.addSubview(self.card)
    }

    /// Whether the buttons sit in one row at `inner` points wide.
    private func buttonsInRow(inner: Double) -> Bool {
        guard self.buttons.count == 2 else { return false }
        let half = (inner - Self.buttonSpacing) / 2
        return self.buttons.allSatisfy { $0.sizeThatFits(Size(width: .infinity, height: .infinity)).width <= half }
    }

    public override func layoutSubviews() {
        let bounds = self.bounds
        let width = max(0, min(Self.cardWidth, bounds.width - 2 * Self.margin))
        let inner = max(0, width - 2 * Self.padding)
        let title = self.titleLabel.sizeThatFits(Size(width: inner, height: .infinity)).height
        let message = self.messageLabel.map { $0.sizeThatFits(Size(width: inner, height: .infinity)).height }
        let heights = self.buttons.map { $0.sizeThatFits(Size(width: inner, height: .infinity)).height }
        let row = self.buttonsInRow(inner: inner)
        let buttonsHeight =
            row ? (heights.max() ?? 0) : heights.reduce(0, +) + Self.buttonSpacing * Double(max(0, heights.count - 1))
        var height = Self.padding + title
        if let message { height += Self.titleGap + message }
        height += Self.buttonsGap + buttonsHeight + Self.padding
        let centred = (self.reachOffset + (bounds.height - self.reachOffset - height) / 2).rounded()
        let top = max(Self.margin, min(centred, bounds.height - Self.margin - height))
        self.card.frame = Rect(x: ((bounds.width - width) / 2).rounded(), y: top, width: width, height: height)
        self.titleLabel.frame = Rect(x: Self.padding, y: Self.padding, width: inner, height: title)
        if let message, let label = self.messageLabel {
            label.frame = Rect(x: Self.padding, y: Self.padding + title + Self.titleGap, width: inner, height: message)
        }
        var y = height - Self.padding - buttonsHeight
        if self.buttons.count == 1, let button = self.buttons.first {
            let fit = button.sizeThatFits(Size(width: inner, height: .infinity))
            let buttonWidth = min(inner, max(fit.width, Self.loneButtonWidth))
            button.frame = Rect(x: ((width - buttonWidth) / 2).rounded(), y: y, width: buttonWidth, height: fit.height)
        } else if row {
            let half = ((inner - Self.buttonSpacing) / 2).rounded(.down)
            for (index, button) in self.buttons.enumerated() {
                let x = index == 0 ? Self.padding : width - Self.padding - half
                button.frame = Rect(x: x, y: y, width: half, height: buttonsHeight)
            }
        } else {
            for (button, buttonHeight) in zip(self.buttons, heights) {
                button.frame = Rect(x: Self.padding, y: y, width: inner, height: buttonHeight)
                y += buttonHeight + Self.buttonSpacing
            }
        }
    }
}
