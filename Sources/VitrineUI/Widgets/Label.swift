import VitrineCore
import VitrineGestures
import VitrineGraphics

/// Text: shaped with HarfBuzz, wrapped to the view's width, aligned, truncated with "…" after
/// `maximumLines`. Redrawn only when its text, style or width changes.
public final class Label: View {
    public var text: String { didSet { if oldValue != self.text { self.changed() } } }
    public var style: TextStyle { didSet { if oldValue != self.style { self.changed() } } }
    public var textColor: Color { didSet { if oldValue != self.textColor { self.setNeedsDisplay() } } }
    /// Vertical placement of the text in a taller box: centred, or at the top.
    public var centersVertically = true { didSet { self.setNeedsDisplay() } }

    public init(text: String = "", style: TextStyle = TextStyle(), color: Color = Theme.standard.label, frame: Rect = .zero) {
        self.text = text
        self.style = style
        self.textColor = color
        super.init(frame: frame)
    }

    public override var drawsContent: Bool { true }

    private func changed() {
        self.setNeedsDisplay()
        self.superview?.setNeedsLayout()
    }

    /// The laid-out text for a width (nil off screen or without fonts).
    public func layout(width: Double?) -> TextLayout? {
        guard let window = self.window, let fonts = window.fonts else { return nil }
        return try? TextLayout(self.text, style: self.style, width: width, scale: window.scale, library: fonts)
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        self.layout(width: size.width.isFinite && size.width > 0 ? size.width : nil)?.size ?? .zero
    }

    public override func draw(in canvas: Canvas) {
        guard !self.text.isEmpty, let layout = self.layout(width: self.bounds.width) else { return }
        let y = self.centersVertically ? (self.bounds.height - layout.size.height) / 2 : 0
        canvas.draw(layout, at: Point(x: 0, y: y), color: self.textColor)
    }
}

/// A tappable view: highlighted while pressed, acts on a release inside (a tap), and lets go
/// without acting when a drag takes the touch over (the gesture arena cancels the tap).
public final class Button: View {
    public let titleLabel: Label
    public let tap = TapGestureRecognizer()
    public var action: (() -> Void)?
    public var normalColor: Color? { didSet { self.updateLook() } }
    public var highlightedColor: Color? { didSet { self.updateLook() } }
    public private(set) var isHighlighted = false { didSet { if oldValue != self.isHighlighted { self.updateLook() } } }
    /// Taps that acted (for tests and the state dump).
    public private(set) var actionCount = 0

    public init(title: String, theme: Theme = .standard, frame: Rect = .zero, action: (() -> Void)? = nil) {
        self.titleLabel = Label(text: title, style: TextStyle(font: FontDescriptor(family: theme.fontFamily, weight: .bold), pointSize: theme.bodySize, alignment: .center, maximumLines: 1), color: theme.onTint)
        self.action = action
        self.normalColor = theme.tint
        self.highlightedColor = theme.tint.interpolated(to: .black, fraction: 0.25)
        super.init(frame: frame)
        self.cornerRadii = CornerRadii(all: theme.cornerRadius)
        self.addSubview(self.titleLabel)
        self.addGestureRecognizer(self.tap)
        self.tap.onDown = { [unowned self] _ in self.isHighlighted = true }
        self.tap.onChange = { [unowned self] tap in
            self.isHighlighted = false
            if tap.state == .ended {
                self.actionCount += 1
                self.action?()
            }
        }
        self.updateLook()
    }

    public var title: String {
        get { self.titleLabel.text }
        set { self.titleLabel.text = newValue }
    }

    private func updateLook() {
        self.backgroundColor = self.isHighlighted ? self.highlightedColor : self.normalColor
    }

    public override func layoutSubviews() {
        self.titleLabel.frame = self.bounds.insetBy(dx: 8, dy: 0)
    }
}
