import VitrineCore
import VitrineGraphics
import VitrineScene
import VitrineUI

/// The config kiosk as a scene the runtime runs: a `KioskConfiguration` whose screens are
/// built (with its images, `builtin:` pictures drawn at the window's size) when the runtime
/// mounts it in a window.
public final class KioskScene: Scene {
    public let configuration: KioskConfiguration
    /// Where relative image paths start (the config file's folder).
    public let baseDirectory: String?
    public let registry: ViewRegistry
    /// The screens on display, once mounted.
    public private(set) var controller: SceneController?
    public var onEvent: ((SceneEvent) -> Void)? {
        didSet { self.controller?.onEvent = self.onEvent }
    }

    public init(configuration: KioskConfiguration, baseDirectory: String? = nil, registry: ViewRegistry = ViewRegistry()) {
        self.configuration = configuration
        self.baseDirectory = baseDirectory
        self.registry = registry
    }

    public func mount(in window: Window) throws(VitrineError) {
        let images = KioskImages(screenSize: window.compositor.frame.size, baseDirectory: self.baseDirectory)
        let controller = SceneController(model: self.configuration.scene, theme: self.configuration.theme, images: images, registry: self.registry)
        controller.onEvent = self.onEvent
        try controller.mount(in: window)
        self.controller = controller
    }

    public func state() -> JSONValue { self.controller?.state() ?? .object([("schema", .string(SceneController.stateSchema))]) }
}
