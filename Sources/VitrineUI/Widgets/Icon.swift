import VitrineCore
import VitrineGraphics

/// Icons from Google's Material Icons font (Debian `fonts-material-design-icons-iconfont`,
/// Apache 2.0), drawn as text: the font turns an icon's name into its glyph (an OpenType
/// ligature), so `"arrow_back"` shaped in it is one arrow. Any Material icon name works
/// (fonts.google.com/icons); a few have short names here (`back`, `forward`, `chevron`,
/// `close`, `info`, `language`). Without the font installed the name would show as a word,
/// which `vitrine check-config` and the docs warn about.
public enum Icon {
    /// The font family fontconfig knows the icon font by.
    public static let fontFamily = "Material Icons"

    /// Short names for the icons the toolkit itself uses.
    public static let aliases: [String: String] = [
        "back": "arrow_back_ios_new", "forward": "arrow_forward_ios", "chevron": "chevron_right", "close": "close",
        "info": "info", "language": "language", "home": "home", "map": "map", "schedule": "schedule"
    ]

    /// The ligature name the font knows `name` by.
    public static func glyphName(_ name: String) -> String { self.aliases[name] ?? name }

    /// A label showing the icon `name`, `size` points square.
    public static func label(_ name: String, size: Double, color: Color) -> Label {
        let label = Label(
            text: self.glyphName(name), style: TextStyle(font: FontDescriptor(family: self.fontFamily), pointSize: size, alignment: .center, maximumLines: 1),
            color: color)
        label.isUserInteractionEnabled = false
        // The ligature's name is not a word to say: a button says its title or the icon's word.
        label.accessibilityLabel = ""
        return label
    }
}
