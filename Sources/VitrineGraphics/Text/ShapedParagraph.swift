import CHarfBuzz

/// One glyph as HarfBuzz placed it: 26.6 fixed-point pixels (64 per pixel), y up.
struct ShapedGlyph {
    var id: UInt32
    /// The first scalar of the glyph's cluster, as an offset in the paragraph.
    var cluster: Int32
    var advance: Int32
    var offsetX: Int32
    var offsetY: Int32
}

/// An owned `hb_buffer_t`, reused for every run of a layout.
final class TextShaper {
    private let buffer: OpaquePointer

    init() { self.buffer = hb_buffer_create()! }

    deinit { hb_buffer_destroy(self.buffer) }

    /// Scripts whose letters connect: tracking would break the joins.
    static let joiningScripts: Set<UInt32> = [HB_SCRIPT_ARABIC.rawValue, HB_SCRIPT_SYRIAC.rawValue, HB_SCRIPT_NKO.rawValue, HB_SCRIPT_MONGOLIAN.rawValue]

    /// Shapes `range` of `scalars` (the whole paragraph is passed as context, so letters at the
    /// ends of the range take the right joining forms) and appends the glyphs in visual order.
    /// `tracking` (26.6 pixels) is added to every glyph that advances, outside joining scripts.
    func shape(
        _ scalars: UnsafeBufferPointer<UInt32>, range: Range<Int>, font: Font, script: hb_script_t, rightToLeft: Bool,
        tracking: Int32 = 0, into glyphs: inout [ShapedGlyph]
    ) {
        guard !range.isEmpty, let base = scalars.baseAddress else { return }
        hb_buffer_clear_contents(self.buffer)
        hb_buffer_add_utf32(self.buffer, base, Int32(scalars.count), UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_set_direction(self.buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(self.buffer, script)
        // Fills in what is still unset: the language, from the locale.
        hb_buffer_guess_segment_properties(self.buffer)
        hb_shape(font.hbFont, self.buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(self.buffer, &count),
            let positions = hb_buffer_get_glyph_positions(self.buffer, &count)
        else { return }
        glyphs.reserveCapacity(glyphs.count + Int(count))
        // The script HarfBuzz settled on (a Common run takes its neighbours').
        let spaced = tracking != 0 && !Self.joiningScripts.contains(hb_buffer_get_script(self.buffer).rawValue)
        for i in 0..<Int(count) {
            var advance = positions[i].x_advance
            if spaced && advance > 0 { advance = max(0, advance &+ tracking) }
            glyphs.append(
                ShapedGlyph(
                    id: infos[i].codepoint, cluster: Int32(bitPattern: infos[i].cluster), advance: advance,
                    offsetX: positions[i].x_offset, offsetY: positions[i].y_offset))
        }
    }
}

/// A paragraph split into runs and shaped once; lines are cut from it without shaping again.
///
/// Widths come from the shaped glyphs: each glyph's advance counts for the first scalar of its
/// cluster, so the width of any range of whole clusters is a difference of prefix sums, and
/// lines can only end where a cluster starts (never inside a ligature or a conjunct; a virama
/// followed by a letter counts as inside one).
struct ShapedParagraph {
    var runs: [TextRun]
    var glyphs: [ShapedGlyph] = []
    var rightToLeft: Bool
    /// `advancePrefix[i]`: the advance of scalars 0..<i, 26.6.
    var advancePrefix: [Int]
    /// Whether a cluster starts at each scalar (and at the end).
    var clusterStart: [Bool]

    /// - Parameter tracking: ems of extra advance per letter (`TextStyle.tracking`).
    init(_ scalars: UnsafeBufferPointer<UInt32>, fonts: inout [Font], library: FontLibrary, shaper: TextShaper, tracking: Double = 0) {
        let itemized = TextItemizer.runs(scalars, fonts: &fonts, library: library)
        self.runs = itemized.runs
        self.rightToLeft = itemized.rightToLeft
        var advances = [Int](repeating: 0, count: scalars.count + 1)
        var starts = [Bool](repeating: false, count: scalars.count + 1)
        starts[scalars.count] = true
        for r in self.runs.indices {
            let first = self.glyphs.count
            let run = self.runs[r]
            let font = fonts[run.fontIndex]
            shaper.shape(
                scalars, range: run.range, font: font, script: run.script, rightToLeft: run.isRightToLeft,
                tracking: Int32((tracking * font.pixelSize * 64).rounded()), into: &self.glyphs)
            self.runs[r].glyphs = first..<self.glyphs.count
            for glyph in self.glyphs[first...] {
                let cluster = Int(glyph.cluster)
                guard cluster >= 0 && cluster < scalars.count else { continue }
                advances[cluster] &+= Int(glyph.advance)
                starts[cluster] = true
            }
        }
        // A virama joins the consonants around it into one conjunct (क्ष), even where HarfBuzz
        // reports two clusters (a half form and a full one): no line ends after it.
        let unicode = hb_unicode_funcs_get_default()
        for i in 1..<max(1, scalars.count) where starts[i] && hb_unicode_combining_class(unicode, scalars[i - 1]) == HB_UNICODE_COMBINING_CLASS_VIRAMA {
            let category = hb_unicode_general_category(unicode, scalars[i])
            if category == HB_UNICODE_GENERAL_CATEGORY_OTHER_LETTER { starts[i] = false }
        }
        // Prefix sums: advances[i] becomes the advance of scalars before i.
        var sum = 0
        for i in 0...scalars.count {
            let own = advances[i]
            advances[i] = sum
            sum &+= own
        }
        self.advancePrefix = advances
        self.clusterStart = starts
    }

    /// The advance of scalars `start..<end`, 26.6 pixels.
    @inline(__always)
    func width(_ start: Int, _ end: Int) -> Int { self.advancePrefix[end] &- self.advancePrefix[start] }
}
