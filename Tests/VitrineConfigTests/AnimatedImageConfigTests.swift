import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineScene
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// check-config on GIF and WebP images (issue 35, "Bad input"): sound files pass, hostile ones
/// are an error or a warning naming the field and the file, never a crash or a giant allocation.
@Suite("check-config: GIF and WebP images")
struct AnimatedImageConfigTests {
    static func document(_ file: String) -> String {
        #"{"version": 2, "start": "home", "screens": {"home": {"content": {"type": "image", "image": ""# + file + #""}}}}"#
    }

    static let field = "screens.home.content.image: "

    /// Checks a config showing `bytes` as `name`.
    static func check(_ bytes: [UInt8], as name: String) throws -> (errors: [String], warnings: [String], path: String) {
        let fixture = try ConfigFixture()
        let path = fixture.directory.file(name)
        try FileBytes.writeAtomically(bytes, to: path)
        let check = fixture.check(Self.document(name))
        return (ConfigFixture.describe(check.errors), ConfigFixture.describe(check.warnings), path)
    }

    @Test("still and animated GIFs and WebPs pass")
    func soundFiles() throws {
        for name in ["still.gif", "interlaced.gif", "animated.gif", "still.webp", "animated.webp"] {
            let result = try Self.check(try TestImages.bytes(name), as: name)
            #expect(result.errors.isEmpty && result.warnings.isEmpty, "\(name): \(result)")
        }
    }

    @Test("a truncated GIF or WebP is an error naming the field, the file and the reason")
    func truncated() throws {
        let gif = try TestImages.bytes("animated.gif")
        let cutGIF = try Self.check(Array(gif.prefix(gif.count / 2)), as: "cut.gif")
        #expect(cutGIF.errors.count == 1)
        #expect(cutGIF.errors.first?.hasPrefix(Self.field + cutGIF.path + ": corrupt or truncated GIF: ") == true, "\(cutGIF.errors)")
        let webp = try TestImages.bytes("animated.webp")
        let cutWebP = try Self.check(Array(webp.prefix(webp.count - 20)), as: "cut.webp")
        #expect(
            cutWebP.errors == [
                Self.field + cutWebP.path
                    + ": corrupt or truncated WebP: its chunks do not parse — the file is damaged or was cut short (an interrupted copy?); copy or export it again"
            ], "\(cutWebP.errors)")
    }

    @Test("a GIF with a 65,535×65,535 logical screen is an error from its header")
    func hugeScreen() throws {
        let result = try Self.check(TestImages.gif(width: 65535, height: 65535, frames: 1), as: "huge.gif")
        #expect(
            result.errors == [
                Self.field + result.path
                    + ": the GIF's canvas (logical screen) is 65535x65535 pixels — images larger than 64 megapixels are refused; scale it down"
            ], "\(result.errors)")
    }

    @Test("a GIF of 10,000 frames is a warning: shown as a still, and why")
    func tenThousandFrames() throws {
        let result = try Self.check(TestImages.gif(width: 1, height: 1, frames: 10_000), as: "long.gif")
        #expect(result.errors.isEmpty)
        #expect(
            result.warnings == [
                Self.field + result.path + " is animated, but it has more than 1000 frames, the most animated; only its first frame is shown (cut it shorter)"
            ], "\(result.warnings)")
    }

    @Test("a WebP bomb: a huge canvas is an error, a huge frame count a warning")
    func webpBombs() throws {
        let canvas = try Self.check(try TestImages.webpCanvasBomb(width: 16383, height: 16383), as: "bomb.webp")
        #expect(canvas.errors.first?.hasPrefix(Self.field + canvas.path + ": WebP canvas is 16383x16383 pixels") == true, "\(canvas.errors)")
        let frames = try Self.check(try TestImages.webpFrameBomb(frames: 5_000), as: "frames.webp")
        #expect(frames.errors.isEmpty)
        #expect(frames.warnings.first?.contains("is animated, but it has more than 1000 frames") == true, "\(frames.warnings)")
    }

    @Test("an image view of an animated file gets its frames from the scene's image source, a still one none")
    func sceneImageView() throws {
        for images in [
            FileImageSource(baseDirectory: TestImages.directory()),
            KioskImages(screenSize: PixelSize(width: 1920, height: 1080), baseDirectory: TestImages.directory())
        ] as [ImageSource] {
            let builder = SceneBuilder(theme: .standard, images: images) { _, _ in }
            let animated = try #require(try builder.view(for: ViewNode(.image(ImageNode("animated.gif")), path: "screens.home.content")) as? ImageView)
            #expect(animated.animation?.frames.count == 4 && animated.image === animated.animation?.frames.first)
            let webp = try #require(try builder.view(for: ViewNode(.image(ImageNode("animated.webp")))) as? ImageView)
            #expect(webp.animation?.durations == [80, 100, 300])
            let still = try #require(try builder.view(for: ViewNode(.image(ImageNode("still.gif")))) as? ImageView)
            #expect(still.animation == nil && still.image?.size == PixelSize(width: 4, height: 3))
        }
    }
}
