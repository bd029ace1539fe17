/// Text folded for searching: lower case, accents and other marks taken off Latin letters, ß as
/// "ss" — so "muse" finds "Musée" and "strasse" finds "Straße" (issue 32: a list's `filter` is
/// case- and diacritics-insensitive).
///
/// The standard library has no Unicode normalisation, so the base letter of each precomposed
/// Latin letter (U+00C0…U+024F, U+1E00…U+1EFF) is read once from its Unicode name ("LATIN SMALL
/// LETTER E WITH ACUTE" → "e"); combining marks (general category Mn) are dropped, which covers
/// text typed decomposed. Letters of other scripts are lower-cased and kept.
public enum TextFolding {
    /// Folded forms of the precomposed Latin letters that differ from their lower case.
    static let latin: [UInt32: String] = {
        var table: [UInt32: String] = [0xDF: "ss", 0x1E9E: "ss", 0xC6: "ae", 0xE6: "ae", 0x152: "oe", 0x153: "oe", 0xD8: "o", 0xF8: "o", 0x141: "l", 0x142: "l"]
        for value in Array(0xC0...0x24F) + Array(0x1E00...0x1EFF) where table[UInt32(value)] == nil {
            guard let scalar = Unicode.Scalar(UInt32(value)), let name = scalar.properties.name, name.hasPrefix("LATIN ") else { continue }
            // "LATIN CAPITAL LETTER A WITH GRAVE": the word before "WITH" is the base letter.
            let words = name.split(separator: " ")
            guard let with = words.firstIndex(of: "WITH"), with > 0, words[with - 1].count == 1 else { continue }
            table[UInt32(value)] = words[with - 1].lowercased()
        }
        return table
    }()

    /// `text` folded.
    public static func fold(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                result.unicodeScalars.append(value >= 0x41 && value <= 0x5A ? Unicode.Scalar(value + 32)! : scalar)
            } else if let folded = Self.latin[value] {
                result.unicodeScalars.append(contentsOf: folded.unicodeScalars)
            } else if scalar.properties.generalCategory == .nonspacingMark {
                continue
            } else {
                result.unicodeScalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return result
    }
}
