import VitrineCore
import VitrineGraphics

/// The bubble over a pressed key: its character, large, so the visitor sees what the finger
/// covers; after a long press, the key's accented variants in a row, the one under the finger
/// highlighted.
public final class KeyPopupView: View {
    /// What the bubble shows: one character, or the variants.
    public private(set) var characters: [String] = []
    /// The variant the finger is on (variants only).
    public private(set) var selectedIndex: Int?
    var fill: Color
    var textColor: Color
    var selectedFill: Color
    var selectedTextColor: Color
    var fontFamily: String

    /// The width of one variant cell, in points.
    static let cellWidth = 52.0

    init(fill: Color, textColor: Color, selectedFill: Color, selectedTextColor: Color, fontFamily: String) {
        self.fill = fill
        self.textColor = textColor
        self.selectedFill = selectedFill
        self.selectedTextColor = selectedTextColor
        self.fontFamily = fontFamily
        super.init()
        self.isUserInteractionEnabled = false
        self.identifier = "keyPopup"
        self.shadow = LayerShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 80), blur: 6, offset: Point(x: 0, y: 2))
    }

    public override var drawsContent: Bool { true }

    /// Shows `characters` (one: a pressed key; several: variants, `selected` highlighted).
    func show(_ characters: [String], selected: Int?) {
        guard characters != self.characters || selected != self.selectedIndex else { return }
        self.characters = characters
        self.selectedIndex = selected
        self.setNeedsDisplay()
    }

    /// Whether the bubble lists variants.
    public var showsVariants: Bool { self.selectedIndex != nil }

    public override func draw(in canvas: Canvas) {
        canvas.fill(self.bounds, cornerRadii: CornerRadii(all: 10), color: self.fill)
        guard let fonts = self.window?.fonts, !self.characters.isEmpty else { return }
        let cell = self.bounds.width / Double(self.characters.count)
        let size = self.showsVariants ? 26.0 : 34.0
        let style = TextStyle(font: FontDescriptor(family: self.fontFamily, weight: .regular), pointSize: size, alignment: .center, maximumLines: 1)
        for (index, character) in self.characters.enumerated() {
            let rect = Rect(x: Double(index) * cell, y: 0, width: cell, height: self.showsVariants ? self.bounds.height : self.bounds.height * 0.55)
            let selected = index == self.selectedIndex
            if selected { canvas.fill(rect.insetBy(dx: 3, dy: 3), cornerRadii: CornerRadii(all: 7), color: self.selectedFill) }
            guard let layout = try? TextLayout(character, style: style, width: cell, scale: canvas.scale, library: fonts) else { continue }
            let origin = Point(x: rect.minX, y: (rect.minY + (rect.height - layout.size.height) / 2).rounded())
            canvas.draw(layout, at: origin, color: selected ? self.selectedTextColor : self.textColor)
        }
    }
}
