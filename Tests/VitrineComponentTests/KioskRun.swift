import VitrineCore
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineUI

/// A config kiosk running headless, as `vitrine replay` runs it, with the accessors tests read.
struct KioskRun {
    let run: HeadlessRunner
    let scene: KioskScene

    /// The repository's `Examples/` folder.
    static let examples: String = {
        let file = #filePath
        let tests = file[..<file.firstRange(of: "/Tests/")!.lowerBound]
        return String(tests) + "/Examples"
    }()

    init(configuration: KioskConfiguration, baseDirectory: String? = nil, size: PixelSize = PixelSize(width: 1280, height: 800), scale: Double? = nil) throws {
        self.scene = KioskScene(configuration: configuration, baseDirectory: baseDirectory)
        self.run = try HeadlessRunner(scene: self.scene, size: size, scale: scale ?? configuration.scale)
    }

    /// An example's `kiosk.json` (`Examples/<name>/kiosk.json`), checked clean first.
    init(example name: String, size: PixelSize = PixelSize(width: 1280, height: 800), scale: Double? = nil) throws {
        let loaded = try KioskConfigLoader.load(path: Self.examples + "/\(name)/kiosk.json")
        try self.init(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory, size: size, scale: scale)
    }

    var controller: SceneController { self.scene.controller! }
    var state: JSONValue { self.scene.state() }
    var front: String? { self.controller.frontScreenID }
    var stack: [String] { self.controller.navigationStack.map(\.model.id) }
    var emitted: [SceneEvent] { self.controller.emitted.elements }

    /// The first view in front whose identifier (the config path of the view, or its `id`) is
    /// `identifier`.
    func view(_ identifier: String) -> View? {
        func find(_ view: View) -> View? {
            if view.identifier == identifier, !view.isHidden { return view }
            for child in view.subviews.reversed() { if let found = find(child) { return found } }
            return nil
        }
        return find(self.run.window.root)
    }

    /// Taps the centre of a view, through the gesture arena, then lets everything settle.
    func tap(_ view: View) {
        let centre = view.windowFrame.center
        let at = self.run.loop.now
        self.run.touch(TouchFrame(timestamp: UInt64(at.nanoseconds / 1000), contacts: [TouchContact(id: 0, phase: .began, x: centre.x, y: centre.y)]))
        self.run.advance(0.04)
        let up = self.run.loop.now
        self.run.touch(TouchFrame(timestamp: UInt64(up.nanoseconds / 1000), contacts: [TouchContact(id: 0, phase: .ended, x: centre.x, y: centre.y)]))
        self.run.settle()
    }

    /// Drags from `from` by (dx, dy) over `ms`, 8 ms samples, then lifts and settles.
    func drag(from: Point, dx: Double, dy: Double, ms: Double) {
        let steps = max(1, Int(ms / 8))
        var contacts = [TouchContact(id: 0, phase: .began, x: from.x, y: from.y)]
        for i in 0...steps {
            let at = self.run.loop.now
            self.run.touch(TouchFrame(timestamp: UInt64(at.nanoseconds / 1000), contacts: contacts))
            self.run.advance(0.008)
            let f = Double(i + 1) / Double(steps)
            contacts = [TouchContact(id: 0, phase: i == steps ? .ended : .moved, x: from.x + dx * min(1, f), y: from.y + dy * min(1, f))]
        }
        let at = self.run.loop.now
        self.run.touch(TouchFrame(timestamp: UInt64(at.nanoseconds / 1000), contacts: contacts))
        self.run.settle()
    }
}
