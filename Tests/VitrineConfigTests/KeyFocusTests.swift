import Testing
import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineTestSupport
import VitrineUI

/// Keys without a touchscreen: Tab and the arrows move the focus in reading order with a ring,
/// Enter activates, Escape goes back; the control socket types, presses keys and scans.
@Suite("Config: keys, focus, the control socket's type, key and scan")
struct KeyFocusTests {
    static let ticket = #"""
        {"version": 2,
         "state": {"code": "", "pin": ""},
         "onScan": [{"set": {"code": {"bind": "scan.code"}}}, {"push": "validate"}],
         "screens": {
           "home": {"title": "Tickets", "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
              {"type": "textField", "id": "code", "state": "code", "placeholder": "Booking code", "maxLength": 8, "autocapitalize": "characters"},
              {"type": "textField", "id": "pin", "state": "pin", "keyboard": "pin", "maxLength": 4},
              {"type": "button", "id": "day", "title": "Day pass", "action": {"push": "validate"}},
              {"type": "button", "id": "week", "title": "Week pass", "action": {"push": "validate"}}]}},
           "validate": {"title": "Checking", "content": {"type": "text", "id": "checking", "text": {"bind": "'Booking ' + state.code"}}}}}
        """#

    func key(_ scene: KioskScene, _ name: String) throws -> JSONValue {
        try scene.control("key", arguments: .object([("key", .string(name))]))
    }

    @Test("Tab walks code, pin, day, week and wraps; Shift+Tab walks back; Enter on a button pushes; Escape pops; the ring is drawn around the focused view")
    func tabEnterEscape() throws {
        let typist = try TextFieldTests.Typist(Self.ticket)
        let scene = typist.scene
        var order: [String] = []
        for _ in 0..<5 { order.append(try self.key(scene, "tab")["focus"]?.stringValue ?? "-") }
        #expect(order == ["code", "pin", "day", "week", "code"])
        typist.run.advance(1)
        #expect(typist.state["keyboard"]?["shown"] == .bool(false), "a field reached with Tab gets no on-screen keyboard: the visitor has keys")
        #expect(typist.state["focus"]?["ring"] == .bool(true))
        #expect(try self.key(scene, "shift-tab")["focus"] == .string("week"))
        #expect(try self.key(scene, "up")["focus"] == .string("day"))
        typist.run.advance(0.5)
        #expect(typist.state["focus"]?["ring"] == .bool(true))
        #expect(typist.state["keyboard"]?["shown"] == .bool(false), "a button has no keyboard")
        let ring = try #require(typist.run.window.root.subviews.first { $0 is FocusRingView })
        let day = try #require(StateTests.view("day", in: typist.run.window.root))
        #expect(ring.frame == day.windowFrame.insetBy(dx: -FocusRingView.outset, dy: -FocusRingView.outset))
        _ = try self.key(scene, "enter")
        typist.run.advance(1)
        #expect(typist.state["screen"] == .string("validate"))
        #expect(typist.state["focus"] == .null, "a new screen starts without focus")
        _ = try self.key(scene, "escape")
        typist.run.advance(1)
        #expect(typist.state["screen"] == .string("home"))
    }

    @Test("typing through the control socket: into the named field, cut at maxLength and said so, refused where the kind refuses; a PIN is *** in the dump")
    func controlTypes() throws {
        let typist = try TextFieldTests.Typist(Self.ticket)
        let scene = typist.scene
        let reply = try scene.control("type", arguments: .object([("id", .string("code")), ("text", .string("ABCD1234EFGH"))]))
        #expect(reply["inserted"] == .number(8))
        #expect(reply["cut"] == .number(4))
        #expect(!reply.serialized().contains("ABCD"), "the reply never echoes what was typed")
        #expect(typist.state["state"]?["code"] == .string("ABCD1234"))
        let pin = try scene.control("type", arguments: .object([("id", .string("pin")), ("text", .string("12a34"))]))
        #expect(pin["inserted"] == .number(4))
        #expect(pin["refused"] == .number(1), "a letter in a PIN")
        #expect(typist.state["state"]?["pin"] == .string("***"), "the state dump masks a PIN")
        #expect(typist.state["focus"]?["text"] == .string("***"))
        #expect(scene.controller?.stateValue("pin") == .string("1234"), "the scene itself has the digits")
        typist.run.advance(1)
        #expect(typist.state["keyboard"]?["page"] == .string("numberPad"))
        let noField = try thrownError { _ = try scene.control("type", arguments: .object([("id", .string("day")), ("text", .string("x"))])) }
        #expect(noField.message.contains("no text field \"day\""), "\(noField.message)")
    }

    @Test(
        "a scan sets the state from scan.code and pushes, never types into the focused field; the event reaches subscribers without the code in its journal line"
    )
    func scanActs() throws {
        let typist = try TextFieldTests.Typist(Self.ticket)
        let scene = typist.scene
        _ = try scene.control("tap", arguments: .object([("id", .string("code"))]))
        typist.run.advance(1)
        _ = try scene.control("scan", arguments: .object([("code", .string("X7Q2P9"))]))
        typist.run.advance(1)
        #expect(typist.state["screen"] == .string("validate"))
        #expect(StateTests.labels(in: typist.run.window.root)["checking"] == "Booking X7Q2P9")
        #expect(typist.state["state"]?["code"] == .string("X7Q2P9"), "set by onScan, not typed")
        let event = try #require(typist.run.events.elements.last { $0.kind == .scan })
        #expect(event.payload["code"] == .string("X7Q2P9"))
        #expect(!event.description.contains("X7Q2P9"), "\(event.description)")
    }
}
