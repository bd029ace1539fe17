import VitrineCore
import VitrineGraphics

/// The focus ring: a 3-point outline in the tint, 2 points outside the focused view (WCAG 2.2
/// success criterion 2.4.13 "Focus Appearance" asks an indicator at least 2 CSS pixels thick
/// with 3:1 contrast against what it sits on; the tint has 4.5:1 on both palettes' surfaces).
public final class FocusRingView: View {
    /// Line width and distance outside the focused view's frame, in points.
    public static let lineWidth = 3.0
    public static let outset = 4.0
    public var color: Color = Theme.standard.tint { didSet { self.setNeedsDisplay() } }
    var cornerRadius = 0.0 { didSet { if oldValue != self.cornerRadius { self.setNeedsDisplay() } } }

    public init() {
        super.init()
        self.isUserInteractionEnabled = false
    }

    public override var drawsContent: Bool { true }

    public override func draw(in canvas: Canvas) {
        canvas.stroke(self.bounds, cornerRadii: CornerRadii(all: self.cornerRadius), lineWidth: Self.lineWidth, color: self.color)
    }
}
