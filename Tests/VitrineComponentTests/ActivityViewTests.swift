import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineTestSupport
import VitrineUI

/// The `progress` and `spinner` views (issue 35, item 3) through the whole runtime on the manual
/// clock: what each frame damages, and that a spinner no one can see costs no frames at all.
@Suite("Progress and spinner: bound values, damage, frames only while a spinner shows")
struct ActivityViewTests {
    static let config = #"""
        {"version": 2,
         "state": {"busy": true, "done": 0},
         "screens": {
           "home": {"title": "Printing", "content": {"type": "vstack", "spacing": 24, "padding": 40, "children": [
             {"type": "spinner", "id": "spinner", "visible": {"bind": "state.busy"}},
             {"type": "progress", "id": "bar", "value": {"bind": "state.done / 10"}},
             {"type": "text", "text": "Your ticket is printing"},
             {"type": "button", "id": "next", "title": "Next", "action": {"push": "other"}}]}},
           "other": {"title": "Other", "content": {"type": "text", "text": "Nothing moves here"}}}}
        """#

    /// A run of `config` with every frame (drawn or dark) and every presented damage counted.
    final class Recorder {
        let kiosk: KioskRun
        var frames = 0
        var damages: [Region] = []

        init(_ config: String = ActivityViewTests.config) throws {
            let fixture = try FixtureFolder()
            let path = try fixture.write(config)
            let loaded = try KioskConfigLoader.load(path: path)
            #expect(loaded.warnings.isEmpty, "\(loaded.warningLines)")
            self.kiosk = try KioskRun(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
            let window = self.kiosk.run.window
            let present = window.present
            window.present = { [unowned self] frame, damage in
                self.damages.append(damage)
                present?(frame, damage)
            }
            window.onFrame = { [unowned self] _ in self.frames += 1 }
        }

        var run: HeadlessRunner { self.kiosk.run }

        func reset() {
            self.frames = 0
            self.damages = []
        }

        /// The view's rectangle on screen in pixels (outward).
        func pixels(of id: String) throws -> PixelRect {
            let view = try #require(self.kiosk.view(id))
            return view.windowFrame.pixelBounds(scale: self.run.window.scale)
        }

        func set(_ name: String, _ value: JSONValue) {
            self.kiosk.controller.stateValues[name] = value
        }
    }

    @Test("a showing spinner draws every frame, and each frame's damage is its own rectangle")
    func spinnerDamagesItself() throws {
        let recorder = try Recorder()
        let spinner = try #require(recorder.kiosk.view("spinner") as? Spinner)
        #expect(spinner.frame.size == Size(width: 48, height: 48) || spinner.frame.height == 48)
        let rect = try recorder.pixels(of: "spinner")
        recorder.reset()
        recorder.run.advance(2)
        // 60 Hz for 2 s: every refresh drew a frame.
        #expect(recorder.frames >= 119 && recorder.frames <= 121, "\(recorder.frames) frames in 2 s")
        #expect(recorder.damages.count == recorder.frames, "every frame presented something")
        for damage in recorder.damages {
            #expect(damage.rects.allSatisfy { rect.intersection($0) == $0 }, "damage \(damage.bounds) outside the spinner's \(rect)")
        }
        #expect(recorder.damages.contains { $0.bounds.area > rect.area / 4 }, "the arc moved across the spinner")
    }

    @Test("the spinner's pixels change from frame to frame and come back to the same picture at the same time")
    func spinnerAnimates() throws {
        let recorder = try Recorder()
        let rect = try recorder.pixels(of: "spinner")
        func crop() throws -> [UInt32] {
            let screen = try #require(recorder.run.screenshot)
            var pixels: [UInt32] = []
            for y in rect.minY..<rect.maxY { for x in rect.minX..<rect.maxX { pixels.append(screen[x, y]) } }
            return pixels
        }
        let first = try crop()
        recorder.run.advance(0.25)
        let later = try crop()
        #expect(first != later, "the arc moved in 250 ms")
        // The arc is a function of the frame's time: the same time, the same arc.
        let a = Spinner.arc(at: 12.5)
        let b = Spinner.arc(at: 12.5)
        #expect(a == b)
        #expect(a.sweep >= Spinner.shortestArc - 1e-9 && a.sweep <= Spinner.longestArc + 1e-9)
        // It never runs backwards: the tail only moves on (clockwise) over a whole arc period.
        var previous = Spinner.arc(at: 0)
        var turned = 0.0
        for step in 1...400 {
            let now = Spinner.arc(at: Double(step) / 60)
            var delta = now.start - previous.start
            if delta < -Double.pi { delta += 2 * .pi }
            #expect(delta >= -1e-9, "the tail went back at frame \(step)")
            turned += delta
            previous = now
        }
        #expect(turned > 2 * .pi, "more than a turn in 6.7 s")
    }

    @Test(
        "no frame at all over 30 s of the manual clock while the spinner is hidden by visible, pushed under another screen, or on a blank panel; it animates again when it shows"
    )
    func hiddenSpinnerCostsNothing() throws {
        let recorder = try Recorder()
        let run = recorder.run

        // Hidden by its `visible` bind.
        recorder.set("busy", .bool(false))
        run.advance(0.5)  // the frame that takes it away
        #expect(recorder.kiosk.view("spinner") == nil)
        recorder.reset()
        run.advance(30)
        #expect(recorder.frames == 0, "\(recorder.frames) frames with the spinner hidden")
        #expect(run.output.frameClock.frameRequested == false)

        // Shown again: it animates at once.
        recorder.set("busy", .bool(true))
        run.advance(1)
        #expect(recorder.frames >= 59, "\(recorder.frames) frames in 1 s once shown again")

        // Pushed under another screen.
        let next = try #require(recorder.kiosk.view("next"))
        recorder.kiosk.tap(next)
        #expect(recorder.kiosk.front == "other")
        run.advance(1)
        recorder.reset()
        run.advance(30)
        #expect(recorder.frames == 0, "\(recorder.frames) frames with the spinner's screen under another")

        // Back: it animates again.
        recorder.kiosk.controller.perform(.pop, from: "test")
        run.advance(1)
        #expect(recorder.kiosk.front == "home")
        recorder.reset()
        run.advance(1)
        #expect(recorder.frames >= 59, "\(recorder.frames) frames in 1 s after coming back")

        // A blank panel: no frame drawn, and no dark frame asked for either.
        run.runner.blank()
        run.advance(0.5)
        recorder.reset()
        let flips = run.output.flipCount
        run.advance(30)
        #expect(recorder.frames == 0, "\(recorder.frames) frames (drawn or dark) while blank")
        #expect(run.output.flipCount == flips)
        run.runner.wake()
        recorder.reset()
        run.advance(1)
        #expect(recorder.frames >= 59, "\(recorder.frames) frames in 1 s after waking")
    }

    @Test("a spinner on the first screen costs no frames while the onboarding covers it, and turns once the onboarding is finished")
    func spinnerUnderOnboarding() throws {
        let config = #"""
            {"version": 2, "start": "home",
             "onboarding": {"pages": ["welcome"]},
             "screens": {
               "welcome": {"title": "Welcome", "background": "#0059C1", "content": {"type": "button", "title": "Start", "action": "finishOnboarding"}},
               "home": {"title": "Home", "content": {"type": "vstack", "padding": 40, "children": [{"type": "spinner", "id": "spinner"}]}}}}
            """#
        let recorder = try Recorder(config)
        #expect(recorder.kiosk.controller.isOnboardingShowing)
        recorder.reset()
        recorder.run.advance(10)
        #expect(recorder.frames == 0, "\(recorder.frames) frames with the onboarding over the spinner")
        recorder.kiosk.controller.perform(.finishOnboarding, from: "test")
        recorder.run.advance(2)
        #expect(!recorder.kiosk.controller.isOnboardingShowing)
        recorder.reset()
        recorder.run.advance(1)
        #expect(recorder.frames >= 59, "\(recorder.frames) frames in 1 s once the onboarding is gone")
    }

    @Test("a spinner scrolled out of a scroll view's clip costs no frames")
    func scrolledAwaySpinner() throws {
        let config = #"""
            {"version": 2, "screens": {"home": {"title": "Long", "content": {"type": "vstack", "children": [
              {"type": "spacer", "height": 2000},
              {"type": "spinner", "id": "spinner"}]}}}}
            """#
        let recorder = try Recorder(config)
        recorder.reset()
        recorder.run.advance(10)
        #expect(recorder.frames == 0, "\(recorder.frames) frames for a spinner 2000 points below the screen")
    }

    @Test("a spinner under an opaque view costs no frames; moved half out from under it, it turns again, and its frames damage only what shows of it")
    func coveredSpinner() {
        let loop = ManualEventLoop()
        let clock = FrameClock(loop: loop, refreshInterval: .milliseconds(1000.0 / 60))
        let window = Window(pixelSize: PixelSize(width: 400, height: 300), frameClock: clock)
        var damages: [Region] = []
        window.present = { _, damage in damages.append(damage) }
        let spinner = Spinner(frame: Rect(x: 20, y: 20, width: 48, height: 48))
        window.root.addSubview(spinner)
        loop.advance(by: .seconds(1))
        var before = window.framesRendered
        loop.advance(by: .seconds(1))
        #expect(window.framesRendered - before >= 59, "showing: \(window.framesRendered - before) frames in 1 s")

        let cover = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        cover.backgroundColor = Theme().surface
        window.root.addSubview(cover)
        loop.advance(by: .seconds(0.5))
        before = window.framesRendered
        loop.advance(by: .seconds(10))
        #expect(window.framesRendered == before, "covered: \(window.framesRendered - before) frames in 10 s")
        #expect(!clock.frameRequested)

        // A translucent cover hides nothing: the spinner shows through and turns.
        cover.backgroundColor = Color(white: 1, alpha: 0.5)
        loop.advance(by: .seconds(0.5))
        before = window.framesRendered
        loop.advance(by: .seconds(1))
        #expect(window.framesRendered - before >= 59, "under a translucent view: \(window.framesRendered - before) frames")

        cover.backgroundColor = Theme().surface
        cover.frame = Rect(x: 44, y: 0, width: 200, height: 200)
        loop.advance(by: .seconds(0.5))
        before = window.framesRendered
        damages = []
        loop.advance(by: .seconds(1))
        #expect(window.framesRendered - before >= 59, "half covered: \(window.framesRendered - before) frames")
        let spinnerPixels = spinner.windowFrame.pixelBounds(scale: 1)
        #expect(damages.allSatisfy { $0.rects.allSatisfy { spinnerPixels.intersection($0) == $0 } })
    }

    @Test("a bound progress bar follows the state: its fill moves, and only the bar's rectangle is damaged")
    func progressFollowsState() throws {
        let recorder = try Recorder()
        recorder.set("busy", .bool(false))  // no spinner frames in the way
        recorder.run.advance(0.5)
        let bar = try #require(recorder.kiosk.view("bar") as? ProgressBar)
        #expect(bar.progress == 0 && bar.fill.frame.width == 0)
        #expect(bar.frame.height == ProgressBar.standardHeight)
        let rect = try recorder.pixels(of: "bar")
        for (done, fraction) in [(4.0, 0.4), (10, 1), (15, 1), (-3, 0)] {
            recorder.reset()
            recorder.set("done", .number(done))
            recorder.run.advance(0.5)
            #expect(bar.progress == done / 10)
            #expect(abs(bar.fill.frame.width - bar.frame.width * fraction) < 1e-9, "\(done): fill \(bar.fill.frame.width)")
            #expect(recorder.frames <= 2, "\(recorder.frames) frames for one change")
            let damaged = recorder.damages.reduce(Region()) { $0.union($1) }
            #expect(damaged.rects.allSatisfy { rect.intersection($0) == $0 }, "\(done): damage \(damaged.bounds) outside the bar's \(rect)")
            if done == 4 { #expect(!damaged.isEmpty) }
        }
        // Not a number: empty, as NaN is.
        recorder.set("done", .string("lots"))
        recorder.run.advance(0.5)
        #expect(bar.progress.isNaN && bar.fraction == 0 && bar.fill.frame.width == 0)
    }

    @Test(
        "in both palettes the bar's fill reads at 3:1 or more against its track and the background, and the spinner's arc against the background (WCAG 2.2 SC 1.4.11)"
    )
    func contrast() {
        for palette in Theme.Palette.allCases {
            let theme = Theme(palette: palette)
            let bar = ProgressBar(theme: theme)
            let fill = bar.fill.backgroundColor!
            #expect(fill.contrastRatio(with: bar.track.backgroundColor!) >= 3, "\(palette): fill on track")
            #expect(fill.contrastRatio(with: theme.background) >= 3, "\(palette): fill on the background")
            #expect(Spinner(theme: theme).color.contrastRatio(with: theme.background) >= 3, "\(palette): arc on the background")
        }
    }

    @Test("speech says a bar's value in percent and a spinner's activity, in the kiosk's language")
    func spokenDescriptions() {
        let bar = ProgressBar(frame: Rect(x: 0, y: 0, width: 200, height: 8))
        bar.progress = 0.4
        let english = AccessibilityPhrases(language: "en")
        #expect(SpokenDescription.text(for: bar, phrases: english) == "40 percent, progress bar")
        bar.progress = .nan
        #expect(SpokenDescription.text(for: bar, phrases: AccessibilityPhrases(language: "de")) == "0 Prozent, Fortschrittsbalken")
        bar.accessibilityLabel = "Printing your ticket"
        bar.progress = 1.7
        #expect(SpokenDescription.text(for: bar, phrases: english) == "Printing your ticket, 100 percent, progress bar")
        let spinner = Spinner()
        #expect(SpokenDescription.text(for: spinner, phrases: english) == "in progress, progress bar")
        spinner.accessibilityLabel = "Loading the map"
        #expect(SpokenDescription.text(for: spinner, phrases: AccessibilityPhrases(language: "fr")) == "Loading the map, en cours, barre de progression")
        // Each is one element of the screen: the bar's track and fill are not elements.
        let window = Window(pixelSize: PixelSize(width: 400, height: 300), frameClock: nil)
        let unlabelled = ProgressBar(frame: Rect(x: 20, y: 20, width: 200, height: 8))
        window.root.addSubview(unlabelled)
        window.root.addSubview(spinner)
        spinner.frame = Rect(x: 20, y: 60, width: 48, height: 48)
        #expect(window.accessibilityElements().map { ObjectIdentifier($0) } == [ObjectIdentifier(unlabelled), ObjectIdentifier(spinner)])
        #expect(window.accessibilityElement(at: Point(x: 40, y: 24)) === unlabelled)
    }
}
