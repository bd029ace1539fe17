import VitrineCore
import VitrineGraphics

/// The focus ring: a 3-point outline in the tint with a 2-point band of the page's background
/// between it and the focused view, so it reads around a filled button of the same tint as well
/// as around a field (WCAG 2.2 success criterion 2.4.13 "Focus Appearance" asks an indicator at
/// least 2 CSS pixels thick with 3:1 contrast against what it sits on: the tint is 5.88:1 on
/// the light background `#F2F2F7`, 6.01:1 on the dark `#1C1C1E`).
public final class FocusRingView: View {
    /// The outline's width, and the band between it and the view, in points.
    public static let lineWidth = 3.0
    public static let gap = 2.0
    /// How far the ring's frame reaches outside the focused view's.
    public static var outset: Double { lineWidth + gap }
    public var color: Color = Theme.standard.tint { didSet { self.setNeedsDisplay() } }
    public var gapColor: Color = Theme.standard.background { didSet { self.setNeedsDisplay() } }
    var cornerRadius = 0.0 { didSet { if oldValue != self.cornerRadius { self.setNeedsDisplay() } } }

    public init() {
        super.init()
        self.isUserInteractionEnabled = false
        self.identifier = "focusRing"
    }

    public override var drawsContent: Bool { true }

    public override func draw(in canvas: Canvas) {
        let line = Self.lineWidth
        // `stroke` draws inside the rectangle: the outline, then the band inside it.
        canvas.stroke(self.bounds, cornerRadii: CornerRadii(all: self.cornerRadius), lineWidth: line, color: self.color)
        canvas.stroke(
            self.bounds.insetBy(dx: line, dy: line), cornerRadii: CornerRadii(all: max(0, self.cornerRadius - line)), lineWidth: Self.gap,
            color: self.gapColor)
    }
}
