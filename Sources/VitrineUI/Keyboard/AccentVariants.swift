/// The accented letters a long press on a letter offers: the Latin letters of the European
/// languages kiosks are set up in (French, German, Spanish, Italian, Portuguese, Polish, Czech,
/// Nordic, Turkish), grouped under the base letter as iOS's and Android's keyboards group them.
/// The layout's own letters are already on its keys (ä ö ü in German, ù in French); these are
/// the rest.
public enum AccentVariants {
    static let table: [String: [String]] = [
        "a": ["à", "á", "â", "ä", "æ", "ã", "å", "ā", "ą"],
        "c": ["ç", "ć", "č"],
        "d": ["ď"],
        "e": ["é", "è", "ê", "ë", "ē", "ė", "ę", "ě"],
        "g": ["ğ"],
        "i": ["î", "ï", "í", "ì", "ī", "į", "ı"],
        "l": ["ł"],
        "n": ["ñ", "ń", "ň"],
        "o": ["ô", "ö", "ò", "ó", "œ", "ø", "ō", "õ"],
        "r": ["ř"],
        "s": ["ß", "ś", "š", "ş"],
        "t": ["ť"],
        "u": ["û", "ü", "ù", "ú", "ū", "ů"],
        "y": ["ÿ", "ý"],
        "z": ["ž", "ź", "ż"]
    ]

    /// The variants of `letter` (lower case), upper-cased when `shifted`; a variant whose
    /// capital is more than one letter (ß → SS) is left out of the shifted list.
    public static func variants(of letter: String, shifted: Bool) -> [String] {
        let list = self.table[letter.lowercased()] ?? []
        guard shifted else { return list }
        return list.compactMap { variant in
            let upper = variant.uppercased()
            return upper.count == 1 && upper != variant ? upper : nil
        }
    }
}
