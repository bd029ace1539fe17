import Testing
import VitrineCore
import VitrineGraphics
import VitrineTestSupport

@Suite("Fonts found through fontconfig")
struct FontLibraryTests {
    @Test("the default family resolves to DejaVu Sans with sensible metrics")
    func defaultFamily() throws {
        let library = try FontLibrary()
        let font = try library.font(.default, pointSize: 17, scale: 2)
        #expect(font.familyName == "DejaVu Sans")
        #expect(font.face.path.hasSuffix("DejaVuSans.ttf"))
        #expect(font.pixelSize == 34)
        #expect(font.ascent > 25 && font.ascent < 40)
        #expect(font.descent > 5 && font.descent < 15)
        #expect(font.hasGlyph(for: "A"))
        #expect(font.hasGlyph(for: "\u{0628}"), "DejaVu Sans covers Arabic")
        #expect(!font.hasGlyph(for: "\u{0915}"), "DejaVu Sans has no Devanagari")
    }

    @Test("a family that is not installed falls back to the default with one warning naming it")
    func missingFamily() throws {
        let sink = MemoryLogSink()
        let library = try FontLibrary(logger: Logger("text", sink: sink))
        let face = try library.face(for: FontDescriptor(family: "No Such Family Vitrine"))
        _ = try library.face(for: FontDescriptor(family: "No Such Family Vitrine", weight: .bold))
        #expect(face.familyName == "DejaVu Sans")
        #expect(sink.entries.count == 1)
        #expect(sink.entries.first?.level == .warning)
        #expect(sink.messages.first?.contains("No Such Family Vitrine") == true)
    }

    @Test("a missing font file is an error naming the path")
    func missingFile() throws {
        let library = try FontLibrary()
        let error = try thrownError {
            try library.face(for: FontDescriptor(file: "/nonexistent/vitrine/font.ttf"))
        }
        #expect(error.code == .notFound)
        #expect(error.message.contains("/nonexistent/vitrine/font.ttf"))
        #expect(error.hint != nil)
    }

    @Test("a file that is not a font is an error naming the path")
    func notAFont() throws {
        let library = try FontLibrary()
        let error = try thrownError {
            try library.face(for: FontDescriptor(file: "/etc/hostname"))
        }
        #expect(error.code == .invalidData)
        #expect(error.message.contains("/etc/hostname"))
    }

    @Test("a font file path opens that file")
    func fileDescriptor() throws {
        let library = try FontLibrary()
        let face = try library.face(for: FontDescriptor(file: "/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf"))
        #expect(face.familyName == "Lohit Devanagari")
    }

    @Test("point sizes are clamped to the documented pixel range, NaN to the smallest")
    func clampedSizes() throws {
        let library = try FontLibrary()
        #expect(try library.font(.default, pointSize: 1e9).pixelSize == Font.pixelSizeRange.upperBound)
        #expect(try library.font(.default, pointSize: .nan).pixelSize == Font.pixelSizeRange.lowerBound)
        #expect(try library.font(.default, pointSize: -4).pixelSize == Font.pixelSizeRange.lowerBound)
        #expect(try library.font(.default, pointSize: 10, scale: .nan).pixelSize == 10)
    }
}
