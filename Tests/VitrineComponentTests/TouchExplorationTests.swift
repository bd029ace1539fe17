import Testing
import VitrineCore
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineUI

/// Touch exploration (issue 33): with speech on, a finger says what is under it and presses
/// nothing, a double tap anywhere activates what was said last, two fingers scroll; with
/// speech off a tap acts as it always did.
@Suite("Speech: touch exploration, double-tap activation and two-finger scrolling")
struct TouchExplorationTests {
    static let dayPass = "screens.choose.content.children[2].children[1].sections[0].rows[fares.tickets[1]]"
    static let singleRide = "screens.choose.content.children[2].children[1].sections[0].rows[fares.tickets[0]]"

    /// One contact's frame at the run's current time.
    static func frame(_ run: KioskRun, _ contacts: [(Int, TouchContact.Phase, Point)]) -> TouchFrame {
        TouchFrame(
            timestamp: UInt64(run.run.loop.now.microseconds),
            contacts: contacts.map { TouchContact(id: $0.0, phase: $0.1, x: $0.2.x, y: $0.2.y) }, device: "test")
    }

    static func tap(_ run: KioskRun, at point: Point) {
        run.run.touch(Self.frame(run, [(1, .began, point)]))
        run.run.advance(0.05)
        run.run.touch(Self.frame(run, [(1, .ended, point)]))
        run.run.advance(0.1)
    }

    static func spoken(_ run: KioskRun) -> [String] { run.controller.transcript.elements.map(\.text) }

    @Test("a finger dragged from one row to another says each, presses nothing; a double tap elsewhere activates the last one said")
    func exploreAndActivate() throws {
        let run = try KioskRun(example: "tickets")
        run.run.advance(0.5)
        run.controller.headsetChanged(plugged: true)
        run.run.advance(0.5)
        let day = try #require(run.view(Self.dayPass)).windowFrame.center
        let single = try #require(run.view(Self.singleRide)).windowFrame.center
        let before = run.controller.transcript.count
        run.run.touch(Self.frame(run, [(1, .began, day)]))
        run.run.advance(0.2)
        for step in 1...10 {
            let t = Double(step) / 10
            run.run.touch(Self.frame(run, [(1, .moved, Point(x: day.x + (single.x - day.x) * t, y: day.y + (single.y - day.y) * t))]))
            run.run.advance(0.03)
        }
        run.run.touch(Self.frame(run, [(1, .ended, single)]))
        run.run.advance(0.5)
        let said = Array(Self.spoken(run).dropFirst(before))
        #expect(
            said == ["Day pass, € 7.50, button, 2 of 3, Until 4:00 the next morning", "Single ride, € 2.90, button, 1 of 3, 90 minutes, any number of changes"],
            "\(said)")
        #expect(run.stack == ["choose"], "exploring presses nothing")
        #expect(run.run.window.showsFocusRing && run.run.window.focusedView?.identifier == Self.singleRide, "the ring is on what was said")
        // A double tap on the photo, far from the row: the row said last acts.
        let photo = Point(x: 640, y: 150)
        Self.tap(run, at: photo)
        Self.tap(run, at: photo)
        run.run.advance(1)
        #expect(run.stack == ["choose", "confirm"])
        #expect(run.state["state"]?["ticket"]?["id"] == .string("single"))
        #expect(Self.spoken(run).last == "More, button, 2 of 2", "the new screen is said, then its first element")
    }

    @Test("one tap says what is under it and waits; two taps too far apart in time do not activate")
    func slowTapsDoNotActivate() throws {
        let run = try KioskRun(example: "tickets")
        run.run.advance(0.5)
        run.controller.headsetChanged(plugged: true)
        run.run.advance(0.5)
        let day = try #require(run.view(Self.dayPass)).windowFrame.center
        Self.tap(run, at: day)
        #expect(Self.spoken(run).last == "Day pass, € 7.50, button, 2 of 3, Until 4:00 the next morning")
        run.run.advance(0.5)
        Self.tap(run, at: day)
        run.run.advance(1)
        #expect(run.stack == ["choose"], "500 ms between the taps is past the 300 ms double tap")
    }

    @Test("two fingers scroll the 10,000 titles; one finger only explores; with speech off one finger scrolls and a tap acts")
    func twoFingersScroll() throws {
        let run = try KioskRun(example: "library")
        run.run.advance(0.5)
        let list = try #require(run.view("results"))
        var scroller: View? = list
        while let view = scroller, !(view is ScrollView) { scroller = view.superview }
        let scroll = try #require(scroller as? ScrollView)
        run.controller.headsetChanged(plugged: true)
        run.run.advance(0.5)
        func drag(fingers: Int) {
            let x = 640.0
            let ids = Array(1...fingers)
            run.run.touch(Self.frame(run, ids.map { ($0, .began, Point(x: x + Double($0) * 40, y: 650)) }))
            run.run.advance(0.02)
            for step in 1...15 {
                run.run.touch(Self.frame(run, ids.map { ($0, .moved, Point(x: x + Double($0) * 40, y: 650 - Double(step) * 25)) }))
                run.run.advance(0.016)
            }
            run.run.touch(Self.frame(run, ids.map { ($0, .ended, Point(x: x + Double($0) * 40, y: 275)) }))
            run.run.advance(2)
        }
        drag(fingers: 1)
        #expect(scroll.contentOffset < 1, "one finger explores: nothing scrolls")
        drag(fingers: 2)
        #expect(scroll.contentOffset > 300, "two fingers scroll: \(scroll.contentOffset)")
        #expect(run.stack == ["search"])
        let offset = scroll.contentOffset
        run.controller.headsetChanged(plugged: false)
        drag(fingers: 1)
        #expect(scroll.contentOffset > offset + 300, "speech off: one finger scrolls again")
    }
}
