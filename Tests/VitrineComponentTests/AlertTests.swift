import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineSystem
import VitrineTestSupport
import VitrineUI

@testable import VitrineScene

/// Alerts (issue 35, item 5) through the real window on the manual clock: a button's
/// `{"alert": …}` and the control socket's `alert` show a card over everything that only its
/// buttons dismiss; a second waits its turn; the idle reset takes them away.
@Suite("Alerts: modal, dismissed only by their buttons, queued, from an action or the socket")
struct AlertTests {
    static let config = """
        {
          "version": 2,
          "languages": ["en", "de"],
          "start": "pay",
          "idle": {"after": 60, "action": "popToRoot"},
          "screens": {
            "pay": {"title": "Pay", "content": {"type": "vstack", "padding": 24, "spacing": 16, "children": [
              {"type": "button", "id": "pay.button", "title": "Pay € 8.70", "action": {"alert": {
                "title": {"en": "Card declined", "de": "Karte abgelehnt"},
                "message": {"en": "Try again, or use another card.", "de": "Versuchen Sie es noch einmal oder nehmen Sie eine andere Karte."},
                "buttons": [
                  {"title": {"en": "Cancel", "de": "Abbrechen"}, "style": "cancel", "action": {"emit": "cancelled"}},
                  {"title": {"en": "Try again", "de": "Noch einmal"}, "action": {"push": "done"}}
                ]}}},
              {"type": "button", "id": "other", "title": "Other", "action": {"emit": "other"}}
            ]}},
            "done": {"title": "Thank you", "content": {"type": "text", "text": "Thank you"}}
          }
        }
        """

    static func run(size: PixelSize = PixelSize(width: 1280, height: 800), palette: String = "light") throws -> KioskRun {
        let text = Self.config.replacing(#""version": 2,"#, with: #""version": 2, "theme": {"palette": "\#(palette)"},"#)
        let check = try KioskConfigLoader.parse(text, file: "alert.json", baseDirectory: "/")
        #expect(check.warnings.isEmpty, "\(check.warnings)")
        return try KioskRun(configuration: check.configuration, size: size)
    }

    @Test("a button's alert covers the screen: a tap on the dim or on a button under it presses nothing; its buttons answer")
    func modal() throws {
        let run = try Self.run()
        run.tap(try #require(run.view("pay.button")))
        let alert = try #require(run.controller.alertShowing)
        #expect(alert.titleLabel.text == "Card declined")
        #expect(alert.messageLabel?.text == "Try again, or use another card.")
        #expect(alert.buttons.map(\.title) == ["Cancel", "Try again"])
        #expect(run.state["alert"]?["title"] == .string("Card declined"))
        // Two short titles sit side by side, each a 44-point target at least, inside the card.
        let cancel = alert.buttons[0].windowFrame
        let retry = alert.buttons[1].windowFrame
        #expect(cancel.minY == retry.minY && cancel.maxX < retry.minX)
        #expect(cancel.height >= Button.minimumHitSize && retry.height >= Button.minimumHitSize)
        let card = alert.card.windowFrame
        #expect(card.minX < cancel.minX && retry.maxX < card.maxX && card.minY < cancel.minY && cancel.maxY < card.maxY)
        // The "Other" button is under the dim: tapping it, and the dim's corner, does nothing.
        run.tap(try #require(run.scene.controller?.topScreen.flatMap { SceneController.frontmostView(identified: "other", in: $0) }).windowFrame.center)
        run.tap(Point(x: 10, y: 10))
        #expect(run.emitted.isEmpty && run.controller.alertShowing === alert)
        // Escape does not dismiss it either.
        run.press(.escape)
        #expect(run.controller.alertShowing === alert)
        run.tap(alert.buttons[1])
        #expect(run.controller.alertShowing == nil)
        #expect(run.stack == ["pay", "done"])
        #expect(run.state["alert"] == nil)
        #expect(run.controller.actions.elements.suffix(2) == ["alert: Try again", "screens.pay.content.children[0].action.buttons[1].action: push done"])
    }

    @Test(
        "an alert fades in with its dim on the appear spring (0.5 s, damping 1); a tap in its first frame, when it is still transparent, is already the alert's"
    )
    func fadesIn() throws {
        let run = try Self.run()
        let other = try #require(run.view("other")).windowFrame.center
        let declined = AlertModel(title: "Card declined", buttons: [AlertModel.Button("OK")])
        run.controller.perform(.alert(declined), from: "test")
        let alert = try #require(run.controller.alertShowing)
        #expect(alert.alpha == 0 && alert.isFadingIn)
        // A tap on "Other" under the still transparent dim presses nothing.
        run.tap(other)
        #expect(run.emitted.isEmpty && run.controller.alertShowing === alert, "\(run.emitted.map(\.name)) \(run.controller.actions.elements)")
        #expect(alert.alpha == 1 && !alert.isFadingIn)
        run.tap(alert.buttons[0])
        // Frame by frame: the opacity only rises, a critically damped spring's 1 − (1 + ωt)e^(−ωt)
        // with ω = 2π / 0.5 s: about a third at 0.1 s, 0.99 by 0.5 s.
        run.controller.perform(.alert(declined), from: "test")
        let next = try #require(run.controller.alertShowing)
        var opacities: [Double] = []
        for _ in 0..<36 {
            run.run.advance(1.0 / 60)
            opacities.append(next.alpha)
        }
        #expect(zip(opacities, opacities.dropFirst()).allSatisfy { $0 <= $1 }, "\(opacities)")
        #expect(opacities[5] > 0.2 && opacities[5] < 0.5, "at 0.1 s: \(opacities[5])")
        #expect(opacities[29] > 0.97, "at 0.5 s: \(opacities[29])")
        #expect(opacities.last == 1 && !next.isFadingIn)
    }

    @Test("a second alert waits for the first; the cancel button runs its own action; both go at the idle reset")
    func queued() throws {
        let run = try Self.run()
        let button = try #require(run.view("pay.button"))
        run.tap(button)
        let first = try #require(run.controller.alertShowing)
        let second = AlertModel(title: "Printer out of paper", buttons: [AlertModel.Button("OK")])
        run.controller.perform(.alert(second), from: "control")
        #expect(run.controller.alertShowing === first && run.controller.alertsWaiting == 1)
        #expect(run.state["alert"]?["waiting"] == .number(1))
        run.tap(first.buttons[0])
        #expect(run.emitted.map(\.name) == ["cancelled"])
        let next = try #require(run.controller.alertShowing)
        #expect(next.titleLabel.text == "Printer out of paper" && next.messageLabel == nil)
        // One button: centred, at least 200 points wide.
        #expect(next.buttons[0].frame.width >= AlertView.loneButtonWidth)
        #expect(abs(next.buttons[0].windowFrame.center.x - next.card.windowFrame.center.x) < 1)
        // A flood waits at most 16 deep; the rest are dropped with a log line, nothing grows.
        for _ in 0..<40 { run.controller.perform(.alert(second), from: "control") }
        #expect(run.controller.alertsWaiting == AlertQueue.mostWaiting)
        #expect(run.controller.callbacks.elements.filter { $0 == "alert.dropped" }.count == 40 - AlertQueue.mostWaiting)
        run.run.advance(61)
        #expect(run.controller.alertShowing == nil && run.controller.alertsWaiting == 0)
        #expect(!run.run.window.root.subviews.contains { $0 is AlertView })
    }

    @Test("the control socket's alert command and perform show one; bad cards are refused with the field named")
    func socket() throws {
        let run = try Self.run()
        let reply = try run.scene.control(
            "alert",
            arguments: .object([
                ("title", .string("Card declined")), ("message", .string("Please try again.")),
                ("buttons", .array([.object([("title", .string("OK")), ("action", .object([("emit", .string("ok"))]))])]))
            ]))
        #expect(reply["showing"] == .string("Card declined") && reply["waiting"] == .number(0))
        run.run.settle()
        let alert = try #require(run.controller.alertShowing)
        run.tap(alert.buttons[0])
        #expect(run.emitted.map(\.name) == ["ok"] && run.controller.alertShowing == nil)

        func refusal(_ arguments: JSONValue) -> String {
            do {
                _ = try run.scene.control("alert", arguments: arguments)
                return "accepted"
            } catch {
                return error.message
            }
        }
        #expect(refusal(.object([("title", .string("No way out"))])).hasPrefix("alert.buttons: missing"))
        #expect(refusal(.object([("title", .string("x")), ("buttons", .array([]))])).hasPrefix("alert.buttons: is empty"))
        let four = JSONValue.array(Array(repeating: .object([("title", .string("A"))]), count: 4))
        #expect(refusal(.object([("title", .string("x")), ("buttons", four)])).contains("at most 3"))
        let nowhere = JSONValue.array([.object([("title", .string("Go")), ("action", .object([("push", .string("nowhere"))]))])])
        #expect(refusal(.object([("title", .string("x")), ("buttons", nowhere)])).contains("there is no screen \"nowhere\""))
        #expect(run.controller.alertShowing == nil)
        // perform takes the config's form.
        let action = JSONValue.object([("alert", .object([("title", .string("Hello")), ("buttons", .array([.object([("title", .string("OK"))])]))]))])
        _ = try run.scene.control("perform", arguments: .object([("action", action)]))
        run.run.settle()
        #expect(run.controller.alertShowing?.titleLabel.text == "Hello")
    }

    @Test("a language change builds the alert again in the new language, over the new screens")
    func language() throws {
        let run = try Self.run()
        run.tap(try #require(run.view("pay.button")))
        run.controller.setLanguage("de")
        run.run.advance(0.1)
        let alert = try #require(run.controller.alertShowing)
        #expect(alert.titleLabel.text == "Karte abgelehnt" && alert.buttons.map(\.title) == ["Abbrechen", "Noch einmal"])
        #expect(run.run.window.root.subviews.last === alert)
        run.tap(alert.buttons[1])
        #expect(run.stack == ["pay", "done"])
    }

    @Test("with keys in use the focus is kept inside the alert, starting on its first button")
    func keys() throws {
        let run = try Self.run()
        // The pay button focused with its ring, as keys leave it, and Enter pressed.
        let pay = try #require(run.view("pay.button"))
        run.run.window.focus(pay, showingRing: true)
        run.press(.enter)
        let alert = try #require(run.controller.alertShowing)
        #expect(run.run.window.focusedView === alert.buttons[0])
        for _ in 0..<5 { run.press(.tab) }
        let focused = try #require(run.run.window.focusedView)
        #expect(focused.isDescendant(of: alert))
    }

    @Test("in speech mode its title and message are said when it comes up, then its first button")
    func speech() throws {
        let run = try Self.run()
        run.controller.headsetChanged(plugged: true)
        run.run.settle()
        let pay = try #require(run.view("pay.button"))
        run.run.window.focus(pay, showingRing: true)
        let before = run.controller.transcript.count
        run.press(.enter)
        let said = run.controller.transcript.elements.dropFirst(before).map(\.text)
        #expect(said.first == "Card declined, Try again, or use another card.")
        #expect(said.dropFirst().first?.hasPrefix("Cancel, button") == true, "\(said)")
        #expect(run.run.window.focusedView === run.controller.alertShowing?.buttons[0])
    }

    @Test("vitrine render draws each screen's alert over it, after every other picture")
    func rendered() throws {
        let check = try KioskConfigLoader.parse(Self.config, file: "alert.json", baseDirectory: "/")
        let folder = TemporaryDirectory()
        let shots = try KioskRenderer(configuration: check.configuration, baseDirectory: nil).render(
            size: PixelSize(width: 640, height: 400), scale: 0.5, into: folder.path)
        #expect(shots.map(\.state) == ["screen", "screen", "alert"])
        #expect(shots.last?.file == "03-pay-alert.png" && shots.last?.screen == "pay")
        let image = try ImageStore.decode(try FileReader.read(folder.file("03-pay-alert.png"), limit: 1 << 24, what: "a picture"), name: "alert")
        let screen = try ImageStore.decode(try FileReader.read(folder.file("01-pay.png"), limit: 1 << 24, what: "a picture"), name: "pay")
        // The card's white middle over the dimmed screen.
        #expect(image[320, 200] != screen[320, 200])
        #expect(image[5, 395] != screen[5, 395])
    }

    @Test("golden: the card declined alert over the pay screen, light and dark, and three stacked buttons", arguments: ["light", "dark"])
    func golden(palette: String) throws {
        let directory = GoldenImage.snapshotDirectory() + "/alert"
        try Directory.create(directory)
        let run = try Self.run(palette: palette)
        run.tap(try #require(run.view("pay.button")))
        run.run.settle()
        let comparison = GoldenImage.compare(try #require(run.run.screenshot), name: "card-declined-\(palette)", directory: directory)
        #expect(comparison.matches(tolerance: 3), "\(comparison)")
        try run.alertTap(0)
        let three = AlertModel(
            title: "Your ticket is printing",
            message: "Take your ticket from the slot below the screen. Would you like a receipt too?",
            buttons: [AlertModel.Button("Print a receipt"), AlertModel.Button("Send the receipt by e-mail"), AlertModel.Button("No receipt", style: .cancel)])
        run.controller.perform(.alert(three), from: "test")
        run.run.settle()
        let stacked = try #require(run.controller.alertShowing)
        let frames = stacked.buttons.map(\.windowFrame)
        #expect(frames[0].maxY < frames[1].minY && frames[1].maxY < frames[2].minY && frames.allSatisfy { $0.width == frames[0].width })
        let comparison3 = GoldenImage.compare(try #require(run.run.screenshot), name: "three-buttons-\(palette)", directory: directory)
        #expect(comparison3.matches(tolerance: 3), "\(comparison3)")
    }
}

extension KioskRun {
    /// Taps button `index` of the alert on screen.
    func alertTap(_ index: Int) throws {
        self.tap(try #require(self.controller.alertShowing?.buttons[index]))
    }
}
