import Testing
import VitrineCore
import VitrineGraphics
import VitrineSystem
import VitrineTestSupport

@testable import VitrineCLI

/// Issue 15, "one unit on the command line": every `--size` is pixels, every command that draws a
/// scene takes `--scale` (pixels per point), and a config's `display.headlessSize` is the size
/// when the command line gives none.
@Suite("One unit on the command line")
struct OneUnitTests {
    /// The commands that draw a scene.
    static let drawing = ["run", "demo", "replay", "render", "preview"]

    func config(in directory: TemporaryDirectory, headlessSize: String? = nil) throws -> String {
        let display = headlessSize.map { ##""display": {"headlessSize": "\##($0)"},"## } ?? ""
        let text =
            ##"{"version": 1, \##(display) "main": {"backgroundColor": "#0B3C5D", "buttons": [{"title": "Information", "action": "presentContentSheet"}]}}"##
        let path = directory.file("kiosk.json")
        try FileBytes.writeAtomically(Array(text.utf8), to: path)
        return path
    }

    func script(in directory: TemporaryDirectory) throws -> String {
        let path = directory.file("tap.json")
        try FileBytes.writeAtomically(Array(#"[{"t": 0, "id": 0, "phase": "down", "x": 5, "y": 5}, {"t": 50, "id": 0, "phase": "up"}]"#.utf8), to: path)
        return path
    }

    @Test("every drawing command takes --size in pixels and --scale, and says so in its help")
    func helpSaysPixels() {
        for name in Self.drawing {
            guard let command = CommandLineTool.commands.first(where: { $0.name == name }) else {
                Issue.record("no command \(name)")
                continue
            }
            let size = command.options.first { $0.long == "size" }
            #expect(size?.help.contains("pixels") == true, "\(name) --size: \(size?.help ?? "missing")")
            #expect(command.options.contains { $0.long == "scale" }, "\(name) has no --scale")
        }
        for name in ["run", "demo"] {
            let help = CommandLineTool.commands.first { $0.name == name }!.help
            #expect(help.contains("vitrine render CONFIG --out DIR"), "\(name) --help does not say how to get PNGs of one's own screens")
        }
    }

    @Test("--size 640x400 --scale 2 is a 640x400-pixel picture of a 320x200-point screen in run, replay and render")
    func sameSizeEverywhere() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-one-unit")
        defer { directory.remove() }
        let config = try self.config(in: directory)
        let run = directory.file("run.png")
        let arguments = ["run", config, "--output", "headless", "--size", "640x400", "--scale", "2", "--control", "none"]
        #expect(CommandLineTool.run(arguments + ["--exit-after-first-frame", "--screenshot", run]) == 0)
        #expect(try PNGCodec.read(path: run).size == PixelSize(width: 640, height: 400))

        let replay = directory.file("replay.png")
        let state = directory.file("state.json")
        #expect(
            CommandLineTool.run([
                "replay", "--scene", config, "--events", try self.script(in: directory), "--size", "640x400", "--scale", "2", "--screenshot", replay,
                "--state-out", state
            ]) == 0)
        #expect(try PNGCodec.read(path: replay).size == PixelSize(width: 640, height: 400))
        let dump = try JSONParser.parse(String(decoding: try FileReader.read(state, limit: FileReader.largestSystemFile, what: "a state dump"), as: UTF8.self))
        #expect(dump["size"]?["width"]?.doubleValue == 320)
        #expect(dump["size"]?["height"]?.doubleValue == 200)

        #expect(CommandLineTool.run(["render", config, "--out", directory.file("render"), "--size", "640x400", "--scale", "2"]) == 0)
        #expect(try PNGCodec.read(path: directory.file("render/01-main.png")).size == PixelSize(width: 640, height: 400))
    }

    @Test("replay, render and run draw at the config's display.headlessSize when --size is not given")
    func headlessSizeFromTheConfig() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-one-unit")
        defer { directory.remove() }
        let config = try self.config(in: directory, headlessSize: "480x320")
        let replay = directory.file("replay.png")
        #expect(
            CommandLineTool.run([
                "replay", "--scene", config, "--events", try self.script(in: directory), "--screenshot", replay, "--state-out", directory.file("state.json")
            ]) == 0)
        #expect(try PNGCodec.read(path: replay).size == PixelSize(width: 480, height: 320))
        #expect(CommandLineTool.run(["render", config, "--out", directory.file("render")]) == 0)
        #expect(try PNGCodec.read(path: directory.file("render/01-main.png")).size == PixelSize(width: 480, height: 320))
        let run = directory.file("run.png")
        #expect(CommandLineTool.run(["run", config, "--output", "headless", "--control", "none", "--exit-after-first-frame", "--screenshot", run]) == 0)
        #expect(try PNGCodec.read(path: run).size == PixelSize(width: 480, height: 320))
    }
}
