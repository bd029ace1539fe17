import Testing
import VitrineCore
import VitrineGraphics

/// `TextStyle.tracking`: extra advance per letter, never between joined letters (issue 17).
@Suite("Tracking: letter spacing in ems")
struct TrackingTests {
    let library: FontLibrary

    init() throws { self.library = try FontLibrary() }

    func width(_ text: String, tracking: Double, size: Double = 20) throws -> Double {
        try TextLayout(text, style: TextStyle(pointSize: size, tracking: tracking), library: self.library).size.width
    }

    @Test("Latin text widens by the tracking times the letters, in pixels of the em")
    func latinSpreads() throws {
        let plain = try self.width("Harbour", tracking: 0)
        let spaced = try self.width("Harbour", tracking: 0.1)
        // Seven glyphs × 0.1 em × 20 px = 14 px (each advance rounds to 1/64 px).
        #expect(abs(spaced - plain - 14) < 0.1, "\(plain) → \(spaced)")
        let tight = try self.width("Harbour", tracking: -0.02)
        #expect(abs(plain - tight - 2.8) < 0.1, "\(plain) → \(tight)")
    }

    @Test("Arabic keeps its joins: tracking leaves its width alone")
    func arabicUntouched() throws {
        let word = "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}"
        #expect(try self.width(word, tracking: 0.1) == (try self.width(word, tracking: 0)))
    }
}
