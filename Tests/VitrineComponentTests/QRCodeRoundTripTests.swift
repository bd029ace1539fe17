import Glibc
import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// The `qrCode` view (issue 35, item 2) rendered by the real runtime to a PNG and read back by a
/// real decoder, zbar's `zbarimg` (Debian zbar-tools): the exact text comes back, at 1280×800 and
/// at 3840×2160, in ASCII, in UTF-8 beyond it, and as a link; every pixel of the plate is one of
/// two colours (never scaled, never blurred).
@Suite("QR codes: rendered headless, read back by zbarimg")
struct QRCodeRoundTripTests {
    static let texts = [
        "https://museum.example/audio-guide?room=12&lang=de#start",
        "Grüße aus Köln — 東京 ✓ ¥100 żółw",
        "é"
    ]

    static func config(text: String, correction: String = "M", palette: String = "light") -> String {
        let quoted = JSONValue.string(text).serialized()
        return """
            {"version": 2, "theme": {"palette": "\(palette)"},
             "screens": {"home": {"title": "Audio guide", "content": {"type": "vstack", "alignment": "center", "spacing": 24, "padding": 40, "children": [
               {"type": "text", "text": "Scan for the audio guide", "style": "title2"},
               {"type": "qrCode", "id": "qr", "text": \(quoted), "correction": "\(correction)"}]}}}}
            """
    }

    /// Runs `zbarimg` on a PNG and returns what it read (one symbol, its bytes as text). Fails
    /// the test, never skips it, when zbarimg is not installed.
    static func decode(_ path: String) throws -> String {
        let folders = (Environment.value("PATH") ?? "/usr/bin").split(separator: ":").map(String.init)
        let zbarimg: String? = folders.map { $0 + "/zbarimg" }.first { (path: String) in access(path, X_OK) == 0 }
        guard let zbarimg else {
            throw ZbarimgMissing()
        }
        let output = path + ".txt"
        // --raw: the symbol's data alone; -q: no summary; stderr (zbar's D-Bus chatter) dropped.
        let status = try ChildCommand.run(["sh", "-c", "exec \"$0\" --raw -q \"$1\" > \"$2\" 2>/dev/null", zbarimg, path, output])
        #expect(status == 0, "zbarimg found no QR code in \(path) (exit \(status))")
        var text = String(decoding: try FileReader.read(output, limit: 1 << 20, what: "zbarimg's output"), as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    struct ZbarimgMissing: Error, CustomStringConvertible {
        var description: String { "zbarimg is not installed: run scripts/install-deps.sh (it installs Debian's zbar-tools), then the tests again" }
    }

    /// The QR view's plate in screen pixels, checked to hold exactly two colours, and its module size.
    static func plate(of view: QRCodeView, in screen: PixelBuffer, scale: Double) throws -> (rect: PixelRect, module: Int) {
        let frame = view.windowFrame
        let origin = (x: Int((frame.minX * scale).rounded()), y: Int((frame.minY * scale).rounded()))
        let pixels = PixelSize(width: Int((frame.width * scale + 1e-6).rounded(.down)), height: Int((frame.height * scale + 1e-6).rounded(.down)))
        let symbol = try #require(view.symbol)
        let place = try #require(QRCodeView.placement(modules: symbol.sizeWithQuietZone, in: pixels))
        let rect = PixelRect(x: origin.x + place.plate.minX, y: origin.y + place.plate.minY, width: place.plate.width, height: place.plate.height)
        let plate = view.plateColor.argbPremultiplied & 0xFF_FFFF
        let dark = view.moduleColor.argbPremultiplied & 0xFF_FFFF
        // The rounded corners (at most 2 modules) are anti-aliased against the screen; all else
        // is exactly one of the two colours.
        let corner = 2 * place.module
        func inCorner(_ x: Int, _ y: Int) -> Bool {
            (x < rect.minX + corner || x >= rect.maxX - corner) && (y < rect.minY + corner || y >= rect.maxY - corner)
        }
        var other = 0
        for y in rect.minY..<rect.maxY {
            for x in rect.minX..<rect.maxX where !inCorner(x, y) {
                let pixel = screen[x, y] & 0xFF_FFFF
                if pixel != plate && pixel != dark { other += 1 }
            }
        }
        #expect(other == 0, "\(other) pixels of the plate are neither its colour nor the modules'")
        // The quiet zone is all plate: the first 4 modules of every side.
        let quiet = QRCode.quietZone * place.module
        for y in rect.minY..<rect.maxY {
            for x in rect.minX..<rect.maxX
            where !inCorner(x, y) && (x < rect.minX + quiet || x >= rect.maxX - quiet || y < rect.minY + quiet || y >= rect.maxY - quiet) {
                if screen[x, y] & 0xFF_FFFF != plate { other += 1 }
            }
        }
        // Just outside the plate's straight edges is the screen, not plate: the plate is where
        // the placement says.
        let middle = (rect.minY + rect.maxY) / 2
        #expect(screen[rect.minX - 1, middle] & 0xFF_FFFF != plate && screen[rect.maxX, middle] & 0xFF_FFFF != plate, "the plate ends where placed")
        #expect(other == 0, "the quiet zone has dark pixels")
        // The top-left finder's outer ring starts exactly at the quiet zone, a whole module wide.
        #expect(screen[rect.minX + quiet, rect.minY + quiet] & 0xFF_FFFF == dark)
        #expect(screen[rect.minX + quiet - 1, rect.minY + quiet] & 0xFF_FFFF == plate)
        #expect(screen[rect.minX + quiet + place.module, rect.minY + quiet + place.module] & 0xFF_FFFF == plate)
        #expect(screen[rect.minX + quiet + place.module - 1, rect.minY + quiet + place.module - 1] & 0xFF_FFFF == dark)
        return (rect, place.module)
    }

    @Test(
        "each text comes back exactly from the PNG at 1280×800 (scale 1) and 3840×2160 (scales 1 and 2), light and dark; the plate is two colours at whole-pixel modules",
        arguments: texts)
    func roundTrip(text: String) throws {
        let directory = TemporaryDirectory(prefix: "vitrine-qr")
        defer { directory.remove() }
        let runs: [(PixelSize, Double, String)] = [
            (PixelSize(width: 1280, height: 800), 1, "light"), (PixelSize(width: 3840, height: 2160), 1, "dark"),
            (PixelSize(width: 3840, height: 2160), 2, "light")
        ]
        for (size, scale, palette) in runs {
            let fixture = try FixtureFolder()
            let loaded = try KioskConfigLoader.load(path: try fixture.write(Self.config(text: text, palette: palette)))
            #expect(loaded.warnings.isEmpty, "\(loaded.warningLines)")
            let kiosk = try KioskRun(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory, size: size, scale: scale)
            let view = try #require(kiosk.view("qr") as? QRCodeView)
            let path = directory.path + "/qr-\(size.width)x\(size.height)@\(Int(scale))-\(palette).png"
            try kiosk.run.writeScreenshot(to: path)
            let screen = try PNGCodec.read(path: path)
            let plate = try Self.plate(of: view, in: screen, scale: scale)
            // 240 points: the largest whole module that fits its side, and the view hugs the plate.
            let modules = try #require(view.symbol).sizeWithQuietZone
            #expect(plate.module == Int(240 * scale) / modules, "\(size) at \(scale): \(plate.module) px modules")
            #expect(view.frame.height * scale == Double(plate.rect.height), "the view is as tall as its plate")
            #expect(try Self.decode(path) == text, "\(size) at \(scale), \(palette)")
        }
    }

    @Test("level H and L both read back; H takes a larger symbol for the same link")
    func levels() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-qr")
        defer { directory.remove() }
        var versions: [Int] = []
        for level in ["L", "H"] {
            let fixture = try FixtureFolder()
            let loaded = try KioskConfigLoader.load(path: try fixture.write(Self.config(text: Self.texts[0], correction: level)))
            let kiosk = try KioskRun(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
            let view = try #require(kiosk.view("qr") as? QRCodeView)
            versions.append(try #require(view.symbol).version)
            let path = directory.path + "/qr-\(level).png"
            try kiosk.run.writeScreenshot(to: path)
            #expect(try Self.decode(path) == Self.texts[0], "level \(level)")
        }
        #expect(versions[0] < versions[1], "\(versions)")
    }

    @Test("a bound text follows the state and reads back; one too long at run time leaves an empty plate, logged once, and the next good text is drawn")
    func boundText() throws {
        let config = #"""
            {"version": 2, "state": {"link": "https://museum.example/room/1"},
             "screens": {"home": {"title": "Room", "content": {"type": "vstack", "alignment": "center", "padding": 40, "children": [
               {"type": "qrCode", "id": "qr", "text": {"bind": "state.link"}}]}}}}
            """#
        let fixture = try FixtureFolder()
        let loaded = try KioskConfigLoader.load(path: try fixture.write(config))
        #expect(loaded.warnings.isEmpty && loaded.errors.isEmpty, "\(loaded.warningLines)")
        let kiosk = try KioskRun(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        let directory = TemporaryDirectory(prefix: "vitrine-qr")
        defer { directory.remove() }
        let view = try #require(kiosk.view("qr") as? QRCodeView)
        try kiosk.run.writeScreenshot(to: directory.path + "/1.png")
        #expect(try Self.decode(directory.path + "/1.png") == "https://museum.example/room/1")
        kiosk.controller.stateValues["link"] = .string("https://museum.example/room/2")
        kiosk.run.settle()
        try kiosk.run.writeScreenshot(to: directory.path + "/2.png")
        #expect(try Self.decode(directory.path + "/2.png") == "https://museum.example/room/2")

        // Too long: the plate stays, empty.
        kiosk.controller.stateValues["link"] = .string(String(repeating: "x", count: 3000))
        kiosk.run.settle()
        #expect(view.symbol == nil && view.encodingError != nil)
        let screen = try #require(kiosk.run.screenshot)
        let frame = view.windowFrame
        let centre = screen[Int(frame.midX), Int(frame.midY)] & 0xFF_FFFF
        #expect(centre == view.plateColor.argbPremultiplied & 0xFF_FFFF, "the plate shows, empty")
        kiosk.controller.stateValues["link"] = .string("https://museum.example/room/3")
        kiosk.run.settle()
        try kiosk.run.writeScreenshot(to: directory.path + "/3.png")
        #expect(try Self.decode(directory.path + "/3.png") == "https://museum.example/room/3")
    }

    @Test("the builder logs a bound text that no symbol holds once, naming the field and the limit, however often it changes while too long")
    func tooLongIsLoggedOnce() throws {
        let builder = SceneBuilder(theme: Theme(), images: FileImageSource()) { _, _ in }
        let data = DataStore(sources: ["state": .object([("link", .string("short"))])])
        builder.data = data
        let log = MemoryLogSink()
        builder.logger = Logger("scene", sink: log)
        let node = ViewNode(.qrCode(QRCodeNode(.bound(DataBinding("state.link")))), path: "screens.home.content")
        let view = try #require(try builder.view(for: node) as? QRCodeView)
        #expect(view.symbol != nil && log.messages.isEmpty)
        for length in [3000, 3001, 4000] {
            data.replace("state", with: .object([("link", .string(String(repeating: "y", count: length)))]))
            builder.refreshBindings(source: "state")
        }
        #expect(view.symbol == nil)
        #expect(log.messages.count == 1, "\(log.messages)")
        #expect(
            log.messages.first?.hasPrefix("screens.home.content.text: is 3,000 bytes of UTF-8, more than a QR code holds at level M: at most 2,331 bytes")
                == true, "\(log.messages)")
        data.replace("state", with: .object([("link", .string("ok"))]))
        builder.refreshBindings(source: "state")
        #expect(view.symbol != nil)
        data.replace("state", with: .object([("link", .string(String(repeating: "z", count: 3000)))]))
        builder.refreshBindings(source: "state")
        #expect(log.messages.count == 2, "a new spell of too long is logged again")
    }

    @Test("the colours are dark on light in both palettes, 7:1 or more, and a theme that would invert them gets black on white")
    func colours() {
        let light = QRCodeView.colors(for: Theme(palette: .light))
        let dark = QRCodeView.colors(for: Theme(palette: .dark))
        #expect(light.plate == .white && light.modules == Theme().label)
        #expect(dark.plate == .white && dark.modules == .black)
        for pair in [light, dark] {
            #expect(pair.plate.relativeLuminance > pair.modules.relativeLuminance)
            #expect(pair.plate.contrastRatio(with: pair.modules) >= QRCodeView.leastContrast)
        }
        var grey = Theme()
        grey.label = Color(hex: "#8E8E93")!
        let fallback = QRCodeView.colors(for: grey)
        #expect(fallback.plate == .white && fallback.modules == .black)
    }
}
