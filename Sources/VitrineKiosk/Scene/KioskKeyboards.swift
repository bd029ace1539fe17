import VitrineCore
import VitrineKeys
import VitrineUI

/// The config's `keyboard` section made real (Docs/config.md, "`keyboard`"): the on-screen
/// keyboard's layout for each language, read from xkeyboard-config through libxkbcommon once per
/// language, and the keymap keyboards on the panel are decoded with.
///
/// A language without a configured layout gets the layout named as the language when xkb has
/// one (`de`, `fr`), else `us`. A layout xkb cannot compile at run time (check-config reports it
/// first) is logged once and the keyboard shows QWERTY.
public final class KioskKeyboards {
    /// The layouts xkeyboard-config lists, read once (nil when its rules cannot be read).
    public static let knownLayouts: XkbLayoutNames? = try? XkbLayoutNames.load()

    let configured: [String: String]
    private var cache: [String: KeyboardLayout] = [:]
    private let logger: Logger

    public init(layouts: [String: String], logger: Logger = Logger("keys")) {
        self.configured = layouts
        self.logger = logger
    }

    /// The xkb layout (and variant) the on-screen keyboard uses in `language`.
    public static func layoutName(for language: String?, configured: [String: String]) -> String {
        guard let language else { return configured.values.first ?? "us" }
        if let name = configured[language] { return name }
        let base = String(language.prefix { $0 != "-" })
        if let name = configured[base] { return name }
        return self.knownLayouts?.contains(base) == true ? base : "us"
    }

    /// The keymap keyboards on the panel type with: the config's `keyboard.hardware`, else the
    /// default language's on-screen layout.
    public static func hardwareKeymap(_ configuration: KioskConfiguration) -> String {
        configuration.input.keymap.isEmpty
            ? self.layoutName(for: configuration.scene.defaultLanguage, configured: configuration.keyboardLayouts) : configuration.input.keymap
    }

    /// The on-screen keyboard's letters in `language`.
    public func layout(for language: String?) -> KeyboardLayout {
        let name = Self.layoutName(for: language, configured: self.configured)
        if let known = self.cache[name] { return known }
        var layout = KeyboardLayout.qwerty
        if let names = KeymapNames(parsing: name) {
            do {
                layout = try XkbLayoutReader.layout(names)
            } catch {
                self.logger.error("the on-screen keyboard shows QWERTY: \(error)")
            }
        } else {
            self.logger.error("the on-screen keyboard shows QWERTY: \(QuotedValue.quoted(name)) is not an xkb layout name (de, or de(nodeadkeys))")
        }
        self.cache[name] = layout
        return layout
    }
}
