import Testing
import VitrineCore
import VitrineGraphics
import VitrineTestSupport

@Suite("Image codecs")
struct ImageCodecTests {
    @Test("PNG round-trips premultiplied alpha and opaque pixels")
    func pngRoundTrip() throws {
        let image = PixelBuffer(size: PixelSize(width: 7, height: 5), format: .argb8888Premultiplied)
        image.fill(image.bounds, with: Color(red: 200, green: 100, blue: 50, alpha: 128).argbPremultiplied)
        image[0, 0] = 0
        image[6, 4] = 0xFFFF_FFFF
        let decoded = try PNGCodec.decode(try PNGCodec.encode(image))
        #expect(decoded.format == .argb8888Premultiplied)
        #expect(GoldenImage.worstChannelDifference(decoded, image) <= 1)
        let opaque = CanvasTests.photo(width: 33, height: 17)
        let back = try PNGCodec.decode(try PNGCodec.encode(opaque))
        #expect(back.format == .xrgb8888 && back.hasSamePixels(as: opaque))
    }

    @Test("JPEG decodes close to what was encoded")
    func jpegRoundTrip() throws {
        let photo = CanvasTests.photo()
        let bytes = try JPEGCodec.encode(photo, quality: 95)
        let decoded = try ImageStore.decode(bytes, name: "photo.jpg")
        #expect(decoded.size == photo.size && decoded.format == .xrgb8888)
        var total = 0
        for y in 0..<photo.height {
            for x in 0..<photo.width {
                for shift: UInt32 in [0, 8, 16] { total += abs(Int((decoded[x, y] >> shift) & 0xFF) - Int((photo[x, y] >> shift) & 0xFF)) }
            }
        }
        #expect(Double(total) / Double(photo.width * photo.height * 3) < 3)
    }

    @Test("a file that only starts like a GIF is named in the error")
    func unknownFormat() {
        #expect(throws: VitrineError.self) { try ImageStore.decode(Array("GIF89a".utf8), name: "logo.gif") }
        do {
            _ = try ImageStore.decode(Array("GIF89a".utf8), name: "logo.gif")
        } catch {
            #expect(error.description.contains("logo.gif: not a readable GIF image"))
        }
    }

    @Test("truncated and corrupted images fail with a message, never a crash")
    func truncatedAndCorrupt() throws {
        let png = try PNGCodec.encode(CanvasTests.photo(width: 40, height: 30))
        let jpeg = try JPEGCodec.encode(CanvasTests.photo(width: 40, height: 30))
        for bytes in [png, jpeg] {
            for cut in [8, 20, bytes.count / 2, bytes.count - 3] {
                // A truncated JPEG may still decode its first rows (libjpeg-turbo warns); a PNG fails.
                _ = try? ImageStore.decode(Array(bytes[0..<cut]), name: "cut")
            }
        }
        #expect(throws: VitrineError.self) { try ImageStore.decode(Array(png[0..<png.count / 2]), name: "half.png") }
        #expect(throws: VitrineError.self) { try ImageStore.decode([0xFF, 0xD8, 0xFF, 0x00, 0x01], name: "stub.jpg") }
    }

    @Test("an enormous declared size is refused before allocating")
    func enormous() throws {
        var png = try PNGCodec.encode(CanvasTests.photo(width: 4, height: 4))
        // IHDR width and height at bytes 16…23: 40000 × 40000.
        for (i, byte) in [0x00, 0x00, 0x9C, 0x40, 0x00, 0x00, 0x9C, 0x40].enumerated() { png[16 + i] = UInt8(byte) }
        do {
            _ = try PNGCodec.decode(png, name: "huge.png")
            Issue.record("expected a refusal")
        } catch {
            #expect(error.description.contains("40000x40000") || error.description.contains("huge.png"))
        }
    }

    @Test("random and mutated bytes never crash the decoders", arguments: 0..<4)
    func fuzz(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let seeds = [try PNGCodec.encode(CanvasTests.photo(width: 24, height: 16)), try JPEGCodec.encode(CanvasTests.photo(width: 24, height: 16))]
        for iteration in 0..<150 {
            var bytes = seeds[iteration % 2]
            let flips = Int(random.next() % 12) + 1
            for _ in 0..<flips { bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next()) }
            if random.next() % 3 == 0 { bytes.removeLast(Int(random.next() % UInt64(bytes.count / 2))) }
            if let image = try? ImageStore.decode(bytes, name: "fuzz") {
                #expect(image.width > 0 && image.height > 0)
            }
            let noise = (0..<Int(random.next() % 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            _ = try? ImageStore.decode([0x89, 0x50, 0x4E, 0x47] + noise, name: "noise.png")
            _ = try? ImageStore.decode([0xFF, 0xD8, 0xFF] + noise, name: "noise.jpg")
        }
    }
}
