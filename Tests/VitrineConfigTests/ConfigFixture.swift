import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineTestSupport

/// Config text checked in a temporary folder that holds a valid PNG (`photo.png`), a valid
/// JPEG (`photo.jpg`) and a file that is neither (`broken.png`).
final class ConfigFixture {
    let directory = TemporaryDirectory(prefix: "vitrine-config")

    init() throws {
        let image = PixelBuffer(size: PixelSize(width: 8, height: 6))
        image.fill(image.bounds, with: 0xFF20_6080)
        try PNGCodec.write(image, to: self.directory.file("photo.png"))
        try FileBytes.writeAtomically(try JPEGCodec.encode(image), to: self.directory.file("photo.jpg"))
        try FileBytes.writeAtomically(Array("not an image".utf8), to: self.directory.file("broken.png"))
    }

    deinit {
        self.directory.remove()
    }

    /// Checks `text` as if it were `kiosk.json` in the fixture's folder.
    func check(_ text: String) -> KioskConfigCheck {
        KioskConfigLoader.check(text: text, file: self.directory.file("kiosk.json"), baseDirectory: self.directory.path)
    }

    /// The errors of a version 1 document with one more top-level member (`"theme": {…}`).
    func errors(withMember member: String) -> [String] {
        Self.describe(self.check(#"{"version": 1, "# + member + "}").errors)
    }

    /// Writes `text` as `name` in the fixture's folder and returns its path.
    func write(_ text: String, as name: String = "kiosk.json") throws -> String {
        let path = self.directory.file(name)
        try FileBytes.writeAtomically(Array(text.utf8), to: path)
        return path
    }

    /// The errors' and warnings' lines without the file, as a reader sees them after it.
    static func describe(_ issues: [ConfigIssue]) -> [String] { issues.map(\.description) }
}

/// The repository's `Examples/` folder.
let examplesDirectory: String = {
    var path = String(#filePath)
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/Examples"
}()
