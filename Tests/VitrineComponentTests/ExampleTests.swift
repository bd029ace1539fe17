import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineScene
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// The example kiosks in Examples/: each checks clean, `vitrine render` draws every
/// screen and sheet state exactly as its goldens (full scale, 1280×800), and a visitor's touches
/// — replayed through the replay source, at coordinates read from the views — do what they say.
@Suite("Example kiosks: museum, café menu board, ticket machine, library catalogue")
struct ExampleTests {
    static let names = ["museum", "cafe", "tickets", "library"]

    @Test("check-config finds no error and no warning", arguments: names)
    func clean(name: String) throws {
        let check = try KioskConfigLoader.check(path: KioskRun.examples + "/\(name)/kiosk.json")
        #expect(check.errors.isEmpty, "\(check.errorLines)")
        #expect(check.warnings.isEmpty, "\(check.warningLines)")
        #expect(check.configuration.version == 2)
    }

    @Test("vitrine render draws every screen and sheet state as its golden image", arguments: names)
    func rendersAsGoldens(name: String) throws {
        let loaded = try KioskConfigLoader.load(path: KioskRun.examples + "/\(name)/kiosk.json")
        let directory = TemporaryDirectory(prefix: "vitrine-render")
        defer { directory.remove() }
        let shots = try KioskRenderer(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
            .render(size: PixelSize(width: 1280, height: 800), scale: 1, into: directory.path)
        // Every screen appears, on its own or in the sheet that shows it.
        #expect(Set(shots.map(\.screen)) == Set(loaded.configuration.scene.screens.map(\.id)))
        let snapshots = GoldenImage.snapshotDirectory() + "/\(name)"
        try Directory.create(snapshots)
        for shot in shots {
            let image = try PNGCodec.read(path: directory.file(shot.file))
            let comparison = GoldenImage.compare(image, name: String(shot.file.dropLast(4)), directory: snapshots)
            #expect(comparison.matches(tolerance: 3), "\(comparison)")
        }
        #expect(try Directory.entryNamesOrError(directory.path).contains("index.html"))
    }

    @Test("museum: a card opens a gallery, a row an exhibit, a swipe from the left goes back; Hours presents and ✕ dismisses; Floor plan shows the plan")
    func museum() throws {
        let run = try KioskRun(example: "museum")
        #expect(run.state["onboarding"]?["showing"] == .bool(true))
        run.controller.perform(.finishOnboarding)
        run.run.settle()
        #expect(run.front == "home")
        try run.replayTap(try #require(run.view("screens.home.content.children[1].children[1]")))
        #expect(run.stack == ["home", "instruments"])
        try run.replayTap(try #require(run.view("screens.instruments.content.children[1].sections[0].rows[1]")))
        #expect(run.stack == ["home", "instruments", "chronometer"])
        // The portrait photo is fitted whole: as tall as its frame allows, at its own aspect.
        let photo = try #require(run.view("photo") as? ImageView)
        #expect(abs(photo.aspectRatio - 0.75) < 0.01)
        // Swipe back: a finger from the left edge across half the screen.
        try run.replaySwipe(from: Point(x: 60, y: 400), dx: 700, dy: 0, ms: 300)
        #expect(run.stack == ["home", "instruments"])
        #expect(run.state["navigation"]?["transitioning"] == .bool(false))
        // The bar's back button goes back too.
        let back = try #require(run.controller.topScreen?.bar?.leftButton)
        try run.replayTap(back)
        #expect(run.stack == ["home"])
        // Hours: a content sheet holding the hours screen, over a blurred home.
        try run.replayTap(try #require(run.controller.topScreen?.bar?.rightButton))
        #expect(run.state["content_sheet"]?["screen"]?.stringValue == "hours")
        #expect(run.state["content_sheet"]?["state"]?.stringValue == "collapsed")
        #expect(run.state["content_sheet"]?["visible_height"]?.doubleValue == 460)
        try run.replayTap(try #require(run.controller.contentSheet?.header?.leftButton))
        #expect(run.state["content_sheet"]?["presented"] == .bool(false))
        // Floor plan: the split sheet with the plan rises to its shown detent.
        try run.replayTap(try #require(run.controller.topScreen?.bar?.leftButton))
        #expect(run.state["split_sheet"]?["detent"]?.stringValue == "shown")
        #expect(run.state["split_sheet"]?["sheet"]?.stringValue == "floor-plan")
        #expect(run.emitted.isEmpty)
    }

    @Test("café: a category card opens its list; a product row presents the product in a sheet; a flick down dismisses it")
    func cafe() throws {
        let run = try KioskRun(example: "cafe")
        #expect(run.front == "menu")
        try run.replayTap(try #require(run.view("screens.menu.content.children[1].children[2]")))
        #expect(run.stack == ["menu", "pastries"])
        try run.replayTap(try #require(run.view("screens.pastries.content.children[1].sections[0].rows[2]")))
        #expect(run.state["content_sheet"]?["screen"]?.stringValue == "lemon-cake")
        #expect(run.state["content_sheet"]?["visible_height"]?.doubleValue == 496)
        let sheet = try #require(run.controller.contentSheet)
        let header = sheet.containerView.windowFrame
        try run.replaySwipe(from: Point(x: 640, y: header.minY + 20), dx: 0, dy: 160, ms: 60)
        #expect(run.state["content_sheet"]?["presented"] == .bool(false))
        #expect(run.stack == ["menu", "pastries"])
    }

    @Test("café basket: a product's stepper puts it in the basket, the bar adds up every product's count and price, its tap empties it")
    func cafeBasket() throws {
        let run = try KioskRun(example: "cafe")
        func basket() -> String? { run.controller.topScreen?.bar?.rightButton?.title }
        #expect(basket() == "Basket 0 · € 0.00")
        try run.replayTap(try #require(run.view("screens.menu.content.children[1].children[0]")))
        #expect(run.stack == ["menu", "coffee"])
        for (row, taps) in [(0, 2), (1, 1)] {
            try run.replayTap(try #require(run.view("screens.coffee.content.children[1].sections[0].rows[\(row)]")))
            let product = try #require(run.state["content_sheet"]?["screen"]?.stringValue)
            for _ in 0..<taps { try run.replayTap(try #require(run.view("screens.\(product).content.children[2].children[1].plus"))) }
            run.controller.perform(.dismiss)
            run.run.settle()
        }
        #expect(run.state["state"]?["espresso"] == .number(2) && run.state["state"]?["cappuccino"] == .number(1))
        #expect(basket() == "Basket 3 · € 8.00", "2 × 2.40 + 3.20")
        let button = try #require(run.controller.topScreen?.bar?.rightButton)
        try run.replayTap(button)
        #expect(basket() == "Basket 0 · € 0.00")
    }

    @Test(
        "ticket machine: a route and a ticket from the data, three taps on the stepper, Buy emits the route, ticket, count and total shown, the thank-you says the same, Done returns home and the idle reset forgets the choice"
    )
    func tickets() throws {
        let run = try KioskRun(example: "tickets")
        let routes = "screens.choose.content.children[2].children[0].sections[0].rows"
        let tickets = "screens.choose.content.children[2].children[1].sections[0].rows"
        func text(_ id: String) -> String? { (run.view(id) as? Label)?.text }
        // In German the fares have a decimal comma.
        run.controller.perform(.setLanguage("de"))
        run.run.settle()
        #expect((run.view(tickets + "[fares.tickets[0]]") as? ListRowView)?.trailingLabel?.text == "€ 2,90")
        run.controller.perform(.setLanguage("en"))
        run.run.settle()
        #expect((run.view(tickets + "[fares.tickets[0]]") as? ListRowView)?.trailingLabel?.text == "€ 2.90")
        // The harbour route: its check mark, and every ticket's price with the ferry's extra.
        try run.replayTap(try #require(run.view(routes + "[fares.routes[1]]")))
        #expect(run.state["state"]?["route"]?["id"] == .string("harbour"))
        #expect((run.view(routes + "[fares.routes[1]]") as? ListRowView)?.trailingLabel?.text == "✓")
        #expect((run.view(tickets + "[fares.tickets[1]]") as? ListRowView)?.trailingLabel?.text == "€ 8.70")
        try run.replayTap(try #require(run.view(tickets + "[fares.tickets[1]]")))
        #expect(run.stack == ["choose", "confirm"])
        #expect(text("screens.confirm.content.children[0]") == "Day pass")
        // Changing one's mind: swipe back, pick the week pass instead; the count starts at 1.
        try run.replaySwipe(from: Point(x: 60, y: 400), dx: 700, dy: 0, ms: 300)
        #expect(run.stack == ["choose"])
        try run.replayTap(try #require(run.view(tickets + "[fares.tickets[2]]")))
        #expect(run.stack == ["choose", "confirm"])
        for _ in 0..<3 { try run.replayTap(try #require(run.view("screens.confirm.content.children[2].plus"))) }
        #expect(text("screens.confirm.content.children[2].value") == "4")
        #expect(text("total") == "€ 100.80")
        // In German the same total has a decimal comma; back in English to buy.
        run.controller.perform(.setLanguage("de"))
        run.run.settle()
        #expect(text("total") == "€ 100,80")
        #expect(text("screens.confirm.content.children[0]") == "7-Tage-Karte")
        run.controller.perform(.setLanguage("en"))
        run.run.settle()
        try run.replayTap(try #require(run.view("buy")))
        #expect(run.stack == ["choose", "confirm", "thanks"])
        #expect(run.emitted.map(\.name) == ["purchase"])
        // The state dump's events, as an integrator's test reads them: the exact payload.
        let event = try #require(run.state["events"]?.arrayValue?.first)
        #expect(event["name"]?.stringValue == "purchase")
        #expect(
            event["payload"]
                == .object([("route", .string("harbour")), ("ticket", .string("week")), ("count", .number(4)), ("total_cents", .number(10080))]))
        #expect(text("bought") == "4 × 7-day pass, City and harbour: € 100.80")
        try run.replayTap(try #require(run.view("screens.thanks.content.children[5]")))
        #expect(run.stack == ["choose"])
        #expect(run.emitted.count == 1)
        // A minute alone: the next visitor starts with the defaults.
        run.run.advance(61)
        run.run.settle()
        #expect(run.state["state"]?["route"]?["id"] == .string("city"))
        #expect(run.state["state"]?["count"] == .number(1))
    }

    @Test(
        "library: a tap on the search brings the keyboard; muse typed on its keys (replayed at the places the state dump gives) leaves the Musée guide, whose row tells the shelf; in German the keyboard is QWERTZ; a scanned card opens its page"
    )
    func library() throws {
        let run = try KioskRun(example: "library")
        let list = try #require(run.view("results") as? ListView)
        #expect(list.rowCount == 10_000)
        try run.replayTap(try #require(run.view("query")))
        run.run.advance(1)
        #expect(run.state["keyboard"]?["shown"] == .bool(true))
        #expect(run.state["keyboard"]?["layout"] == .string("us"))
        func key(_ name: String) throws -> Point {
            let keys = try #require(run.state["keyboard"]?["keys"]?.arrayValue)
            let key = try #require(keys.first { $0["name"]?.stringValue == name }, "no key \(name)")
            return Point(
                x: (key["x"]?.doubleValue ?? 0) + (key["width"]?.doubleValue ?? 0) / 2, y: (key["y"]?.doubleValue ?? 0) + (key["height"]?.doubleValue ?? 0) / 2)
        }
        // One script of taps, 150 ms apart, each held 60 ms: the way a visitor types.
        var events: [String] = []
        for (index, name) in ["m", "u", "s", "e"].enumerated() {
            let t = Double(index) * 150
            events += [KioskRun.event(t, "down", try key(name), id: index), KioskRun.event(t + 60, "up", id: index)]
        }
        try run.replay(events)
        #expect(run.controller.stateValue("query") == .string("muse"))
        // The guide, and the catalogue's titles with Museum in them: nothing else.
        let expected = try Self.catalogueTitles().filter { TextFolding.fold($0.title + "\n" + $0.author).contains("muse") }
        #expect(list.rowCount == expected.count && expected.count > 1, "\(list.rowCount) rows, \(expected.count) expected")
        #expect(list.allRows.first?.titleLabel.text == "Musée d'Orsay: a visitor's guide")
        #expect(list.allRows.first?.trailingLabel?.text == "ART 100")
        try run.replayTap(try #require(list.allRows.first))
        run.run.advance(1)
        #expect(run.front == "book")
        #expect(run.state["keyboard"]?["shown"] == .bool(false), "the screen changed: the keyboard went")
        // German: the keyboard follows the language.
        _ = try run.scene.control("navigate", arguments: .object([("to", .string("root"))]))
        _ = try run.scene.control("language", arguments: .object([("language", .string("de"))]))
        run.run.advance(1)
        try run.replayTap(try #require(run.view("query")))
        run.run.advance(1)
        #expect(run.state["keyboard"]?["layout"] == .string("de"))
        #expect(run.state["keyboard"]?["keys"]?.arrayValue?.contains { $0["name"] == .string("ß") } == true)
        // A library card: the scan opens its page; the search is not typed into.
        run.controller.scanned(ScanEvent(code: "29001234567890", device: "desk scanner"))
        run.run.advance(1)
        #expect(run.front == "card")
        #expect(run.controller.stateValue("card") == .string("29001234567890"))
        #expect(run.controller.stateValue("query") == .string("muse"), "the scan typed nothing")
    }

    /// The library's catalogue, read as the kiosk reads it.
    static func catalogueTitles() throws -> [(title: String, author: String)] {
        let bytes = try FileReader.read(KioskRun.examples + "/library/data/catalogue.json", limit: 16 << 20, what: "catalogue")
        let titles = try JSONParser.parse(bytes)["titles"]?.arrayValue ?? []
        return titles.map { ($0["title"]?.stringValue ?? "", $0["author"]?.stringValue ?? "") }
    }

    @Test("the version 1 examples still render: every screen of the converted file", arguments: ["kiosk.json", "minimal.json", "no-onboarding.json"])
    func versionOneRenders(file: String) throws {
        let loaded = try KioskConfigLoader.load(path: KioskRun.examples + "/" + file)
        #expect(loaded.configuration.version == 1)
        let directory = TemporaryDirectory(prefix: "vitrine-render-v1")
        defer { directory.remove() }
        let shots = try KioskRenderer(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
            .render(size: PixelSize(width: 640, height: 400), scale: 0.5, into: directory.path)
        #expect(shots.contains { $0.screen == "main" })
        for shot in shots {
            let image = try PNGCodec.read(path: directory.file(shot.file))
            #expect(image.size == PixelSize(width: 640, height: 400))
        }
    }
}
