import Testing
import VitrineCore
import VitrineKiosk

@testable import VitrineCLI

@Suite("vitrine calibrate and the kiosk config")
struct CalibrateCommandTests {
    @Test(
        "calibrate takes the kiosk config's rotation, seat, calibration directory and scale, so the crosses are upright and the file lands where the kiosk reads it"
    )
    func kioskSettings() throws {
        let fixture = try ConfigFixture()
        let path = try fixture.write(
            #"{"version": 1, "theme": {"scale": 2}, "display": {"rotation": 90}, "input": {"seat": "seat1", "calibrationDirectory": "/srv/vitrine-calibration"}}"#
        )
        let configuration = try CalibrateCommand.kioskConfiguration(path)
        #expect(configuration.display.rotation == .clockwise90)
        #expect(configuration.input.seat == "seat1")
        #expect(configuration.input.calibrationDirectory == "/srv/vitrine-calibration")
        #expect(configuration.scale == 2)
    }

    @Test("a --config that does not exist or does not load is an error, not a calibration with other settings")
    func explicitConfigMustLoad() throws {
        let fixture = try ConfigFixture()
        #expect(throws: VitrineError.self) { try CalibrateCommand.kioskConfiguration(fixture.directory.file("absent.json")) }
        let bad = try fixture.write(#"{"version": 1, "display": {"rotation": 45}}"#, as: "bad.json")
        #expect(throws: VitrineError.self) { try CalibrateCommand.kioskConfiguration(bad) }
        #expect(CommandLineTool.run(["calibrate", "--config", bad]) == 1)
    }
}
