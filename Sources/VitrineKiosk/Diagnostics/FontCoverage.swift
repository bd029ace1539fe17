import VitrineCore
import VitrineGraphics

/// Whether the installed fonts can draw every text of a kiosk (the config's texts in every
/// language, and the strings of its data files): characters no font has are drawn as boxes on
/// the panel, so `check-config` names them, the text's field, and the Debian package with a font
/// for them (Docs/operations.md, "Languages and fonts").
public enum FontCoverage {
    /// The config keys whose strings (or translations) a visitor reads: version 2's view texts
    /// (`readText`), version 1's page `body`, `startButtonTitle` and content sheet `items`.
    static let textKeys: Set<String> = [
        "title", "text", "subtitle", "trailing", "header", "footer", "titleWhenSplitSheetShown", "body", "startButtonTitle", "items"
    ]

    /// Unicode blocks and the Debian package whose fonts cover them (packages.debian.org,
    /// bookworm: fonts-noto-cjk has Noto Sans CJK for Han, kana and Hangul; fonts-noto-core the
    /// Noto Sans faces of Arabic, Hebrew, Devanagari, Thai and other scripts;
    /// fonts-noto-color-emoji the emoji).
    static let packages: [(range: ClosedRange<UInt32>, script: String, package: String)] = [
        (0x1100...0x11FF, "Korean", "fonts-noto-cjk"), (0x2E80...0x2FDF, "CJK", "fonts-noto-cjk"), (0x3000...0x30FF, "Japanese", "fonts-noto-cjk"),
        (0x3100...0x9FFF, "CJK", "fonts-noto-cjk"), (0xAC00...0xD7AF, "Korean", "fonts-noto-cjk"), (0xF900...0xFAFF, "CJK", "fonts-noto-cjk"),
        (0xFF00...0xFFEF, "CJK", "fonts-noto-cjk"), (0x20000...0x3134F, "CJK", "fonts-noto-cjk"),
        (0x0590...0x05FF, "Hebrew", "fonts-noto-core"), (0x0600...0x06FF, "Arabic", "fonts-noto-core"), (0x0750...0x077F, "Arabic", "fonts-noto-core"),
        (0x0900...0x097F, "Devanagari", "fonts-noto-core"), (0x0980...0x09FF, "Bengali", "fonts-noto-core"), (0x0E00...0x0E7F, "Thai", "fonts-noto-core"),
        (0x10A0...0x10FF, "Georgian", "fonts-noto-core"), (0x0530...0x058F, "Armenian", "fonts-noto-core"), (0x1200...0x137F, "Ethiopic", "fonts-noto-core"),
        (0x1F300...0x1FAFF, "emoji", "fonts-noto-color-emoji"), (0x2600...0x27BF, "symbols", "fonts-noto-core")
    ]

    /// `U+4E2D`.
    static func codePoint(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Every visitor-facing string in `json` (a config document), with its JSON path.
    static func texts(in json: JSONValue, path: String = "", underTextKey: Bool = false) -> [(path: String, text: String)] {
        switch json {
        case .string(let text): return underTextKey ? [(path, text)] : []
        case .array(let items):
            return items.enumerated().flatMap { self.texts(in: $1, path: "\(path)[\($0)]", underTextKey: underTextKey) }
        case .object(let members):
            // A QR code's text is encoded, not drawn: a phone reads it, whatever the fonts.
            let qrCode = members.contains { $0.key == "type" && $0.value == .string("qrCode") }
            return members.flatMap { member -> [(path: String, text: String)] in
                if qrCode && member.key == "text" { return [] }
                return self.texts(
                    in: member.value, path: path.isEmpty ? member.key : "\(path).\(member.key)",
                    underTextKey: underTextKey || self.textKeys.contains(member.key))
            }
        default: return []
        }
    }

    /// The names a language switcher (`{"type": "languages"}`) shows: each of the kiosk's
    /// languages in itself (`ConfigReader.endonyms`: 日本語, 中文, العربية …), at the switcher's path.
    static func switcherTexts(in json: JSONValue, languages: [String], path: String = "") -> [(path: String, text: String)] {
        switch json {
        case .array(let items):
            return items.enumerated().flatMap { self.switcherTexts(in: $1, languages: languages, path: "\(path)[\($0)]") }
        case .object(let members):
            var found: [(path: String, text: String)] = []
            if members.contains(where: { $0.key == "type" && $0.value == .string("languages") }) {
                found = languages.map { (path.isEmpty ? "languages" : path + ".languages", ConfigReader.endonym($0)) }
            }
            return found
                + members.flatMap { member in
                    self.switcherTexts(in: member.value, languages: languages, path: path.isEmpty ? member.key : "\(path).\(member.key)")
                }
        default: return []
        }
    }

    /// Every string in a data document.
    static func strings(in json: JSONValue, path: String) -> [(path: String, text: String)] {
        self.texts(in: json, path: path, underTextKey: true)
    }

    /// The warnings for `configuration` (its file as written, `json`): one per script lacking a
    /// font, naming the first field that uses it and the package to install. The font lookup is
    /// `uncovered(scalars, family)` (the characters no installed font has):
    /// `FontLibrary.uncovered` on a panel (`ConfigDiagnosis`), a stand-in in tests.
    public static func warnings(
        json: JSONValue, configuration: KioskConfiguration, data: [String: JSONValue], uncovered: (Set<UInt32>, String) -> [UInt32]
    ) -> [ConfigIssue] {
        var texts = self.texts(in: json) + self.switcherTexts(in: json, languages: configuration.scene.languages)
        for (name, value) in data.sorted(by: { $0.key < $1.key }) { texts += self.strings(in: value, path: "data file of \(name)") }
        var firstUse: [UInt32: String] = [:]
        for (path, text) in texts {
            for scalar in text.unicodeScalars
            where scalar.value > 0x7F && !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
                && scalar.properties.generalCategory != .format && firstUse[scalar.value] == nil
            {
                firstUse[scalar.value] = path
            }
        }
        guard !firstUse.isEmpty else { return [] }
        let family = configuration.theme.fontFamily
        let missing = uncovered(Set(firstUse.keys), family)
        var byScript: [(script: String, package: String, scalars: [UInt32])] = []
        for scalar in missing {
            let match = self.packages.first { $0.range.contains(scalar) }
            let script = match?.script ?? "other", package = match?.package ?? "fonts-noto"
            if let index = byScript.firstIndex(where: { $0.script == script }) {
                byScript[index].scalars.append(scalar)
            } else {
                byScript.append((script, package, [scalar]))
            }
        }
        return byScript.map { group in
            // The characters are counted where they are first met: the field the warning names
            // has its own count, and the other fields (a whole data file's strings) are said
            // apart, not added to it (issue 29).
            var byField: [String: [UInt32]] = [:]
            for scalar in group.scalars { byField[firstUse[scalar] ?? "", default: []].append(scalar) }
            // The config's own fields first, then the data files'.
            let fields = byField.keys.sorted { a, b in
                let (aData, bData) = (a.hasPrefix("data file"), b.hasPrefix("data file"))
                return aData != bData ? !aData : a < b
            }
            let field = fields.first ?? ""
            let own = byField[field] ?? []
            let sample = own.prefix(5).map { self.codePoint($0) + (Unicode.Scalar($0).map { " \(Character($0))" } ?? "") }.joined(separator: ", ")
            let others = fields.dropFirst()
            let elsewhere =
                others.isEmpty
                ? ""
                : "; \(group.scalars.count - own.count) more in \(others.count) other field\(others.count == 1 ? "" : "s") (\(others.prefix(3).joined(separator: ", "))\(others.count > 3 ? ", …" : ""))"
            return ConfigIssue(
                .field(field),
                "\(own.count) \(group.script) character\(own.count == 1 ? "" : "s") (\(sample)) in no installed font: the panel would draw boxes\(elsewhere); install \(group.package) (apt-get install \(group.package))"
            )
        }
    }
}
