import Glibc
import VitrineCore
import VitrineGraphics

/// An indeterminate activity indicator: an arc in the tint that grows, shrinks and turns on a
/// faint ring, for work whose length is not known (the config's `spinner` view).
///
/// It animates only while it shows. Its layer `changesWithTime`: each frame the compositor
/// paints it on screen, the window draws it again at the next frame's time, and the damage is
/// its own rectangle. Pushed under another screen, hidden, scrolled out of view or on a blank
/// panel, it is not painted, and nothing asks for frames for it: the loop sleeps. When it shows
/// again the frame that shows it draws it at that frame's time, so it carries on where the
/// clock is, with no state of its own to go stale.
public final class Spinner: View {
    /// The arc's colour (the theme's tint: 4.5:1 or more on the background in both palettes, more
    /// than the 3:1 WCAG 2.2 SC 1.4.11 asks of a graphic).
    public var color: Color {
        didSet { if oldValue != self.color { self.setNeedsDisplay() } }
    }
    /// The ring under the arc (the theme's separator).
    public var trackColor: Color {
        didSet { if oldValue != self.trackColor { self.setNeedsDisplay() } }
    }

    /// 48 points across with a 4-point line: Material 3's circular indicator (48 dp container,
    /// 4 dp track), a little more than iOS's large `UIActivityIndicatorView` (37 points).
    public static let standardDiameter = 48.0
    public static let lineWidth = 4.0
    /// The arc turns once every 1,568 ms, and grows from `shortestArc` to `longestArc` and back
    /// every 2 × 1,333 ms: Material Components' `mdc-circular-progress` (container rotation
    /// 1568.2352941176 ms, arc time 1333 ms, arc up to 270°).
    public static let turnPeriod = 1.5682352941176
    public static let arcPeriod = 2 * 1.333
    public static let shortestArc = 10.0 * .pi / 180
    public static let longestArc = 270.0 * .pi / 180

    public init(frame: Rect = .zero, theme: Theme = .standard) {
        self.color = theme.tint
        self.trackColor = theme.separator
        super.init(frame: frame)
        self.isUserInteractionEnabled = false
        self.layer.changesWithTime = true
    }

    public override var drawsContent: Bool { true }

    public override func sizeThatFits(_ size: Size) -> Size {
        let side = min(Self.standardDiameter, size.width, size.height)
        return Size(width: size.width.isFinite ? size.width : side, height: side)
    }

    /// Where the arc is at `time` (seconds on the frame clock): its start (radians clockwise from
    /// twelve o'clock) and its length. In the first half of each arc period the head runs ahead
    /// while the tail stays; in the second the tail catches up while the head stays, each with
    /// an ease in and out; so both move on by the same angle each period and never run back.
    public static func arc(at time: Double) -> (start: Double, sweep: Double) {
        let turn = (time / Self.turnPeriod).truncatingRemainder(dividingBy: 1) * 2 * .pi
        let growth = Self.longestArc - Self.shortestArc
        let periods = time / Self.arcPeriod
        let cycle = periods.rounded(.down)
        let phase = periods - cycle
        let base = (cycle * growth).truncatingRemainder(dividingBy: 2 * .pi)
        let ease = { (x: Double) in (1 - cos(.pi * x)) / 2 }
        let tail: Double
        let head: Double
        if phase < 0.5 {
            tail = base
            head = base + Self.shortestArc + growth * ease(2 * phase)
        } else {
            tail = base + growth * ease(2 * phase - 1)
            head = base + Self.shortestArc + growth
        }
        return ((turn + tail).truncatingRemainder(dividingBy: 2 * .pi), head - tail)
    }

    public override func draw(in canvas: Canvas) {
        let bounds = self.bounds
        let diameter = min(bounds.width, bounds.height, Self.standardDiameter)
        guard diameter > Self.lineWidth else { return }
        let center = Point(x: bounds.midX, y: bounds.midY)
        let radius = (diameter - Self.lineWidth) / 2
        let time = self.window?.lastFrameTime?.presentationTime.seconds ?? 0
        let arc = Self.arc(at: time)
        canvas.strokeArc(center: center, radius: radius, lineWidth: Self.lineWidth, start: 0, sweep: 2 * .pi, color: self.trackColor)
        canvas.strokeArc(center: center, radius: radius, lineWidth: Self.lineWidth, start: arc.start, sweep: arc.sweep, color: self.color)
    }

    public override var accessibilityRole: AccessibilityRole? { .progressBar }
}
