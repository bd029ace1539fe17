/// How a language writes numbers: its decimal mark and thousands separator, from the Unicode
/// CLDR's `symbols` for each locale (cldr-json `numbers.json`, latn digits: `decimal`, `group`).
/// Only what kiosks in Europe and the Americas show is here; a language not listed writes "1,234.5".
public struct NumberFormat: Equatable, Sendable {
    public var decimalMark: String
    public var groupSeparator: String

    /// By the language's primary subtag (`de-AT` → `de`); `de-CH` and `it-CH` use CLDR's Swiss
    /// apostrophe.
    public init(language: String?) {
        let code = (language ?? "en").lowercased()
        let primary = String(code.split(separator: "-").first ?? "en")
        if code == "de-ch" || code == "it-ch" {
            (self.decimalMark, self.groupSeparator) = (".", "\u{2019}")
            return
        }
        switch primary {
        // CLDR: decimal ",", group "." (de, es, it, nl, pt-PT and pt, da, id, tr, el, ro, hr, sl)
        case "de", "es", "it", "nl", "pt", "da", "id", "tr", "el", "ro", "hr", "sl":
            (self.decimalMark, self.groupSeparator) = (",", ".")
        // CLDR: decimal ",", group a no-break space (U+00A0) or narrow no-break space (U+202F)
        case "fr": (self.decimalMark, self.groupSeparator) = (",", "\u{202F}")
        case "sv", "nb", "no", "fi", "cs", "sk", "pl", "ru", "uk", "hu", "lt", "lv", "et", "bg":
            (self.decimalMark, self.groupSeparator) = (",", "\u{00A0}")
        default: (self.decimalMark, self.groupSeparator) = (".", ",")
        }
    }

    /// `value` with `decimals` decimals (nil: up to 6, trailing zeros dropped), this language's
    /// decimal mark, and its group separator every three digits when `grouped`.
    public func format(_ value: Double, decimals: Int?, grouped: Bool) -> String {
        guard value.isFinite else { return "" }
        let places = decimals ?? 6
        var scaled = (abs(value) * Self.power(places)).rounded()
        // Beyond 1e30 digits past a double's 17 mean nothing: written plainly.
        guard scaled < 1e30 else { return "\(value)".split(separator: ".", omittingEmptySubsequences: false).joined(separator: self.decimalMark) }
        // Digits of the scaled integer, then the point placed `places` from the right.
        var digits: [Character] = []
        if scaled == 0 { digits = ["0"] }
        while scaled >= 1 {
            let digit = Int(scaled.truncatingRemainder(dividingBy: 10))
            digits.append(Character(String(digit)))
            scaled = (scaled / 10).rounded(.towardZero)
        }
        while digits.count <= places { digits.append("0") }
        digits.reverse()
        var whole = String(digits[..<(digits.count - places)])
        var fraction = String(digits[(digits.count - places)...])
        if decimals == nil {
            while fraction.hasSuffix("0") { fraction.removeLast() }
        }
        if grouped, whole.count > 3 {
            var groupedText = ""
            for (index, character) in whole.enumerated() {
                if index > 0, (whole.count - index) % 3 == 0 { groupedText += self.groupSeparator }
                groupedText.append(character)
            }
            whole = groupedText
        }
        let negative = value < 0 && (whole != "0" || fraction.contains { $0 != "0" })
        return (negative ? "-" : "") + whole + (fraction.isEmpty ? "" : self.decimalMark + fraction)
    }

    private static func power(_ places: Int) -> Double {
        var result = 1.0
        for _ in 0..<places { result *= 10 }
        return result
    }
}
