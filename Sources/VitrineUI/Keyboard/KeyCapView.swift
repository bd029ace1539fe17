import VitrineCore
import VitrineGraphics

/// One key of the on-screen keyboard: a rounded cap with its letter, symbol or icon, lighter
/// while pressed. It draws its own text (no label subview), so a keyboard is one layer a key.
public final class KeyCapView: View {
    public let key: KeyboardKey
    /// What the cap shows: the character, a word (`space` is blank, the submit key's title), or
    /// a Material icon name when `isIcon`.
    var caption: String { didSet { if oldValue != self.caption { self.setNeedsDisplay() } } }
    var isIcon: Bool
    var fill: Color { didSet { if oldValue != self.fill { self.setNeedsDisplay() } } }
    var pressedFill: Color
    var textColor: Color
    var fontFamily: String
    var pointSize: Double
    public private(set) var isPressed = false

    init(key: KeyboardKey, caption: String, isIcon: Bool, fill: Color, pressedFill: Color, textColor: Color, fontFamily: String, pointSize: Double) {
        self.key = key
        self.caption = caption
        self.isIcon = isIcon
        self.fill = fill
        self.pressedFill = pressedFill
        self.textColor = textColor
        self.fontFamily = fontFamily
        self.pointSize = pointSize
        super.init()
        self.isUserInteractionEnabled = false
        self.identifier = "key:" + key.name
    }

    public override var drawsContent: Bool { true }

    /// A keypad operates the keyboard (`OnScreenKeyboard.isKeypadOperated`): the keys are in the
    /// focus chain, and select types the focused one.
    var isKeypadOperated = false {
        didSet { self.isUserInteractionEnabled = self.isKeypadOperated }
    }
    /// Pressed by a keypad's select: acts as a tap on it would.
    var onActivate: ((KeyboardKey) -> Void)?

    public override var canBecomeFocused: Bool { self.isKeypadOperated }
    public override var accessibilityRole: AccessibilityRole? { .key }
    /// A character key's character; the function keys are said by their word
    /// (`SpokenDescription`), the submit key by its title.
    public override var accessibilityContent: String? {
        switch self.key.role {
        case .character(let text): text
        case .submit: self.caption
        default: nil
        }
    }

    public override func activate() -> Bool {
        guard self.isKeypadOperated, let onActivate = self.onActivate else { return false }
        onActivate(self.key)
        return true
    }

    func setPressed(_ pressed: Bool) {
        guard pressed != self.isPressed else { return }
        self.isPressed = pressed
        self.setNeedsDisplay()
    }

    public override func draw(in canvas: Canvas) {
        let radius = CornerRadii(all: 8)
        // A one-point shade under the cap, as keyboards draw a key's edge.
        canvas.fill(self.bounds, cornerRadii: radius, color: Color(red: 0, green: 0, blue: 0, alpha: 72))
        canvas.fill(
            Rect(x: 0, y: 0, width: self.bounds.width, height: self.bounds.height - 1), cornerRadii: radius,
            color: self.isPressed ? self.pressedFill : self.fill)
        guard !self.caption.isEmpty, let fonts = self.window?.fonts else { return }
        let style = TextStyle(
            font: FontDescriptor(family: self.isIcon ? Icon.fontFamily : self.fontFamily, weight: self.isIcon ? .regular : .medium), pointSize: self.pointSize,
            alignment: .center, maximumLines: 1)
        guard let layout = try? TextLayout(self.caption, style: style, width: self.bounds.width - 8, scale: canvas.scale, library: fonts) else { return }
        let origin = Point(x: 4, y: ((self.bounds.height - 1 - layout.size.height) / 2).rounded())
        canvas.draw(layout, at: origin, color: self.textColor)
    }
}
