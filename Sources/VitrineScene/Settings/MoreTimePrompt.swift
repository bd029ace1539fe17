import VitrineCore
import VitrineUI

/// "Do you need more time?": a card in the middle of a dimmed window, over everything (sheets
/// and the keyboard included), with the seconds left before the idle reset and a "More time"
/// button (`SceneController+MoreTime.swift`).
///
/// It covers the whole window, so the touch that answers it lands on it and presses nothing
/// underneath; any touch answers (the controller sees every touch first).
final class MoreTimePrompt: View {
    let card = View()
    let questionLabel: Label
    let countdownLabel: Label
    let button: Button

    /// The card: at most 560 points wide, 32 inside its edges, 24 from the window's; corners as
    /// a sheet's (`ContentSheet.cornerRadius` is 12; a free-standing card rounds more, 20).
    static let cardWidth = 560.0
    static let padding = 32.0
    static let margin = 24.0
    static let cornerRadius = 20.0
    /// The backdrop: black at 40 %, a little lighter than a sheet's dim (50 %), so the visitor
    /// still sees what they were doing.
    static let dim = Color(white: 0, alpha: 0.4)

    init(question: String, countdown: String, buttonTitle: String, theme: Theme, extend: @escaping () -> Void) {
        self.questionLabel = Label(text: question, style: theme.textStyle(.title2, alignment: .center, maximumLines: 3), color: theme.label)
        self.countdownLabel = Label(text: countdown, style: theme.textStyle(.body, alignment: .center, maximumLines: 3), color: theme.secondaryLabel)
        self.button = Button(title: buttonTitle, style: .filled, theme: theme, action: extend)
        super.init()
        self.identifier = "moreTime"
        self.backgroundColor = Self.dim
        self.card.backgroundColor = theme.surface
        self.card.cornerRadii = CornerRadii(all: Self.cornerRadius)
        self.card.shadow = SheetShadow.standard
        self.button.identifier = "moreTime.button"
        for label in [self.questionLabel, self.countdownLabel] {
            label.centersVertically = false
            label.isUserInteractionEnabled = false
            self.card.addSubview(label)
        }
        self.card.addSubview(self.button)
        self.addSubview(self.card)
    }

    override func layoutSubviews() {
        let bounds = self.bounds
        let width = max(0, min(Self.cardWidth, bounds.width - 2 * Self.margin))
        let inner = max(0, width - 2 * Self.padding)
        let question = self.questionLabel.sizeThatFits(Size(width: inner, height: .infinity)).height
        let countdown = self.countdownLabel.sizeThatFits(Size(width: inner, height: .infinity)).height
        let button = self.button.sizeThatFits(Size(width: inner, height: .infinity))
        let height = Self.padding + question + 12 + countdown + 28 + button.height + Self.padding
        let top = max(Self.margin, ((bounds.height - height) / 2).rounded())
        self.card.frame = Rect(x: ((bounds.width - width) / 2).rounded(), y: top, width: width, height: height)
        self.questionLabel.frame = Rect(x: Self.padding, y: Self.padding, width: inner, height: question)
        self.countdownLabel.frame = Rect(x: Self.padding, y: Self.padding + question + 12, width: inner, height: countdown)
        let buttonWidth = min(inner, max(button.width, 200))
        self.button.frame = Rect(x: ((width - buttonWidth) / 2).rounded(), y: height - Self.padding - button.height, width: buttonWidth, height: button.height)
    }
}
