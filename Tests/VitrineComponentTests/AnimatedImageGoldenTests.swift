import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineSystem
import VitrineTestSupport

/// Animated GIF and WebP (issue 35, item 6) in a config's `image` views, in both palettes: the
/// first frames at the start, the next ones 60 ms later on the manual clock (the GIF's first
/// frame lasts 50 ms), each picture a golden. The frames' exact colours and times are
/// AnimatedImageViewTests'; these show the views as a kiosk draws them.
@Suite("Animated images: goldens of their frames in the light and the dark palette")
struct AnimatedImageGoldenTests {
    static func config(palette: String) -> String {
        let images = TestImages.directory()
        return #"""
            {"version": 2, "theme": {"palette": "\#(palette)"}, "start": "home", "screens": {"home": {"title": "Animated images",
              "content": {"type": "hstack", "spacing": 32, "padding": 32, "distribution": "center", "children": [
                {"type": "vstack", "spacing": 8, "alignment": "center", "children": [
                  {"type": "image", "image": "\#(images)/animated.gif", "mode": "fit", "width": 160, "height": 160, "description": ""},
                  {"type": "text", "text": "GIF", "style": "headline"}]},
                {"type": "vstack", "spacing": 8, "alignment": "center", "children": [
                  {"type": "image", "image": "\#(images)/animated.webp", "mode": "fit", "width": 160, "height": 160, "description": ""},
                  {"type": "text", "text": "WebP", "style": "headline"}]}]}}}}
            """#
    }

    @Test("the first and the next frames, light and dark", arguments: ["light", "dark"])
    func frames(palette: String) throws {
        let directory = GoldenImage.snapshotDirectory() + "/animated-images"
        try Directory.create(directory)
        let check = try KioskConfigLoader.parse(Self.config(palette: palette), file: "animated.json", baseDirectory: "/")
        let run = try KioskRun(configuration: check.configuration, size: PixelSize(width: 640, height: 360))
        run.run.advance(0.001)
        let first = try #require(run.run.screenshot)
        let firstComparison = GoldenImage.compare(first, name: "first-\(palette)", directory: directory)
        #expect(firstComparison.matches(tolerance: 3), "\(firstComparison)")
        run.run.advance(0.06)
        let next = try #require(run.run.screenshot)
        #expect(!next.hasSamePixels(as: first), "the frames moved on")
        let nextComparison = GoldenImage.compare(next, name: "next-\(palette)", directory: directory)
        #expect(nextComparison.matches(tolerance: 3), "\(nextComparison)")
    }
}
