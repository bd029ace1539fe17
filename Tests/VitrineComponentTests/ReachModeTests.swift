import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineScene
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// Reach mode (issue 33): the screens, bar included, slide down so their top comes within a
/// seated visitor's reach, and back, on the manual clock; how far follows the mounting height.
@Suite("Reach mode: the screen slides down within reach of a seated visitor, and back")
struct ReachModeTests {
    /// An example mounted at `top`/`bottom` millimetres (nil: not given).
    static func run(_ example: String, mount: AccessibilityModel.MountHeight?, size: PixelSize = PixelSize(width: 1280, height: 800), scale: Double = 1)
        throws -> KioskRun
    {
        let loaded = try KioskConfigLoader.load(path: KioskRun.examples + "/\(example)/kiosk.json")
        var configuration = loaded.configuration
        configuration.scene.accessibility.mountHeight = mount
        return try KioskRun(configuration: configuration, baseDirectory: loaded.baseDirectory, size: size, scale: scale)
    }

    @Test("how far: the top down to 1,220 mm, at most half the screen; 40 % without a mounting height; nothing when the top is within reach")
    func offsets() {
        var model = AccessibilityModel()
        #expect(model.reachOffset(screenHeight: 800) == 320)
        // A panel 500 mm tall with its top at 1,500 mm: 280 mm too high, 448 points, clamped to 400.
        model.mountHeight = .init(top: 1500, bottom: 1000)
        #expect(model.reachOffset(screenHeight: 800) == 400)
        // 400 mm tall, top at 1,300: 80 mm, a fifth of the screen.
        model.mountHeight = .init(top: 1300, bottom: 900)
        #expect(model.reachOffset(screenHeight: 800) == 160)
        #expect(model.heightAboveFloor(y: 0, screenHeight: 800) == 1300)
        #expect(model.heightAboveFloor(y: 800, screenHeight: 800) == 900)
        #expect(model.heightAboveFloor(y: 160, screenHeight: 800) == 1220)
        model.mountHeight = .init(top: 1200, bottom: 700)
        #expect(model.reachOffset(screenHeight: 800) == 0)
    }

    @Test("the reach action slides every screen down with the sheet's spring, bar included; a tap on the room left at the top brings it back")
    func slides() throws {
        let run = try Self.run("tickets", mount: .init(top: 1300, bottom: 900))
        let bar = try #require(run.controller.topScreen?.bar)
        #expect(bar.windowFrame.minY == 0)
        run.controller.perform(.reach)
        // Under way: the spring (0.5 s, damping 0.75) overshoots its 160 points, then comes back.
        var highest = 0.0
        for _ in 0..<60 {
            run.run.advance(1.0 / 60)
            highest = max(highest, bar.windowFrame.minY)
        }
        run.run.settle()
        #expect(highest > 160 && highest < 180, "overshoot \(highest)")
        #expect(bar.windowFrame.minY == 160)
        #expect(run.state["accessibility"]?["reach"] == .bool(true))
        #expect(run.state["accessibility"]?["reach_offset"] == .number(160))
        let back = try #require(run.view("reach.return"))
        #expect(back.windowFrame == Rect(x: 0, y: 0, width: 1280, height: 160))
        #expect(run.controller.accessibilityLabels(in: back) == ["Tap here to move the screen back up", "expand_less"])
        try run.replayTap(back)
        #expect(bar.windowFrame.minY == 0)
        #expect(run.controller.reachMode == false)
        #expect(run.view("reach.return") == nil, "hidden out of reach mode")
        #expect(run.controller.actions.elements.last == "reach.return")
    }

    @Test("in reach mode the screens still work, a sheet rises from the bottom edge as before, and idle brings the screen back up")
    func worksInReachMode() throws {
        let run = try Self.run("museum", mount: nil)
        run.controller.perform(.finishOnboarding)
        run.run.settle()
        run.controller.setReachMode(true, animated: false)
        run.run.settle()
        #expect(run.controller.topScreen?.windowFrame.minY == 320)
        // A card, tapped where it is now.
        try run.replayTap(try #require(run.view("screens.home.content.children[1].children[1]")))
        #expect(run.stack == ["home", "instruments"])
        #expect(run.controller.topScreen?.windowFrame.minY == 320)
        // Hours: the sheet's bottom on the screen's bottom edge.
        run.controller.perform(.pop)
        run.run.settle()
        try run.replayTap(try #require(run.controller.topScreen?.bar?.rightButton))
        let sheet = try #require(run.controller.contentSheet)
        #expect(sheet.containerView.windowFrame.maxY == 800)
        #expect(run.state["content_sheet"]?["visible_height"]?.doubleValue == 460)
        // Larger text builds the screens again: still down.
        run.controller.setVisitorSettings(VisitorSettings(largerText: true))
        run.run.settle()
        #expect(run.controller.reachMode && run.controller.topScreen?.windowFrame.minY == 320)
        #expect(run.view("reach.return")?.windowFrame.height == 320)
        // The reach action again takes it back; so does idle.
        var configuration = run.scene.configuration
        configuration.scene.idle = IdleModel(after: 60, action: .popToRoot)
        let idle = try KioskRun(configuration: configuration, baseDirectory: run.scene.baseDirectory)
        idle.controller.perform(.finishOnboarding)
        idle.run.settle()
        idle.controller.perform(.reach)
        idle.run.settle()
        #expect(idle.controller.topScreen?.windowFrame.minY == 320)
        idle.run.advance(61)
        idle.run.settle()
        #expect(idle.controller.reachMode == false && idle.controller.topScreen?.windowFrame.minY == 0)
    }

    @Test("a panel whose top is within reach has nothing to bring down: reach mode stays off and the sheet has no Reach row")
    func nothingToBringDown() throws {
        let run = try Self.run("tickets", mount: .init(top: 1200, bottom: 800))
        run.controller.perform(.reach)
        run.run.settle()
        #expect(run.controller.reachMode == false)
        run.controller.perform(.accessibility)
        run.run.settle()
        let rows = run.controller.accessibilitySheetRowTitles
        #expect(rows == ["Larger text", "High contrast", "Speech"])
    }

    @Test("goldens: the museum 40 % down (no mounting height), the ticket machine mounted at 1,450–950 mm, an alert in reach mode")
    func goldens() throws {
        let directory = GoldenImage.snapshotDirectory() + "/accessibility"
        try Directory.create(directory)
        let small = PixelSize(width: 640, height: 400)
        let museum = try Self.run("museum", mount: nil, size: small, scale: 0.5)
        museum.controller.perform(.finishOnboarding)
        museum.run.settle()
        museum.controller.perform(.reach)
        museum.run.settle()
        var comparison = GoldenImage.compare(try #require(museum.run.screenshot), name: "reach-museum", directory: directory)
        #expect(comparison.matches(tolerance: 3), "\(comparison)")
        let tickets = try Self.run("tickets", mount: .init(top: 1450, bottom: 950), size: small, scale: 0.5)
        tickets.controller.perform(.reach)
        tickets.run.settle()
        // 230 mm of 500 too high: 368 points of 800.
        #expect(tickets.controller.reachDistance == 368)
        comparison = GoldenImage.compare(try #require(tickets.run.screenshot), name: "reach-tickets", directory: directory)
        #expect(comparison.matches(tolerance: 3), "\(comparison)")
        // An alert in reach mode, its card centred below the room at the top.
        let check = try KioskConfigLoader.parse(Self.alertConfig, file: "reach-alert.json", baseDirectory: "/")
        let alerting = try KioskRun(configuration: check.configuration, size: small, scale: 0.5)
        alerting.controller.perform(.reach)
        alerting.run.settle()
        alerting.tap(try #require(alerting.view("pay.button")))
        alerting.run.settle()
        comparison = GoldenImage.compare(try #require(alerting.run.screenshot), name: "reach-alert", directory: directory)
        #expect(comparison.matches(tolerance: 3), "\(comparison)")
    }

    /// A ticket machine mounted at 1,500–1,000 mm whose Pay button asks a three-button alert.
    static let alertConfig = """
        {
          "version": 2,
          "start": "pay",
          "idle": {"after": 120, "action": "popToRoot"},
          "accessibility": {"mountHeight": {"top": 1500, "bottom": 1000}, "moreTimeWarning": 30},
          "screens": {
            "pay": {"title": "Pay", "content": {"type": "vstack", "padding": 24, "children": [
              {"type": "button", "id": "pay.button", "title": "Pay € 8.70", "action": {"alert": {
                "title": "Card declined",
                "message": "Try again, use another card, or ask at the desk for help.",
                "buttons": [{"title": "Try again"}, {"title": "Use another card"}, {"title": "Cancel", "style": "cancel"}]}}}
            ]}}
          }
        }
        """

    @Test(
        "in reach mode an alert and the more-time question come down with the screens: centred on what is left below, every button within 1,220 mm; centred again when reach mode ends"
    )
    func alertsComeDown() throws {
        let check = try KioskConfigLoader.parse(Self.alertConfig, file: "reach-alert.json", baseDirectory: "/")
        let run = try KioskRun(configuration: check.configuration, size: PixelSize(width: 1280, height: 800))
        let accessibility = check.configuration.scene.accessibility
        func buttonHeights(_ alert: AlertView) -> [Double] {
            alert.buttons.compactMap { accessibility.heightAboveFloor(y: $0.windowFrame.midY, screenHeight: 800) }
        }
        run.controller.perform(.reach)
        run.run.settle()
        #expect(run.controller.reachDistance == 400)
        run.tap(try #require(run.view("pay.button")))
        let alert = try #require(run.controller.alertShowing)
        // Three stacked buttons; centred in the window, the top two would be at 1,259 and 1,222 mm.
        #expect(buttonHeights(alert).count == 3)
        #expect(buttonHeights(alert).allSatisfy { AccessibilityModel.reachRange.contains($0) }, "\(buttonHeights(alert))")
        #expect(abs(alert.card.windowFrame.midY - 600) <= 1, "centred in the 400 points below the room: \(alert.card.windowFrame)")
        #expect(alert.card.windowFrame.maxY <= 800 - AlertView.margin)
        // Reach mode ends (the reach action again): the card goes back to the middle with the screens.
        run.controller.perform(.reach)
        run.run.settle()
        #expect(abs(alert.card.windowFrame.midY - 400) <= 1, "\(alert.card.windowFrame)")
        run.tap(alert.buttons[2])
        #expect(run.controller.alertShowing == nil)
        // The more-time question, asked in reach mode, comes up centred below the room too.
        run.controller.perform(.reach)
        run.run.settle()
        let ask = try #require(run.controller.moreTimeAt)
        run.run.loop.advance(by: ask - run.run.loop.now)
        run.run.settle()
        let prompt = try #require(run.view("moreTime") as? AlertView)
        #expect(abs(prompt.card.windowFrame.midY - 600) <= 1, "\(prompt.card.windowFrame)")
        #expect(buttonHeights(prompt).allSatisfy { AccessibilityModel.reachRange.contains($0) }, "\(buttonHeights(prompt))")
        run.tap(prompt.buttons[0])
        #expect(run.view("moreTime") == nil)
    }
}

extension SceneController {
    /// The texts of the labels in `view`, in order (tests).
    func accessibilityLabels(in view: View) -> [String] {
        if let label = view as? Label { return [label.text] }
        return view.subviews.flatMap { self.accessibilityLabels(in: $0) }
    }

    /// The accessibility sheet's row titles, in order (tests).
    var accessibilitySheetRowTitles: [String] {
        (self.contentSheet?.containerView.subviews ?? []).flatMap { Self.rowTitles(in: $0) }
    }

    private static func rowTitles(in view: View) -> [String] {
        if let row = view as? ListRowView { return [row.row.title] }
        return view.subviews.flatMap { self.rowTitles(in: $0) }
    }
}
