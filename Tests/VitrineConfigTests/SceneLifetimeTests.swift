import Testing
import VitrineCore
import VitrineGestures
import VitrineGraphics
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineSystem
import VitrineUI

/// What a kiosk lets go of: a scene that is replaced (a reload, `vitrine ctl reload`, the
/// preview's save) or a window that is closed must be freed with everything it drew — views,
/// layers, decoded images, fonts — or every reload adds its size to the kiosk for good. Each test
/// keeps only `weak` references to the old objects and asserts they are gone.
@Suite("Lifetimes: a replaced scene and a closed window are freed", .serialized)
struct SceneLifetimeTests {
    /// The repository's `Examples/kiosk.json` (onboarding photos, a sheet, scroll views, buttons).
    static let example: String = {
        let file = #filePath
        let root = file[..<file.firstRange(of: "/Tests/")!.lowerBound]
        return String(root) + "/Examples/kiosk.json"
    }()

    /// The example as the panel loads it (`Examples/kiosk.json`, or `file` in `Examples/`).
    static func exampleScene(_ file: String? = nil) throws -> KioskScene {
        let path = file.map { Self.example.dropLast("kiosk.json".count) + $0 } ?? Self.example
        let loaded = try KioskConfigLoader.load(path: path)
        return KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
    }

    /// Weak references to what one mounted kiosk scene holds.
    struct Watched {
        weak var scene: KioskScene?
        weak var controller: SceneController?
        weak var images: KioskImages?
        weak var window: Window?
        weak var root: View?
        weak var navigation: NavigationStack?
        weak var fonts: FontLibrary?
        weak var frame: PixelBuffer?

        init(scene: KioskScene, window: Window?) {
            self.scene = scene
            self.controller = scene.controller
            self.images = scene.controller?.images as? KioskImages
            self.window = window
            self.root = window?.root
            self.navigation = scene.controller?.navigation
            self.frame = window?.compositor.frame
        }

        /// The names of the objects still alive.
        var alive: [String] {
            var names: [String] = []
            if self.scene != nil { names.append("KioskScene") }
            if self.controller != nil { names.append("SceneController") }
            if self.images != nil { names.append("KioskImages") }
            if self.window != nil { names.append("Window") }
            if self.root != nil { names.append("Window.root") }
            if self.navigation != nil { names.append("NavigationStack") }
            if self.frame != nil { names.append("Compositor.frame") }
            return names
        }
    }

    /// A touch frame of one finger at `point`, at `time` on `loop`.
    static func touch(_ phase: TouchContact.Phase, _ point: Point, on loop: ManualEventLoop) -> TouchFrame {
        TouchFrame(timestamp: UInt64(loop.now.nanoseconds / 1000), contacts: [TouchContact(id: 0, phase: phase, x: point.x, y: point.y)])
    }

    /// The first screen of the example that an action presents in a content sheet, with it.
    static func firstPresented(_ controller: SceneController) -> (screen: String, action: SceneAction)? {
        for screen in controller.model.screens { if let found = controller.presenter(of: screen.id) { return found } }
        return nil
    }

    @Test("a kiosk scene from Examples/kiosk.json, drawn, tapped and swiped, is freed with its window")
    func mountedSceneIsFreed() throws {
        var watched: Watched?
        try {
            let loop = ManualEventLoop()
            let window = Window(pixelSize: PixelSize(width: 640, height: 400), frameClock: FrameClock(loop: loop, refreshInterval: .seconds(1.0 / 60)))
            let scene = try Self.exampleScene()
            try scene.mount(in: window)
            loop.runUntilIdle(limit: loop.now + .seconds(5))
            // A swipe through the onboarding pager and a tap: gestures, springs, the sheet.
            window.handle(Self.touch(.began, Point(x: 500, y: 200), on: loop))
            for step in 1...10 {
                loop.advance(by: .milliseconds(8))
                window.handle(Self.touch(.moved, Point(x: 500 - Double(step) * 30, y: 200), on: loop))
            }
            window.handle(Self.touch(.ended, Point(x: 200, y: 200), on: loop))
            loop.runUntilIdle(limit: loop.now + .seconds(5))
            window.handle(Self.touch(.began, Point(x: 320, y: 360), on: loop))
            loop.advance(by: .milliseconds(40))
            window.handle(Self.touch(.ended, Point(x: 320, y: 360), on: loop))
            loop.runUntilIdle(limit: loop.now + .seconds(5))
            #expect(window.framesRendered > 0)
            watched = Watched(scene: scene, window: window)
            watched?.fonts = window.fonts
            #expect(watched?.alive.count == 7, "every watched object exists while the scene is up")
        }()
        #expect(watched?.alive == [], "still alive after the window and scene were released")
        #expect(watched?.fonts == nil, "the window's FontLibrary outlived it")
    }

    @Test(
        "a headless run of an example (vitrine render, replay, the component tests) is freed with its loop and output, its idle timer still pending",
        arguments: ["kiosk.json", "tickets/kiosk.json"])
    func headlessRunIsFreed(file: String) throws {
        weak var run: HeadlessRunner?
        weak var loop: ManualEventLoop?
        weak var output: HeadlessOutput?
        var watched: Watched?
        try {
            let scene = try Self.exampleScene(file)
            let strong = try HeadlessRunner(scene: scene, size: PixelSize(width: 640, height: 400))
            let controller = try #require(scene.controller)
            // Every screen, split sheet and content sheet, as `vitrine render` walks them.
            var presented = 0
            for screen in scene.configuration.scene.screens {
                try controller.show(screen: screen.id)
                strong.settle()
                if let split = controller.topScreen?.splitSheet, !controller.isOnboardingShowing {
                    split.show(true)
                    strong.settle()
                    split.show(false, animated: false)
                }
                if let (presenter, action) = controller.presenter(of: screen.id) {
                    try controller.show(screen: presenter)
                    strong.settle()
                    controller.perform(action, from: "test")
                    strong.settle()
                    if controller.contentSheet != nil { presented += 1 }
                }
            }
            #expect(presented > 0 || Self.firstPresented(controller) == nil, "the example's content sheets were presented")
            #expect(strong.screenshot != nil)
            run = strong
            loop = strong.loop
            output = strong.output
            watched = Watched(scene: scene, window: strong.window)
        }()
        #expect(run == nil, "the HeadlessRunner outlived its last reference")
        #expect(loop == nil, "the ManualEventLoop outlived its runner")
        #expect(output == nil, "the HeadlessOutput outlived its runner")
        #expect(watched?.alive == [], "still alive after the headless run was released")
    }

    @Test("a window with views and gesture recognizers, touched, is freed with them")
    func windowWithGesturesIsFreed() {
        weak var window: Window?
        weak var button: Button?
        weak var tap: TapGestureRecognizer?
        weak var pan: PanGestureRecognizer?
        var taps = 0
        do {
            let loop = ManualEventLoop()
            let strong = Window(pixelSize: PixelSize(width: 200, height: 200), frameClock: FrameClock(loop: loop, refreshInterval: .seconds(1.0 / 60)))
            let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            let strongPan = PanGestureRecognizer()
            strongPan.onChange = { [unowned view] _ in view.setNeedsLayout() }
            view.addGestureRecognizer(strongPan)
            let strongButton = Button(title: "Go", frame: Rect(x: 50, y: 50, width: 100, height: 40)) { taps += 1 }
            view.addSubview(strongButton)
            strong.root.addSubview(view)
            loop.runUntilIdle(limit: loop.now + .seconds(1))
            strong.handle(Self.touch(.began, Point(x: 100, y: 70), on: loop))
            loop.advance(by: .milliseconds(40))
            strong.handle(Self.touch(.ended, Point(x: 100, y: 70), on: loop))
            loop.runUntilIdle(limit: loop.now + .seconds(1))
            window = strong
            button = strongButton
            tap = strongButton.gestureRecognizers.compactMap { $0 as? TapGestureRecognizer }.first
            pan = strongPan
            #expect(tap != nil)
        }
        #expect(taps == 1)
        #expect(window == nil, "the Window outlived its last reference")
        #expect(button == nil, "the Button outlived its window")
        #expect(tap == nil, "the tap recognizer outlived its button")
        #expect(pan == nil, "the pan recognizer outlived its view")
    }

    @Test("a runner that reloads its config 5 times frees every replaced scene, its window and images, and itself at the end")
    func reloadsFreeTheOldScene() throws {
        var replaced: [Watched] = []
        weak var released: Runner?
        try {
            let runner = Runner(loop: ManualEventLoop(readsDescriptors: true), notifier: nil) { () throws(VitrineError) -> LoadedScene in
                let loaded = try KioskConfigLoader.load(path: Self.example)
                var settings = loaded.configuration.settings
                settings.display.kind = .headless
                settings.display.headlessSize = PixelSize(width: 320, height: 200)
                return LoadedScene(settings: settings, scene: KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory))
            }
            runner.controlPath = nil
            var reloads = 0
            // The loop's timers hold these closures, so they must not hold the runner.
            func reload(_ runner: Runner) {
                // A visitor has a screen up in a content sheet when the reload comes.
                let controller = (runner.scene as! KioskScene).controller!
                if let (presenter, action) = Self.firstPresented(controller) {
                    try? controller.show(screen: presenter)
                    controller.perform(action, from: "test")
                }
                #expect(controller.contentSheet != nil)
                replaced.append(Watched(scene: runner.scene as! KioskScene, window: runner.window))
                #expect(runner.reload() == nil)
                reloads += 1
                // The last: stop once the new scene's frames replaced the old one's on screen (the
                // present queue keeps the last frame it was given, to show it again on resume).
                if reloads == 5 {
                    _ = runner.loop.schedule(at: runner.loop.now + .milliseconds(200)) { [unowned runner] in runner.loop.stop() }
                    return
                }
                _ = runner.loop.schedule(at: runner.loop.now + .milliseconds(50)) { [unowned runner] in reload(runner) }
            }
            runner.onFirstFrame = { [unowned runner] _ in
                _ = runner.loop.schedule(at: runner.loop.now + .milliseconds(50)) { [unowned runner] in reload(runner) }
            }
            try runner.run(seconds: 20)
            #expect(reloads == 5)
            for (index, old) in replaced.enumerated() {
                #expect(old.alive == [], "the scene replaced by reload \(index + 1) is still alive")
            }
            #expect(runner.scene != nil)
            released = runner
        }()
        #expect(released == nil, "the Runner outlived its last reference")
    }

    @Test("a runner whose first-frame callback holds it (as vitrine run's and the bench's do) is freed after it ran")
    func firstFrameCallbackIsReleased() throws {
        weak var released: Runner?
        weak var scene: KioskScene?
        try {
            let runner = Runner(loop: ManualEventLoop(readsDescriptors: true), notifier: nil) { () throws(VitrineError) -> LoadedScene in
                let loaded = try KioskConfigLoader.load(path: Self.example)
                var settings = loaded.configuration.settings
                settings.display.kind = .headless
                settings.display.headlessSize = PixelSize(width: 320, height: 200)
                return LoadedScene(settings: settings, scene: KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory))
            }
            runner.controlPath = nil
            var frames = 0
            runner.onFirstFrame = { _ in
                frames += 1
                runner.loop.stop()
            }
            try runner.run(seconds: 20)
            #expect(frames == 1)
            released = runner
            scene = runner.scene as? KioskScene
        }()
        #expect(released == nil, "the Runner is kept alive by its own onFirstFrame")
        #expect(scene == nil, "the Runner's scene outlived it")
    }
}
