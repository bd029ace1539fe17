import VitrineCore
import VitrineGestures
import VitrineGraphics
import VitrineMotion

/// A row with a title and an on/off switch (UISwitch in a settings row; Material 3's Switch): a
/// tap anywhere on the row turns it over, the thumb sliding across on a spring.
///
/// The look, in the theme's colours (both palettes; `Theme.controlContrastPairs` checks each
/// against WCAG 2.2 SC 1.4.11's 3:1 for a control's parts, SC 1.4.3's 4.5:1 for the title):
/// - off: the track in `secondaryLabel`, the thumb in `surface` at the left;
/// - on: the track in `tint`, the thumb in `onTint` at the right.
/// The thumb's place says the state as well as its colours (SC 1.4.1, not by colour alone).
///
/// The row is at least 44 points tall (`Button.minimumHitSize`, the house minimum target) and
/// the whole row takes the tap, so the target is the row, not the 51-point switch.
public final class ToggleView: View {
    /// The switch: UISwitch's 51 × 31 points (Apple HIG, "Toggles").
    public static let switchSize = Size(width: 51, height: 31)
    /// The thumb sits 2 points inside the track (UISwitch's 27-point thumb in a 31-point track).
    public static let thumbInset = 2.0
    /// Above and below the title, and between the title and the switch.
    public static let verticalPadding = 8.0
    public static let spacing = 16.0
    /// The thumb's spring: 0.3 s response, 0.8 damping — a short slide with a trace of overshoot,
    /// about as long as UISwitch's thumb takes (chosen by eye against it, not measured).
    public static let thumbSpring = SpringParameters(response: 0.3, dampingRatio: 0.8)

    public let titleLabel: Label
    /// The switch's track and its thumb (layers: the slide is a composite, the colour fade a
    /// repaint of 51 × 31 points).
    public let track = View()
    public let thumb = View()
    public let tap = TapGestureRecognizer()
    /// Whether the switch is on (what it shows once the thumb has arrived).
    public private(set) var isOn: Bool
    /// Called when a tap or a key turned the switch over (not when `setOn` was called).
    public var onChange: ((Bool) -> Void)?
    /// Flips made by the visitor (taps and keys), for tests and the state dump.
    public private(set) var flipCount = 0

    private let offTrack: Color
    private let onTrack: Color
    private let offThumb: Color
    private let onThumb: Color
    /// Where the thumb is: 0 at the left (off) to 1 at the right (on).
    private var position: Double
    private var spring: SpringAnimation?

    public init(title: String, isOn: Bool = false, theme: Theme = .standard, frame: Rect = .zero) {
        self.isOn = isOn
        self.position = isOn ? 1 : 0
        self.offTrack = theme.secondaryLabel
        self.onTrack = theme.tint
        self.offThumb = theme.surface
        self.onThumb = theme.onTint
        self.titleLabel = Label(text: title, style: theme.textStyle(.body), color: theme.label)
        super.init(frame: frame)
        self.titleLabel.isUserInteractionEnabled = false
        self.track.isUserInteractionEnabled = false
        self.thumb.isUserInteractionEnabled = false
        self.track.cornerRadii = CornerRadii(all: Self.switchSize.height / 2)
        let thumbSide = Self.switchSize.height - 2 * Self.thumbInset
        self.thumb.cornerRadii = CornerRadii(all: thumbSide / 2)
        self.thumb.frame = Rect(x: 0, y: 0, width: thumbSide, height: thumbSide)
        self.addSubview(self.titleLabel)
        self.addSubview(self.track)
        self.track.addSubview(self.thumb)
        self.addGestureRecognizer(self.tap)
        self.tap.onChange = { [unowned self] tap in
            if tap.state == .ended { self.flip() }
        }
        self.showPosition()
    }

    public var title: String {
        get { self.titleLabel.text }
        set { self.titleLabel.text = newValue }
    }

    /// Shows `on`; `animated` slides the thumb there on `thumbSpring` (a state changed by an
    /// action or the idle reset), else it jumps (a screen being built).
    public func setOn(_ on: Bool, animated: Bool) {
        guard on != self.isOn else { return }
        self.isOn = on
        let target = on ? 1.0 : 0.0
        guard animated, let animator = self.window?.animator else {
            self.spring.map { self.window?.animator.stop($0) }
            self.position = target
            self.showPosition()
            return
        }
        let spring =
            self.spring
            ?? {
                let spring = SpringAnimation(
                    value: self.position, target: target, parameters: Self.thumbSpring,
                    tolerance: SettleTolerance.pixels.perUnit(of: Self.switchSize.width - Self.switchSize.height))
                spring.onUpdate = { [unowned self] value in
                    self.position = value
                    self.showPosition()
                }
                self.spring = spring
                return spring
            }()
        spring.retarget(to: target)
        animator.run(spring)
    }

    /// The visitor turned it over: a tap on the row, Enter or a keypad's select.
    private func flip() {
        self.flipCount += 1
        self.setOn(!self.isOn, animated: true)
        self.onChange?(self.isOn)
    }

    private func showPosition() {
        let fraction = min(1, max(0, self.position))
        self.track.backgroundColor = self.offTrack.interpolated(to: self.onTrack, fraction: fraction)
        self.thumb.backgroundColor = self.offThumb.interpolated(to: self.onThumb, fraction: fraction)
        let travel = Self.switchSize.width - Self.switchSize.height
        self.thumb.frame.origin = Point(x: Self.thumbInset + travel * self.position, y: Self.thumbInset)
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        let room = size.width.isFinite ? max(0, size.width - Self.switchSize.width - Self.spacing) : Double.infinity
        let text = self.titleLabel.sizeThatFits(Size(width: room, height: .infinity))
        let width = size.width.isFinite ? size.width : text.width + Self.spacing + Self.switchSize.width
        let height = max(Button.minimumHitSize, max(text.height, Self.switchSize.height) + 2 * Self.verticalPadding)
        return Size(width: width, height: height)
    }

    public override func layoutSubviews() {
        let bounds = self.bounds
        let switchX = max(0, bounds.width - Self.switchSize.width)
        self.track.frame = Rect(
            x: switchX, y: ((bounds.height - Self.switchSize.height) / 2).rounded(), width: Self.switchSize.width, height: Self.switchSize.height)
        self.titleLabel.frame = Rect(x: 0, y: 0, width: max(0, switchX - Self.spacing), height: bounds.height)
    }

    // MARK: - Keys and speech

    public override var canBecomeFocused: Bool { true }
    /// Enter, a keypad's select, speech mode's double tap: turns it over, as a tap does.
    public override func activate() -> Bool {
        self.flip()
        return true
    }
    public override var accessibilityRole: AccessibilityRole? { .switch }
    public override var accessibilityContent: String? { self.title.isEmpty ? nil : self.title }
    /// "Audio guide, switch, on": the state is said after the role (`SpokenDescription`).
    public override var accessibilityTraits: AccessibilityTraits { self.isOn ? .checked : [] }
}
