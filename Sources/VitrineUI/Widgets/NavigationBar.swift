import VitrineCore
import VitrineGraphics

/// A bar with a centred title and optional left and right buttons (text, icon, or both), over
/// the theme's surface at α 0.7 (ContentSheet's default header: white α 0.7 in the light
/// palette; the dark palette's `#1C1C1E`, so its white title stays readable), with a hairline
/// separator along its bottom edge.
///
/// Its height is its frame's: 44 points in a content sheet's header (the original's
/// `HeaderMinHeight`), `NavigationBar.screenHeight` on a screen.
public final class NavigationBar: View {
    public let titleLabel: Label
    public private(set) var leftButton: Button?
    public private(set) var rightButton: Button?
    public let separator = View()
    public let item: NavigationItem

    /// A screen's bar: taller than a sheet's, for a finger at arm's length.
    public static let screenHeight = 56.0

    public init(item: NavigationItem, theme: Theme = .standard) {
        self.item = item
        self.titleLabel = Label(text: item.title, style: theme.textStyle(.headline, alignment: .center, maximumLines: 1), color: theme.label)
        super.init()
        self.backgroundColor = theme.surface.withOpacity(0.7)
        self.titleLabel.isUserInteractionEnabled = false
        self.titleLabel.isHeading = true
        self.addSubview(self.titleLabel)
        self.leftButton = item.leftItem.map { self.barButton($0, theme: theme) }
        self.rightButton = item.rightItem.map { self.barButton($0, theme: theme) }
        self.separator.backgroundColor = theme.separator
        self.separator.isUserInteractionEnabled = false
        self.addSubview(self.separator)
    }

    /// The round close button's touch area: the 44-point hit target (HIG's minimum). It draws a
    /// 32-point circle of the separator grey in its middle with the icon in the secondary label
    /// colour (iOS's `xmark.circle.fill` close button, at kiosk size).
    public static let roundButtonSide = Button.minimumHitSize
    public static let roundButtonCircle = 32.0

    /// Whether `button` is a round close button (an icon-only "close" item).
    public func isRound(_ button: Button) -> Bool { button.title.isEmpty && button.iconName == "close" }

    private func barButton(_ item: BarButtonItem, theme: Theme) -> Button {
        let button = Button(title: item.title, icon: item.icon, style: .plain, theme: theme, action: item.action)
        button.highlightedColor = theme.separator.withOpacity(0.5)
        if self.isRound(button) {
            button.highlightedColor = nil
            button.contentColor = theme.secondaryLabel
            let circle = View()
            circle.backgroundColor = theme.separator.withOpacity(0.55)
            circle.cornerRadii = CornerRadii(all: Self.roundButtonCircle / 2)
            circle.isUserInteractionEnabled = false
            // The button is always a square of `roundButtonSide`: the circle sits in its middle.
            let offset = (Self.roundButtonSide - Self.roundButtonCircle) / 2
            circle.frame = Rect(x: offset, y: offset, width: Self.roundButtonCircle, height: Self.roundButtonCircle)
            button.insertSubview(circle, at: 0)
        }
        self.addSubview(button)
        return button
    }

    /// A button's frame width: a round one is a circle, the others fit their content.
    private func width(of button: Button, widest: Double) -> Double {
        self.isRound(button) ? Self.roundButtonSide : min(widest, button.sizeThatFits(Size(width: widest, height: self.bounds.height)).width)
    }

    /// A button's distance from the bar's edge: a round one stands a little further in.
    private func edgeInset(of button: Button) -> Double { self.isRound(button) ? 8 : 4 }

    /// A round button is a square centred in the bar's height; the others are as tall as the bar.
    private func frame(of button: Button, x: Double, width: Double) -> Rect {
        let bounds = self.bounds
        guard self.isRound(button) else { return Rect(x: x, y: 0, width: width, height: bounds.height) }
        return Rect(x: x, y: (bounds.height - width) / 2, width: width, height: width)
    }

    public override func layoutSubviews() {
        let bounds = self.bounds
        let inset = 4.0
        let widest = max(88, bounds.width * 0.25)
        var side = Button.minimumHitSize
        for button in [self.leftButton, self.rightButton].compactMap({ $0 }) {
            side = max(side, self.width(of: button, widest: widest) + self.edgeInset(of: button) - inset)
        }
        if let left = self.leftButton {
            left.frame = self.frame(of: left, x: self.edgeInset(of: left), width: self.width(of: left, widest: widest))
        }
        if let right = self.rightButton {
            let width = self.width(of: right, widest: widest)
            right.frame = self.frame(of: right, x: bounds.width - width - self.edgeInset(of: right), width: width)
        }
        // The title stays centred on the bar, clear of the wider of the two buttons.
        let titleInset = (self.leftButton == nil && self.rightButton == nil) ? 16 : side + inset + 8
        self.titleLabel.frame = Rect(x: titleInset, y: 0, width: max(0, bounds.width - 2 * titleInset), height: bounds.height)
        let hairline = 1 / (self.window?.scale ?? 1)
        self.separator.frame = Rect(x: 0, y: bounds.height - hairline, width: bounds.width, height: hairline)
    }
}
