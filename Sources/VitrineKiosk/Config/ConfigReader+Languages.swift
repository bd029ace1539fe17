import VitrineCore
import VitrineScene
import VitrineUI

/// The language switcher (`{"type": "languages"}`, Docs/config.md, "Languages"): a row of
/// buttons, one per language of the kiosk, each titled in its own language, the one shown
/// marked with `selectedStyle`.
extension ConfigReader {
    /// Each language's name in itself (ISO 639-1 codes; CLDR's endonyms), so a visitor finds
    /// their own without reading the current one. Others show their code in capitals.
    static let endonyms: [String: String] = [
        "ar": "العربية", "cs": "Čeština", "da": "Dansk", "de": "Deutsch", "el": "Ελληνικά", "en": "English", "es": "Español", "fi": "Suomi",
        "fr": "Français", "he": "עברית", "hi": "हिन्दी", "hu": "Magyar", "it": "Italiano", "ja": "日本語", "ko": "한국어", "nb": "Norsk", "nl": "Nederlands",
        "no": "Norsk", "pl": "Polski", "pt": "Português", "ro": "Română", "ru": "Русский", "sv": "Svenska", "th": "ไทย", "tr": "Türkçe",
        "uk": "Українська", "zh": "中文"
    ]

    static func endonym(_ code: String) -> String {
        self.endonyms[code] ?? self.endonyms[String(code.prefix { $0 != "-" })] ?? code.uppercased()
    }

    mutating func languageSwitcher(_ object: ConfigObject) -> ViewNode.Kind? {
        var style = ButtonStyle.tinted
        var selected = ButtonStyle.filled
        var spacing = 8.0
        self.read(object, "style", into: &style, noun: "a button style")
        self.read(object, "selectedStyle", into: &selected, noun: "a button style")
        self.read(object, "spacing", into: &spacing, .from(0, to: Self.largestLength))
        guard self.languages.count > 1 else {
            self.error(
                object.path.isEmpty ? "type" : object.path(of: "type"),
                "a language switcher needs two languages or more in \"languages\" at the top (found \(self.languages.count))")
            return nil
        }
        let buttons = self.languages.map { code in
            var button = ButtonNode(.plain(Self.endonym(code)), style: style, action: .setLanguage(code))
            button.selectedStyle = selected
            return ViewNode(.button(button), path: object.path + ".\(code)")
        }
        return .stack(StackNode(axis: .horizontal, spacing: spacing, alignment: .center, children: buttons))
    }
}
