import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineSystem

/// Content check-config used to call "ok" that broke on the panel (issue 16, item 4).
@Suite("check-config: content that breaks on the panel")
struct ConfigContentTests {
    static func document(_ content: String, display: String = "") -> String {
        #"{"version": 2, "# + display + #""start": "home", "screens": {"home": {"content": "# + content + "}}}"
    }

    @Test("a config saved as Latin-1 is an error at the line and column of the first byte that is not UTF-8")
    func latin1Config() throws {
        let fixture = try ConfigFixture()
        let path = fixture.directory.file("latin1.json")
        let text = Self.document(#"{"type": "text", "text": "Café"}"#)
        let before = String(text[..<text.firstIndex(of: "é")!])
        let after = String(text[text.index(after: text.firstIndex(of: "é")!)...])
        // é in Latin-1 is the single byte 0xE9.
        try FileBytes.writeAtomically(Array(before.utf8) + [0xE9] + Array(after.utf8), to: path)
        let check = try ConfigDiagnosis.check(path: path, fonts: { _, _ in [] })
        let column = before.count + 1
        #expect(
            ConfigFixture.describe(check.errors) == [
                "line 1, column \(column): byte 0xE9 is not UTF-8 text (a file saved as Latin-1 or Windows-1252?); save the file as UTF-8"
            ])
    }

    @Test("a data file saved as Latin-1 is an error naming the file, line and column")
    func latin1DataFile() throws {
        let fixture = try ConfigFixture()
        let path = fixture.directory.file("menu.json")
        try FileBytes.writeAtomically(Array("{\n  \"special\": \"Caf".utf8) + [0xE9] + Array("\"\n}".utf8), to: path)
        do {
            let value = try DataSourceFile.read(path)
            Issue.record("read \(value.serialized())")
        } catch {
            #expect(
                error.message
                    == "data file \(path): not UTF-8 text (line 2, column 18: byte 0xE9 is not UTF-8 text (a file saved as Latin-1 or Windows-1252?); save the file as UTF-8)",
                "\(error)")
        }
    }

    @Test("a truncated JPEG is an error naming the field and the reason")
    func truncatedImage() throws {
        let fixture = try ConfigFixture()
        let photo = PixelBuffer(size: PixelSize(width: 64, height: 48))
        for y in 0..<48 {
            for x in 0..<64 { photo[x, y] = 0xFF00_0000 | UInt32(x * 4) << 16 | UInt32(y * 5) << 8 | UInt32((x * y) & 0xFF) }
        }
        let jpeg = try JPEGCodec.encode(photo)
        try FileBytes.writeAtomically(Array(jpeg[..<(jpeg.count * 6 / 10)]), to: fixture.directory.file("cut.jpg"))
        let check = fixture.check(Self.document(#"{"type": "image", "image": "cut.jpg"}"#))
        let errors = ConfigFixture.describe(check.errors)
        #expect(errors.count == 1)
        #expect(
            errors.first?.hasPrefix("screens.home.content.image: " + fixture.directory.file("cut.jpg") + ": corrupt or truncated JPEG: ") == true, "\(errors)")
    }

    @Test("an image more than twice what covers the screen is a warning with both sizes, the limit and the megapixels")
    func oversizeImage() throws {
        let fixture = try ConfigFixture()
        let big = PixelBuffer(size: PixelSize(width: 1000, height: 800))
        big.fill(big.bounds, with: 0xFF40_6080)
        try FileBytes.writeAtomically(try JPEGCodec.encode(big), to: fixture.directory.file("big.jpg"))
        let path = fixture.directory.file("big.jpg")
        // 320x200 is covered by 320x256 of a 1000x800 image: 3.1 times smaller.
        let check = fixture.check(Self.document(#"{"type": "image", "image": "big.jpg"}"#, display: #""display": {"headlessSize": "320x200"}, "#))
        #expect(check.errors.isEmpty, "\(check.errors)")
        #expect(
            ConfigFixture.describe(check.warnings) == [
                "screens.home.content.image: \(path) is 1000x800 (0.8 megapixels), more than 640x512 (0.3 megapixels: 2× the 320x256 that covers a 320x200 screen); it is decoded at 320x256, but the file still costs load time: scale it down to about 320x256"
            ])
        // At the assumed 1920x1080 it is not oversized.
        #expect(fixture.check(Self.document(#"{"type": "image", "image": "big.jpg"}"#)).warnings.isEmpty)
    }

    /// A machine with Latin fonts only: everything from U+0590 (Hebrew) up is missing.
    static func latinOnly(_ scalars: Set<UInt32>, _ family: String) -> [UInt32] { scalars.filter { $0 >= 0x0590 }.sorted() }

    @Test("text no font can draw is a warning naming its field, in version 1 page bodies, start buttons, sheet items and language switchers too")
    func fontCoverageEveryField() throws {
        let fixture = try ConfigFixture()
        let v1 = try fixture.write(
            #"{"version": 1, "onboarding": {"startButtonTitle": "開始", "pages": [{"title": "Hi", "body": "こんにちは"}], "completed": {"title": "Done"}}, "contentSheet": {"items": ["Kaffee", "咖啡"]}}"#,
            as: "v1.json")
        let v1Warnings = ConfigDiagnosis.fontWarnings(try KioskConfigLoader.check(path: v1), fonts: Self.latinOnly).map(\.description)
        #expect(v1Warnings.count == 2, "\(v1Warnings)")
        #expect(v1Warnings.contains { $0.hasPrefix("contentSheet.items[1]: 2 CJK characters") || $0.hasPrefix("onboarding.pages[0].body: ") }, "\(v1Warnings)")
        #expect(
            v1Warnings.contains { $0.hasPrefix("onboarding.pages[0].body: 5 Japanese characters") && $0.contains("install fonts-noto-cjk") }, "\(v1Warnings)")

        let switcher = try fixture.write(
            #"{"version": 2, "languages": ["en", "ar"], "start": "home", "screens": {"home": {"content": {"type": "languages"}}}}"#, as: "switcher.json")
        let check = try KioskConfigLoader.check(path: switcher)
        #expect(check.errors.isEmpty, "\(check.errors)")
        let warnings = ConfigDiagnosis.fontWarnings(check, fonts: Self.latinOnly).map(\.description)
        // The switcher shows "العربية" though no text in the file is Arabic.
        #expect(
            warnings == [
                "screens.home.content.languages: 7 Arabic characters (U+0627 ا, U+0628 ب, U+0629 ة, U+0631 ر, U+0639 ع) in no installed font: the panel would draw boxes; install fonts-noto-core (apt-get install fonts-noto-core)"
            ])
    }

    @Test("a data file's characters are not counted against the one field that names them first: the field has its own count, the rest are said apart")
    func fontCoverageCountsPerField() throws {
        let fixture = try ConfigFixture()
        _ = try fixture.write(#"{"events": [{"name": "音楽会"}, {"name": "展覧会講演"}]}"#, as: "events.json")
        let path = try fixture.write(
            #"{"version": 2, "data": {"events": "events.json"}, "screens": {"home": {"title": "展示", "content": {"type": "text", "text": {"bind": "events.events.0.name"}}}}}"#
        )
        let warnings = ConfigDiagnosis.fontWarnings(try KioskConfigLoader.check(path: path), fonts: Self.latinOnly).map(\.description)
        #expect(warnings.count == 1, "\(warnings)")
        let warning = warnings.first ?? ""
        #expect(warning.hasPrefix("screens.home.title: 2 CJK characters (U+5C55 展, U+793A 示) in no installed font"), "\(warning)")
        #expect(
            warning.contains("; 6 more in 2 other fields (data file of events.events[0].name, data file of events.events[1].name)"), "\(warning)")
    }

    @Test("a font file path in theme.fontFamily loads that file; a missing or non-font file is an error naming the field")
    func fontFilePath() throws {
        let fixture = try ConfigFixture()
        let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
        try #require(FileReader.read(bold, limit: FontFace.largestFile, what: "a font file").count > 0, "fonts-dejavu-core is a build dependency")
        let face = try FontLibrary().face(for: FontDescriptor(family: bold))
        // As a family name fontconfig would have matched the regular DejaVuSans.ttf instead.
        #expect(face.path == bold)
        let good = fixture.check(#"{"version": 1, "theme": {"fontFamily": "\#(bold)"}}"#)
        #expect(good.errors.isEmpty, "\(good.errors)")
        let missing = fixture.directory.file("absent.ttf")
        let errors = ConfigFixture.describe(fixture.check(#"{"version": 1, "theme": {"fontFamily": "\#(missing)"}}"#).errors)
        #expect(errors.count == 1 && errors[0].hasPrefix("theme.fontFamily: font file not found: \(missing)"), "\(errors)")
        let notFont = ConfigFixture.describe(fixture.check(#"{"version": 1, "theme": {"fontFamily": "\#(fixture.directory.file("photo.png"))"}}"#).errors)
        #expect(notFont.count == 1 && notFont[0].hasPrefix("theme.fontFamily: cannot read font file"), "\(notFont)")
        let relative = ConfigFixture.describe(fixture.check(#"{"version": 1, "theme": {"fontFamily": "fonts/a.ttf"}}"#).errors)
        #expect(relative.count == 1 && relative[0].contains("looks like a relative path"), "\(relative)")
    }
}
