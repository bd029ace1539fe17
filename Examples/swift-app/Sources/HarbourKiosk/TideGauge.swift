import VitrineCore
import VitrineGraphics
import VitrineUI

/// A view of the app's own: the harbour's tide as a filled gauge with the water level written
/// on it. It draws itself (`draw(in:)`), so moving or fading it never redraws it.
public final class TideGauge: View {
    /// Metres above chart datum, 0…5.
    public var level: Double { didSet { self.setNeedsDisplay() } }
    let theme: Theme
    let label: Label

    public init(level: Double, theme: Theme = .standard) {
        self.level = level
        self.theme = theme
        self.label = Label(text: "", style: theme.textStyle(.headline), color: Color(hex: "#0F3A52")!)
        super.init()
        self.cornerRadii = CornerRadii(all: 16)
        self.clipsToBounds = true
        self.backgroundColor = Color(hex: "#D9E6EC")!
        self.addSubview(self.label)
        self.label.isUserInteractionEnabled = false
    }

    public override var drawsContent: Bool { true }

    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width.isFinite ? size.width : 240, height: 120)
    }

    public override func draw(in canvas: Canvas) {
        let fraction = min(1, max(0, self.level / 5))
        let water = self.bounds.height * fraction
        canvas.fill(
            Rect(x: 0, y: self.bounds.height - water, width: self.bounds.width, height: water),
            gradientFrom: Point(x: 0, y: self.bounds.height - water), to: Point(x: 0, y: self.bounds.height),
            stops: [(0, Color(hex: "#3A8DB5")!), (1, Color(hex: "#1B4F6E")!)])
    }

    public override func layoutSubviews() {
        self.label.text = "Tide " + String(Int((self.level * 10).rounded()) / 10) + "." + String(Int((self.level * 10).rounded()) % 10) + " m"
        self.label.frame = Rect(x: 20, y: 12, width: self.bounds.width - 40, height: 28)
    }
}
