import CHarfBuzz

/// A stretch of one paragraph shaped in one go: one font, one script, one direction.
struct TextRun {
    /// Scalar offsets within the paragraph.
    var range: Range<Int>
    /// Index into the layout's font list.
    var fontIndex: Int
    var script: hb_script_t
    /// The embedding level in the sense of the Unicode bidi algorithm (UAX #9): even runs are
    /// left-to-right, odd ones right-to-left; lines show higher levels reversed inside lower.
    var level: UInt8
    /// The run's glyphs in `ShapedParagraph.glyphs`, in visual (left-to-right) order.
    var glyphs: Range<Int> = 0..<0

    var isRightToLeft: Bool { self.level & 1 == 1 }
}

/// Splits a paragraph into runs of one font, script and direction.
///
/// - Script: HarfBuzz's Unicode script of each scalar; Common and Inherited ones (spaces,
///   punctuation, combining marks) take the script before them, or after them at the start.
/// - Direction: a paragraph is right-to-left when its first scalar of a strong script is
///   (Arabic, Hebrew, Syriac, Thaana, N'Ko, …; `hb_script_get_horizontal_direction`). Runs of
///   right-to-left scripts get level 1; the rest level 0 in a left-to-right paragraph and 2 in
///   a right-to-left one. Digits (ASCII and Arabic-Indic, with `.`, `,`, `:`, `/` between
///   digits) inside right-to-left text form their own left-to-right run at level 2, so "١٢٣"
///   and "123" read left to right there. Spaces and punctuation between two stretches of one
///   direction take it; between different directions they take the paragraph's (UAX #9 N1–N2),
///   so "English عربي text" keeps a space on each side of the Arabic word. That is all of the
///   bidi algorithm this does: no explicit embeddings or isolates, no mirrored brackets, and a
///   line's pieces are reordered only by these levels (rule L2).
/// - Font: the primary font when it has the scalar (`FT_Get_Char_Index` is not 0), else the
///   first font of fontconfig's fallback order that has it. Marks, joiners and variation
///   selectors stay in the font before them; Common scalars stay in the previous run's font
///   when it has them, so a space does not split a Devanagari word sequence into two fonts.
enum TextItemizer {
    static func runs(
        _ scalars: UnsafeBufferPointer<UInt32>, fonts: inout [Font], library: FontLibrary
    ) -> (runs: [TextRun], rightToLeft: Bool) {
        let count = scalars.count
        guard count > 0 else { return ([], false) }
        let unicode = hb_unicode_funcs_get_default()
        var scripts = [hb_script_t](repeating: HB_SCRIPT_COMMON, count: count)
        var firstStrong: hb_script_t?
        for i in 0..<count {
            let script = hb_unicode_script(unicode, scalars[i])
            scripts[i] = script
            if firstStrong == nil && Self.isStrong(script) { firstStrong = script }
        }
        let paragraphRTL = firstStrong.map { hb_script_get_horizontal_direction($0) == HB_DIRECTION_RTL } ?? false

        // Bidi classes, simplified: strong letters by their script, numbers in right-to-left
        // text, marks (which follow what they sit on), and neutrals.
        var classes = [BidiClass](repeating: .neutral, count: count)
        var previous = firstStrong ?? HB_SCRIPT_COMMON
        for i in 0..<count {
            if Self.isStrong(scripts[i]) {
                previous = scripts[i]
                classes[i] = hb_script_get_horizontal_direction(previous) == HB_DIRECTION_RTL ? .rightToLeft : .leftToRight
            } else {
                scripts[i] = previous
                if Self.isMark(hb_unicode_general_category(unicode, scalars[i])) { classes[i] = .mark }
            }
        }
        for i in 0..<count {
            if hb_script_get_horizontal_direction(scripts[i]) == HB_DIRECTION_RTL && Self.isNumberPart(scalars, i) { classes[i] = .number }
        }
        // UAX #9 W1: a mark takes the class of what precedes it (the paragraph's at the start).
        for i in 0..<count where classes[i] == .mark {
            classes[i] = i > 0 ? classes[i - 1] : (paragraphRTL ? .rightToLeft : .leftToRight)
        }
        // N1–N2: neutrals between two strong sides of one direction take it (numbers count as
        // right-to-left); others take the paragraph's. The ends count as the paragraph's.
        var nextStrongRTL = [Bool](repeating: paragraphRTL, count: count)
        var next = paragraphRTL
        for i in stride(from: count - 1, through: 0, by: -1) {
            nextStrongRTL[i] = next
            if classes[i] != .neutral { next = classes[i] != .leftToRight }
        }
        var before = paragraphRTL
        for i in 0..<count {
            if classes[i] == .neutral {
                classes[i] = before == nextStrongRTL[i] ? (before ? .rightToLeft : .leftToRight) : (paragraphRTL ? .rightToLeft : .leftToRight)
                classes[i] = classes[i] == .rightToLeft ? .neutralRightToLeft : .neutralLeftToRight
            } else {
                before = classes[i] != .leftToRight
            }
        }

        var runs: [TextRun] = []
        var fontIndex = 0
        for i in 0..<count {
            let rtl = classes[i] == .rightToLeft || classes[i] == .neutralRightToLeft
            // UAX #9 I1–I2: right-to-left text is level 1, numbers in it 2, left-to-right text 0
            // in a left-to-right paragraph and 2 in a right-to-left one.
            let level: UInt8 = classes[i] == .number ? 2 : (rtl ? 1 : (paragraphRTL ? 2 : 0))
            // A neutral shaped against its script's direction, and a number, shape as Common.
            let scriptRTL = hb_script_get_horizontal_direction(scripts[i]) == HB_DIRECTION_RTL
            let runScript = classes[i] == .number || scriptRTL != rtl ? HB_SCRIPT_COMMON : scripts[i]
            fontIndex = Self.fontIndex(for: scalars[i], previous: i == 0 ? nil : fontIndex, unicode: unicode, fonts: &fonts, library: library)
            if var last = runs.last, last.fontIndex == fontIndex, last.script == runScript, last.level == level {
                last.range = last.range.lowerBound..<(i + 1)
                runs[runs.count - 1] = last
            } else {
                runs.append(TextRun(range: i..<(i + 1), fontIndex: fontIndex, script: runScript, level: level))
            }
        }
        return (runs, paragraphRTL)
    }

    private enum BidiClass {
        case leftToRight, rightToLeft, number, mark, neutral, neutralLeftToRight, neutralRightToLeft
    }

    private static func isMark(_ category: hb_unicode_general_category_t) -> Bool {
        category == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK || category == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK
            || category == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
    }

    private static func isStrong(_ script: hb_script_t) -> Bool {
        script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
    }

    private static func isDigit(_ scalar: UInt32) -> Bool {
        (0x30...0x39).contains(scalar) || (0x660...0x669).contains(scalar) || (0x6F0...0x6F9).contains(scalar)
    }

    /// A digit, or a separator with digits on both sides (UAX #9's CS between numbers).
    private static func isNumberPart(_ scalars: UnsafeBufferPointer<UInt32>, _ i: Int) -> Bool {
        let scalar = scalars[i]
        if Self.isDigit(scalar) { return true }
        guard scalar == 0x2E || scalar == 0x2C || scalar == 0x3A || scalar == 0x2F || scalar == 0x66B || scalar == 0x66C else { return false }
        return i > 0 && i + 1 < scalars.count && Self.isDigit(scalars[i - 1]) && Self.isDigit(scalars[i + 1])
    }

    private static func fontIndex(
        for scalar: UInt32, previous: Int?, unicode: OpaquePointer?,
        fonts: inout [Font], library: FontLibrary
    ) -> Int {
        let category = hb_unicode_general_category(unicode, scalar)
        let clings =
            Self.isMark(category) || category == HB_UNICODE_GENERAL_CATEGORY_FORMAT
            || category == HB_UNICODE_GENERAL_CATEGORY_CONTROL || (0xFE00...0xFE0F).contains(scalar) || (0xE0100...0xE01EF).contains(scalar)
        if let previous, clings { return previous }
        let script = hb_unicode_script(unicode, scalar)
        if let previous, !Self.isStrong(script), fonts[previous].hasGlyph(scalar) { return previous }
        if fonts[0].hasGlyph(scalar) { return 0 }
        guard let fallback = library.fallbackFont(for: scalar, primary: fonts[0]) else { return previous ?? 0 }
        if let known = fonts.firstIndex(where: { $0 === fallback }) { return known }
        fonts.append(fallback)
        return fonts.count - 1
    }
}
