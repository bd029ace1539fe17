import Testing
import VitrineCalibration
import VitrineCore
import VitrineHeadless
import VitrineUI

@testable import VitrineKiosk

/// The calibration screen on a headless 1280×800 output.
@MainActor
final class CalibrationScreenFixture {
    let loop = ManualEventLoop()
    let output: HeadlessOutput
    let window: Window
    let screen: CalibrationScreen

    init() {
        self.output = HeadlessOutput(nativeSize: PixelSize(width: 1280, height: 800), loop: self.loop)
        self.window = Window(output: self.output)
        self.screen = CalibrationScreen(frame: self.window.root.bounds, deviceName: "Vitrine Skewed Touch")
        self.window.root.addSubview(self.screen)
        self.screen.pinToEdges()
    }

    func show(_ session: CalibrationSession) -> PixelBuffer? {
        self.screen.update(session)
        self.loop.runUntilIdle(limit: self.loop.now + .seconds(1))
        return self.output.logicalScreen()
    }

    static func rgb(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> UInt32 { buffer.row(y)[x] & 0xFF_FFFF }
}

@Suite("Calibration screen")
@MainActor
struct CalibrationScreenTests {
    @Test("the crosshair's centre is drawn on the target's pixel, white until pressed, and moves with the target")
    func crosshairOnTarget() throws {
        let fixture = CalibrationScreenFixture()
        var driver = SessionDriver(truth: .identity)
        let first = try #require(fixture.show(driver.session))
        #expect(CalibrationScreenFixture.rgb(first, 128, 80) == 0xFF_FFFF)
        #expect(CalibrationScreenFixture.rgb(first, 640, 80) == 0x10_1014)
        driver.touchShownTarget()
        let second = try #require(fixture.show(driver.session))
        #expect(CalibrationScreenFixture.rgb(second, 640, 80) == 0xFF_FFFF)
        #expect(CalibrationScreenFixture.rgb(second, 128, 80) == 0x10_1014)
        #expect(fixture.screen.buttonFrames.isEmpty)
    }

    @Test("while confirming the crosshair is gone, Save, Retry and Cancel are shown and a tap on Save acts")
    func buttonsWhileConfirming() throws {
        let fixture = CalibrationScreenFixture()
        var driver = SessionDriver(truth: CalibrationSessionTests.skew)
        driver.touchUntilConfirming()
        _ = fixture.show(driver.session)
        #expect(fixture.screen.crosshair.isHidden)
        let frames = fixture.screen.buttonFrames
        #expect(frames.map(\.0) == ["save", "retry", "cancel"])
        let save = try #require(frames.first?.1)
        var saved = 0
        fixture.screen.save.action = { saved += 1 }
        let time = UInt64(fixture.loop.now.microseconds)
        fixture.window.handle(TouchFrame(timestamp: time, contacts: [TouchContact(id: 0, phase: .began, x: save.midX, y: save.midY)]))
        fixture.window.handle(TouchFrame(timestamp: time + 80_000, contacts: [TouchContact(id: 0, phase: .ended, x: save.midX, y: save.midY)]))
        #expect(saved == 1)
        #expect(fixture.screen.instruction.text.contains("mirrored left to right"))
    }
}
