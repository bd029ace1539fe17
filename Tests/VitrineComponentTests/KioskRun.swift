import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineTestSupport
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

    /// A key from a keypad, through the window's key handling, then everything settled (or
    /// `wait` seconds of the manual clock: speech mode's results come after a delay).
    func press(_ key: KeyEvent.Key, wait: Double? = nil) {
        self.run.window.handle(KeyEvent(key, timestamp: UInt64(self.run.loop.now.microseconds), device: "keypad"))
        if let wait { self.run.advance(wait) } else { self.run.settle() }
    }

    /// Taps the centre of a view, through the gesture arena, then lets everything settle.
    func tap(_ view: View) {
        self.tap(view.windowFrame.center)
    }

    /// Taps a point (window points), through the gesture arena, then lets everything settle.
    func tap(_ centre: Point) {
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

    // MARK: - Touch scripts, played through the replay source as `vitrine replay` plays them

    /// Writes `events` (touch-script lines) to a file and replays it, then lets everything settle.
    func replay(_ events: [String]) throws {
        let directory = TemporaryDirectory(prefix: "vitrine-script")
        defer { directory.remove() }
        let path = directory.file("script.json")
        try FileBytes.writeAtomically(Array(("[\n" + events.joined(separator: ",\n") + "\n]\n").utf8), to: path)
        try self.run.replay(path)
    }

    static func event(_ t: Double, _ phase: String, _ point: Point? = nil, id: Int = 0) -> String {
        let position = point.map { #", "x": \#($0.x), "y": \#($0.y)"# } ?? ""
        return #"{"t": \#(t), "id": \#(id), "phase": "\#(phase)"\#(position)}"#
    }

    /// A tap on the centre of `view`.
    func replayTap(_ view: View) throws {
        let centre = view.windowFrame.center
        try self.replay([Self.event(0, "down", centre), Self.event(48, "up")])
    }

    /// A straight drag from `from` by (dx, dy) over `ms`, sampled every 8 ms, then a lift.
    func replaySwipe(from: Point, dx: Double, dy: Double, ms: Double) throws {
        let steps = max(1, Int(ms / 8))
        var events = [Self.event(0, "down", from)]
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            events.append(Self.event(Double(i * 8), "move", Point(x: from.x + dx * f, y: from.y + dy * f)))
        }
        events.append(Self.event(Double(steps * 8 + 8), "up"))
        try self.replay(events)
    }
}
