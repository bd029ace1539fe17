import VitrineCore
import VitrineGestures
import VitrineUI

/// The room reach mode leaves at the top of the panel: the theme's background, and a tap
/// anywhere in it takes the screens back up. Its words ("Tap here to move the screen back
/// up", with an arrow) sit at its bottom, just above the screen's top edge: the lowest part of
/// the room, the part a seated visitor reaches (with a mounting height the rest of it is above
/// 1,220 mm). A hairline of the separator colour marks the screen's edge.
///
/// It is one control for the focus too: a keypad's select on it goes back up.
final class ReachReturnView: View {
    let label: Label
    let icon: Label
    private let hairline = View()
    private let tap = TapGestureRecognizer()
    private let action: () -> Void
    private let highlight: Color

    /// The words' centre above the room's bottom edge: half a 44-point target, plus 8.
    static let labelLift = 30.0

    init(title: String, theme: Theme, action: @escaping () -> Void) {
        self.action = action
        self.label = Label(
            text: title, style: theme.textStyle(.headline, alignment: .center, maximumLines: 2), color: theme.tint)
        self.icon = Icon.label("expand_less", size: 28 * theme.typeScale, color: theme.tint)
        self.highlight = theme.separator.withOpacity(0.35)
        super.init()
        self.identifier = "reach.return"
        self.backgroundColor = theme.background
        self.hairline.backgroundColor = theme.separator
        for view in [self.label, self.icon, self.hairline] {
            view.isUserInteractionEnabled = false
            self.addSubview(view)
        }
        self.addGestureRecognizer(self.tap)
        self.tap.onDown = { [unowned self] _ in self.backgroundColor = self.highlight.composited(over: theme.background) }
        self.tap.onChange = { [unowned self] tap in
            self.backgroundColor = theme.background
            if tap.state == .ended { self.action() }
        }
    }

    override var canBecomeFocused: Bool { !self.isHidden }

    override func activate() -> Bool {
        self.action()
        return true
    }

    override func layoutSubviews() {
        let bounds = self.bounds
        let scale = self.window?.scale ?? 1
        self.hairline.frame = Rect(x: 0, y: bounds.height - 1 / scale, width: bounds.width, height: 1 / scale)
        let text = self.label.sizeThatFits(Size(width: max(0, bounds.width - 160), height: .infinity))
        let iconSide = self.icon.style.pointSize
        let width = iconSide + 6 + text.width
        let centre = max(text.height / 2, bounds.height - Self.labelLift)
        let x = ((bounds.width - width) / 2).rounded()
        self.icon.frame = Rect(x: x, y: (centre - iconSide / 2).rounded(), width: iconSide, height: iconSide)
        self.label.frame = Rect(x: x + iconSide + 6, y: (centre - text.height / 2).rounded(), width: text.width, height: text.height)
    }
}
