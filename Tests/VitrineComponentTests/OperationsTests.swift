import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineScene
import VitrineUI

/// Idle reset, languages and live data on the example kiosks, under the headless runner's
/// manual clock: the same every run, touches through the window as on the panel.
@Suite("Kiosk operations: idle from every state, languages, data updates on the next frame")
struct OperationsTests {
    /// An example with `idle` set.
    static func run(_ example: String, idle: IdleModel) throws -> KioskRun {
        var configuration = try KioskConfigLoader.load(path: KioskRun.examples + "/\(example)/kiosk.json")
        configuration.configuration.scene.idle = idle
        return try KioskRun(configuration: configuration.configuration, baseDirectory: configuration.baseDirectory)
    }

    /// A finger that lands and is cancelled: a touch that presses nothing.
    static func brush(_ run: KioskRun) {
        let at = UInt64(run.run.loop.now.nanoseconds / 1000)
        run.run.touch(TouchFrame(timestamp: at, contacts: [TouchContact(id: 5, phase: .began, x: 1270, y: 790)]))
        run.run.touch(TouchFrame(timestamp: at + 8000, contacts: [TouchContact(id: 5, phase: .cancelled, x: 1270, y: 790)]))
        run.run.settle()
    }

    static func idleEvents(_ run: KioskRun) -> Int { run.run.events.elements.filter { $0.kind == .idle }.count }

    @Test("a pushed stack goes back to its root after the idle time, once, and a touch restarts the count")
    func idleFromPushedStack() throws {
        let run = try Self.run("museum", idle: IdleModel(after: 30, action: .popToRoot))
        run.controller.perform(.finishOnboarding)
        run.run.settle()
        try run.replayTap(try #require(run.view("screens.home.content.children[1].children[1]")))
        try run.replayTap(try #require(run.view("screens.instruments.content.children[1].sections[0].rows[1]")))
        #expect(run.stack == ["home", "instruments", "chronometer"])
        #expect(run.controller.idleDeadline.map { $0 > run.run.loop.now && $0 <= run.run.loop.now + .seconds(30) } == true)
        // 29 s later a touch: the count starts again.
        run.run.advance(29)
        Self.brush(run)
        run.run.advance(29)
        #expect(run.stack == ["home", "instruments", "chronometer"], "the touch at 29 s must restart the count")
        #expect(Self.idleEvents(run) == 0)
        run.run.advance(2)
        run.run.settle()
        #expect(run.stack == ["home"])
        #expect(Self.idleEvents(run) == 1)
        // Left alone longer, nothing more happens: once per absence.
        run.run.advance(120)
        #expect(Self.idleEvents(run) == 1)
        #expect(run.state["idle_at_ms"] == .null)
    }

    @Test("an open content sheet is dismissed and a shown split sheet hidden when the kiosk goes idle")
    func idleDismissesSheets() throws {
        let run = try Self.run("museum", idle: IdleModel(after: 30, action: .popToRoot))
        run.controller.perform(.finishOnboarding)
        run.run.settle()
        try run.replayTap(try #require(run.controller.topScreen?.bar?.rightButton))
        #expect(run.state["content_sheet"]?["screen"]?.stringValue == "hours")
        run.run.advance(31)
        run.run.settle()
        #expect(run.state["content_sheet"]?["presented"] != .bool(true))
        #expect(run.stack == ["home"])
        // The split sheet (Floor plan) likewise.
        try run.replayTap(try #require(run.controller.topScreen?.bar?.leftButton))
        #expect(run.state["split_sheet"]?["detent"]?.stringValue == "shown")
        run.run.advance(31)
        run.run.settle()
        #expect(run.state["split_sheet"]?["showing"] == .bool(false))
        #expect(Self.idleEvents(run) == 2)
    }

    @Test("restartOnboarding brings the onboarding back on its first page; push shows an attract screen")
    func idleActions() throws {
        let run = try Self.run("museum", idle: IdleModel(after: 45, action: .restartOnboarding))
        let pages = try #require(run.controller.model.onboarding?.pages)
        run.controller.onboarding?.pager.pushNext()
        run.run.settle()
        #expect(run.state["onboarding"]?["page"]?.stringValue == pages[1])
        run.run.advance(46)
        run.run.settle()
        #expect(run.state["onboarding"]?["showing"] == .bool(true))
        #expect(run.state["onboarding"]?["page"]?.stringValue == pages[0])

        let attract = try Self.run("tickets", idle: IdleModel(after: 20, action: .push("thanks")))
        attract.run.advance(21)
        attract.run.settle()
        #expect(attract.stack == ["choose", "thanks"])
    }

    @Test("the language switcher shows every text in German, keeps the navigation, and idle brings English back")
    func languages() throws {
        let run = try Self.run("tickets", idle: IdleModel(after: 60, action: .popToRoot))
        #expect(run.state["language"]?.stringValue == "en")
        try run.replayTap(try #require(run.view("screens.choose.content.children[2].children[1].sections[0].rows[fares.tickets[0]]")))
        #expect(run.stack == ["choose", "confirm"])
        run.controller.perform(.pop)
        run.run.settle()
        try run.replayTap(try #require(run.view("screens.choose.content.children[3].de")))
        #expect(run.state["language"]?.stringValue == "de")
        #expect(run.controller.topScreen?.bar?.titleLabel.text == "Stadtverkehr")
        #expect(run.run.events.elements.contains { $0.kind == .language && $0.name == "de" })
        // Switching in the middle of a journey keeps the journey.
        try run.replayTap(try #require(run.view("screens.choose.content.children[2].children[1].sections[0].rows[fares.tickets[0]]")))
        #expect(run.stack == ["choose", "confirm"])
        run.controller.perform(.setLanguage("en"))
        run.run.settle()
        #expect(run.stack == ["choose", "confirm"])
        #expect(run.controller.topScreen?.bar?.leftButton?.title == "Back")
        run.controller.perform(.setLanguage("de"))
        run.run.settle()
        #expect(run.controller.topScreen?.bar?.leftButton?.title == "Zurück")
        let buy = try #require(run.view("buy") as? Button)
        #expect(buy.title == "Kaufen")
        run.run.advance(61)
        run.run.settle()
        #expect(run.state["language"]?.stringValue == "en")
        #expect(run.stack == ["choose"])
    }

    @Test("a data update shows on the next frame without moving the navigation; repeated rows follow the array")
    func dataUpdate() throws {
        let run = try KioskRun(example: "tickets")
        try run.replayTap(try #require(run.view("screens.choose.content.children[2].children[1].sections[0].rows[fares.tickets[0]]")))
        #expect(run.stack == ["choose", "confirm"])
        // The confirmation shows the price the visitor chose (the state holds the ticket as tapped).
        let total = try #require(run.view("total") as? Label)
        #expect(total.text == "€ 2.90")
        let frames = run.run.output.flipCount
        let version = run.state["data_version"]?.doubleValue ?? -1
        try run.controller.data.set("fares.tickets[0].price", to: .number(3.1))
        run.run.advance(1.0 / 60)
        #expect(run.stack == ["choose", "confirm"])
        #expect(run.state["data_version"]?.doubleValue == version + 1)
        #expect(total.text == "€ 2.90", "what the visitor chose stays")
        // The list on the screen below shows the new price, drawn on the next frame.
        run.controller.perform(.pop)
        run.run.settle()
        #expect(run.run.output.flipCount > frames)
        let row = try #require(run.view("screens.choose.content.children[2].children[1].sections[0].rows[fares.tickets[0]]") as? ListRowView)
        #expect(row.trailingLabel?.text == "€ 3.10")
    }
}
