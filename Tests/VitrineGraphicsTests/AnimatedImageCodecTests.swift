import Testing
import VitrineCore
import VitrineGraphics
import VitrineTestSupport

/// GIF and WebP decoding (Tests/Images, written by make-images.py): pixels, frame times, loop
/// counts, disposal, and every hostile file a clear error or a still, never a giant allocation.
@Suite("GIF and WebP")
struct AnimatedImageCodecTests {
    static let red: UInt32 = 0xFFFF_0000
    static let green: UInt32 = 0xFF00_FF00
    static let blue: UInt32 = 0xFF00_00FF

    static func pixels(_ image: PixelBuffer) -> [UInt32] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in image[x, y] } }
    }

    @Test("a still GIF decodes to its palette's colours, its transparent index clear")
    func stillGIF() throws {
        let image = try ImageStore.decode(try TestImages.bytes("still.gif"), name: "still.gif", covering: nil)
        #expect(image.animation == nil && image.storedSize == PixelSize(width: 4, height: 3))
        #expect(image.pixels.format == .argb8888Premultiplied)
        let (r, g, b) = (Self.red, Self.green, Self.blue)
        #expect(Self.pixels(image.pixels) == [r, g, b, 0, g, b, 0, r, b, 0, r, g])
    }

    @Test("an interlaced GIF's rows land in their places")
    func interlacedGIF() throws {
        let image = try ImageStore.decode(try TestImages.bytes("interlaced.gif"), name: "interlaced.gif")
        let colours = [Self.red, Self.green, Self.blue]
        #expect(Self.pixels(image) == (0..<8).map { colours[$0 % 3] })
        // Opaque everywhere: kept as an opaque buffer, as a JPEG is.
        #expect(image.format == .xrgb8888)
    }

    @Test("an animated GIF's frames follow their disposal methods, times and loop count")
    func animatedGIF() throws {
        let decoded = try ImageStore.decode(try TestImages.bytes("animated.gif"), name: "animated.gif", covering: nil)
        let animation = try #require(decoded.animation)
        #expect(animation.frames.count == 4)
        // 50 ms as written; 0 and 10 ms are shown 100 ms (the browsers' rule); 200 ms.
        #expect(animation.durations == [50, 100, 200, 100])
        // NETSCAPE2.0 loop count 2: two repeats after the first play.
        #expect(animation.plays == 3)
        let (r, g, b) = (Self.red, Self.green, Self.blue)
        #expect(Self.pixels(animation.frames[0]) == Array(repeating: r, count: 16))
        // Frame 2: green 2×2 at (1, 1), its top-right pixel transparent (red shows through).
        #expect(Self.pixels(animation.frames[1]) == [r, r, r, r, r, g, r, r, r, g, g, r, r, r, r, r])
        // Frame 2 is restored (disposal 3) before blue lands at (0, 0).
        #expect(Self.pixels(animation.frames[2]) == [b] + Array(repeating: r, count: 15))
        // Frame 3's pixel is cleared to transparent (disposal 2), green lands at (3, 3).
        #expect(Self.pixels(animation.frames[3]) == [0] + Array(repeating: r, count: 14) + [g])
        #expect(decoded.pixels === animation.frames[0])
    }

    @Test("a still WebP decodes exactly, premultiplied")
    func stillWebP() throws {
        let image = try ImageStore.decode(try TestImages.bytes("still.webp"), name: "still.webp", covering: nil)
        #expect(image.animation == nil && image.storedSize == PixelSize(width: 4, height: 3))
        let (r, g, b) = (Self.red, Self.green, Self.blue)
        // (3, 2) is white at alpha 128: premultiplied, 128 each.
        #expect(Self.pixels(image.pixels) == [r, g, b, 0, g, b, 0, r, b, 0, r, 0x8080_8080])
    }

    @Test("an animated WebP's frames, times and loop count")
    func animatedWebP() throws {
        let decoded = try ImageStore.decode(try TestImages.bytes("animated.webp"), name: "animated.webp", covering: nil)
        let animation = try #require(decoded.animation)
        #expect(animation.frames.map { Self.pixels($0) } == [Self.red, Self.green, Self.blue].map { Array(repeating: $0, count: 16) })
        #expect(animation.durations == [80, 100, 300])
        // ANIM loop count 2: two plays.
        #expect(animation.plays == 2)
        #expect(animation.frames.allSatisfy { $0.format == .xrgb8888 })
    }

    @Test("an animation far larger than its place is decoded at the size shown")
    func reducedFrames() throws {
        let decoded = try ImageStore.decode(try TestImages.bytes("animated.gif"), name: "animated.gif", covering: PixelSize(width: 1, height: 1))
        let animation = try #require(decoded.animation)
        #expect(decoded.storedSize == PixelSize(width: 4, height: 4))
        #expect(animation.frames.allSatisfy { $0.size == PixelSize(width: 1, height: 1) })
        #expect(animation.frames[0][0, 0] == Self.red)
    }

    @Test("truncated GIFs and WebPs are errors naming the file, at every cut")
    func truncated() throws {
        for name in ["still.gif", "animated.gif", "still.webp", "animated.webp", "interlaced.gif"] {
            let bytes = try TestImages.bytes(name)
            for cut in 1..<bytes.count - 1 {
                // Every cut either fails with the file's name or (a GIF cut after whole frames,
                // before its trailer) decodes those frames with a warning.
                do {
                    let image = try ImageStore.decode(Array(bytes[0..<cut]), name: name, covering: nil)
                    #expect(name.hasSuffix(".gif") && image.warning?.contains("cut short") == true, "\(name) cut at \(cut)")
                } catch {
                    #expect(error.message.hasPrefix(name), "\(name) cut at \(cut): \(error)")
                }
            }
        }
        let error = try thrownError { try ImageStore.decode(Array(try TestImages.bytes("animated.gif").prefix(80)), name: "cut.gif") }
        #expect(error.message.contains("cut.gif: corrupt or truncated GIF"))
    }

    @Test("a GIF whose logical screen is 65,535×65,535 is refused from its header")
    func hugeGIFCanvas() throws {
        let error = try thrownError { try ImageStore.decode(TestImages.gif(width: 65535, height: 65535, frames: 1), name: "huge.gif") }
        #expect(error.message == "huge.gif: the GIF's canvas (logical screen) is 65535x65535 pixels")
        #expect(error.hint?.contains("64 megapixels") == true)
    }

    @Test("a GIF of 10,000 frames is shown as a still, with the reason")
    func tenThousandFrames() throws {
        let decoded = try ImageStore.decode(TestImages.gif(width: 1, height: 1, frames: 10_000), name: "long.gif", covering: nil)
        #expect(decoded.animation == nil)
        #expect(decoded.pixels[0, 0] == 0xFF00_0000)
        #expect(decoded.animationLimit?.contains("more than 1000 frames") == true)
    }

    @Test("frames that would take more than the bound decoded make a still")
    func memoryBound() throws {
        // 100 frames of a 1000×1000 canvas: 400 MB decoded, past 64 MB.
        let decoded = try ImageStore.decode(TestImages.gif(width: 1000, height: 1000, frames: 100), name: "big.gif", covering: nil)
        #expect(decoded.animation == nil && decoded.pixels.size == PixelSize(width: 1000, height: 1000))
        #expect(decoded.animationLimit?.contains("take 381 MiB decoded, more than the 64 MiB an animation may keep") == true)
        // 16 of them (61 MB) fit.
        let fits = try ImageStore.decode(TestImages.gif(width: 1000, height: 1000, frames: 16), name: "fits.gif", covering: nil)
        #expect(fits.animation?.frames.count == 16 && fits.animationLimit == nil)
    }

    @Test("a WebP bomb: a huge canvas is refused, a huge frame count makes a still")
    func webpBombs() throws {
        let error = try thrownError { try ImageStore.decode(try TestImages.webpCanvasBomb(width: 16383, height: 16383), name: "bomb.webp") }
        #expect(error.message == "bomb.webp: WebP canvas is 16383x16383 pixels")
        let long = try ImageStore.decode(try TestImages.webpFrameBomb(frames: 5000), name: "long.webp", covering: nil)
        #expect(long.animation == nil && long.animationLimit?.contains("more than 1000 frames") == true)
        #expect(Self.pixels(long.pixels) == Array(repeating: Self.red, count: 16))
    }

    @Test("files of no known type are named in the error with the types shown")
    func unknownType() throws {
        let error = try thrownError { try ImageStore.decode(Array("BM...".utf8), name: "logo.bmp") }
        #expect(error.message == "logo.bmp: not a PNG, JPEG, GIF or WebP image")
    }
}
