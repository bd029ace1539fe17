import VitrineCore
import VitrineGraphics
import VitrineRuntime
import VitrineScene
import VitrineSystem
import VitrineUI

/// `vitrine render`: a PNG of every screen of a kiosk, and of every sheet in each of its states,
/// headless, with an index (`index.html` to look at, `index.json` for tools).
///
/// Each screen is shown on its own (`SceneController.show(screen:)`); a screen with a split
/// sheet is drawn hidden, shown and (when its content is taller than the shown detent)
/// expanded; a screen that some action presents in a content sheet is drawn presented over
/// that screen, collapsed and (when it has an expanded height) expanded.
public struct KioskRenderer {
    /// One picture written.
    public struct Shot: Sendable, Equatable {
        public var file: String
        /// The screen the picture is of (for a split sheet's states, the screen it holds).
        public var screen: String
        /// The screen it is shown over or in (a sheet's presenter or holder); nil on its own.
        public var over: String?
        /// `screen`, `split-hidden`, `split-shown`, `split-expanded`, `sheet-collapsed`, `sheet-expanded`.
        public var state: String
    }

    public let configuration: KioskConfiguration
    public let baseDirectory: String?
    public var registry = ViewRegistry()
    /// Called with each picture's shot and the window as drawn (tests inspect the views, e.g.
    /// `HitTargetAudit`), after the PNG is written.
    public var inspect: ((Shot, Window) -> Void)?
    /// The visitor's settings to draw with: larger text, high contrast (`vitrine render
    /// --larger-text --high-contrast`; the examples' goldens in both).
    public var visitorSettings = VisitorSettings()
    /// The states to draw (`screen`, `split-shown`, `sheet-collapsed`, …); nil: every one.
    public var states: Set<String>?

    public init(configuration: KioskConfiguration, baseDirectory: String?) {
        self.configuration = configuration
        self.baseDirectory = baseDirectory
    }

    /// Draws everything at `size` pixels and `scale` into `directory`.
    public func render(size: PixelSize, scale: Double, into directory: String) throws(VitrineError) -> [Shot] {
        try Directory.create(directory)
        var shots: [Shot] = []
        var number = 0
        try self.walk(size: size, scale: scale) { (screen, state, over, run) throws(VitrineError) in
            number += 1
            guard self.states?.contains(state) ?? true else { return }
            let name = String(format2: number) + "-" + (over.map { $0 + "-" } ?? "") + screen + (state == "screen" ? "" : "-" + state) + ".png"
            // Unrotated, the buffer on screen is the picture: written from there, not from an
            // upright copy (a frame of memory, 8.3 MB at 1080p, beside the screen's images).
            guard let image = run.output.rotation == .none ? run.output.screen : run.screenshot else { return }
            try PNGCodec.write(image, to: directory + "/" + name)
            let shot = Shot(file: name, screen: screen, over: over, state: state)
            shots.append(shot)
            self.inspect?(shot, run.window)
        }
        try self.writeIndex(shots, size: size, scale: scale, into: directory)
        return shots
    }

    /// Shows every screen, and every sheet in each of its states, headless at `size` pixels and
    /// `scale`, in the order `render` draws them, and calls `body` with each settled: the screen
    /// it is of, the state (`Shot.state`), the screen it is shown over or in, and the run (its
    /// window, its scene). `render` draws the pictures through it; `AccessibilityAudit` checks
    /// the laid-out screens.
    public func walk(
        size: PixelSize, scale: Double, _ body: (_ screen: String, _ state: String, _ over: String?, _ run: HeadlessRunner) throws(VitrineError) -> Void
    ) throws(VitrineError) {
        let scene = KioskScene(configuration: self.configuration, baseDirectory: self.baseDirectory, registry: self.registry)
        let run = try HeadlessRunner(scene: scene, size: size, scale: scale)
        guard let controller = scene.controller else { return }
        controller.setVisitorSettings(self.visitorSettings)
        func shot(_ screen: String, _ state: String, over: String? = nil) throws(VitrineError) {
            run.settle()
            try body(screen, state, over, run)
        }
        let sheetOnly = Self.sheetOnlyScreens(self.configuration.scene)
        for screen in self.configuration.scene.screens {
            try controller.show(screen: screen.id)
            // A screen only ever seen in a sheet is drawn in its sheet (below, or on its holder).
            if !sheetOnly.contains(screen.id) { try shot(screen.id, "screen") }
            if let split = controller.topScreen?.splitSheet, let held = screen.splitSheet?.screen, !controller.isOnboardingShowing {
                split.show(true)
                try shot(held, "split-shown", over: screen.id)
                if split.detentOffsets.count > 2 {
                    split.move(to: .expanded)
                    try shot(held, "split-expanded", over: screen.id)
                }
                split.show(false, animated: false)
            }
            if let (presenter, action) = controller.presenter(of: screen.id) {
                try controller.show(screen: presenter)
                run.settle()
                controller.perform(action, from: "render")
                try shot(screen.id, "sheet-collapsed", over: presenter)
                if let sheet = controller.contentSheet, sheet.expandedHeight > sheet.collapsedHeight + 0.5 {
                    sheet.move(to: .expanded)
                    try shot(screen.id, "sheet-expanded", over: presenter)
                }
            }
        }
        // Every alert an action of a screen shows, over that screen; after the screens, so the
        // pictures before them keep their numbers when a config gains an alert.
        for screen in self.configuration.scene.screens where !sheetOnly.contains(screen.id) {
            let alerts = screen.actions.flatMap { entry in
                entry.action.steps.compactMap { step -> AlertModel? in if case .alert(let alert) = step { alert } else { nil } }
            }
            for (index, alert) in alerts.enumerated() {
                try controller.show(screen: screen.id)
                run.settle()
                controller.perform(.alert(alert), from: "render")
                try shot(screen.id, alerts.count > 1 ? "alert-\(index + 1)" : "alert")
                controller.removeAlerts()
            }
        }
    }

    /// Screens that no push, start or onboarding shows full-screen: only a content sheet presents
    /// them or a split sheet holds them.
    static func sheetOnlyScreens(_ scene: SceneModel) -> Set<String> {
        var full: Set<String> = [scene.start]
        var sheets: Set<String> = []
        if let onboarding = scene.onboarding { full.formUnion(onboarding.pages + [onboarding.completed].compactMap { $0 }) }
        for screen in scene.screens {
            if let split = screen.splitSheet { sheets.insert(split.screen) }
            for (action, _) in screen.actions {
                for step in action.steps {
                    switch step {
                    case .push(let id), .replace(let id): full.insert(id)
                    case .present(let id, _): sheets.insert(id)
                    default: break
                    }
                }
            }
        }
        return sheets.subtracting(full)
    }

    private func writeIndex(_ shots: [Shot], size: PixelSize, scale: Double, into directory: String) throws(VitrineError) {
        let json = JSONValue.object([
            ("size", .string("\(size.width)x\(size.height)")), ("scale", .number(scale)),
            (
                "shots",
                .array(
                    shots.map {
                        .object([
                            ("file", .string($0.file)), ("screen", .string($0.screen)), ("over", $0.over.map(JSONValue.string) ?? .null),
                            ("state", .string($0.state))
                        ])
                    })
            )
        ])
        try FileBytes.writeAtomically(Array((json.serialized() + "\n").utf8), to: directory + "/index.json")
        func escaped(_ text: String) -> String {
            text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
        }
        var html = "<!doctype html>\n<meta charset=\"utf-8\">\n<title>Vitrine screens</title>\n"
        html += "<style>body{font-family:sans-serif;background:#eee;margin:24px}figure{display:inline-block;margin:0 16px 24px 0;vertical-align:top}"
        html += "img{width:480px;box-shadow:0 2px 8px #0003;background:#fff}figcaption{font-size:14px;margin-top:6px}</style>\n"
        html += "<h1>\(shots.count) pictures at \(size.width)×\(size.height) px, scale \(JSONValue.number(scale).serialized())</h1>\n"
        for shot in shots {
            html +=
                "<figure><a href=\"\(escaped(shot.file))\"><img src=\"\(escaped(shot.file))\"></a><figcaption>\(escaped(shot.screen)) — \(escaped(shot.state))\(shot.over.map { " (over " + escaped($0) + ")" } ?? "")</figcaption></figure>\n"
        }
        try FileBytes.writeAtomically(Array(html.utf8), to: directory + "/index.html")
    }
}

extension String {
    /// Two or more digits: `07`.
    init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }

}
