import VitrineCore
import VitrineGraphics
import VitrineScene

/// A config kiosk's images: `builtin:<name>` from `DemoArt` at the screen's size, anything else
/// as a PNG, JPEG, GIF or WebP file (relative paths from `baseDirectory`, the config file's folder).
public final class KioskImages: ImageSource {
    /// Decodes images for the screen: one far larger than the screen is decoded smaller.
    let store: ImageStore
    let screenSize: PixelSize
    /// Pixels per point, for the size of a place given in points.
    let scale: Double
    let baseDirectory: String?
    private var builtins: [String: PixelBuffer] = [:]

    /// Images drawn in code start with this: `builtin:landscape`.
    public static let builtinPrefix = "builtin:"

    public init(screenSize: PixelSize, scale: Double = 1, baseDirectory: String? = nil) {
        self.screenSize = screenSize
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.store = ImageStore(covering: screenSize)
        self.baseDirectory = baseDirectory
    }

    /// The image at `path`; errors name the configuration `field`.
    public func image(_ path: String, field: String) throws(VitrineError) -> PixelBuffer {
        try self.image(path, field: field, covering: nil)
    }

    /// The image at `path` kept no larger than covers `points` (a list row's 48-point
    /// thumbnail: the cafe's eight photos kept 8.3 MB each at a 1080p screen's size for it).
    public func image(_ path: String, field: String, shownAt points: Size) throws(VitrineError) -> PixelBuffer {
        let place = PixelSize(
            width: SaturatingPixels.int((points.width * self.scale).rounded(.up)), height: SaturatingPixels.int((points.height * self.scale).rounded(.up)))
        return try self.image(path, field: field, covering: place)
    }

    private func image(_ path: String, field: String, covering place: PixelSize?) throws(VitrineError) -> PixelBuffer {
        if path.hasPrefix(Self.builtinPrefix) {
            let name = String(path.dropFirst(Self.builtinPrefix.count))
            if let cached = self.builtins[name] { return cached }
            guard let image = DemoArt.image(named: name, size: self.screenSize) else {
                throw VitrineError(
                    .invalidArgument, "\(field): unknown built-in image \(path)",
                    hint: "built-in images: " + DemoArt.names.map { Self.builtinPrefix + $0 }.joined(separator: ", "))
            }
            self.builtins[name] = image
            return image
        }
        let resolved = Self.resolve(path, baseDirectory: self.baseDirectory)
        do {
            return try self.store.image(at: resolved, covering: place)
        } catch {
            throw VitrineError(error.code, "\(field): \(error.message)", hint: error.hint, cause: error.cause)
        }
    }

    /// The frames of the animated GIF or WebP at `path` for the screen (nil for a still image or
    /// a built-in one); errors name the configuration `field`.
    public func animation(_ path: String, field: String) throws(VitrineError) -> AnimatedImage? {
        guard !path.hasPrefix(Self.builtinPrefix) else { return nil }
        do {
            return try self.store.animation(at: Self.resolve(path, baseDirectory: self.baseDirectory))
        } catch {
            throw VitrineError(error.code, "\(field): \(error.message)", hint: error.hint, cause: error.cause)
        }
    }

    /// An image file's path: absolute as written, else relative to `baseDirectory` (the config
    /// file's folder; nil keeps it relative to the working directory).
    public static func resolve(_ path: String, baseDirectory: String?) -> String {
        FileImageSource.resolve(path, baseDirectory: baseDirectory)
    }
}
