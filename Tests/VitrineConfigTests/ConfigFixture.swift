import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineTestSupport

/// Config text checked in a temporary folder that holds a valid PNG (`photo.png`), a valid
/// JPEG (`photo.jpg`) and a file that is neither (`broken.png`): a `FixtureFolder`.
final class ConfigFixture {
    let folder: FixtureFolder
    var directory: TemporaryDirectory { self.folder.directory }

    init() throws {
        self.folder = try FixtureFolder()
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
        try self.folder.write(text, as: name)
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
