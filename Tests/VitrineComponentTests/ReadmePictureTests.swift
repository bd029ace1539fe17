import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// The documentation's pictures are what the examples and the demo render now: the README's
/// (Docs/pictures) and the gallery's (Docs/gallery, every demo state in both palettes at
/// 1920×1080). A change to an example or to the look that leaves a picture stale fails here,
/// naming the picture and the command that draws it again.
@Suite("README pictures")
struct ReadmePictureTests {
    static let root = String(KioskRun.examples.dropLast("/Examples".count))

    @Test(
        "every picture in the manifest equals its render, pixel for pixel",
        arguments: ["Docs/pictures/pictures.json", "Docs/gallery/gallery.json"])
    func fresh(manifestPath: String) throws {
        let manifest = try JSONParser.parse(
            String(
                decoding: try FileReader.read(Self.root + "/" + manifestPath, limit: FileReader.largestSystemFile, what: "the pictures manifest"),
                as: UTF8.self))
        let folder = Self.root + "/" + manifestPath[..<manifestPath.lastIndex(of: "/")!]
        let sizeText = try #require(manifest["size"]?.stringValue)
        let parts = sizeText.split(separator: "x").compactMap { Int($0) }
        let size = PixelSize(width: parts[0], height: parts[1])
        let scale = try #require(manifest["scale"]?.doubleValue)
        let entries = try #require(manifest["pictures"]?.arrayValue)
        #expect(entries.count >= 3, "at least three pictures")
        let work = TemporaryDirectory(prefix: "vitrine-doc-pictures")
        defer { _ = try? ChildCommand.run(["rm", "-rf", work.path]) }
        var rendered: [String: String] = [:]
        for entry in entries {
            let picture = try #require(entry["picture"]?.stringValue)
            let config = try #require(entry["config"]?.stringValue)
            let render = try #require(entry["render"]?.stringValue)
            let palette = entry["palette"]?.stringValue
            let key = config + "|" + (palette ?? "")
            if rendered[key] == nil {
                var (configuration, base) = try Self.configuration(config)
                if let palette { configuration.theme = configuration.theme.withColours(of: try #require(Theme.Palette(rawValue: palette))) }
                let out = work.path + "/\(rendered.count)"
                _ = try KioskRenderer(configuration: configuration, baseDirectory: base).render(size: size, scale: scale, into: out)
                rendered[key] = out
            }
            let now = try PNGCodec.read(path: rendered[key]! + "/" + render)
            let committed = try PNGCodec.read(path: folder + "/" + picture)
            #expect(
                now.size == committed.size && GoldenImage.worstChannelDifference(now, committed) == 0,
                "\(folder)/\(picture) is stale (\(config) \(render) draws differently now): run scripts/render-pictures.sh and look at it")
        }
    }

    /// `demo` (the built-in demo, as `vitrine render demo`) or a config file under the root.
    static func configuration(_ config: String) throws -> (KioskConfiguration, String?) {
        if config == "demo" { return (KioskDemo.configuration, nil) }
        let loaded = try KioskConfigLoader.load(path: Self.root + "/" + config)
        return (loaded.configuration, loaded.baseDirectory)
    }
}
