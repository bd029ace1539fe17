import Testing
import VitrineCore
import VitrineGraphics
import VitrineTestSupport

/// QR code symbols through libqrencode: versions, the limits ISO/IEC 18004's Table 7 gives for
/// version 40, the UTF-8 designator, and the canvas calls that draw them on whole pixels.
@Suite("QR codes: encoding, capacity, pixel-exact drawing")
struct QRCodeTests {
    @Test("a short link is a small symbol: version 2 (25 modules) at M, with the finder patterns in three corners")
    func shortLink() throws {
        let code = try QRCode(encoding: "https://museum.example/a", correction: .medium)
        #expect(code.version == 2)
        #expect(code.size == 25 && code.modules.count == 625)
        #expect(code.sizeWithQuietZone == 33)
        // A finder pattern: a dark 7 × 7 ring around a 3 × 3 core, light between, in three corners.
        for (x0, y0) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            for y in 0..<7 {
                for x in 0..<7 {
                    let ring = x == 0 || y == 0 || x == 6 || y == 6
                    let core = (2...4).contains(x) && (2...4).contains(y)
                    #expect(code.isDark(x: x0 + x, y: y0 + y) == (ring || core), "finder at \(x0),\(y0): module \(x),\(y)")
                }
            }
        }
    }

    @Test("higher correction levels take larger symbols for the same text")
    func levels() throws {
        let text = "https://museum.example/audio-guide/room-12?lang=de"
        let versions = try QRCode.Correction.allCases.map { try QRCode(encoding: text, correction: $0).version }
        #expect(versions == versions.sorted() && versions.first! < versions.last!, "\(versions)")
    }

    @Test(
        "the largest 8-bit text per level is Table 7's version 40 figure: 2,953 / 2,331 / 1,663 / 1,273 bytes; one more is an error naming the limit",
        arguments: QRCode.Correction.allCases)
    func asciiLimit(correction: QRCode.Correction) throws {
        let limit = correction.largestByteCount
        let fits = try QRCode(encoding: String(repeating: "a", count: limit), correction: correction)
        #expect(fits.version == 40 && fits.size == 177)
        let error = try thrownError { try QRCode(encoding: String(repeating: "a", count: limit + 1), correction: correction) }
        #expect(error.code == .invalidArgument)
        // As the message writes them: Table 7's figure, and one more.
        let written: [QRCode.Correction: (limit: String, over: String)] = [
            .low: ("2,953", "2,954"), .medium: ("2,331", "2,332"), .quartile: ("1,663", "1,664"), .high: ("1,273", "1,274")
        ]
        let expected = try #require(written[correction])
        #expect(error.message.contains("is \(expected.over) bytes of UTF-8"), "\(error)")
        #expect(error.message.contains("at level \(correction.rawValue): at most \(expected.limit) bytes"), "\(error)")
        #expect(error.message.contains("ISO/IEC 18004"), "\(error)")
        #expect(error.hint?.contains("shorten it") == true)
    }

    @Test("text beyond ASCII carries the UTF-8 designator, and holds one byte fewer: 2,330 at M")
    func utf8Limit() throws {
        // "é" is two bytes: 2 + 2,328 = 2,330.
        let fits = try QRCode(encoding: "é" + String(repeating: "a", count: 2328), correction: .medium)
        #expect(fits.version == 40)
        let error = try thrownError { try QRCode(encoding: "é" + String(repeating: "a", count: 2329), correction: .medium) }
        #expect(error.message.contains("at most 2,330 bytes"), "\(error)")
        #expect(error.message.contains("less one for the UTF-8 designator"), "\(error)")
        #expect(error.hint?.contains("level L holds 2,952 bytes") == true, "\(error.hint ?? "")")
    }

    @Test("digits go in numeric mode: 5,000 digits fit at M, far past the 8-bit limit; 7,090 characters are refused before libqrencode is asked")
    func numericAndHuge() throws {
        let digits = try QRCode(encoding: String(repeating: "7", count: 5000), correction: .medium)
        #expect(digits.version == 38, "5,000 digits: version \(digits.version)")
        #expect(throws: VitrineError.self) { try QRCode(encoding: String(repeating: "x", count: 5000), correction: .medium) }
        let error = try thrownError { try QRCode(encoding: String(repeating: "7", count: 7090), correction: .low) }
        #expect(error.message.contains("7,090 bytes"), "\(error)")
        let megabyte = try thrownError { try QRCode(encoding: String(repeating: "x", count: 1 << 20), correction: .low) }
        #expect(megabyte.code == .invalidArgument)
    }

    @Test("an empty text and a text with a NUL byte: the first an error, the second encoded as bytes")
    func emptyAndNul() throws {
        let error = try thrownError { try QRCode(encoding: "", correction: .medium) }
        #expect(error.message.contains("is empty"))
        #expect(try QRCode(encoding: "a\u{0}b", correction: .medium).version == 1)
    }

    @Test("the quiet zone is 4 modules (ISO/IEC 18004:2015 §6.3.8)")
    func quietZone() {
        #expect(QRCode.quietZone == 4)
    }

    @Test("fillPixels sets whole device pixels at any scale, from the canvas's translated origin; strokeArc covers the ring and not the centre")
    func canvasPixels() {
        let buffer = PixelBuffer(size: PixelSize(width: 40, height: 40), format: .argb8888Premultiplied)
        let canvas = Canvas(target: buffer, scale: 1.5)
        canvas.translate(dx: 2, dy: 2)  // 3 device pixels
        canvas.fillPixels(PixelRect(x: 1, y: 1, width: 5, height: 2), color: .black)
        var dark: [(x: Int, y: Int)] = []
        for y in 0..<40 {
            for x in 0..<40 where buffer[x, y] != 0 { dark.append((x, y)) }
        }
        #expect(dark.count == 10)
        #expect(dark.allSatisfy { (4..<9).contains($0.x) && (4..<6).contains($0.y) && buffer[$0.x, $0.y] == Color.black.argbPremultiplied })

        let ring = PixelBuffer(size: PixelSize(width: 50, height: 50), format: .argb8888Premultiplied)
        Canvas(target: ring).strokeArc(center: Point(x: 25, y: 25), radius: 20, lineWidth: 4, start: 0, sweep: 2 * .pi, color: .black)
        #expect(ring[25, 5] >> 24 == 255, "on the ring at twelve o'clock")
        #expect(ring[45, 25] >> 24 == 255, "on the ring at three o'clock")
        #expect(ring[25, 25] == 0, "not in the middle")
        let quarter = PixelBuffer(size: PixelSize(width: 50, height: 50), format: .argb8888Premultiplied)
        Canvas(target: quarter).strokeArc(center: Point(x: 25, y: 25), radius: 20, lineWidth: 4, start: 0, sweep: .pi / 2, color: .black)
        #expect(quarter[38, 10] >> 24 == 255, "between twelve and three o'clock")
        #expect(quarter[25, 45] == 0 && quarter[5, 25] == 0, "not at six or nine")
    }
}
