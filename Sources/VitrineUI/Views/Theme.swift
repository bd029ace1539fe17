import VitrineCore

/// Colours, fonts and metrics shared by every widget; a kiosk config sets them.
public struct Theme: Sendable, Equatable {
    public var tint: Color = Color(hex: "#0A84FF")!
    public var background: Color = Color(hex: "#F2F2F7")!
    public var surface: Color = .white
    public var label: Color = Color(hex: "#1C1C1E")!
    public var secondaryLabel: Color = Color(hex: "#8E8E93")!
    public var separator: Color = Color(hex: "#C6C6C8")!
    /// Text on `tint` (button titles).
    public var onTint: Color = .white
    /// The font family (fontconfig name, or a file path).
    public var fontFamily: String = "DejaVu Sans"
    public var bodySize: Double = 17
    public var titleSize: Double = 28
    public var headlineSize: Double = 17
    public var captionSize: Double = 13
    /// Multiplies every size of the type scale (`TypeStyle`): 1.25 for a panel read from a step
    /// back, 1.5 across a room.
    public var typeScale: Double = 1
    /// Corner radius of buttons and cards.
    public var cornerRadius: Double = 12
    /// The sheet grabber: 36×5 pt, radius 2.5, 9 pt from the top (SplitSheet `addHandle`).
    public var handleColor: Color = Color(hex: "#3C3C4399")!

    public init() {}

    public static let standard = Theme()
}
