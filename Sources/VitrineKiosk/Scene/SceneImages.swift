import VitrineCore
import VitrineGraphics

/// Loads the scene's images: `builtin:<name>` from `DemoArt` at the screen's size, anything else
/// as a PNG or JPEG file (relative paths from `baseDirectory`, the config file's folder).
public final class SceneImages {
    let store = ImageStore()
    let screenSize: PixelSize
    let baseDirectory: String?
    private var builtins: [String: PixelBuffer] = [:]

    public init(screenSize: PixelSize, baseDirectory: String? = nil) {
        self.screenSize = screenSize
        self.baseDirectory = baseDirectory
    }

    /// The image at `path`; errors name the configuration `field`.
    public func image(_ path: String, field: String) throws(VitrineError) -> PixelBuffer {
        if path.hasPrefix("builtin:") {
            let name = String(path.dropFirst("builtin:".count))
            if let cached = self.builtins[name] { return cached }
            guard let image = DemoArt.image(named: name, size: self.screenSize) else {
                throw VitrineError(.invalidArgument, "\(field): unknown built-in image \(path)", hint: "built-in images: " + DemoArt.names.map { "builtin:\($0)" }.joined(separator: ", "))
            }
            self.builtins[name] = image
            return image
        }
        let resolved = path.hasPrefix("/") || self.baseDirectory == nil ? path : self.baseDirectory! + "/" + path
        do {
            return try self.store.image(at: resolved)
        } catch {
            throw VitrineError(error.code, "\(field): \(error.message)", hint: error.hint, cause: error.cause)
        }
    }
}
