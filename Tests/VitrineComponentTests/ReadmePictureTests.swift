import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineSystem
import VitrineTestSupport

/// The README's pictures (Docs/pictures) are what the examples render now: a change to an
/// example or to the look that leaves a picture stale fails here, naming the picture and the
/// command that draws it again.
@Suite("README pictures")
struct ReadmePictureTests {
    static let root = String(KioskRun.examples.dropLast("/Examples".count))
    static let pictures = root + "/Docs/pictures"

    @Test("every picture in Docs/pictures/pictures.json equals its example's render, pixel for pixel")
    func fresh() throws {
        let manifest = try JSONParser.parse(
            String(
                decoding: try FileReader.read(Self.pictures + "/pictures.json", limit: FileReader.largestSystemFile, what: "the pictures manifest"),
                as: UTF8.self))
        let sizeText = try #require(manifest["size"]?.stringValue)
        let parts = sizeText.split(separator: "x").compactMap { Int($0) }
        let size = PixelSize(width: parts[0], height: parts[1])
        let scale = try #require(manifest["scale"]?.doubleValue)
        let entries = try #require(manifest["pictures"]?.arrayValue)
        #expect(entries.count >= 3, "the README shows at least three examples' screens")
        let work = TemporaryDirectory(prefix: "vitrine-readme-pictures")
        defer { _ = try? ChildCommand.run(["rm", "-rf", work.path]) }
        var rendered: [String: String] = [:]
        for entry in entries {
            let picture = try #require(entry["picture"]?.stringValue)
            let config = try #require(entry["config"]?.stringValue)
            let render = try #require(entry["render"]?.stringValue)
            if rendered[config] == nil {
                let loaded = try KioskConfigLoader.load(path: Self.root + "/" + config)
                let out = work.path + "/\(rendered.count)"
                _ = try KioskRenderer(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory).render(size: size, scale: scale, into: out)
                rendered[config] = out
            }
            let now = try PNGCodec.read(path: rendered[config]! + "/" + render)
            let committed = try PNGCodec.read(path: Self.pictures + "/" + picture)
            #expect(
                now.size == committed.size && GoldenImage.worstChannelDifference(now, committed) == 0,
                "Docs/pictures/\(picture) is stale (\(config) \(render) draws differently now): run scripts/render-pictures.sh and look at it")
        }
    }
}
