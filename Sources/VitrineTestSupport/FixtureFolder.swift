import VitrineCore
import VitrineGraphics

/// A temporary folder holding a valid PNG (`photo.png`), a valid JPEG (`photo.jpg`) and a file
/// that is neither (`broken.png`), for config files written beside them. Removed with the value.
public final class FixtureFolder {
    public let directory: TemporaryDirectory

    public init(prefix: String = "vitrine-config") throws {
        self.directory = TemporaryDirectory(prefix: prefix)
        let image = PixelBuffer(size: PixelSize(width: 8, height: 6))
        image.fill(image.bounds, with: 0xFF20_6080)
        try PNGCodec.write(image, to: self.directory.file("photo.png"))
        try FileBytes.writeAtomically(try JPEGCodec.encode(image), to: self.directory.file("photo.jpg"))
        try FileBytes.writeAtomically(Array("not an image".utf8), to: self.directory.file("broken.png"))
    }

    deinit {
        self.directory.remove()
    }

    /// Writes `text` as `name` in the folder and returns its path.
    @discardableResult
    public func write(_ text: String, as name: String = "kiosk.json") throws -> String {
        let path = self.directory.file(name)
        try FileBytes.writeAtomically(Array(text.utf8), to: path)
        return path
    }
}
