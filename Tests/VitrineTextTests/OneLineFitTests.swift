import Testing
import VitrineCore
import VitrineGraphics

/// `OneLineFit` answers without shaping; what it says must hold when the text is shaped.
@Suite("One-line fit: certain only when a full layout agrees")
struct OneLineFitTests {
    static let words = [
        "Espresso", "Flat", "white", "AVATAR", "Wavy", "To", "Té", "Ωmega", "Москва", "€2.90", "—", "(large)", "“quoted”", "Tea", "Café",
        "office", "ﬁne", "Åland", "VAWAY", "ll", "WW", "jj", "Tyr", "P.", "F,", "r.", "123", "1/2"
    ]

    @Test("2,000 random texts, styles, widths and scales: every one said to fit takes one line of the one-line height when laid out")
    func agreesWithLayout() throws {
        let fonts = try FontLibrary()
        var random = SplitMix64(seed: 1729)
        var certain = 0
        for _ in 0..<2000 {
            let count = Int(random.next() % 6) + 1
            let text = (0..<count).map { _ in Self.words[Int(random.next() % UInt64(Self.words.count))] }.joined(separator: " ")
            let weight: FontDescriptor.Weight = random.next() % 2 == 0 ? .regular : .semibold
            let style = TextStyle(
                font: FontDescriptor(family: random.next() % 3 == 0 ? FontDescriptor.defaultFamily : "Inter", weight: weight),
                pointSize: [13, 15, 17, 20, 28][Int(random.next() % 5)],
                tracking: [-0.02, -0.0128, 0, 0.01][Int(random.next() % 4)])
            let scale = [1.0, 1.5, 2.0, 2.25][Int(random.next() % 4)]
            let width = 20 + Double(random.next() % 500)
            guard OneLineFit.certainlyFits(text, style: style, width: width, scale: scale, library: fonts) else { continue }
            certain += 1
            let layout = try TextLayout(text, style: style, width: width, scale: scale, library: fonts)
            let line = try TextLayout("Hg", style: style, scale: scale, library: fonts)
            #expect(layout.lines.count == 1, "\(text) at \(width) pt, scale \(scale): \(layout.lines.map(\.text))")
            #expect(layout.size.height == line.size.height, "\(text): \(layout.size.height) vs \(line.size.height)")
        }
        #expect(certain > 500, "the fast path should answer most short texts: \(certain)")
    }

    @Test("what it leaves to a layout: other scripts, marks, line breaks, characters the font lacks, texts near the edge")
    func uncertain() throws {
        let fonts = try FontLibrary()
        let style = TextStyle()
        for text in ["مرحبا", "नमस्ते", "e\u{301}", "one\ntwo", "中文", "🙂", ""] {
            #expect(!OneLineFit.certainlyFits(text, style: style, width: 1000, scale: 1, library: fonts), "\(text)")
        }
        let width = try TextLayout("Espresso", style: style, library: fonts).size.width
        #expect(!OneLineFit.certainlyFits("Espresso", style: style, width: width, scale: 1, library: fonts), "exactly its width is too near the edge")
        #expect(OneLineFit.certainlyFits("Espresso", style: style, width: width * 1.2, scale: 1, library: fonts))
    }
}
