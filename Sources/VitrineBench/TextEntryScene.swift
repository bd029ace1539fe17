import VitrineCore
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineSystem
import VitrineUI

/// The scene of the text-entry rows (`keyboard-slide`, `key-to-glyph`; issue 32): the library
/// example (Examples/library: a search field over the 10,000 titles of its catalogue, filtered
/// as the visitor types), headless at 1920×1080, scale 1. The field is at the top of the
/// screen, so the keyboard covers the list and the screens do not lift.
final class TextEntryScene {
    /// The example, relative to the repository: the bench runs from its root, as the scene
    /// rows do.
    static let config = "Examples/library/kiosk.json"
    /// The search field's config `id`.
    static let fieldID = "query"
    static let size = PixelSize(width: 1920, height: 1080)

    let scene: KioskScene
    let run: HeadlessRunner
    let controller: SceneController
    let field: TextField

    /// Whether the example is here.
    static var isAvailable: Bool { Directory.exists(Self.config) }

    /// Loads the example and shows its search screen, settled. `row` names the bench row in
    /// errors.
    init(row: String) throws {
        let loaded = try KioskConfigLoader.load(path: Self.config)
        self.scene = KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
        self.run = try HeadlessRunner(scene: self.scene, size: Self.size)
        guard let controller = self.scene.controller else { throw VitrineError(.invalidData, "\(row): \(Self.config) made no scene controller") }
        guard let field = SceneController.frontmostView(identified: Self.fieldID, in: self.run.window.root) as? TextField else {
            throw VitrineError(.invalidData, "\(row): \(Self.config) has no text field \"\(Self.fieldID)\" on its first screen")
        }
        self.controller = controller
        self.field = field
        self.run.settle()
    }

    /// A visitor's tap on the field (the control socket's `tap`: down now, up 40 ms later,
    /// through the window's touch path); the field takes the focus at the lift and the keyboard
    /// starts up.
    func tapField() throws {
        _ = try self.scene.control("tap", arguments: .object([("id", .string(Self.fieldID))]))
    }

    /// Whether the keyboard is up and its spring at rest (the state dump's `keyboard`).
    var keyboardIsUp: Bool {
        let keyboard = self.scene.state()["keyboard"]
        return keyboard?["shown"] == .bool(true) && keyboard?["settled"] == .bool(true)
    }

    /// The on-screen keyboard's view, once a field has had the focus.
    var keyboard: OnScreenKeyboard? {
        self.run.window.root.subviews.lazy.compactMap { $0 as? OnScreenKeyboard }.first
    }

    /// Runs frame by frame until `done` holds (checked after each refresh), for at most
    /// `seconds`; throws if it never does.
    func advance(until done: () -> Bool, seconds: Double, row: String, what: String) throws {
        let refresh = 1.0 / 60
        var elapsed = 0.0
        while !done() {
            guard elapsed < seconds else { throw VitrineError(.invalidData, "\(row): \(what) after \(seconds) s") }
            self.run.advance(refresh)
            elapsed += refresh
        }
    }
}
