import Testing
import VitrineCore
import VitrineKiosk
import VitrineRuntime
import VitrineSystem

@testable import VitrineCLI

@Suite("vitrine check-config and replay --scene FILE")
struct CheckConfigCommandTests {
    @Test("valid files exit 0, a file with errors or that cannot be read exits 1, no path is a usage error")
    func exitStatus() throws {
        let fixture = try ConfigFixture()
        let good = try fixture.write(#"{"version": 1, "main": {"image": "photo.png"}}"#, as: "good.json")
        let bad = try fixture.write(##"{"version": 1, "theme": {"tint": "#12"}}"##, as: "bad.json")
        #expect(CommandLineTool.run(["check-config", good]) == 0)
        #expect(CommandLineTool.run(["check-config", "--print", good]) == 0)
        #expect(CommandLineTool.run(["check-config", bad]) == 1)
        #expect(CommandLineTool.run(["check-config", good, bad]) == 1)
        #expect(CommandLineTool.run(["check-config", fixture.directory.file("absent.json")]) == 1)
        #expect(CommandLineTool.run(["check-config"]) == 2)
        #expect(CommandLineTool.run(["check-config", "--print", good, good]) == 2)
    }

    @Test("every version 1 example in Examples/ passes check-config and builds a scene")
    func examples() throws {
        let names = try Directory.entryNamesOrError(examplesDirectory).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names == ["kiosk.json", "minimal.json", "no-onboarding.json"])
        for name in names {
            #expect(CommandLineTool.run(["check-config", examplesDirectory + "/" + name]) == 0, "\(name)")
            // The scene builds from it: every image loads from the example's folder.
            let (configuration, base) = try SceneArguments.configuration(examplesDirectory + "/" + name)
            #expect(configuration.version == 1)
            let scene = KioskScene(configuration: configuration, baseDirectory: base)
            _ = try HeadlessRunner(scene: scene, size: PixelSize(width: 320, height: 200))
            #expect(scene.controller?.isOnboardingShowing == (name == "kiosk.json"), "\(name)")
        }
    }

    @Test("the report is PATH: ok with the warnings after it, or every error")
    func report() throws {
        let fixture = try ConfigFixture()
        let file = fixture.directory.file("kiosk.json")
        let warned = fixture.check(#"{"version": 1, "mian": {}}"#)
        #expect(CheckConfigCommand.report(warned) == "\(file): ok (1 warning)\n\(file): warning: mian: unknown key, ignored (did you mean main?)\n")
        let clean = fixture.check(#"{"version": 1}"#)
        #expect(CheckConfigCommand.report(clean) == "\(file): ok\n")
        let broken = fixture.check(##"{"version": 1, "theme": {"scale": 9, "tint": "#12"}}"##)
        #expect(
            CheckConfigCommand.report(broken)
                == "\(file): theme.tint: \"#12\" is not a colour (use #RRGGBB or #RRGGBBAA)\n\(file): theme.scale: expected a number from 0.5 to 4, found 9\n")
    }

    @Test("--scene FILE loads a config with its folder as the images' base; demo stays built in; errors are thrown")
    func sceneArguments() throws {
        let fixture = try ConfigFixture()
        let path = try fixture.write(#"{"version": 1, "main": {"title": "Lobby", "image": "photo.jpg"}}"#)
        let (configuration, base) = try SceneArguments.configuration(path)
        #expect(configuration.scene.start == "main")
        #expect(base == fixture.directory.path)
        // The scene loads the image from the config's folder, wherever the process runs.
        let scene = KioskScene(configuration: configuration, baseDirectory: base)
        _ = try HeadlessRunner(scene: scene, size: PixelSize(width: 320, height: 200))
        #expect(scene.controller?.frontScreenID == "main")
        let (demo, demoBase) = try SceneArguments.configuration("demo")
        #expect(demo == KioskDemo.configuration && demoBase == nil)
        let bad = try fixture.write(#"{"version": 1, "main": {"image": "gone.jpg"}}"#, as: "bad.json")
        #expect(throws: VitrineError.self) { try SceneArguments.configuration(bad) }
    }
}
