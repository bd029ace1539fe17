import VitrineCore
import VitrineGraphics
import VitrineUI

/// Where a scene's images come from: `FileImageSource` reads PNG, JPEG, GIF and WebP files; the config
/// kiosk adds its `builtin:` pictures.
public protocol ImageSource: AnyObject {
    /// The image at `path`; errors name `field` (the config path of the view that shows it).
    func image(_ path: String, field: String) throws(VitrineError) -> PixelBuffer
    /// The image at `path` for a place `points` large (a thumbnail): a source may keep it
    /// smaller than the screen's size. By default the same as `image(_:field:)`.
    func image(_ path: String, field: String, shownAt points: Size) throws(VitrineError) -> PixelBuffer
    /// The frames of the animated GIF or WebP at `path`, as decoded for `image(_:field:)` (whose
    /// picture is its first frame); nil for a still image. By default nil: every image is still.
    func animation(_ path: String, field: String) throws(VitrineError) -> AnimatedImage?
}

extension ImageSource {
    public func image(_ path: String, field: String, shownAt points: Size) throws(VitrineError) -> PixelBuffer {
        try self.image(path, field: field)
    }

    public func animation(_ path: String, field: String) throws(VitrineError) -> AnimatedImage? { nil }
}

/// PNG, JPEG, GIF and WebP files, relative paths from `baseDirectory`, each decoded once.
public final class FileImageSource: ImageSource {
    public let baseDirectory: String?
    private let store = ImageStore()

    public init(baseDirectory: String? = nil) {
        self.baseDirectory = baseDirectory
    }

    public func image(_ path: String, field: String) throws(VitrineError) -> PixelBuffer {
        do {
            return try self.store.image(at: Self.resolve(path, baseDirectory: self.baseDirectory))
        } catch {
            throw VitrineError(error.code, "\(field): \(error.message)", hint: error.hint, cause: error.cause)
        }
    }

    public func animation(_ path: String, field: String) throws(VitrineError) -> AnimatedImage? {
        do {
            return try self.store.animation(at: Self.resolve(path, baseDirectory: self.baseDirectory))
        } catch {
            throw VitrineError(error.code, "\(field): \(error.message)", hint: error.hint, cause: error.cause)
        }
    }

    /// An image file's path: absolute as written, else relative to `baseDirectory` (nil keeps
    /// it relative to the working directory).
    public static func resolve(_ path: String, baseDirectory: String?) -> String {
        guard !path.hasPrefix("/"), let base = baseDirectory, !base.isEmpty, base != "." else { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }
}

/// What a custom view's factory gets besides its properties.
public struct ViewContext {
    public let theme: Theme
    public let images: ImageSource
    /// Where the view is in the config, for messages (`screens.home.content.children[1]`).
    public let path: String
    /// Runs a scene action (push, emit…), as a button would.
    public let perform: (SceneAction) -> Void
    /// The scene's data and state: read `data?.sources["state"]?["count"]`, and follow changes
    /// with `data?.observe { source in … }` (keep the token as long as the view lives).
    public var data: DataStore?

    public init(theme: Theme, images: ImageSource, path: String, data: DataStore? = nil, perform: @escaping (SceneAction) -> Void) {
        self.theme = theme
        self.images = images
        self.path = path
        self.data = data
        self.perform = perform
    }
}

/// View types written in Swift that a config can place by name:
///
/// ```swift
/// let registry = ViewRegistry()
/// registry.register("clock", validate: { properties in
///     properties["format"]?.stringValue == nil ? ["format: expected a string such as \"HH:mm\""] : []
/// }) { properties, context in
///     ClockView(format: properties["format"]?.stringValue ?? "HH:mm", theme: context.theme)
/// }
/// // in kiosk.json: {"type": "clock", "format": "HH:mm", "width": 200}
/// ```
///
/// The config reader accepts a `type` it finds here and hands every other key of the object to
/// `validate` (their problems become errors naming the field) and then to the factory.
public final class ViewRegistry {
    public typealias Factory = (_ properties: JSONValue, _ context: ViewContext) throws(VitrineError) -> View
    public typealias Validator = (_ properties: JSONValue) -> [String]

    private var factories: [String: (validate: Validator?, make: Factory)] = [:]

    public init() {}

    /// Registers `type`; a later registration of the same name replaces it.
    public func register(_ type: String, validate: Validator? = nil, factory: @escaping Factory) {
        self.factories[type] = (validate, factory)
    }

    public var types: [String] { self.factories.keys.sorted() }
    public func contains(_ type: String) -> Bool { self.factories[type] != nil }

    /// The problems `validate` finds in a view's properties (none when it has no validator).
    public func problems(type: String, properties: JSONValue) -> [String] {
        self.factories[type]?.validate?(properties) ?? []
    }

    func make(_ type: String, properties: JSONValue, context: ViewContext) throws(VitrineError) -> View {
        guard let entry = self.factories[type] else {
            throw VitrineError(
                .invalidArgument, "\(context.path): no view type \"\(type)\" is registered",
                hint: "register it with ViewRegistry.register before loading the config")
        }
        return try entry.make(properties, context)
    }
}
