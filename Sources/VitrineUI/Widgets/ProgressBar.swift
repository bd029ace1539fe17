import VitrineCore
import VitrineGraphics

/// A determinate progress bar: a rounded track filled from the leading edge to `progress`
/// (0…1) in the tint — the config's `progress` view, and the onboarding pager's bar.
///
/// The track and the fill are plain coloured views, so a new value moves the fill's edge: a
/// composite of the bar's own rectangle, never a redraw of anything else. Speech mode says the
/// value as a percentage ("40 percent, progress bar"), WAI-ARIA's `progressbar` role.
public final class ProgressBar: View {
    public let track = View()
    public let fill = View()

    /// The bar's thickness when nothing else sets it: 8 points, twice iOS's `UIProgressView`
    /// (4 points, Apple HIG "Progress indicators") and Material's linear indicator (4 dp), so it
    /// reads from a step back on a kiosk; its ends are round.
    public static let standardHeight = 8.0
    /// Its length when laid out with no width to fill.
    public static let standardWidth = 240.0

    /// How far the work has gone, 0…1. Values outside are shown clamped, NaN as empty (0).
    /// Changing it moves the fill view's edge (a composite).
    public var progress: Double = 0 {
        didSet { if oldValue != self.progress && !(oldValue.isNaN && self.progress.isNaN) { self.setNeedsLayout() } }
    }

    /// `progress` as shown: clamped to 0…1, NaN as 0.
    public var fraction: Double { self.progress.isNaN ? 0 : min(1, max(0, self.progress)) }

    /// Whether speech mode says the bar (false: decoration, as the onboarding's bar beside its
    /// page, which speech reads instead).
    public var isAccessibilityElement = true

    public init(frame: Rect = .zero, theme: Theme = .standard) {
        super.init(frame: frame)
        self.track.backgroundColor = theme.separator
        self.fill.backgroundColor = theme.tint
        self.track.isUserInteractionEnabled = false
        self.fill.isUserInteractionEnabled = false
        self.isUserInteractionEnabled = false
        self.addSubview(self.track)
        self.addSubview(self.fill)
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width.isFinite ? size.width : Self.standardWidth, height: min(size.height, Self.standardHeight))
    }

    public override func layoutSubviews() {
        let bounds = self.bounds
        let width = bounds.width * self.fraction
        self.track.frame = bounds
        self.fill.frame = Rect(x: 0, y: 0, width: width, height: bounds.height)
        // Round ends: half the thickness, less where the fill is still shorter than that.
        self.track.cornerRadii = CornerRadii(all: min(bounds.width, bounds.height) / 2)
        self.fill.cornerRadii = CornerRadii(all: min(width, bounds.height) / 2)
    }

    public override var accessibilityRole: AccessibilityRole? { self.isAccessibilityElement ? .progressBar : nil }

    /// The value as speech says it, in whole percent (the language's words are added by
    /// `SpokenDescription`).
    public var percent: Int { Int((self.fraction * 100).rounded()) }
}
