import VitrineCore
import VitrineGraphics

/// A 44-pt bar with a centred title and optional left and right text buttons, over a
/// translucent white (ContentSheet's default header: white α 0.7 over its blur).
public final class NavigationBar: View {
    public let titleLabel: Label
    public private(set) var leftButton: Button?
    public private(set) var rightButton: Button?
    public let item: NavigationItem

    public init(item: NavigationItem, theme: Theme = .standard) {
        self.item = item
        self.titleLabel = Label(
            text: item.title, style: TextStyle(font: FontDescriptor(family: theme.fontFamily, weight: .bold), pointSize: theme.headlineSize, alignment: .center, maximumLines: 1),
            color: theme.label)
        super.init()
        self.backgroundColor = Color(white: 1, alpha: 0.7)
        self.addSubview(self.titleLabel)
        self.leftButton = item.leftItem.map { self.barButton($0, theme: theme) }
        self.rightButton = item.rightItem.map { self.barButton($0, theme: theme) }
    }

    private func barButton(_ item: BarButtonItem, theme: Theme) -> Button {
        let button = Button(title: item.title, theme: theme, action: item.action)
        button.normalColor = Color.clear
        button.highlightedColor = theme.separator.withOpacity(0.5)
        button.titleLabel.textColor = theme.tint
        self.addSubview(button)
        return button
    }

    public override func layoutSubviews() {
        let bounds = self.bounds
        let side = 88.0
        self.leftButton?.frame = Rect(x: 4, y: 0, width: side, height: bounds.height)
        self.rightButton?.frame = Rect(x: bounds.width - side - 4, y: 0, width: side, height: bounds.height)
        self.titleLabel.frame = Rect(x: side + 8, y: 0, width: max(0, bounds.width - 2 * side - 16), height: bounds.height)
    }
}
