import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineSystem
import VitrineTestSupport
import VitrineUI

@testable import VitrineScene

/// "Do you need more time?" (issue 33; WCAG 2.2 SC 2.2.1): on the manual clock, the question
/// comes exactly `moreTimeWarning` seconds before the idle deadline, a tap anywhere extends,
/// without one the reset comes at the deadline; speech mode doubles the idle time.
@Suite("More time: the kiosk asks before the idle reset, a tap extends")
struct MoreTimeTests {
    /// The ticket machine (idle after 60 s, popToRoot) with a ticket chosen: something to lose.
    static func choosing() throws -> KioskRun {
        let run = try KioskRun(example: "tickets")
        try run.replayTap(try #require(run.view("screens.choose.content.children[2].children[1].sections[0].rows[fares.tickets[1]]")))
        #expect(run.stack == ["choose", "confirm"])
        return run
    }

    /// Advances the manual clock to exactly `time`.
    static func advance(_ run: KioskRun, to time: MonotonicTime) {
        run.run.loop.advance(by: time - run.run.loop.now)
    }

    @Test("the question comes exactly 30 s before the deadline, counts down, and is said in speech mode")
    func asksOnTime() throws {
        let run = try Self.choosing()
        run.controller.headsetChanged(plugged: true)
        let deadline = try #require(run.controller.idleDeadline)
        let ask = try #require(run.controller.moreTimeAt)
        #expect(ask == deadline - .seconds(30))
        #expect(run.state["accessibility"]?["more_time_at_ms"] == .number(ask.milliseconds.rounded()))
        Self.advance(run, to: ask - .milliseconds(1))
        #expect(run.controller.moreTimePrompt == nil)
        Self.advance(run, to: ask)
        let prompt = try #require(run.controller.moreTimePrompt)
        #expect(run.controller.transcript.last == Utterance("Do you need more time?", language: "en", kind: .prompt))
        #expect(run.state["accessibility"]?["asking_more_time"] == .bool(true))
        #expect(prompt.messageLabel?.text == "The kiosk starts over in 30 seconds.")
        run.run.advance(5.5)
        #expect(prompt.messageLabel?.text == "The kiosk starts over in 25 seconds.")
        #expect(prompt.buttons[0].title == "More time")
        #expect(prompt.buttons[0].frame.height >= Button.minimumHitSize)
    }

    @Test("a tap anywhere extends: the question goes, nothing under it is pressed, the count starts again")
    func tapExtends() throws {
        let run = try Self.choosing()
        let ask = try #require(run.controller.moreTimeAt)
        Self.advance(run, to: ask + .seconds(10))
        #expect(run.controller.moreTimePrompt != nil)
        // On the Buy button's place: the question covers it.
        let buy = try #require(run.view("buy")).windowFrame.center
        try run.replay([KioskRun.event(0, "down", buy), KioskRun.event(48, "up")])
        #expect(run.controller.moreTimePrompt == nil)
        #expect(run.stack == ["choose", "confirm"])
        #expect(run.emitted.isEmpty)
        let deadline = try #require(run.controller.idleDeadline)
        #expect(deadline > ask + .seconds(69) && deadline <= run.run.loop.now + .seconds(60))
        #expect(run.controller.callbacks.elements.suffix(2) == ["moreTime.ask", "moreTime.extend"])
        // The next absence asks again.
        Self.advance(run, to: try #require(run.controller.moreTimeAt))
        #expect(run.controller.moreTimePrompt != nil)
        // The button answers too.
        try run.replayTap(try #require(run.controller.moreTimePrompt?.buttons.first))
        #expect(run.controller.moreTimePrompt == nil && run.stack == ["choose", "confirm"])
        #expect(run.controller.actions.elements.last == "moreTime: touch")
    }

    @Test("unanswered, the reset comes at the deadline as before; a key answers without acting")
    func resetsAtDeadline() throws {
        let run = try Self.choosing()
        let deadline = try #require(run.controller.idleDeadline)
        Self.advance(run, to: deadline - .milliseconds(1))
        #expect(run.controller.moreTimePrompt != nil && run.stack == ["choose", "confirm"])
        Self.advance(run, to: deadline)
        run.run.settle()
        #expect(run.controller.moreTimePrompt == nil)
        #expect(run.stack == ["choose"])
        #expect(run.run.events.elements.filter { $0.kind == .idle }.count == 1)
        // A key while asking: the question goes, the key does nothing else.
        let again = try Self.choosing()
        Self.advance(again, to: try #require(again.controller.moreTimeAt))
        again.run.window.handle(KeyEvent(.escape))
        #expect(again.controller.moreTimePrompt == nil && again.stack == ["choose", "confirm"])
    }

    @Test("in speech mode the idle time is twice as long; the question still comes 30 s before it")
    func speechDoubles() throws {
        let run = try Self.choosing()
        let touched = try #require(run.controller.idleDeadline) - .seconds(60)
        run.controller.setSpeechMode(true)
        #expect(run.controller.idleTime == 120)
        #expect(run.controller.idleDeadline == touched + .seconds(120))
        #expect(run.controller.moreTimeAt == touched + .seconds(90))
        Self.advance(run, to: touched + .seconds(61))
        #expect(run.stack == ["choose", "confirm"], "no reset at the ordinary 60 s")
        Self.advance(run, to: touched + .seconds(90))
        #expect(run.controller.moreTimePrompt != nil)
        Self.advance(run, to: touched + .seconds(120))
        run.run.settle()
        #expect(run.stack == ["choose"])
        // Speech ending moves the deadline back: the timer follows at once.
        let quiet = try Self.choosing()
        let start = try #require(quiet.controller.idleDeadline) - .seconds(60)
        quiet.controller.setSpeechMode(true)
        quiet.run.advance(10)
        quiet.controller.setSpeechMode(false)
        Self.advance(quiet, to: start + .seconds(30))
        #expect(quiet.controller.moreTimePrompt != nil)
    }

    @Test("nothing to lose, nothing asked: the first screen with nothing chosen, or an idle time no longer than the warning")
    func atRest() throws {
        let run = try KioskRun(example: "tickets")
        #expect(run.controller.isAtRest)
        let ask = try #require(run.controller.moreTimeAt)
        Self.advance(run, to: ask + .seconds(1))
        #expect(run.controller.moreTimePrompt == nil)
        // Each thing a visitor leaves behind is something to lose.
        run.controller.perform(.setLanguage("de"))
        run.run.settle()
        #expect(!run.controller.isAtRest)
        run.controller.perform(.setLanguage("en"))
        run.run.settle()
        #expect(run.controller.isAtRest)
        run.controller.setVisitorSettings(VisitorSettings(largerText: true))
        #expect(!run.controller.isAtRest)
        run.controller.setVisitorSettings(VisitorSettings())
        try run.replayTap(try #require(run.view("screens.choose.content.children[2].children[0].sections[0].rows[fares.routes[1]]")))
        #expect(!run.controller.isAtRest, "a route chosen: the state differs from its defaults")
        // 30 s of idle and a 30 s warning: asking would come with every touch, so nothing is asked.
        var configuration = run.scene.configuration
        configuration.scene.idle = IdleModel(after: 30, action: .popToRoot)
        let short = try KioskRun(configuration: configuration, baseDirectory: run.scene.baseDirectory)
        #expect(short.controller.moreTimeAt == nil)
    }

    @Test("golden: the question over the ticket confirmation")
    func golden() throws {
        let directory = GoldenImage.snapshotDirectory() + "/accessibility"
        try Directory.create(directory)
        let run = try KioskRun(example: "tickets", size: PixelSize(width: 640, height: 400), scale: 0.5)
        try run.replayTap(try #require(run.view("screens.choose.content.children[2].children[1].sections[0].rows[fares.tickets[1]]")))
        Self.advance(run, to: try #require(run.controller.moreTimeAt) + .seconds(4))
        run.run.settle()
        let comparison = GoldenImage.compare(try #require(run.run.screenshot), name: "more-time", directory: directory)
        #expect(comparison.matches(tolerance: 3), "\(comparison)")
    }
}
