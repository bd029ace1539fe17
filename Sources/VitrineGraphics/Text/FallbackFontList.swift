import CFontconfig

/// The fonts fontconfig would use, best first, for one family and weight (`FcFontSort` with
/// trimming, which keeps only fonts that add characters the better ones lack): where a
/// character the primary face lacks is looked for, the way Pango does it.
///
/// Holds the `FcFontSet` (destroyed in deinit) and remembers each character's answer.
final class FallbackFontList {
    private let fontSet: UnsafeMutablePointer<FcFontSet>
    /// (file, face index, character set) of each font, in fontconfig's order; the character
    /// sets belong to `fontSet`'s patterns.
    private let fonts: [(path: String, index: Int, charset: OpaquePointer)]
    /// Each character's font, as found; forgotten all at once past `maximumAnswers`, so live
    /// data that brings ever new characters over the years cannot grow it towards Unicode's
    /// 1.1 million (a lookup is a few character-set tests, cheap to redo).
    private(set) var answers: [UInt32: Int] = [:]
    /// More distinct characters than a kiosk's texts in several scripts use (a CJK menu is a
    /// few thousand); about 100 KB.
    static let maximumAnswers = 4096

    /// Nil when fontconfig finds no fonts at all.
    init?(config: OpaquePointer, family: String, weight: FontDescriptor.Weight) {
        guard let pattern = FontLibrary.pattern(family: family, weight: weight, config: config) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultMatch
        guard let set = FcFontSort(config, pattern, 1 /* FcTrue: trim */, nil, &result) else { return nil }
        var fonts: [(path: String, index: Int, charset: OpaquePointer)] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i], let path = FontLibrary.string(font, FC_FILE) else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
            fonts.append((path, Int(index), charset))
        }
        self.fontSet = set
        self.fonts = fonts
    }

    deinit { FcFontSetDestroy(self.fontSet) }

    /// The first font in the list whose character set has `scalar`, or nil.
    func font(for scalar: UInt32) -> (path: String, index: Int)? {
        let position: Int
        if let known = self.answers[scalar] {
            position = known
        } else {
            position = self.fonts.firstIndex { FcCharSetHasChar($0.charset, scalar) != 0 } ?? -1
            if self.answers.count >= Self.maximumAnswers { self.answers.removeAll(keepingCapacity: true) }
            self.answers[scalar] = position
        }
        return position < 0 ? nil : (self.fonts[position].path, self.fonts[position].index)
    }
}
