import CTurboJPEG
import Testing
import VitrineCore
import VitrineGraphics
import VitrineSystem
import VitrineTestSupport

/// Images check-config must not let through, and images far larger than their place.
@Suite("Image content: damaged, hostile and oversized files")
struct ImageContentTests {
    /// A JPEG of `CanvasTests.photo` (a smooth gradient with a sun and a line).
    static func jpeg(width: Int, height: Int, quality: Int = 90, flags: Int32 = 0) throws -> [UInt8] {
        let photo = CanvasTests.photo(width: width, height: height)
        guard flags != 0 else { return try JPEGCodec.encode(photo, quality: quality) }
        let handle = try #require(tjInitCompress())
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = photo.pixels.withMemoryRebound(to: UInt8.self, capacity: photo.bytesPerRow * height) {
            tjCompress2(
                handle, $0, Int32(width), Int32(photo.bytesPerRow), Int32(height), Int32(TJPF_BGRX.rawValue), &output, &size, Int32(TJSAMP_420.rawValue),
                Int32(quality), flags)
        }
        defer { tjFree(output) }
        #expect(status == 0)
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// The error `body` throws, as check-config prints it; nil when it throws none.
    static func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as VitrineError {
            return error.description
        } catch {
            return "\(error)"
        }
    }

    @Test("a truncated JPEG is an error, not a grey image; libjpeg-turbo's warning is not success")
    func truncatedJPEG() throws {
        let bytes = try Self.jpeg(width: 64, height: 48)
        for cut in [bytes.count * 6 / 10, bytes.count - 2] {
            let message = Self.message { _ = try ImageStore.decode(Array(bytes[0..<cut]), name: "cut.jpg") }
            #expect(message?.contains("cut.jpg: corrupt or truncated JPEG") == true, "\(cut): \(message ?? "decoded")")
        }
        // Corrupt entropy data (bytes in the middle zeroed) is refused the same way.
        var corrupt = bytes
        for index in (bytes.count / 2)..<(bytes.count / 2 + 40) { corrupt[index] = 0xFF }
        #expect(Self.message { _ = try ImageStore.decode(corrupt, name: "corrupt.jpg") }?.contains("corrupt or truncated JPEG") == true)
    }

    @Test("junk between a JPEG's marker segments decodes every pixel, with the warning")
    func junkBetweenSegments() throws {
        let bytes = try Self.jpeg(width: 64, height: 48)
        let frame = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        let junk = Array(bytes[..<frame]) + [0x12, 0x34, 0x56] + Array(bytes[frame...])
        let sound = try ImageStore.decode(bytes, name: "sound.jpg", covering: nil)
        let decoded = try ImageStore.decode(junk, name: "junk.jpg", covering: nil)
        #expect(sound.warning == nil)
        #expect(decoded.warning?.contains("3 extraneous bytes before marker 0xc0") == true, "\(decoded.warning ?? "no warning")")
        #expect(decoded.pixels.hasSamePixels(as: sound.pixels))
    }

    @Test("a CMYK JPEG (Pillow 13, Adobe inverted) decodes to the colours it holds")
    func cmykJPEG() throws {
        // Made once with Pillow: Image.new("CMYK", (32, 8)), four 8x8 blocks C,M,Y,K =
        // (0,255,255,0) red, (0,0,0,128) grey, (255,0,0,0) cyan, (0,0,0,0) white,
        // saved quality=100, subsampling=0 (libjpeg writes the Adobe marker; Pillow inverts).
        let bytes = try FileReader.read(GoldenImage.snapshotDirectory() + "/cmyk-adobe.jpg", limit: ImageStore.largestFile, what: "an image file")
        #expect(JPEGMarkers(bytes).hasAdobeMarker)
        let image = try ImageStore.decode(bytes, name: "cmyk-adobe.jpg")
        #expect(image.size == PixelSize(width: 32, height: 8))
        let expected: [UInt32] = [0xFFFF_0000, 0xFF7F_7F7F, 0xFF00_FFFF, 0xFFFF_FFFF]
        for (block, colour) in expected.enumerated() {
            for (x, y) in [(block * 8 + 1, 1), (block * 8 + 4, 4), (block * 8 + 6, 6)] {
                let pixel = image[x, y]
                for shift: UInt32 in [0, 8, 16] {
                    let difference = abs(Int((pixel >> shift) & 0xFF) - Int((colour >> shift) & 0xFF))
                    #expect(difference <= 3, "block \(block) (\(x), \(y)): \(String(pixel, radix: 16)) for \(String(colour, radix: 16))")
                }
            }
        }
    }

    @Test("a YCCK JPEG (TurboJPEG's CMYK encoder, Adobe marker, inverted ink) decodes to its colours")
    func ycckJPEG() throws {
        // Adobe's convention: stored C, M, Y, K are 255 minus the ink. Bytes C, M, Y, K per pixel.
        let inks: [[UInt8]] = [[0, 255, 255, 0], [0, 0, 0, 128], [255, 0, 0, 0], [0, 0, 0, 0]]
        var cmyk = [UInt8](repeating: 0, count: 32 * 8 * 4)
        for y in 0..<8 {
            for x in 0..<32 {
                for channel in 0..<4 { cmyk[(y * 32 + x) * 4 + channel] = 255 - inks[x / 8][channel] }
            }
        }
        let handle = try #require(tjInitCompress())
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = tjCompress2(handle, cmyk, 32, 32 * 4, 8, Int32(TJPF_CMYK.rawValue), &output, &size, Int32(TJSAMP_444.rawValue), 100, 0)
        defer { tjFree(output) }
        #expect(status == 0)
        let bytes = Array(UnsafeBufferPointer(start: output, count: Int(size)))
        #expect(JPEGMarkers(bytes).hasAdobeMarker)
        let decoder = try #require(tjInitDecompress())
        defer { tjDestroy(decoder) }
        var (width, height, subsampling, colorspace): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        #expect(tjDecompressHeader3(decoder, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0)
        #expect(colorspace == Int32(TJCS_YCCK.rawValue))
        let image = try ImageStore.decode(bytes, name: "ycck.jpg")
        let expected: [UInt32] = [0xFFFF_0000, 0xFF7F_7F7F, 0xFF00_FFFF, 0xFFFF_FFFF]
        for (block, colour) in expected.enumerated() {
            let pixel = image[block * 8 + 4, 4]
            for shift: UInt32 in [0, 8, 16] {
                #expect(abs(Int((pixel >> shift) & 0xFF) - Int((colour >> shift) & 0xFF)) <= 3, "block \(block): \(String(pixel, radix: 16))")
            }
        }
    }

    @Test("an ordinary progressive JPEG has 10 scans and decodes; 3,000 scans are refused before decoding")
    func scanLimit() throws {
        let progressive = try Self.jpeg(width: 64, height: 48, flags: Int32(TJFLAG_PROGRESSIVE))
        #expect(JPEGMarkers(progressive).scanCount == 10)
        #expect(JPEGMarkers(try Self.jpeg(width: 64, height: 48)).scanCount == 1)
        _ = try ImageStore.decode(progressive, name: "progressive.jpg")
        // The last scan (header and data, up to EOI) repeated until the file holds 3,000.
        var sosStarts: [Int] = []
        for index in 0..<(progressive.count - 1) where progressive[index] == 0xFF && progressive[index + 1] == 0xDA { sosStarts.append(index) }
        let last = try #require(sosStarts.last)
        let scan = Array(progressive[last..<(progressive.count - 2)])
        var hostile = Array(progressive[..<(progressive.count - 2)])
        for _ in 0..<(3000 - 10) { hostile += scan }
        hostile += [0xFF, 0xD9]
        #expect(JPEGMarkers(hostile).scanCount == 3000)
        let message = Self.message { _ = try ImageStore.decode(hostile, name: "scans.jpg") }
        #expect(message?.contains("scans.jpg: progressive JPEG with 3000 scans (at most 100") == true, "\(message ?? "decoded")")
    }

    /// A PNG chunk: length, type, data, CRC-32 (ISO 3309, as PNG 5.5 specifies).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        func word(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
        return word(UInt32(data.count)) + body + word(crc)
    }

    @Test("an 85-byte PNG declaring 65535x1024 is refused from its size, before any pixel memory")
    func pngDeclaringTooMuch() throws {
        let header: [UInt8] = [0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x04, 0x00, 8, 6, 0, 0, 0]  // 65535x1024, 8-bit RGBA
        // A zlib stream of one empty stored block: valid, and far too short.
        let data: [UInt8] = [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01]
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.chunk("IHDR", header) + Self.chunk("IDAT", data) + Self.chunk("IEND", [])
        #expect(png.count <= 90)
        let message = Self.message { _ = try ImageStore.decode(png, name: "tiny.png") }
        #expect(message?.contains("tiny.png: corrupt or truncated PNG: it declares 65535x1024 pixels") == true, "\(message ?? "decoded")")
        // A real PNG of the same kind, whole, still decodes; cut short, it is refused.
        let whole = try PNGCodec.encode(CanvasTests.photo(width: 40, height: 30))
        _ = try ImageStore.decode(whole, name: "whole.png")
        #expect(
            Self.message { _ = try ImageStore.decode(Array(whole[..<(whole.count - 20)]), name: "cut.png") }?.contains("cut.png: corrupt or truncated PNG")
                == true)
    }

    @Test("a JPEG far larger than its place is decoded by DCT scaling, then area-averaged to the size that covers it, close to the full decode averaged")
    func scaledJPEG() throws {
        let bytes = try Self.jpeg(width: 800, height: 600, quality: 95)
        // Covering 100x100 needs 134x100 (800 x 100/600, rounded up); 1/8 gives 100x75 (too
        // small), 1/4 gives 200x150, which is area-averaged to 134x100.
        let scaled = try ImageStore.decode(bytes, name: "big.jpg", covering: PixelSize(width: 100, height: 100))
        #expect(scaled.pixels.size == PixelSize(width: 134, height: 100) && scaled.storedSize == PixelSize(width: 800, height: 600))
        #expect(scaled.isReduced)
        let reference = ImageReduction.reduce(try ImageStore.decode(bytes, name: "big.jpg"), to: scaled.pixels.size)
        #expect(reference.size == scaled.pixels.size)
        // DCT scaling and an area mean differ by filter, not content: within 2 levels on
        // average and 48 at worst (the one-pixel dark line's edges).
        var total = 0
        var worst = 0
        for y in 0..<reference.height {
            for x in 0..<reference.width {
                for shift: UInt32 in [0, 8, 16] {
                    let difference = abs(Int((scaled.pixels[x, y] >> shift) & 0xFF) - Int((reference[x, y] >> shift) & 0xFF))
                    total += difference
                    worst = max(worst, difference)
                }
            }
        }
        let mean = Double(total) / Double(reference.width * reference.height * 3)
        #expect(mean <= 2 && worst <= 48, "mean \(mean), worst \(worst)")
        // Not more than twice the cover size: decoded as stored.
        let kept = try ImageStore.decode(bytes, name: "big.jpg", covering: PixelSize(width: 500, height: 300))
        #expect(kept.pixels.size == PixelSize(width: 800, height: 600) && !kept.isReduced)
    }

    @Test("a store keeps a thumbnail's copy at the size that covers its place, beside the screen-sized one, each decoded once")
    func thumbnailCopies() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-thumbnail")
        defer { directory.remove() }
        let path = directory.file("photo.jpg")
        try FileBytes.writeAtomically(try Self.jpeg(width: 800, height: 600, quality: 90), to: path)
        let store = ImageStore(covering: PixelSize(width: 1280, height: 800))
        let screen = try store.image(at: path)
        let thumbnail = try store.image(at: path, covering: PixelSize(width: 48, height: 48))
        #expect(screen.size == PixelSize(width: 800, height: 600))
        #expect(thumbnail.size == PixelSize(width: 64, height: 48))
        #expect(try store.image(at: path, covering: PixelSize(width: 48, height: 48)) === thumbnail)
        #expect(try store.image(at: path) === screen)
        // A place larger than the screen is held to the screen's cover.
        #expect(try store.image(at: path, covering: PixelSize(width: 5000, height: 5000)) === screen)
    }

    @Test("a PNG far larger than its place is area-averaged right after decoding to exactly the size that covers it")
    func reducedPNG() throws {
        let photo = CanvasTests.photo(width: 403, height: 301)
        let decoded = try ImageStore.decode(try PNGCodec.encode(photo), name: "big.png", covering: PixelSize(width: 50, height: 50))
        // Cover 50x50: the height sets the scale (50/301), the width is 403 x 50/301 = 66.9 -> 67.
        #expect(decoded.pixels.size == PixelSize(width: 67, height: 50) && decoded.storedSize == photo.size)
        for (x, y) in [(0, 0), (40, 30), (66, 49), (66, 0), (13, 49)] {
            let expected = Self.areaMean(of: photo, at: x, y, outputSize: decoded.pixels.size)
            for (index, shift) in [16, 8, 0].enumerated() {
                let value = Int((decoded.pixels[x, y] >> UInt32(shift)) & 0xFF)
                #expect(abs(Double(value) - expected[index]) <= 1, "(\(x), \(y)) channel \(index): \(value) against \(expected[index])")
            }
        }
    }

    @Test("area averaging: a whole factor gives exact box means, flat colours and alpha stay exact, fine stripes become an even grey")
    func areaAverage() throws {
        let photo = CanvasTests.photo(width: 64, height: 48)
        let quarter = ImageReduction.reduce(photo, to: PixelSize(width: 16, height: 12))
        for (x, y) in [(0, 0), (7, 5), (15, 11)] {
            var sums = [0, 0, 0]
            for sy in (y * 4)..<(y * 4 + 4) {
                for sx in (x * 4)..<(x * 4 + 4) {
                    for (index, shift) in [16, 8, 0].enumerated() { sums[index] += Int((photo[sx, sy] >> UInt32(shift)) & 0xFF) }
                }
            }
            let expected = 0xFF00_0000 | sums.map { UInt32(($0 + 8) / 16) }.reduce(0) { $0 << 8 | $1 }
            #expect(quarter[x, y] == expected, "(\(x), \(y))")
        }
        // A flat translucent colour at a scale that is no whole factor stays exactly itself.
        let flat = PixelBuffer(size: PixelSize(width: 257, height: 100), format: .argb8888Premultiplied)
        flat.fill(flat.bounds, with: 0x8040_2010)
        let reduced = ImageReduction.reduce(flat, to: PixelSize(width: 61, height: 37))
        #expect((0..<37).allSatisfy { y in (0..<61).allSatisfy { reduced[$0, y] == 0x8040_2010 } })
        // Black and white stripes 2 pixels wide at 0.24 (8000 -> 1920's scale): every output
        // pixel covers 4.17 input pixels, about half black; nearest neighbour would pick 0 or 255.
        let stripes = PixelBuffer(size: PixelSize(width: 1000, height: 10), format: .xrgb8888)
        for x in 0..<1000 { for y in 0..<10 { stripes[x, y] = (x / 2) % 2 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF } }
        let grey = ImageReduction.reduce(stripes, to: PixelSize(width: 240, height: 10))
        let values = (0..<240).map { Int(grey[$0, 5] & 0xFF) }
        #expect(values.allSatisfy { abs($0 - 128) <= 10 }, "\(values)")
        #expect(abs(Double(values.reduce(0, +)) / 240 - 127.5) < 2)
    }

    /// The mean of `image` over the area output pixel (x, y) covers when the whole image is
    /// scaled to `outputSize`: R, G, B, each input pixel weighted by the part of it inside.
    static func areaMean(of image: PixelBuffer, at x: Int, _ y: Int, outputSize: PixelSize) -> [Double] {
        let scaleX = Double(image.width) / Double(outputSize.width)
        let scaleY = Double(image.height) / Double(outputSize.height)
        let (left, right) = (Double(x) * scaleX, Double(x + 1) * scaleX)
        let (top, bottom) = (Double(y) * scaleY, Double(y + 1) * scaleY)
        var sums = [0.0, 0.0, 0.0]
        for sy in Int(top)..<min(image.height, Int(bottom.rounded(.up))) {
            let wy = min(bottom, Double(sy + 1)) - max(top, Double(sy))
            for sx in Int(left)..<min(image.width, Int(right.rounded(.up))) {
                let weight = wy * (min(right, Double(sx + 1)) - max(left, Double(sx)))
                for (index, shift) in [16, 8, 0].enumerated() { sums[index] += weight * Double((image[sx, sy] >> UInt32(shift)) & 0xFF) }
            }
        }
        return sums.map { $0 / (scaleX * scaleY) }
    }
}
