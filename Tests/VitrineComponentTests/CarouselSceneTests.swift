import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineScene
import VitrineTestSupport
import VitrineUI

/// The carousel as a config writes it: checked, built, run on the manual clock, pictured.
@Suite("Carousel in a config: check-config, the attract slideshow on idle, goldens")
struct CarouselSceneTests {
    static let museum = KioskRun.examples + "/museum"

    /// A home screen with a captioned carousel of the museum's photographs, and an attract screen
    /// the idle action pushes: a full-screen carousel of images.
    static let config = #"""
        {"version": 2, "start": "home",
         "idle": {"after": 30, "action": {"push": "attract"}},
         "screens": {
           "home": {"title": "The harbour museum", "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
             {"type": "carousel", "id": "highlights", "interval": 6, "height": 420, "pages": [
               {"type": "image", "image": "images/harbour.jpg", "mode": "fill", "description": "The harbour"},
               {"type": "image", "image": "images/lighthouse.jpg", "mode": "fill", "description": "The lighthouse"},
               {"type": "image", "image": "images/compass.jpg", "mode": "fill", "description": "A compass"}]},
             {"type": "text", "text": "Swipe through the highlights, or wait: they turn by themselves.", "style": "callout", "color": "secondaryLabel"},
             {"type": "button", "title": "Plan your visit", "action": {"push": "plan"}}]}},
           "plan": {"title": "Plan", "content": {"type": "text", "text": "Open daily 10 to 18."}},
           "attract": {"bar": "hidden", "content": {"type": "carousel", "id": "slideshow", "height": "fill", "interval": 8, "pages": [
             {"type": "image", "image": "images/maritime.jpg", "mode": "fill"},
             {"type": "image", "image": "images/sextant.jpg", "mode": "fill"}]}}}}
        """#

    static func load(_ text: String = Self.config, palette: Theme.Palette = .light) throws -> KioskRun {
        let check = try KioskConfigLoader.parse(text, file: "kiosk.json", baseDirectory: Self.museum)
        #expect(check.warnings.isEmpty, "\(check.warnings)")
        var configuration = check.configuration
        configuration.theme = configuration.theme.withColours(of: palette)
        return try KioskRun(configuration: configuration, baseDirectory: Self.museum)
    }

    static func errors(_ carousel: String) -> [String] {
        let text = #"{"version": 2, "screens": {"home": {"content": "# + carousel + "}}}"
        return KioskConfigLoader.check(text: text, file: "kiosk.json", baseDirectory: Self.museum).errors.map(\.description)
    }

    @Test(
        "a bad interval or no pages is a check-config error naming the field",
        arguments: [
            (#"{"type": "carousel", "interval": 0, "pages": [{"type": "spacer"}]}"#, "interval: expected a number from 1 to 3600, found 0"),
            (#"{"type": "carousel", "interval": -6, "pages": [{"type": "spacer"}]}"#, "interval: expected a number from 1 to 3600, found -6"),
            (#"{"type": "carousel", "interval": 1e300, "pages": [{"type": "spacer"}]}"#, "interval: expected a number from 1 to 3600"),
            (#"{"type": "carousel", "interval": "6s", "pages": [{"type": "spacer"}]}"#, "interval: expected a number, found a string"),
            (#"{"type": "carousel", "pages": []}"#, "pages: empty: a carousel needs at least one page"),
            (#"{"type": "carousel"}"#, "pages: missing: a carousel needs its pages"),
            (#"{"type": "carousel", "pages": {"type": "spacer"}}"#, "pages: expected an array, found an object"),
            (#"{"type": "carousel", "pages": [{"type": "picture"}]}"#, #"pages[0].type: "picture" is not a view type"#)
        ])
    func badCarousel(_ carousel: String, _ expected: String) {
        let errors = Self.errors(carousel)
        #expect(errors.contains { $0.contains("screens.home.content." + expected) }, "\(errors)")
    }

    @Test("an interval of NaN cannot be written: the JSON reader refuses it with its place")
    func notANumber() {
        let errors = Self.errors(#"{"type": "carousel", "interval": NaN, "pages": [{"type": "spacer"}]}"#)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains("line 1") == true, "\(errors)")
    }

    @Test("the idle action pushes the attract slideshow, which turns by itself there and not while the visitor's screen shows")
    func attractOnIdle() throws {
        let kiosk = try Self.load()
        let home = try #require(kiosk.view("highlights") as? CarouselView)
        let attract0 = kiosk.controller.model.screen("attract")
        #expect(attract0 != nil)
        kiosk.run.advance(5.9)
        kiosk.run.settle()
        #expect(home.currentIndex == 0)
        kiosk.run.advance(0.2)
        kiosk.run.settle()
        #expect(home.currentIndex == 1, "the home carousel turned at 6 s")
        kiosk.run.advance(24)
        kiosk.run.settle()
        #expect(kiosk.front == "attract", "idle after 30 s: \(kiosk.stack)")
        let attract = try #require(kiosk.view("slideshow") as? CarouselView)
        #expect(attract.windowFrame == Rect(x: 0, y: 0, width: 1280, height: 800), "full screen: \(attract.windowFrame)")
        let homeTurns = home.autoAdvances
        kiosk.run.advance(8.1)
        kiosk.run.settle()
        #expect(attract.currentIndex == 1, "the slideshow turned after its 8 s")
        kiosk.run.advance(8)
        kiosk.run.settle()
        #expect(attract.currentIndex == 0, "and looped")
        #expect(home.autoAdvances == homeTurns, "the carousel under the attract screen turned nothing")
        let dump = kiosk.state["carousels"]
        #expect(
            dump
                == .array([
                    .object([
                        ("id", .string("slideshow")), ("page_index", .number(0)), ("page_count", .number(2)), ("auto_advancing", .bool(true)),
                        ("turns", .number(2))
                    ])
                ]), "the state dump lists the front screen's carousel: \(dump.map { $0.serialized() } ?? "none")")
    }

    @Test("a carousel of photographs with its dots, in the light and the dark palette", arguments: Theme.Palette.allCases)
    func golden(palette: Theme.Palette) throws {
        let kiosk = try Self.load(palette: palette)
        let home = try #require(kiosk.view("highlights") as? CarouselView)
        #expect(home.turn(.forward))
        kiosk.run.settle()
        let image = try #require(kiosk.run.screenshot)
        let comparison = GoldenImage.compare(image, name: "carousel-\(palette.rawValue)", directory: GoldenImage.snapshotDirectory())
        #expect(comparison.matches(tolerance: 2), "\(comparison)")
    }
}

/// The carousel through the scene's input paths: a swipe on the screen, the keypad and speech,
/// and the hit-target audit of what its pages hold.
@Suite("Carousel in a running kiosk: swipes, keys and speech, hit targets")
struct CarouselInputTests {
    static let config = #"""
        {"version": 2, "start": "home",
         "screens": {
           "home": {"title": "Exhibits", "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
             {"type": "carousel", "id": "exhibits", "height": 360, "pages": [
               {"type": "vstack", "padding": 24, "children": [{"type": "text", "text": "The compass", "style": "title"},
                 {"type": "button", "id": "more", "title": "More", "action": {"push": "detail"}}]},
               {"type": "text", "text": "The sextant", "style": "title"},
               {"type": "text", "text": "The chronometer", "style": "title"}]},
             {"type": "button", "title": "Map", "action": {"push": "detail"}}]}},
           "detail": {"title": "Detail", "content": {"type": "text", "text": "More about it."}}}}
        """#

    static func load() throws -> KioskRun {
        let check = try KioskConfigLoader.parse(Self.config, file: "kiosk.json", baseDirectory: "/tmp")
        #expect(check.warnings.isEmpty, "\(check.warnings)")
        return try KioskRun(configuration: check.configuration, baseDirectory: "/tmp")
    }

    @Test("a swipe on the screen turns the carousel, not the navigation; a tap on a page's button still pushes")
    func swipeInTheScene() throws {
        let kiosk = try Self.load()
        let carousel = try #require(kiosk.view("exhibits") as? CarouselView)
        let frame = carousel.windowFrame
        kiosk.drag(from: Point(x: frame.maxX - 100, y: frame.midY), dx: -0.5 * frame.width, dy: 0, ms: 300)
        #expect(carousel.currentIndex == 1)
        kiosk.drag(from: Point(x: frame.minX + 100, y: frame.midY), dx: 0.5 * frame.width, dy: 0, ms: 300)
        #expect(carousel.currentIndex == 0)
        #expect(kiosk.stack == ["home"])
        kiosk.tap(try #require(kiosk.view("more")))
        #expect(kiosk.stack == ["home", "detail"])
    }

    @Test("in speech mode the keypad reaches the carousel, → turns it, and each page is said with \"page 2 of 3\"")
    func keysAndSpeech() throws {
        let kiosk = try Self.load()
        kiosk.controller.headsetChanged(plugged: true)
        kiosk.run.advance(0.5)
        let carousel = try #require(kiosk.view("exhibits") as? CarouselView)
        func press(_ key: KeyEvent.Key) {
            kiosk.run.window.handle(KeyEvent(key, timestamp: UInt64(kiosk.run.loop.now.microseconds), device: "keypad"))
            kiosk.run.advance(1)
        }
        for _ in 0..<4 where kiosk.run.window.focusedView !== carousel { press(.down) }
        #expect(kiosk.run.window.focusedView === carousel)
        press(.right)
        #expect(carousel.currentIndex == 1)
        let said = kiosk.controller.transcript.elements.map(\.description)
        #expect(said.last == "focus [en] The sextant, page 2 of 3", "\(said)")
        #expect(said.contains("focus [en] The compass, More, page 1 of 3"), "\(said)")
    }

    @Test("a button on a carousel's page keeps its 44-point target (the hit-target audit)")
    func hitTargets() throws {
        let kiosk = try Self.load()
        let findings = HitTargetAudit.audit(kiosk.run.window)
        #expect(findings.contains { $0.name == "more" }, "\(findings)")
        #expect(findings.allSatisfy { $0.isLargeEnough }, "\(findings)")
    }
}

extension CarouselInputTests {
    @Test("exploring by touch finds a button on a carousel's page, and the carousel (with its page) elsewhere on it")
    func exploration() throws {
        let kiosk = try Self.load()
        let carousel = try #require(kiosk.view("exhibits") as? CarouselView)
        let more = try #require(kiosk.view("more"))
        let window = kiosk.run.window
        #expect(window.accessibilityElement(at: more.windowFrame.center) === more)
        let frame = carousel.windowFrame
        #expect(window.accessibilityElement(at: Point(x: frame.maxX - 40, y: frame.maxY - 80)) === carousel)
    }
}
