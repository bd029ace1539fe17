import Testing
import VitrineCore
import VitrineGraphics
import VitrineTestSupport

@testable import VitrineKiosk

/// The image files a config names are checked on two cores before its fields are read
/// (`ConfigReader.prefetchImages`, issue 18's "image decoding at start"): what check-config
/// says must not depend on it. Also run under ThreadSanitizer (scripts/test.sh).
@Suite("Config images on two cores")
struct ConfigImageThreadsTests {
    /// A photo with detail, so its JPEG takes a real decode.
    static func photo(_ width: Int, _ height: Int) -> PixelBuffer {
        let photo = PixelBuffer(size: PixelSize(width: width, height: height))
        for y in 0..<height {
            for x in 0..<width { photo[x, y] = 0xFF00_0000 | UInt32((x * 3) & 0xFF) << 16 | UInt32((y * 5) & 0xFF) << 8 | UInt32((x * y) & 0xFF) }
        }
        return photo
    }

    @Test("a config's images give the same errors and warnings, in the same order, checked on one core and on two")
    func sameIssuesOnTwoCores() throws {
        let fixture = try ConfigFixture()
        let jpeg = try JPEGCodec.encode(Self.photo(640, 480))
        try FileBytes.writeAtomically(Array(jpeg[..<(jpeg.count / 2)]), to: fixture.directory.file("cut.jpg"))
        for index in 1...6 {
            try FileBytes.writeAtomically(try JPEGCodec.encode(Self.photo(900 + index * 10, 700)), to: fixture.directory.file("big-\(index).jpg"))
        }
        // Photos in document order, a missing file, a cut one, one named twice, a thumbnail, a
        // built-in, and a screen background: 320x200 makes every big photo a warning.
        let children =
            (1...6).map { #"{"type": "image", "image": "big-\#($0).jpg"}"# } + [
                #"{"type": "image", "image": "missing.jpg"}"#, #"{"type": "image", "image": "cut.jpg"}"#, #"{"type": "image", "image": "broken.png"}"#,
                #"{"type": "image", "image": "big-2.jpg"}"#, #"{"type": "image", "image": "builtin:landscape"}"#,
                #"{"type": "list", "rows": [{"title": "A", "thumbnail": "cut.jpg"}, {"title": "B", "thumbnail": "photo.jpg"}]}"#
            ]
        let text =
            #"{"version": 2, "display": {"headlessSize": "320x200"}, "start": "home", "screens": {"home": {"background": {"image": "big-6.jpg"}, "content": {"type": "vstack", "children": ["#
            + children.joined(separator: ", ") + "]}}}}"
        let one = KioskConfigLoader.check(text: text, file: fixture.directory.file("kiosk.json"), baseDirectory: fixture.directory.path, imageThreads: 1)
        let two = KioskConfigLoader.check(text: text, file: fixture.directory.file("kiosk.json"), baseDirectory: fixture.directory.path, imageThreads: 2)
        let errors = ConfigFixture.describe(two.errors)
        let warnings = ConfigFixture.describe(two.warnings)
        #expect(errors == ConfigFixture.describe(one.errors))
        #expect(warnings == ConfigFixture.describe(one.warnings))
        // missing.jpg, cut.jpg twice (both fields), broken.png: in document order.
        #expect(errors.count == 4, "\(errors)")
        #expect(errors.first?.hasPrefix("screens.home.content.children[6].image:") == true, "\(errors)")
        #expect(errors.last?.hasPrefix("screens.home.content.children[11].rows[0].thumbnail:") == true, "\(errors)")
        // The background's photo first (read before the content), then the six in order and
        // big-2.jpg again.
        #expect(warnings.count == 8, "\(warnings)")
        #expect(warnings.first?.hasPrefix("screens.home.background.image:") == true, "\(warnings)")
        #expect(warnings.dropFirst().prefix(6).enumerated().allSatisfy { $1.contains("big-\($0 + 1).jpg is") }, "\(warnings)")
    }

    @Test("every image file the document names is checked ahead, once, each lane taking the next file; built-in images are not files")
    func checkedAhead() throws {
        let fixture = try ConfigFixture()
        for index in 1...5 { try FileBytes.writeAtomically(try JPEGCodec.encode(Self.photo(300, 200 + index)), to: fixture.directory.file("p\(index).jpg")) }
        let text =
            #"{"version": 2, "start": "home", "screens": {"home": {"content": {"type": "vstack", "children": ["#
            + (1...5).map { #"{"type": "image", "image": "p\#($0).jpg"}"# }.joined(separator: ", ")
            + #", {"type": "image", "image": "p1.jpg"}, {"type": "image", "image": "builtin:landscape"}, {"type": "image", "image": "nowhere.png"}]}}}}"#
        var reader = ConfigReader(baseDirectory: fixture.directory.path)
        reader.prefetchImages(in: try JSONParser.parse(Array(text.utf8)), threads: 2)
        let expected = Set((1...5).map { fixture.directory.file("p\($0).jpg") } + [fixture.directory.file("nowhere.png")])
        #expect(Set(reader.checkedImages.keys) == expected)
        #expect((1...5).allSatisfy { reader.checkedImages[fixture.directory.file("p\($0).jpg")]?.problem == nil })
        #expect(reader.checkedImages[fixture.directory.file("nowhere.png")]?.problem?.contains("nowhere.png") == true)
    }
}
