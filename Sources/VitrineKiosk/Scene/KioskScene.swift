import VitrineCore
import VitrineGraphics
import VitrineRuntime
import VitrineScene
import VitrineUI

/// The config kiosk as a scene the runtime runs: a `KioskConfiguration` whose screens are
/// built (with its images, `builtin:` pictures drawn at the window's size) when the runtime
/// mounts it in a window, and its data files read and followed (`KioskData`).
public final class KioskScene: RuntimeScene {
    public let configuration: KioskConfiguration
    /// Where relative image and data paths start (the config file's folder).
    public let baseDirectory: String?
    public let registry: ViewRegistry
    /// The data files and what bound views read; kept across windows.
    public let data: KioskData
    /// The on-screen keyboard's layouts, read once per language; kept across windows.
    public let keyboards: KioskKeyboards
    /// The screens on display, once mounted.
    public private(set) var controller: SceneController?
    public var onEvent: ((SceneEvent) -> Void)? {
        didSet { self.controller?.onEvent = self.onEvent }
    }

    public init(configuration: KioskConfiguration, baseDirectory: String? = nil, registry: ViewRegistry = ViewRegistry()) {
        self.configuration = configuration
        self.baseDirectory = baseDirectory
        self.registry = registry
        self.data = KioskData(sources: configuration.data, baseDirectory: baseDirectory)
        self.keyboards = KioskKeyboards(layouts: configuration.keyboardLayouts)
    }

    public func mount(in window: Window) throws(VitrineError) {
        let images = KioskImages(screenSize: window.compositor.frame.size, scale: window.scale, baseDirectory: self.baseDirectory)
        let controller = SceneController(
            model: self.configuration.scene, theme: self.configuration.theme, images: images, registry: self.registry, data: self.data.store)
        controller.onEvent = self.onEvent
        controller.keyboardLayout = { [keyboards] language in keyboards.layout(for: language) }
        try controller.mount(in: window)
        self.controller = controller
    }

    public func attach(to loop: EventLoop, status: @escaping (String?) -> Void) {
        self.data.onStatus = status
        self.data.follow(on: loop)
    }

    /// The schema of `state()` (`vitrine replay --state-out`, the control socket's `state`).
    public static let stateSchema = SceneController.stateSchema

    public func state() -> JSONValue { self.controller?.state() ?? .object([("schema", .string(SceneController.stateSchema))]) }
}

extension KioskScene: ScanningScene {
    public func scanned(_ scan: ScanEvent) { self.controller?.scanned(scan) }
}

extension KioskScene: SpeakingScene {
    /// The controller's (set after the mount, so the runtime's output reaches it).
    public var speechOutput: (any SpeechOutput)? {
        get { self.controller?.speechOutput }
        set { self.controller?.speechOutput = newValue }
    }

    public func headsetChanged(plugged: Bool) { self.controller?.headsetChanged(plugged: plugged) }
}

extension KioskScene: ControllableScene {
    public func control(_ command: String, arguments: JSONValue) throws(VitrineError) -> JSONValue {
        guard let controller = self.controller else { throw VitrineError(.unsupported, "\(command): the kiosk is not on screen yet") }
        if command == "perform" { return try self.perform(arguments, on: controller) }
        if command == "alert" { return try self.alert(arguments, on: controller) }
        return try controller.control(command, arguments: arguments)
    }

    public var controlCommands: [String] { (self.controller?.controlCommands ?? []) + ["perform", "alert"] }

    /// The control socket's `alert` `{"title": …, "message": …, "buttons": [{"title": …,
    /// "action": …}]}`: the integrator's "Card declined — try again", read and checked as the
    /// config's `{"alert": {…}}` action, shown over everything (after the alert on screen, if
    /// one is). The reply says whether it is showing or waiting.
    func alert(_ arguments: JSONValue, on controller: SceneController) throws(VitrineError) -> JSONValue {
        guard case .object(let members) = arguments else { throw VitrineError(.invalidArgument, "alert: expected an object with a title and buttons") }
        let card = JSONValue.object(members.filter { ["title", "message", "buttons"].contains($0.key) })
        let action = try KioskConfigLoader.action(.object([("alert", card)]), for: self.configuration, at: "")
        controller.perform(action, from: "control")
        return .object([
            ("showing", controller.alertShowing.map { .string($0.titleLabel.text) } ?? .null),
            ("waiting", .number(Double(controller.alertsWaiting)))
        ])
    }

    /// The control socket's `perform` `{"action": …}`: an action written as the config writes it
    /// (`"pop"`, `{"push": "detail"}`, `{"emit": "purchase", "payload": {…}}`, a list of them),
    /// checked as the config's are (the screens it names must exist), then run as a button's.
    func perform(_ arguments: JSONValue, on controller: SceneController) throws(VitrineError) -> JSONValue {
        guard let value = arguments["action"] else {
            throw VitrineError(.invalidArgument, "perform: \"action\" must be an action as the config writes it, e.g. \"pop\" or {\"push\": \"home\"}")
        }
        let action = try KioskConfigLoader.action(value, for: self.configuration)
        controller.perform(action, from: "control")
        controller.resetIdle()
        return controller.navigationSummary
    }

    public func resetIdle() { self.controller?.resetIdle() }
}

extension KioskScene: RestorableScene {
    public var position: JSONValue { self.controller?.position ?? .null }

    public func restore(_ position: JSONValue) { self.controller?.restore(position) }
}
