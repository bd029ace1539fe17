import Testing
import VitrineCore
import VitrineTestSupport

/// Issue 29, item 18: the state dump records a swipe back as it records the Back button's pop,
/// so a test of the integrator's (or the soak) reads the same history whichever the visitor used.
@Suite("A swipe back is recorded as the Back button's pop")
struct SwipeBackRecordTests {
    func strings(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }

    @Test("tickets: Back and a swipe right each add pop to the callbacks; the actions say which")
    func swipeAndButton() throws {
        let run = try KioskRun(example: "tickets")
        let day = "screens.choose.content.children[2].children[1].sections[0].rows[fares.tickets[1]]"
        try run.replayTap(try #require(run.view(day)))
        try run.replayTap(try #require(run.controller.topScreen?.bar?.leftButton))
        #expect(run.stack == ["choose"])
        #expect(strings(run.state["callbacks"]).suffix(2) == ["push confirm", "pop"], "\(run.state["callbacks"] ?? .null)")
        #expect(strings(run.state["actions"]).last == "screens.confirm.back: pop")
        try run.replayTap(try #require(run.view(day)))
        try run.replaySwipe(from: Point(x: 60, y: 400), dx: 700, dy: 0, ms: 300)
        #expect(run.stack == ["choose"])
        // Before: the callbacks ended at "push confirm" although the visitor was back.
        #expect(strings(run.state["callbacks"]).suffix(2) == ["push confirm", "pop"], "\(run.state["callbacks"] ?? .null)")
        #expect(strings(run.state["actions"]).last == "swipe: pop")
    }
}
