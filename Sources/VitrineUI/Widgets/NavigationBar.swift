import VitrineCore
import VitrineGraphics

/// A bar with a centred title and optional left and right buttons (text, icon, or both), over a
/// translucent white by default (ContentSheet's default header: white α 0.7 over its blur), with
/// a hairline separator along its bottom edge.
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
        self.backgroundColor = Color(white: 1, alpha: 0.7)
        self.titleLabel.isUserInteractionEnabled = false
        self.addSubview(self.titleLabel)
        self.leftButton = item.leftItem.map { self.barButton($0, theme: theme) }
        self.rightButton = item.rightItem.map { self.barButton($0, theme: theme) }
        self.separator.backgroundColor = theme.separator
        self.separator.isUserInteractionEnabled = false
        self.addSubview(self.separator)
    }

    private func barButton(_ item: BarButtonItem, theme: Theme) -> Button {
        let button = Button(title: item.title, icon: item.icon, style: .plain, theme: theme, action: item.action)
        button.highlightedColor = theme.separator.withOpacity(0.5)
        self.addSubview(button)
        return button
    }

    public override func layoutSubviews() {
        let bounds = self.bounds
        let inset = 4.0
        let widest = max(88, bounds.width * 0.25)
        var side = Button.minimumHitSize
        for button in [self.leftButton, self.rightButton].compactMap({ $0 }) {
            side = max(side, min(widest, button.sizeThatFits(Size(width: widest, height: bounds.height)).width))
        }
        if let left = self.leftButton {
            left.frame = Rect(x: inset, y: 0, width: min(widest, left.sizeThatFits(Size(width: widest, height: bounds.height)).width), height: bounds.height)
        }
        if let right = self.rightButton {
            let width = min(widest, right.sizeThatFits(Size(width: widest, height: bounds.height)).width)
            right.frame = Rect(x: bounds.width - width - inset, y: 0, width: width, height: bounds.height)
        }
        // The title stays centred on the bar, clear of the wider of the two buttons.
        let titleInset = (self.leftButton == nil && self.rightButton == nil) ? 16 : side + inset + 8
        self.titleLabel.frame = Rect(x: titleInset, y: 0, width: max(0, bounds.width - 2 * titleInset), height: bounds.height)
        let hairline = 1 / (self.window?.scale ?? 1)
        self.separator.frame = Rect(x: 0, y: bounds.height - hairline, width: bounds.width, height: hairline)
    }
}
