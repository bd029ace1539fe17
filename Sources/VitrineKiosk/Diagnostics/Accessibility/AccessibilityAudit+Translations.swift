import VitrineCore
import VitrineScene
import VitrineUI

/// Translations: in a kiosk of several languages, every text speech says — titles, texts,
/// buttons, rows, cards, fields, `accessibilityLabel`s and descriptions — in each of them (WCAG
/// 2.2 SC 3.1.2 Language of Parts: a German visitor hearing an English text in the German voice
/// hears neither language); and speech's own words ("button", "2 of 3", the keypad's help),
/// which `AccessibilityPhrases` has in a few languages and says in English in the others.
extension AccessibilityAudit {
    /// One notice per language of the kiosk speech's own words are not in.
    func phraseFindings() -> [AccessibilityFinding] {
        let scene = self.configuration.scene
        let languages = scene.languages.isEmpty ? [scene.defaultLanguage].compactMap { $0 } : scene.languages
        let known = AccessibilityPhrases.languages
        return languages.compactMap { language in
            let primary = String(language.prefix { $0 != "-" }).lowercased()
            guard AccessibilityPhrases(language: language).language != primary else { return nil }
            return AccessibilityFinding(
                .notice, .translations, screen: nil, path: "languages",
                "speech mode says its own words for \(language) in English (roles such as \"button\", states, \"2 of 3\", the keypad's help, the icons' words): Vitrine has them in \(known.joined(separator: ", "))"
            )
        }
    }

    /// Every spoken text of `screen` written once (a string) or missing one of the kiosk's
    /// languages: a warning each, naming the languages. Bound texts are the data's to translate.
    func translationFindings(_ screen: ScreenModel) -> [AccessibilityFinding] {
        let languages = self.configuration.scene.languages
        guard languages.count > 1 else { return [] }
        return Self.spokenTexts(of: screen).compactMap { path, text in
            let message: String
            switch text {
            case .plain(let written):
                guard written.contains(where: \.isLetter) else { return nil }
                message =
                    "\(JSONValue.string(Self.shortened(written)).serialized()) is written once, so it is shown and said as written in \(languages.joined(separator: ", ")): write it per language ({\(languages.map { "\"\($0)\": …" }.joined(separator: ", "))}; the same text in each for a name)"
            case .translated(let translations):
                let given = Set(translations.map(\.language))
                let missing = languages.filter { !given.contains($0) }
                guard !missing.isEmpty else { return nil }
                // What `TextValue.resolve` shows instead: the default language's, else the first.
                let fallback = self.configuration.scene.defaultLanguage ?? languages[0]
                let shown = given.contains(fallback) ? fallback : translations[0].language
                message =
                    "no \(missing.joined(separator: ", ")) text: a visitor reading \(missing.joined(separator: " or ")) sees and hears the \(shown) text; add \(missing.map { "\"\($0)\"" }.joined(separator: ", "))"
            case .bound:
                return nil
            }
            return AccessibilityFinding(.warning, .translations, screen: screen.id, path: path, message)
        }
    }

    /// A long text's first words, for a message.
    static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(37)) + "…"
    }

    /// Every text of `screen` a visitor reads or hears, with its config path: the title, the
    /// bar items', and each view's (a language switcher's buttons, each its language's own name,
    /// are meant to be in one language and are left out).
    static func spokenTexts(of screen: ScreenModel) -> [(path: String, text: TextValue)] {
        var texts: [(path: String, text: TextValue)] = []
        func add(_ path: String, _ text: TextValue?) {
            guard let text, !text.isEmpty else { return }
            texts.append((path, text))
        }
        add(screen.path + ".title", screen.title)
        add(screen.path + ".left.title", screen.leftItem?.title)
        add(screen.path + ".right.title", screen.rightItem?.title)
        for node in screen.content.allNodes {
            let path = node.path
            add(path + (node.kind.isImage ? ".description" : ".accessibilityLabel"), node.accessibilityLabel)
            switch node.kind {
            case .text(let text):
                add(path + ".text", text.text)
            case .button(let button):
                if case .setLanguage(let code)? = button.action, path.hasSuffix("." + code) { continue }
                add(path + ".title", button.title)
                add(path + ".titleWhenSplitSheetShown", button.titleWhenSplitSheetShown)
            case .card(let card):
                add(path + ".title", card.title)
                add(path + ".subtitle", card.subtitle)
            case .toggle(let toggle):
                add(path + ".title", toggle.title)
            case .segmented(let segmented):
                for (index, option) in segmented.options.enumerated() { add(path + ".options[\(index)].title", option.title) }
            case .textField(let field):
                add(path + ".placeholder", field.placeholder)
                add(path + ".submitLabel", field.submitLabel)
            case .list(let list):
                for (s, section) in list.sections.enumerated() {
                    let at = path + ".sections[\(s)]"
                    add(at + ".header", section.header)
                    add(at + ".footer", section.footer)
                    for (r, row) in section.rows.enumerated() { Self.add(row, at: at + ".rows[\(r)]", to: add) }
                    if let repeating = section.repeating { Self.add(repeating.row, at: at + ".rows.row", to: add) }
                }
            default:
                break
            }
        }
        return texts
    }

    private static func add(_ row: ListNode.Row, at path: String, to add: (String, TextValue?) -> Void) {
        add(path + ".title", row.title)
        add(path + ".subtitle", row.subtitle)
        add(path + ".trailing", row.trailing)
    }
}

extension ViewNode.Kind {
    /// Whether the view is an image (its label is its `description`).
    var isImage: Bool {
        if case .image = self { return true }
        return false
    }
}
