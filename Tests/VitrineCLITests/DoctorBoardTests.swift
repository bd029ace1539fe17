import Testing
import VitrineCore
import VitrineDRM

@testable import VitrineCLI
@testable import VitrineKiosk

/// `vitrine doctor` on a Raspberry Pi names what it found (issue 30): the display line says the
/// card is the Pi's vc4 (or the Pi 5's RP1 DSI output), the input line that the touchscreen is
/// the 7-inch display's controller. Through the same fake machine and cards as DoctorTests.
@Suite("vitrine doctor recognises a Raspberry Pi's display driver and touch controller")
struct DoctorBoardTests {
    @Test("the display line names vc4 as the Pi's driver; v3d is its render-only 3D core; other drivers are only named")
    func display() {
        let service = DoctorService(values: nil)
        var card = DoctorTests.card()
        card.driver = "vc4"
        let pi = DoctorDisplay(
            cards: [.init(inventory: card, master: .free, processes: .init(holders: [], hidden: 0), group: "video")], framebuffers: [], user: "vitrine")
        #expect(
            pi.findings(service: service).first?.description
                == "ok   drm: card0 (vc4: the Raspberry Pi's display driver (dtoverlay=vc4-kms-v3d)) Virtual-1 connected 1280x800@60.00, 2 modes")
        let v3d = DisplayInventory.Card(path: "/dev/dri/card0", driver: "v3d", supportsKMS: false, connectors: [], crtcs: [], error: nil)
        let render = DoctorDisplay(
            cards: [.init(inventory: v3d, master: .free, processes: .init(holders: [], hidden: 0), group: "video")], framebuffers: [], user: "vitrine")
        #expect(
            render.findings(service: service).first?.description
                == "ok   drm: card0 (v3d: the Raspberry Pi's 3D core (no display on it)) is render-only (no display on it)")
        #expect(DoctorBoard.displayDriver("drm-rp1-dsi") == "the Raspberry Pi 5's DSI output (RP1)")
        #expect(DoctorBoard.displayDriver("bochs-drm") == nil)
    }

    @Test("the input line names the 7-inch display's touch (raspberrypi-ts, edt-ft5x06) and Goodix; a mouse named so is not called a touchscreen")
    func touch() throws {
        let machine = try FakeMachine()
        try machine.inputDevice("event2", name: "raspberrypi-ts", properties: DoctorInputConfigTests.touch)
        try machine.inputDevice("event3", name: "generic ft5x06 (79)", properties: DoctorInputConfigTests.touch)
        try machine.inputDevice("event4", name: "Goodix Capacitive TouchScreen", properties: ["ID_INPUT_MOUSE": "1"])
        let lines = DoctorInputConfigTests.input(machine)
        #expect(
            lines.contains(
                "ok   input: /dev/input/event2 (raspberrypi-ts): touch, the Raspberry Pi 7-inch display's touch through the firmware (raspberrypi-ts), opens for vitrine (as the service runs it)"
            ), "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("ok   input: /dev/input/event3 (generic ft5x06 (79)): touch, an FT5x06 touch controller (edt-ft5x06") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("ok   input: /dev/input/event4 (Goodix Capacitive TouchScreen): pointer, opens") }, "\(lines)")
    }
}
