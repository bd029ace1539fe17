import VitrineCore
import VitrineGestures
import VitrineGraphics

/// A value between a minimum and a maximum, chosen along a horizontal track (UISlider; Material
/// 3's Slider): drag the thumb, or tap the track to put the thumb there.
///
/// Its drag is a horizontal `PanGestureRecognizer` in the gesture arena that yields to cross
/// drags (`yieldsToCrossAxisDrags`): inside a vertical scroll view, a mostly horizontal drag
/// moves the slider and leaves the scroll where it is, a mostly vertical one starting on the
/// slider scrolls the page and leaves the value. A tap (a lift within the touch slop) puts the
/// thumb under the finger. Values are kept on the steps from the minimum (`step`).
///
/// The look, in the theme's colours (`Theme.controlContrastPairs`: WCAG 2.2 SC 1.4.11's 3:1):
/// the track 4 points tall in `secondaryLabel`, the part below the value in `tint`, the thumb a
/// 28-point `tint` disc. The view is 44 points tall (`Button.minimumHitSize`), all of it taking
/// touches; the track runs its whole width (lined up with the texts above and below it) and the
/// thumb's centre 14 points in from each end, so the thumb stays inside (UISlider's layout).
public final class SliderView: View {
    /// The thumb's diameter (Material 3's handle is 20 dp wide and 44 tall; UISlider's knob is
    /// 28 points: the disc a finger sees and covers).
    public static let thumbDiameter = 28.0
    /// The track's thickness (Material 3's inactive track is 4 dp in its first release).
    public static let trackThickness = 4.0
    /// The view's height: the house minimum target (`Button.minimumHitSize`).
    public static let height = Button.minimumHitSize
    /// A slider given no width wants this much (a volume across a settings card).
    public static let preferredWidth = 280.0

    public let minimum: Double
    public let maximum: Double
    /// Chosen values are `minimum + n × step` (and `maximum`).
    public let step: Double
    /// The value shown: what was set, kept within minimum and maximum (a bound value outside
    /// the range shows at the end it passed).
    public private(set) var value: Double
    /// Called when a drag, a tap or a key chose a new value (not when `setValue` was called).
    public var onChange: ((Double) -> Void)?
    /// How speech says the value (nil: the number, with as many decimals as the step has).
    public var valueText: ((Double) -> String)?

    public let track = View()
    public let fill = View()
    public let thumb = View()
    public let tap = TapGestureRecognizer()
    public let drag: PanGestureRecognizer
    /// Changes chosen by the visitor (drags, taps and keys), for tests.
    public private(set) var changeCount = 0
    /// Where the finger holds the thumb, from its centre: a drag that starts on the thumb keeps
    /// that grip (no jump); one starting on the track takes the thumb to the finger.
    private var grip = 0.0

    /// - Precondition: `minimum < maximum`, `step > 0` (a config's are checked when it is read).
    public init(
        minimum: Double = 0, maximum: Double = 100, step: Double = 1, value: Double = 0, theme: Theme = .standard, metrics: GestureMetrics = GestureMetrics()
    ) {
        precondition(minimum < maximum && minimum.isFinite && maximum.isFinite, "a slider's minimum must be below its maximum")
        precondition(step > 0 && step.isFinite, "a slider's step must be above 0")
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.value = Self.clamp(value, minimum, maximum)
        self.drag = PanGestureRecognizer(axis: .horizontal, metrics: metrics)
        super.init()
        self.drag.yieldsToCrossAxisDrags = true
        self.track.backgroundColor = theme.secondaryLabel
        self.fill.backgroundColor = theme.tint
        self.thumb.backgroundColor = theme.tint
        let round = CornerRadii(all: Self.trackThickness / 2)
        self.track.cornerRadii = round
        self.fill.cornerRadii = round
        self.thumb.cornerRadii = CornerRadii(all: Self.thumbDiameter / 2)
        for part in [self.track, self.fill, self.thumb] {
            part.isUserInteractionEnabled = false
            self.addSubview(part)
        }
        self.addGestureRecognizer(self.drag)
        self.addGestureRecognizer(self.tap)
        self.drag.onDown = { [unowned self] pan in
            let x = self.convertFromWindow(Point(x: pan.downLocation.x, y: pan.downLocation.y)).x
            let centre = self.thumbCentre
            self.grip = abs(x - centre) <= Self.thumbDiameter / 2 ? centre - x : 0
        }
        self.drag.onChange = { [unowned self] pan in
            guard pan.state == .began || pan.state == .changed || pan.state == .ended else { return }
            let x = self.convertFromWindow(Point(x: pan.location.x, y: pan.location.y)).x
            self.choose(self.value(atX: x + self.grip))
        }
        self.tap.onChange = { [unowned self] tap in
            guard tap.state == .ended else { return }
            self.choose(self.value(atX: self.convertFromWindow(Point(x: tap.location.x, y: tap.location.y)).x))
        }
    }

    /// Shows `value` (kept within minimum and maximum; NaN shows the minimum), as a bound state
    /// value changed elsewhere does. The thumb moves at once: a value set from outside is not a
    /// gesture to follow.
    public func setValue(_ value: Double) {
        let clamped = Self.clamp(value, self.minimum, self.maximum)
        guard clamped != self.value else { return }
        self.value = clamped
        self.setNeedsLayout()
    }

    /// `value` on the nearest step, within minimum and maximum.
    public func stepped(_ value: Double) -> Double {
        let clamped = Self.clamp(value, self.minimum, self.maximum)
        let steps = ((clamped - self.minimum) / self.step).rounded()
        let onStep = self.minimum + steps * self.step
        // The maximum is a choice even off the steps' grid (0 to 10 by 3 ends at 10, not 9).
        if self.maximum - clamped < abs(clamped - onStep) { return self.maximum }
        return min(self.maximum, onStep)
    }

    private func choose(_ value: Double) {
        let chosen = self.stepped(value)
        guard chosen != self.value else { return }
        self.value = chosen
        self.changeCount += 1
        self.setNeedsLayout()
        self.onChange?(chosen)
    }

    private static func clamp(_ value: Double, _ minimum: Double, _ maximum: Double) -> Double {
        value.isNaN ? minimum : min(maximum, max(minimum, value))
    }

    /// Where the thumb's centre travels, in the view's coordinates: a thumb's radius in from each
    /// side.
    private var trackSpan: (start: Double, length: Double) {
        let inset = Self.thumbDiameter / 2
        return (inset, max(1, self.bounds.width - 2 * inset))
    }

    private var fraction: Double { (self.value - self.minimum) / (self.maximum - self.minimum) }

    private var thumbCentre: Double {
        let span = self.trackSpan
        return span.start + span.length * self.fraction
    }

    private func value(atX x: Double) -> Double {
        let span = self.trackSpan
        return self.minimum + (x - span.start) / span.length * (self.maximum - self.minimum)
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width.isFinite ? size.width : Self.preferredWidth, height: Self.height)
    }

    public override func layoutSubviews() {
        let middle = (self.bounds.height / 2).rounded()
        let y = middle - Self.trackThickness / 2
        let centre = self.thumbCentre
        self.track.frame = Rect(x: 0, y: y, width: self.bounds.width, height: Self.trackThickness)
        self.fill.frame = Rect(x: 0, y: y, width: centre, height: Self.trackThickness)
        self.thumb.frame = Rect(x: centre - Self.thumbDiameter / 2, y: middle - Self.thumbDiameter / 2, width: Self.thumbDiameter, height: Self.thumbDiameter)
    }

    // MARK: - Keys and speech

    public override var canBecomeFocused: Bool { true }

    /// A keypad's select (or Enter) pressed on the slider: up and down change it, a step each,
    /// until select, Enter or back is pressed again or the focus leaves. A keypad has no left
    /// and right, and its up and down otherwise walk the screen; they are the slider's only
    /// while the visitor asked, so nobody is caught on it (WCAG 2.2 SC 2.1.2, no keyboard trap).
    public private(set) var isAdjusting = false {
        didSet { if oldValue != self.isAdjusting { self.invalidate() } }
    }

    /// Left and right step it down and up; Home and End go to the ends (WAI-ARIA's slider
    /// pattern); up and down too while adjusting (`isAdjusting`), else they move the focus on.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .left: self.choose(self.value - self.step)
        case .right: self.choose(self.value + self.step)
        case .home: self.choose(self.minimum)
        case .end: self.choose(self.maximum)
        case .up, .down:
            guard self.isAdjusting else { return false }
            self.adjust(by: event.key == .up ? 1 : -1)
        case .escape:
            guard self.isAdjusting else { return false }
            self.isAdjusting = false
        default: return false
        }
        return true
    }

    /// A keypad's up (1) or down (−1) while adjusting: a step up or down; false when not
    /// adjusting (the key moves the focus).
    @discardableResult
    public func adjust(by steps: Int) -> Bool {
        guard self.isAdjusting else { return false }
        self.choose(self.value + Double(steps) * self.step)
        return true
    }

    /// Select or Enter: starts adjusting, or ends it.
    public override func activate() -> Bool {
        self.isAdjusting.toggle()
        return true
    }

    /// Back while adjusting ends it (true); else false, and back does what it does.
    public func endAdjusting() -> Bool {
        guard self.isAdjusting else { return false }
        self.isAdjusting = false
        return true
    }

    public override func focusDidChange() {
        if !self.isFocused { self.isAdjusting = false }
    }

    public override var accessibilityTraits: AccessibilityTraits { self.isAdjusting ? .adjusting : [] }

    public override var accessibilityRole: AccessibilityRole? { .slider }
    /// "Volume, 40, slider".
    public override var accessibilityValue: String? { self.valueText?(self.value) ?? self.spokenNumber }

    /// The value with as many decimals as the step has (at most 3): 40, 2.5, 0.25.
    private var spokenNumber: String {
        var decimals = 0
        while decimals < 3, (self.step * pow10(decimals)).rounded() != self.step * pow10(decimals) { decimals += 1 }
        return String(fixed: self.value, decimals: decimals)
    }
}

private func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<exponent { result *= 10 }
    return result
}
