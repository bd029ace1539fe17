import VitrineCore
import VitrineGestures
import VitrineGraphics

/// A tappable card: a picture across its top, a title and a subtitle under it, on the theme's
/// surface with rounded corners and a soft shadow. Dims while pressed; acts on a tap.
///
/// The picture is `imageAspectRatio` (width over height, 3:2 by default) cropped to fill around
/// its `focus`; the card's height follows its width (`sizeThatFits`), so a grid of cards
/// keeps its proportions on any panel.
public final class CardView: View {
    public let imageView: ImageView?
    public let titleLabel: Label
    public let subtitleLabel: Label?
    public let tap = TapGestureRecognizer()
    public var action: (() -> Void)?
    public var imageAspectRatio = 1.5 { didSet { self.superview?.setNeedsLayout() } }
    public private(set) var isHighlighted = false
    /// Taps that acted.
    public private(set) var actionCount = 0
    private let overlay = View()

    static let padding = 16.0

    public init(image: PixelBuffer?, title: String, subtitle: String? = nil, theme: Theme = .standard, action: (() -> Void)? = nil) {
        self.imageView = image.map { ImageView(image: $0, scaleMode: .fill) }
        self.titleLabel = Label(text: title, style: theme.textStyle(.headline, maximumLines: 2), color: theme.label)
        self.subtitleLabel = subtitle.map { Label(text: $0, style: theme.textStyle(.subheadline, maximumLines: 3), color: theme.secondaryLabel) }
        self.action = action
        super.init()
        self.backgroundColor = theme.surface
        self.cornerRadii = CornerRadii(all: max(theme.cornerRadius, 16))
        self.clipsToBounds = true
        self.shadow = LayerShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 38), blur: 10, offset: Point(x: 0, y: 4))
        for view in [self.imageView, self.titleLabel, self.subtitleLabel].compactMap({ $0 }) as [View] {
            view.isUserInteractionEnabled = false
            self.addSubview(view)
        }
        for label in [self.titleLabel, self.subtitleLabel].compactMap({ $0 }) { label.centersVertically = false }
        self.overlay.backgroundColor = Color(white: 0, alpha: 0.12)
        self.overlay.isHidden = true
        self.overlay.isUserInteractionEnabled = false
        self.addSubview(self.overlay)
        self.addGestureRecognizer(self.tap)
        self.tap.onDown = { [unowned self] _ in self.setHighlighted(self.action != nil) }
        self.tap.onChange = { [unowned self] tap in
            self.setHighlighted(false)
            if tap.state == .ended, let action = self.action {
                self.actionCount += 1
                action()
            }
        }
    }

    public override var canBecomeFocused: Bool { self.action != nil }
    public override var accessibilityRole: AccessibilityRole? { self.action != nil ? .button : .text }
    public override var accessibilityContent: String? { self.titleLabel.text.isEmpty ? nil : self.titleLabel.text }
    public override var accessibilityDetail: String? { self.subtitleLabel?.text }

    /// Enter on a focused card: its action, as a tap would.
    public override func activate() -> Bool {
        guard let action = self.action else { return false }
        self.actionCount += 1
        action()
        return true
    }

    private func setHighlighted(_ on: Bool) {
        self.isHighlighted = on
        self.overlay.isHidden = !on
    }

    private func heights(width: Double) -> (image: Double, title: Double, subtitle: Double) {
        let inner = max(0, width - 2 * Self.padding)
        let image = self.imageView == nil ? 0 : width / max(0.1, self.imageAspectRatio)
        let title = self.titleLabel.text.isEmpty ? 0 : self.titleLabel.sizeThatFits(Size(width: inner, height: .infinity)).height
        let subtitle = self.subtitleLabel.map { $0.sizeThatFits(Size(width: inner, height: .infinity)).height } ?? 0
        return (image, title, subtitle)
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        let width = size.width.isFinite ? size.width : 320
        let h = self.heights(width: width)
        let text = h.title + (h.subtitle > 0 ? 4 + h.subtitle : 0)
        return Size(width: width, height: h.image + (text > 0 ? text + 2 * Self.padding : 0))
    }

    public override func layoutSubviews() {
        let bounds = self.bounds
        let h = self.heights(width: bounds.width)
        let text = h.title + (h.subtitle > 0 ? 4 + h.subtitle : 0)
        // A card taller than it needs gives the extra height to the picture.
        let imageHeight = self.imageView == nil ? 0 : max(0, bounds.height - (text > 0 ? text + 2 * Self.padding : 0))
        self.imageView?.frame = Rect(x: 0, y: 0, width: bounds.width, height: imageHeight)
        var y = imageHeight + Self.padding
        let inner = max(0, bounds.width - 2 * Self.padding)
        self.titleLabel.frame = Rect(x: Self.padding, y: y, width: inner, height: h.title)
        y += h.title + 4
        self.subtitleLabel?.frame = Rect(x: Self.padding, y: y, width: inner, height: h.subtitle)
        self.overlay.frame = bounds
    }
}
