import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineTestSupport
import VitrineUI

/// The toggle, the slider and the segmented control (issue 35, item 4): each bound to a state
/// value, driven through touch scripts replayed on a headless window with a manual clock, keys,
/// speech mode, the hit-target audit and goldens in both palettes.
@Suite("Config: toggle, slider and segmented control bound to state")
struct ControlsTests {
    static let config = #"""
        {"version": 2, "languages": ["en", "de"],
         "state": {"audioGuide": false, "volume": 40, "ticket": "adult"},
         "screens": {"home": {"title": {"en": "Settings", "de": "Einstellungen"}, "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
            {"type": "toggle", "id": "guide", "title": {"en": "Audio guide", "de": "Audioguide"}, "bind": "state.audioGuide"},
            {"type": "slider", "id": "volume", "bind": "state.volume", "min": 0, "max": 100, "step": 5, "accessibilityLabel": {"en": "Volume", "de": "Lautstärke"}},
            {"type": "segmented", "id": "ticket", "bind": "state.ticket", "options": [
               {"value": "adult", "title": {"en": "Adult", "de": "Erwachsene"}},
               {"value": "child", "title": {"en": "Child", "de": "Kind"}},
               {"value": "senior", "title": {"en": "Senior", "de": "Senioren"}}]},
            {"type": "text", "id": "summary", "text": {"bind": "state.ticket + (state.audioGuide ? ' with guide' : '') + ' at ' + state.volume"}}]}}}}
        """#

    /// A kiosk running `config` on a 480 × 400 headless window.
    final class Kiosk {
        let fixture: ConfigFixture
        let scene: KioskScene
        let run: HeadlessRunner

        init(_ config: String, size: PixelSize = PixelSize(width: 480, height: 400)) throws {
            self.fixture = try ConfigFixture()
            let loaded = try KioskConfigLoader.load(path: try self.fixture.write(config))
            self.scene = KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
            self.run = try HeadlessRunner(scene: self.scene, size: size)
            _ = self.run.settle()
        }

        func view<T: View>(_ id: String, as type: T.Type = T.self) throws -> T {
            try #require(SceneController.frontmostView(identified: id, in: self.run.window.root) as? T, "no \(T.self) \(id)")
        }

        func state(_ name: String) -> JSONValue? { self.scene.state()["state"]?[name] }

        /// Replays a touch script: one finger down at `points[0]`, moving through the others
        /// 16 ms apart, lifting at the last; then lets everything settle.
        func stroke(_ points: [Point]) throws {
            var events: [String] = []
            for (index, point) in points.enumerated() {
                let phase = index == 0 ? "down" : "move"
                events.append(#"{"t": \#(index * 16), "id": 0, "phase": "\#(phase)", "x": \#(point.x), "y": \#(point.y)}"#)
            }
            events.append(#"{"t": \#(points.count * 16), "id": 0, "phase": "up"}"#)
            let path = try self.fixture.write("[" + events.joined(separator: ",\n") + "]\n", as: "stroke.json")
            try self.run.replay(path)
            _ = self.run.settle()
        }

        func tap(_ point: Point) throws { try self.stroke([point]) }

        /// A drag from `start` by `dx`, `dy` in `steps` even moves.
        func drag(from start: Point, dx: Double, dy: Double, steps: Int = 12) throws {
            try self.stroke((0...steps).map { Point(x: start.x + dx * Double($0) / Double(steps), y: start.y + dy * Double($0) / Double(steps)) })
        }

        func key(_ key: KeyEvent.Key) {
            self.run.window.handle(KeyEvent(key, timestamp: UInt64(self.run.loop.now.microseconds), device: "keyboard"))
            self.run.advance(1)
        }

        var summary: String? { (try? self.view("summary", as: Label.self))?.text }
    }

    @Test("a tap anywhere on the toggle's row turns the state boolean over, the thumb sliding on its spring; Enter on it does too")
    func toggleFlips() throws {
        let kiosk = try Kiosk(Self.config)
        let toggle = try kiosk.view("guide", as: ToggleView.self)
        #expect(!toggle.isOn && kiosk.state("audioGuide") == .bool(false))
        let row = toggle.windowFrame
        #expect(row.height >= 44, "\(row)")
        // On the title, far from the switch.
        let thumbOff = toggle.thumb.windowFrame.minX
        try kiosk.tap(Point(x: row.minX + 10, y: row.midY))
        #expect(toggle.isOn && kiosk.state("audioGuide") == .bool(true))
        #expect(toggle.thumb.windowFrame.minX == thumbOff + ToggleView.switchSize.width - ToggleView.switchSize.height, "the thumb came to rest at the right")
        #expect(kiosk.summary == "adult with guide at 40")
        // A tap on the switch itself turns it back.
        try kiosk.stroke([Point(x: toggle.track.windowFrame.midX, y: row.midY)])
        #expect(!toggle.isOn && kiosk.state("audioGuide") == .bool(false))
        #expect(toggle.thumb.windowFrame.minX == thumbOff)
        kiosk.key(.tab)
        #expect(kiosk.run.window.focusedView === toggle)
        kiosk.key(.enter)
        #expect(kiosk.state("audioGuide") == .bool(true))
        #expect(toggle.flipCount == 3)
        // A set from elsewhere (the control socket here) moves the switch.
        _ = try kiosk.scene.control("set", arguments: .object([("path", .string("state.audioGuide")), ("value", .bool(false))]))
        _ = kiosk.run.settle()
        #expect(!toggle.isOn)
    }

    @Test("the toggle's thumb slides: between the ends mid-spring, at rest at the end")
    func toggleAnimates() throws {
        let kiosk = try Kiosk(Self.config)
        let toggle = try kiosk.view("guide", as: ToggleView.self)
        let start = toggle.thumb.frame.minX
        let travel = ToggleView.switchSize.width - ToggleView.switchSize.height
        _ = toggle.activate()
        kiosk.run.advance(0.05)
        let mid = toggle.thumb.frame.minX
        #expect(mid > start && mid < start + travel, "50 ms in, the thumb is at \(mid), between \(start) and \(start + travel)")
        _ = kiosk.run.settle()
        #expect(toggle.thumb.frame.minX == start + travel)
    }

    @Test("the slider follows a drag in steps, jumps to a tapped point of its track, and steps with the arrow keys")
    func sliderDragTapKeys() throws {
        let kiosk = try Kiosk(Self.config)
        let slider = try kiosk.view("volume", as: SliderView.self)
        let frame = slider.windowFrame
        #expect(frame.height >= 44)
        let inset = SliderView.thumbDiameter / 2
        let length = frame.width - 2 * inset
        func x(_ value: Double) -> Double { frame.minX + inset + length * value / 100 }
        #expect(abs(slider.thumb.windowFrame.midX - x(40)) < 0.01)
        // Grabbed on the thumb and dragged 20 % of the track right: 40 → 60.
        try kiosk.drag(from: Point(x: x(40) + 3, y: frame.midY), dx: length * 0.2, dy: 0)
        #expect(kiosk.state("volume") == .number(60))
        #expect(abs(slider.thumb.windowFrame.midX - x(60)) < 0.01)
        // Values land on the steps of 5: a drag to 71.7 % gives 70.
        try kiosk.drag(from: Point(x: x(60), y: frame.midY), dx: length * 0.117, dy: 2)
        #expect(kiosk.state("volume") == .number(70))
        // A tap on the track at 23 %: the thumb goes there (on a step: 25).
        try kiosk.tap(Point(x: x(23), y: frame.midY + 15))
        #expect(kiosk.state("volume") == .number(25))
        // Dragged past the end: the maximum, not beyond.
        try kiosk.drag(from: Point(x: x(25), y: frame.midY), dx: length, dy: 0)
        #expect(kiosk.state("volume") == .number(100))
        #expect(kiosk.summary == "adult at 100")
        // Keys: Tab to it, left steps down, right up, Home to the minimum; up and down leave it.
        kiosk.key(.tab)
        kiosk.key(.tab)
        #expect(kiosk.run.window.focusedView === slider)
        kiosk.key(.left)
        #expect(kiosk.state("volume") == .number(95))
        kiosk.key(.right)
        kiosk.key(.right)
        #expect(kiosk.state("volume") == .number(100))
        kiosk.key(.home)
        #expect(kiosk.state("volume") == .number(0))
        kiosk.key(.down)
        #expect(kiosk.run.window.focusedView !== slider && kiosk.state("volume") == .number(0), "down moves the focus on, no keyboard trap")
    }

    @Test("a mapped keypad adjusts a slider: select starts it, up and down step it and say the value, select ends it, and up and down walk on again")
    func keypadAdjustsSlider() throws {
        let config = Self.config.replacing(
            #""version": 2,"#, with: #""version": 2, "accessibility": {"keys": {"KP_Up": "up", "KP_Down": "down", "KP_Begin": "select", "KP_Insert": "back"}},"#
        )
        let kiosk = try Kiosk(config)
        let slider = try kiosk.view("volume", as: SliderView.self)
        let sceneController = kiosk.scene.controller
        let controller = try #require(sceneController)
        controller.setSpeechMode(true)
        kiosk.run.advance(1)
        kiosk.run.window.focus(try kiosk.view("guide", as: ToggleView.self), showingRing: true)
        kiosk.key(.other("KP_Down"))
        #expect(kiosk.run.window.focusedView === slider)
        #expect(controller.transcript.last?.text == "Volume, 40, slider")
        kiosk.key(.other("KP_Begin"))
        kiosk.run.advance(1)
        #expect(slider.isAdjusting)
        #expect(controller.transcript.last?.text == "Volume, 40, slider, adjusting: up and down change it, select to finish")
        kiosk.key(.other("KP_Up"))
        kiosk.key(.other("KP_Up"))
        #expect(kiosk.state("volume") == .number(50) && controller.transcript.last?.text == "50")
        kiosk.key(.other("KP_Down"))
        #expect(kiosk.state("volume") == .number(45) && kiosk.run.window.focusedView === slider)
        kiosk.key(.other("KP_Begin"))
        #expect(!slider.isAdjusting)
        kiosk.key(.other("KP_Down"))
        #expect(kiosk.run.window.focusedView !== slider && kiosk.state("volume") == .number(45), "down walks on once adjusting ended")
        // Back ends adjusting without leaving the screen; the focus leaving ends it too.
        kiosk.key(.other("KP_Up"))
        kiosk.key(.other("KP_Begin"))
        kiosk.key(.other("KP_Insert"))
        #expect(!slider.isAdjusting && kiosk.run.window.focusedView === slider)
        kiosk.key(.other("KP_Begin"))
        kiosk.run.window.focus(nil)
        #expect(!slider.isAdjusting)
    }

    @Test("a bound value outside the slider's range shows at the end it passed, and the state keeps it until the visitor moves the slider")
    func sliderClamps() throws {
        let kiosk = try Kiosk(Self.config)
        let slider = try kiosk.view("volume", as: SliderView.self)
        let frame = slider.windowFrame
        let inset = SliderView.thumbDiameter / 2
        _ = try kiosk.scene.control("set", arguments: .object([("path", .string("state.volume")), ("value", .number(250))]))
        _ = kiosk.run.settle()
        #expect(slider.value == 100 && kiosk.state("volume") == .number(250))
        #expect(abs(slider.thumb.windowFrame.midX - (frame.maxX - inset)) < 0.01)
        _ = try kiosk.scene.control("set", arguments: .object([("path", .string("state.volume")), ("value", .number(-3))]))
        _ = kiosk.run.settle()
        #expect(slider.value == 0)
        #expect(abs(slider.thumb.windowFrame.midX - (frame.minX + inset)) < 0.01)
        // Stepped from what it shows.
        slider.window?.focus(slider)
        kiosk.key(.right)
        #expect(kiosk.state("volume") == .number(5))
    }

    static let scrollConfig = #"""
        {"version": 2, "state": {"volume": 50},
         "screens": {"home": {"title": "Sound", "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
            {"type": "text", "text": "Volume"},
            {"type": "slider", "id": "volume", "bind": "state.volume", "min": 0, "max": 100, "step": 1},
            {"type": "spacer", "height": 1200},
            {"type": "text", "text": "The end"}]}}}}
        """#

    @Test(
        "a horizontal slider in a vertical scroll: a mostly horizontal drag moves the slider, not the page; a mostly vertical one scrolls the page, not the value"
    )
    func sliderInsideScroll() throws {
        let kiosk = try Kiosk(Self.scrollConfig)
        let slider = try kiosk.view("volume", as: SliderView.self)
        var ancestor = slider.superview
        while let current = ancestor, !(current is ScrollView) { ancestor = current.superview }
        let scroll = try #require(ancestor as? ScrollView, "the screen's content scrolls")
        #expect(scroll.maximumOffset > 500)
        let frame = slider.windowFrame
        let length = frame.width - SliderView.thumbDiameter
        // Mostly horizontal, with some vertical wander: the slider takes it.
        try kiosk.drag(from: Point(x: slider.thumb.windowFrame.midX, y: frame.midY), dx: length * 0.3, dy: -12)
        #expect(kiosk.state("volume") == .number(80))
        #expect(scroll.contentOffset == 0, "the page stayed")
        // Mostly vertical, starting on the thumb, its first move past the sideways slop too (20
        // points across, 75 up): the slider lets it go, the page scrolls, the value stays.
        try kiosk.drag(from: Point(x: slider.thumb.windowFrame.midX, y: frame.midY), dx: 40, dy: -150, steps: 2)
        #expect(kiosk.state("volume") == .number(80))
        #expect(scroll.contentOffset > 100, "the page scrolled to \(scroll.contentOffset)")
        #expect(kiosk.run.window.arenaContestCount == 0)
    }

    @Test("a tap on a segment chooses it: the state takes its value (a string or a number), the indicator slides there")
    func segmentedSelects() throws {
        let kiosk = try Kiosk(Self.config)
        let control = try kiosk.view("ticket", as: SegmentedView.self)
        #expect(control.selectedIndex == 0)
        let segments = control.segments.map(\.windowFrame)
        #expect(Set(segments.map { ($0.width * 100).rounded() }).count == 1, "equal widths: \(segments)")
        for segment in segments { #expect(segment.width >= 44 && segment.height >= 44, "\(segment)") }
        try kiosk.tap(Point(x: segments[2].midX, y: segments[2].midY))
        #expect(kiosk.state("ticket") == .string("senior") && control.selectedIndex == 2)
        #expect(control.indicator.windowFrame == segments[2])
        #expect(kiosk.summary == "senior at 40")
        // Mid-slide, the indicator is between its old and new segments.
        _ = control.segments[0].activate()
        kiosk.run.advance(0.05)
        let x = control.indicator.windowFrame.minX
        #expect(x < segments[2].minX && x > segments[0].minX, "\(x)")
        _ = kiosk.run.settle()
        #expect(control.indicator.windowFrame == segments[0] && kiosk.state("ticket") == .string("adult"))

        let numbers = #"""
            {"version": 2, "state": {"zone": 1},
             "screens": {"home": {"title": "Zones", "content": {"type": "vstack", "padding": 24, "children": [
                {"type": "segmented", "id": "zone", "bind": "state.zone", "options": [{"value": 1, "title": "1"}, {"value": 2, "title": "1–2"}, {"value": 3, "title": "1–3"}]}]}}}}
            """#
        let zones = try Kiosk(numbers)
        let zone = try zones.view("zone", as: SegmentedView.self)
        try zones.tap(Point(x: zone.segments[1].windowFrame.midX, y: zone.segments[1].windowFrame.midY))
        #expect(zones.state("zone") == .number(2))
    }

    @Test("the hit-target audit knows each control and each passes: the toggle's row, the slider, every segment")
    func hitTargets() throws {
        let kiosk = try Kiosk(Self.config)
        let findings = HitTargetAudit.audit(kiosk.run.window)
        let names = findings.map(\.name)
        for name in ["guide", "volume", "button \"Adult\"", "button \"Child\"", "button \"Senior\""] {
            #expect(names.contains(name), "\(name) not audited: \(names)")
        }
        let failed = findings.filter { !$0.isLargeEnough }
        #expect(failed.isEmpty, "\(failed)")
    }

    @Test("speech mode says each control: its label, value, role and state, in the kiosk's language; a stepped slider says its new value")
    func speech() throws {
        let kiosk = try Kiosk(Self.config)
        let english = AccessibilityPhrases(language: "en")
        let toggle = try kiosk.view("guide", as: ToggleView.self)
        let slider = try kiosk.view("volume", as: SliderView.self)
        let control = try kiosk.view("ticket", as: SegmentedView.self)
        #expect(SpokenDescription.text(for: toggle, phrases: english) == "Audio guide, switch, off")
        #expect(SpokenDescription.text(for: slider, phrases: english) == "Volume, 40, slider")
        #expect(SpokenDescription.text(for: control.segments[0], phrases: english) == "Adult, button, selected, 1 of 3")
        #expect(SpokenDescription.text(for: control.segments[1], phrases: english) == "Child, button, 2 of 3")
        let sceneController = kiosk.scene.controller
        let controller = try #require(sceneController)
        controller.setSpeechMode(true)
        kiosk.run.advance(1)
        kiosk.run.window.focus(toggle, showingRing: true)
        kiosk.run.advance(1)
        #expect(controller.transcript.last?.text == "Audio guide, switch, off")
        kiosk.key(.enter)
        kiosk.run.advance(1)
        #expect(controller.transcript.last?.text == "Audio guide, switch, on")
        kiosk.run.window.focus(slider, showingRing: true)
        kiosk.run.advance(1)
        #expect(controller.transcript.last?.text == "Volume, 40, slider")
        kiosk.key(.right)
        #expect(kiosk.state("volume") == .number(45))
        #expect(controller.transcript.last?.text == "45")
        // In German: the words and the titles.
        controller.perform(.setLanguage("de"), from: "test")
        _ = kiosk.run.settle()
        let german = AccessibilityPhrases(language: "de")
        let toggleDE = try kiosk.view("guide", as: ToggleView.self)
        #expect(SpokenDescription.text(for: toggleDE, phrases: german) == "Audioguide, Schalter, ein")
        let sliderDE = try kiosk.view("volume", as: SliderView.self)
        #expect(SpokenDescription.text(for: sliderDE, phrases: german) == "Lautstärke, 45, Schieberegler")
        let controlDE = try kiosk.view("ticket", as: SegmentedView.self)
        #expect(controlDE.segments.map(\.title) == ["Erwachsene", "Kind", "Senioren"])
    }

    @Test("check-config names the field of a control's mistake")
    func configErrors() throws {
        let fixture = try ConfigFixture()
        func errors(_ view: String, state: String = #"{"on": false, "volume": 5, "ticket": "adult"}"#) -> [String] {
            let text =
                #"{"version": 2, "state": "# + state + #", "screens": {"home": {"title": "T", "content": {"type": "vstack", "children": ["# + view
                + "]}}}}"
            return ConfigFixture.describe(fixture.check(text).errors)
        }
        let at = "screens.home.content.children[0]"
        #expect(
            errors(#"{"type": "slider", "bind": "state.volume", "min": 10, "max": 0}"#) == [
                "\(at).max: must be above min (10): a slider needs a range to move along"
            ])
        #expect(errors(#"{"type": "slider", "bind": "state.volume", "step": 0}"#) == ["\(at).step: expected a number above 0 and at most 1000000000, found 0"])
        #expect(
            errors(#"{"type": "slider", "bind": "state.volume", "step": -1}"#) == ["\(at).step: expected a number above 0 and at most 1000000000, found -1"])
        #expect(errors(#"{"type": "slider", "bind": "state.volume", "min": "low"}"#) == ["\(at).min: expected a number, found a string"])
        let huge = errors(#"{"type": "slider", "bind": "state.volume", "max": 1e999}"#)
        // JSON has no NaN or infinity; a number past a double is the parser's error, with its place.
        #expect(huge.count == 1 && huge.first?.hasSuffix("number 1e999 is out of range") == true, "\(huge)")
        #expect(
            errors(#"{"type": "slider", "bind": "state.volume", "step": 1000}"#) == [
                "\(at).step: 1000 is more than the range (100): the thumb could only sit at the ends"
            ])
        #expect(errors(#"{"type": "slider", "bind": "state.ticket"}"#) == [#"\#(at).bind: state.ticket is a string (its default); a slider sets a number"#])
        #expect(
            errors(#"{"type": "slider", "bind": "volume"}"#) == [
                #"\#(at).bind: "volume" is not a state value: write "state.volume" (a control sets a value of the top-level "state")"#
            ])
        #expect(
            errors(#"{"type": "toggle", "title": "Guide", "bind": "state.volume"}"#) == [
                "\(at).bind: state.volume is a number (its default); a toggle turns a boolean (true or false) over"
            ])
        #expect(
            errors(#"{"type": "toggle", "title": "Guide", "bind": "state.of"}"#) == [
                #"\#(at).bind: "of" is not one of the state's values (on, volume, ticket) (did you mean on?)"#
            ])
        #expect(errors(#"{"type": "toggle", "bind": "state.on"}"#) == ["\(at).title: missing"])
        let one = #"{"type": "segmented", "bind": "state.ticket", "options": [{"value": "adult", "title": "Adult"}]}"#
        #expect(errors(one) == ["\(at).options: has 1 option; a segmented control has 2 to 5 (more choices read better as a list)"])
        let six = (1...6).map { #"{"value": "v\#($0)", "title": "V\#($0)"}"# }.joined(separator: ", ")
        #expect(
            errors(#"{"type": "segmented", "bind": "state.ticket", "options": [\#(six)]}"#)
                == ["\(at).options: has 6 options; a segmented control has 2 to 5 (more choices read better as a list)"])
        let mixed = #"{"type": "segmented", "bind": "state.ticket", "options": [{"value": "adult", "title": "Adult"}, {"value": 2, "title": "Child"}]}"#
        #expect(errors(mixed) == ["\(at).options: 2 is a number but state.ticket is a string (its default): give every option's value the state's kind"])
        let twice = #"{"type": "segmented", "bind": "state.ticket", "options": [{"value": "adult", "title": "Adult"}, {"value": "adult", "title": "Child"}]}"#
        #expect(errors(twice) == [#"\#(at).options[1].value: "adult" is the value of an option before it: each segment needs its own"#])
        #expect(errors(#"{"type": "segmented", "bind": "state.ticket"}"#).first?.hasPrefix("\(at).options: missing: the segments") == true)
        #expect(errors(#"{"type": "toggle", "title": "Guide", "bind": "state.on"}"#, state: "null").isEmpty == false)
        // Warnings: a start outside the range, a start matching no option.
        let warnings = ConfigFixture.describe(
            fixture.check(
                #"{"version": 2, "state": {"volume": 500, "ticket": "family"}, "screens": {"home": {"title": "T", "content": {"type": "vstack", "children": [{"type": "slider", "bind": "state.volume"}, {"type": "segmented", "bind": "state.ticket", "options": [{"value": "adult", "title": "Adult"}, {"value": "child", "title": "Child"}]}]}}}}"#
            ).warnings)
        #expect(
            warnings == [
                "screens.home.content.children[0].bind: state.volume starts at 500, outside min and max: the thumb shows it at the end it passed",
                #"screens.home.content.children[1].bind: state.ticket starts at "family", none of the options: no segment is chosen until one is tapped"#
            ])
    }

    @Test("the accessibility audit: the controls pass when labelled and translated; a slider without a label and a segment written once are found")
    func accessibilityAudit() throws {
        let fixture = try ConfigFixture()
        func findings(_ config: String) throws -> [String] {
            let path = try fixture.write(config)
            let check = try KioskConfigLoader.load(path: path)
            return try AccessibilityAudit(check: check).run().findings.filter { $0.level != .notice }.map(\.description)
        }
        let clean = try findings(Self.config)
        #expect(clean == [], "\(clean)")
        let unlabelled = Self.config.replacing(#", "accessibilityLabel": {"en": "Volume", "de": "Lautstärke"}"#, with: "")
            .replacing(#"{"en": "Child", "de": "Kind"}"#, with: #""Child""#)
        let at = "screens.home.content.children"
        let found = try findings(unlabelled)
        #expect(
            found == [
                #"error: labels: \#(at)[1] (id volume): a slider without a label says only its number and "slider": add an "accessibilityLabel" (what speech says for it, in each language), such as "Volume""#,
                #"warning: translations: \#(at)[2].options[1].title: "Child" is written once, so it is shown and said as written in en, de: write it per language ({"en": …, "de": …}; the same text in each for a name)"#
            ])
    }

    @Test("the three controls drawn in the light and the dark palette", arguments: ["light", "dark"])
    func golden(palette: String) throws {
        // The guide turned on by a tap, subtitles left off: both looks of the switch.
        let config = Self.config.replacing(#""version": 2,"#, with: #""version": 2, "theme": {"palette": "\#(palette)"},"#)
            .replacing(#""state": {"#, with: #""state": {"subtitles": false, "#)
            .replacing(#"{"type": "slider""#, with: #"{"type": "toggle", "title": "Subtitles", "bind": "state.subtitles"}, {"type": "slider""#)
        let kiosk = try Kiosk(config, size: PixelSize(width: 480, height: 380))
        let toggle = try kiosk.view("guide", as: ToggleView.self)
        try kiosk.tap(Point(x: toggle.windowFrame.midX, y: toggle.windowFrame.midY))
        #expect(toggle.isOn)
        let image = try #require(kiosk.run.screenshot)
        let comparison = GoldenImage.compare(image, name: "controls-\(palette)", directory: GoldenImage.snapshotDirectory())
        #expect(comparison.matches(tolerance: 2), "\(comparison)")
        // WCAG 2.2 SC 1.4.11: every part that tells a control or its state at 3:1, in the
        // palette and in its high-contrast form (the visitor's setting).
        let theme = Theme(palette: Theme.Palette(rawValue: palette)!)
        for theme in [theme, theme.highContrast()] {
            #expect(theme.controlContrastShortfalls().isEmpty, "\(theme.controlContrastShortfalls())")
            for pair in Theme.controlContrastPairs { #expect(theme.contrastRatio(pair) >= 3, "\(pair): \(theme.contrastRatio(pair))") }
        }
    }
}
