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
    /// The longest line, in points, however wide the view (`Theme.readableMeasure`): the text
    /// wraps there and its block sits where the alignment puts it. Nil: the view's width.
    public var maximumMeasure: Double? { didSet { if oldValue != self.maximumMeasure { self.changed() } } }
    /// Said as a heading in speech mode (a bar's title).
    public var isHeading = false

    public override var accessibilityRole: AccessibilityRole? { self.isHeading ? .heading : .text }
    public override var accessibilityContent: String? { self.text }

    public init(text: String = "", style: TextStyle = TextStyle(), color: Color = Theme.standard.label, frame: Rect = .zero) {
        self.text = text
        self.style = style
        self.textColor = color
        super.init(frame: frame)
    }

    public override var drawsContent: Bool { true }

    private func changed() {
        self.kept = nil
        self.setNeedsDisplay()
        self.superview?.setNeedsLayout()
    }

    /// The last layout made and what it was made for: a layout pass measures the text at the
    /// width the view then gets, and drawing it shaped the same text again (a pushed page's
    /// paragraphs were shaped twice before its slide could start).
    private var kept: (width: Double?, scale: Double, fonts: ObjectIdentifier, layout: TextLayout)?
    /// Text layouts made (shaping and wrapping), for tests.
    public private(set) var layoutsMade = 0

    /// The laid-out text for a width (nil off screen or without fonts).
    public func layout(width: Double?) -> TextLayout? {
        guard let window = self.window, let fonts = window.fonts else { return nil }
        if let kept = self.kept, kept.width == width, kept.scale == window.scale, kept.fonts == ObjectIdentifier(fonts) { return kept.layout }
        guard let layout = try? TextLayout(self.text, style: self.style, width: width, scale: window.scale, library: fonts) else { return nil }
        self.kept = (width, window.scale, ObjectIdentifier(fonts), layout)
        self.layoutsMade += 1
        return layout
    }

    /// The width the text wraps at in a box `width` wide.
    func wrapWidth(_ width: Double?) -> Double? {
        guard let measure = self.maximumMeasure else { return width }
        guard let width else { return measure }
        return min(width, measure)
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        self.layout(width: self.wrapWidth(size.width.isFinite && size.width > 0 ? size.width : nil))?.size ?? .zero
    }

    public override func draw(in canvas: Canvas) {
        let width = self.wrapWidth(self.bounds.width) ?? self.bounds.width
        guard !self.text.isEmpty, let layout = self.layout(width: width) else { return }
        let y = self.centersVertically ? (self.bounds.height - layout.size.height) / 2 : 0
        // A measure narrower than the view: the block goes where the alignment puts its lines.
        let spare = max(0, self.bounds.width - width)
        let x: Double
        switch self.style.alignment {
        case .left: x = 0
        case .center: x = spare / 2
        case .right: x = spare
        case .natural: x = layout.lines.first?.isRightToLeft == true ? spare : 0
        }
        canvas.draw(layout, at: Point(x: x, y: y), color: self.textColor)
    }
}

/// How a button looks: a solid tint, a light wash of it, or just tinted text (HIG "filled",
/// "tinted", "plain").
public enum ButtonStyle: String, Hashable, Sendable, CaseIterable {
    case filled
    case tinted
    case plain

    /// The tinted style's wash: the tint at 15 % opacity (pressed: 30 %).
    public static let tintedWashOpacity = 0.15
}

/// A tappable view: highlighted while pressed, acts on a release inside (a tap), and lets go
/// without acting when a drag takes the touch over (the gesture arena cancels the tap).
///
/// It has a title, an optional icon before it (`Icon`), and a `ButtonStyle`. Its own size
/// (`sizeThatFits`) is its content plus 20 points each side, and never under the 44-point
/// minimum hit target (Apple HIG, "Buttons"; WCAG 2.5.5 asks 44 CSS px).
public final class Button: View {
    public let titleLabel: Label
    public private(set) var iconLabel: Label?
    /// The icon's name as given (`Icon`), nil without one.
    public let iconName: String?
    public let tap = TapGestureRecognizer()
    public var action: (() -> Void)?
    public var normalColor: Color? { didSet { self.updateLook() } }
    public var highlightedColor: Color? { didSet { self.updateLook() } }
    public private(set) var isHighlighted = false { didSet { if oldValue != self.isHighlighted { self.updateLook() } } }
    /// Taps that acted (for tests and the state dump).
    public private(set) var actionCount = 0
    public let style: ButtonStyle

    /// The smallest side of a button's touch area (HIG's 44 × 44 points).
    public static let minimumHitSize = 44.0
    /// Space between the content and the edge, each side.
    public static let horizontalPadding = 20.0

    public init(title: String, icon: String? = nil, style: ButtonStyle = .filled, theme: Theme = .standard, frame: Rect = .zero, action: (() -> Void)? = nil) {
        self.style = style
        self.iconName = icon
        let textColor = style == .filled ? theme.onTint : theme.tint
        self.titleLabel = Label(
            text: title,
            style: TextStyle(
                font: FontDescriptor(family: theme.fontFamily, weight: .semibold), pointSize: theme.bodySize * theme.typeScale, alignment: .center,
                maximumLines: 1, tracking: theme.tracking(atPointSize: theme.bodySize * theme.typeScale)),
            color: textColor)
        self.action = action
        switch style {
        case .filled:
            self.normalColor = theme.tint
            self.highlightedColor = theme.tint.interpolated(to: .black, fraction: 0.25)
        case .tinted:
            self.normalColor = theme.tint.withOpacity(ButtonStyle.tintedWashOpacity)
            self.highlightedColor = theme.tint.withOpacity(ButtonStyle.tintedWashOpacity * 2)
        case .plain:
            self.normalColor = nil
            self.highlightedColor = theme.tint.withOpacity(0.12)
        }
        super.init(frame: frame)
        self.cornerRadii = CornerRadii(all: theme.cornerRadius)
        if let icon {
            let label = Icon.label(icon, size: 24 * theme.typeScale, color: textColor)
            self.iconLabel = label
            self.addSubview(label)
        }
        self.addSubview(self.titleLabel)
        self.titleLabel.isUserInteractionEnabled = false
        self.addGestureRecognizer(self.tap)
        self.tap.onDown = { [unowned self] _ in self.isHighlighted = self.isEnabled }
        self.tap.onChange = { [unowned self] tap in
            self.isHighlighted = false
            if tap.state == .ended, self.isEnabled {
                self.actionCount += 1
                self.action?()
            }
        }
        self.updateLook()
    }

    /// A disabled button is drawn at 40 % opacity (iOS's disabled controls: WCAG 2.2's contrast
    /// minimum does not apply to inactive controls, 1.4.3) and does nothing when tapped.
    public var isEnabled = true {
        didSet {
            guard oldValue != self.isEnabled else { return }
            self.alpha = self.isEnabled ? 1 : 0.4
            self.invalidate()
        }
    }

    public override var canBecomeFocused: Bool { self.isEnabled && self.action != nil }
    public override var accessibilityRole: AccessibilityRole? { self.action != nil ? .button : nil }
    /// The title; an icon alone is said by its word (`AccessibilityPhrases.iconWord`).
    public override var accessibilityContent: String? { self.title.isEmpty ? nil : self.title }
    public override var accessibilityTraits: AccessibilityTraits {
        var traits: AccessibilityTraits = self.isEnabled ? [] : .dimmed
        if self.isSelected { traits.insert(.selected) }
        return traits
    }
    /// The chosen one of a set (the language shown, in a language switcher): said "selected".
    public var isSelected = false

    /// Enter on a focused button: its action, as a tap would.
    public override func activate() -> Bool {
        guard self.isEnabled, let action = self.action else { return false }
        self.actionCount += 1
        action()
        return true
    }

    public var title: String {
        get { self.titleLabel.text }
        set { self.titleLabel.text = newValue }
    }

    /// The title's and icon's colour.
    public var contentColor: Color {
        get { self.titleLabel.textColor }
        set {
            self.titleLabel.textColor = newValue
            self.iconLabel?.textColor = newValue
        }
    }

    private func updateLook() {
        self.backgroundColor = self.isHighlighted ? self.highlightedColor : self.normalColor
    }

    private var iconSize: Double { self.iconLabel?.style.pointSize ?? 0 }
    private var gap: Double { self.iconLabel != nil && !self.title.isEmpty ? 8 : 0 }

    public override func sizeThatFits(_ size: Size) -> Size {
        let titleSize = self.title.isEmpty ? Size.zero : self.titleLabel.sizeThatFits(Size(width: .infinity, height: .infinity))
        let content = titleSize.width + self.iconSize + self.gap
        let height = max(Self.minimumHitSize, max(titleSize.height, self.iconSize) + 26)
        var width = max(Self.minimumHitSize, content + 2 * Self.horizontalPadding)
        if size.width.isFinite { width = min(width, max(Self.minimumHitSize, size.width)) }
        return Size(width: width, height: height)
    }

    public override func layoutSubviews() {
        let bounds = self.bounds
        guard let icon = self.iconLabel else {
            self.titleLabel.frame = bounds.insetBy(dx: 8, dy: 0)
            return
        }
        let titleWidth =
            self.title.isEmpty
            ? 0 : min(self.titleLabel.sizeThatFits(Size(width: .infinity, height: .infinity)).width, max(0, bounds.width - 16 - self.iconSize - self.gap))
        let content = self.iconSize + self.gap + titleWidth
        let x = (bounds.width - content) / 2
        icon.frame = Rect(x: x, y: (bounds.height - self.iconSize) / 2, width: self.iconSize, height: self.iconSize)
        self.titleLabel.frame = Rect(x: x + self.iconSize + self.gap, y: 0, width: titleWidth, height: bounds.height)
    }
}
