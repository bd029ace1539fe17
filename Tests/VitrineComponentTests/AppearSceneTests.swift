import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineScene
import VitrineTestSupport
import VitrineUI

/// Views with an `appear` in a config kiosk, on the manual clock.
@Suite("Appear animations: offset and faded while they run, the final pixels exactly, a touch ends them, shown again they run again")
struct AppearSceneTests {
    /// A home screen whose title rises, whose note comes from the right after 0.2 s and whose
    /// buttons fade in; a pushed screen; a presented sheet whose text rises.
    static func config(appear: Bool) -> String {
        let a = { (json: String) in appear ? #", "appear": "# + json : "" }
        return #"""
            {"version": 2, "start": "home",
             "screens": {
               "home": {"title": "Harbour", "content": {"type": "vstack", "spacing": 20, "padding": 32, "children": [
                 {"type": "text", "id": "welcome", "text": "Welcome aboard", "style": "largeTitle"\#(a(#"{"from": "bottom"}"#))},
                 {"type": "text", "id": "note", "text": "The ferry leaves every hour from pier 2.", "style": "body"\#(a(#"{"from": "right", "delay": 0.2}"#))},
                 {"type": "hstack", "spacing": 16, "children": [
                   {"type": "button", "id": "next", "title": "Timetable", "action": {"push": "second"}\#(a(#"{"from": "fade", "delay": 0.1}"#))},
                   {"type": "button", "id": "info", "title": "Tickets", "style": "tinted", "action": {"present": "sheet"}\#(a(#"{}"#))}]}]}},
               "second": {"title": "Timetable", "content": {"type": "text", "text": "08:10, 09:10, 10:10"}},
               "sheet": {"title": "Tickets", "content": {"type": "vstack", "padding": 24, "children": [
                 {"type": "text", "id": "price", "text": "A return ticket is € 7.50.", "style": "title2"\#(a(#"{"from": "bottom"}"#))}]}}}}
            """#
    }

    static func load(appear: Bool = true) throws -> KioskRun {
        let check = try KioskConfigLoader.parse(Self.config(appear: appear), file: "kiosk.json", baseDirectory: "/tmp")
        #expect(check.warnings.isEmpty, "\(check.warnings)")
        return try KioskRun(configuration: check.configuration, baseDirectory: "/tmp")
    }

    /// The `AppearView` holding the view named `id`.
    static func appearing(_ kiosk: KioskRun, _ id: String) throws -> AppearView {
        let view = try #require(kiosk.view(id), "no view \(id)")
        return try #require(view.superview as? AppearView, "\(id) is not appearing")
    }

    @Test("popped back to, the home screen's views start offset and faded, each after its delay, and end on exactly the pixels of a render without appear")
    func framesAndFinalPixels() throws {
        let plain = try Self.load(appear: false)
        let final = try #require(plain.run.screenshot)

        let kiosk = try Self.load()
        let start = try #require(kiosk.run.screenshot)
        #expect(GoldenImage.worstChannelDifference(start, final) == 0, "after the start's animation, the layout and pixels are the plain ones")

        kiosk.tap(try #require(kiosk.view("next")))
        #expect(kiosk.front == "second")
        kiosk.controller.perform(.pop)
        let popped = try Self.appearing(kiosk, "welcome")
        #expect(popped.isAppearing && popped.progress == 0, "popped back to, the screen animates again (from the start of the slide)")
        kiosk.run.settle()
        #expect(!popped.isAppearing && popped.progress == 1)

        // Shown by a reset (`SceneController.show`, as the idle action resets): no slide, so every pixel that
        // moves is an appearing view's.
        try kiosk.controller.show(screen: "home")
        let welcome = try Self.appearing(kiosk, "welcome")
        let note = try Self.appearing(kiosk, "note")
        let next = try Self.appearing(kiosk, "next")
        #expect(welcome !== popped, "a fresh screen")
        #expect(welcome.isAppearing && note.isAppearing && next.isAppearing)
        #expect(welcome.progress == 0 && welcome.content.alpha == 0)
        kiosk.run.window.root.layoutIfNeeded()
        #expect(welcome.content.frame.origin.y == Appear.travel, "starts 30 points low: \(welcome.content.frame)")

        kiosk.run.advance(0.15)
        #expect(welcome.progress > 0.1 && welcome.progress < 0.95, "rising: \(welcome.progress)")
        #expect(welcome.content.frame.origin.y > 0 && welcome.content.frame.origin.y < Appear.travel)
        #expect(welcome.content.frame.origin.x == 0, "only up")
        #expect(welcome.content.alpha > 0 && welcome.content.alpha < 1)
        #expect(note.progress == 0, "its 0.2 s delay has not passed")
        #expect(next.progress > 0 && next.progress < welcome.progress, "its 0.1 s delay made it later")
        #expect(next.content.frame.origin == .zero, "a fade does not move")
        let during = try #require(kiosk.run.screenshot)
        let bar = Int(NavigationBar.screenHeight * kiosk.run.window.scale)
        let barDuring = Self.rows(0..<bar, of: during)
        let barFinal = Self.rows(0..<bar, of: final)
        #expect(GoldenImage.worstChannelDifference(barDuring, barFinal) == 0, "the bar does not move")
        #expect(GoldenImage.worstChannelDifference(during, final) > 100, "the content does: the views are faded and low")

        kiosk.run.advance(0.2)
        #expect(note.progress > 0 && note.progress < 1)
        #expect(note.content.frame.origin.x > 0 && note.content.frame.origin.y == 0, "from the right: \(note.content.frame)")

        kiosk.run.settle()
        #expect(!welcome.isAppearing && !note.isAppearing && !next.isAppearing)
        let plainWelcome = try #require(plain.view("welcome"))
        #expect(welcome.frame == plainWelcome.frame, "the layout is the one without appear")
        let end = try #require(kiosk.run.screenshot)
        #expect(GoldenImage.worstChannelDifference(end, final) == 0, "the last frame is exactly the one without appear")
    }

    /// The rows `range` of `image`, as an image of their own.
    static func rows(_ range: Range<Int>, of image: PixelBuffer) -> PixelBuffer {
        let part = PixelBuffer(size: PixelSize(width: image.width, height: range.count), format: image.format)
        for y in range {
            let from = image.row(y)
            let to = part.row(y - range.lowerBound)
            for x in 0..<image.width { to[x] = from[x] }
        }
        return part
    }

    @Test("a touch while they run puts every view in its place at once")
    func touchEndsIt() throws {
        let kiosk = try Self.load()
        kiosk.tap(try #require(kiosk.view("next")))
        kiosk.controller.perform(.pop)
        kiosk.run.advance(0.5)
        let welcome = try Self.appearing(kiosk, "welcome")
        let note = try Self.appearing(kiosk, "note")
        #expect(note.isAppearing)
        let at = kiosk.run.loop.now
        kiosk.run.touch(TouchFrame(timestamp: UInt64(at.nanoseconds / 1000), contacts: [TouchContact(id: 7, phase: .began, x: 640, y: 700)]))
        #expect(!welcome.isAppearing && !note.isAppearing)
        #expect(welcome.progress == 1 && note.progress == 1)
        kiosk.run.window.root.layoutIfNeeded()
        #expect(note.content.frame == note.bounds && note.content.alpha == 1)
        kiosk.run.touch(TouchFrame(timestamp: UInt64(at.nanoseconds / 1000) + 40_000, contacts: [TouchContact(id: 7, phase: .ended, x: 640, y: 700)]))
        kiosk.run.settle()
        #expect(kiosk.front == "home", "the touch pressed nothing")
    }

    @Test("a presented sheet's views appear as it comes up")
    func presented() throws {
        let kiosk = try Self.load()
        kiosk.controller.perform(.present("sheet", SheetPresentation()))
        let price = try Self.appearing(kiosk, "price")
        #expect(price.isAppearing)
        kiosk.run.advance(0.1)
        #expect(price.progress > 0 && price.progress < 1)
        kiosk.run.settle()
        #expect(price.progress == 1 && price.content.frame == price.bounds)
    }

    @Test(
        "an unknown from, a negative or too long delay is a check-config error naming the field",
        arguments: [
            (#"{"from": "top"}"#, #"appear.from: "top" is not an appear direction (fade, bottom, right)"#),
            (#"{"from": "bottom", "delay": -0.2}"#, "appear.delay: expected a number from 0 to 10, found -0.2"),
            (#"{"delay": 60}"#, "appear.delay: expected a number from 0 to 10, found 60"),
            (#"{"delay": "soon"}"#, "appear.delay: expected a number, found a string"),
            (#""fade""#, "appear: expected an object, found a string")
        ])
    func badAppear(_ appear: String, _ expected: String) {
        let text = #"{"version": 2, "screens": {"home": {"content": {"type": "text", "text": "Hi", "appear": "# + appear + "}}}}"
        let errors = KioskConfigLoader.check(text: text, file: "kiosk.json", baseDirectory: "/tmp").errors.map(\.description)
        #expect(errors.contains { $0.contains("screens.home.content." + expected) }, "\(errors)")
    }

    @Test("on a carousel's page, what appears plays each time the page comes in: turned, by the slideshow, or swiped in")
    func carouselPages() throws {
        let text = #"""
            {"version": 2, "start": "home",
             "screens": {"home": {"title": "Exhibits", "content": {"type": "carousel", "id": "exhibits", "height": 400, "interval": 5, "pages": [
               {"type": "text", "id": "compass", "text": "The compass", "style": "title", "appear": {"from": "bottom"}},
               {"type": "text", "id": "sextant", "text": "The sextant", "style": "title", "appear": {"from": "right", "delay": 0.1}}]}}}}
            """#
        let check = try KioskConfigLoader.parse(text, file: "kiosk.json", baseDirectory: "/tmp")
        #expect(check.warnings.isEmpty, "\(check.warnings)")
        let kiosk = try KioskRun(configuration: check.configuration, baseDirectory: "/tmp")
        let carousel = try #require(kiosk.view("exhibits") as? CarouselView)
        let compass = try Self.appearing(kiosk, "compass")
        #expect(carousel.turn(.forward))
        let sextant = try Self.appearing(kiosk, "sextant")
        #expect(sextant.isAppearing && sextant.progress == 0, "the incoming page's view starts from its beginning")
        kiosk.run.settle()
        #expect(!sextant.isAppearing && sextant.progress == 1 && carousel.currentIndex == 1)
        // The slideshow's own turn (within 5 s; it loops) brings the first page in, animating.
        var sawItAppear = false
        for _ in 0..<(6 * 60) {
            kiosk.run.advance(1.0 / 60)
            sawItAppear = sawItAppear || (compass.isAppearing && compass.progress < 0.5)
        }
        #expect(sawItAppear, "the slideshow's turn plays the page's appear")
        kiosk.run.settle()
        #expect(carousel.currentIndex == 0 && compass.progress == 1)
        // A swipe: the page dragged in plays from the start of the drag, under the finger.
        let frame = carousel.windowFrame
        var x = frame.maxX - 100
        var phase = TouchContact.Phase.began
        var appearedUnderTheFinger = false
        for _ in 0..<20 {
            kiosk.run.touch(
                TouchFrame(timestamp: UInt64(kiosk.run.loop.now.nanoseconds / 1000), contacts: [TouchContact(id: 0, phase: phase, x: x, y: frame.midY)]))
            kiosk.run.advance(0.016)
            appearedUnderTheFinger = appearedUnderTheFinger || (sextant.isAppearing && sextant.progress < 1)
            phase = .moved
            x -= 0.025 * frame.width
        }
        kiosk.run.touch(
            TouchFrame(timestamp: UInt64(kiosk.run.loop.now.nanoseconds / 1000), contacts: [TouchContact(id: 0, phase: .ended, x: x, y: frame.midY)]))
        kiosk.run.settle()
        #expect(appearedUnderTheFinger)
        #expect(carousel.currentIndex == 1 && sextant.progress == 1)
    }

}
