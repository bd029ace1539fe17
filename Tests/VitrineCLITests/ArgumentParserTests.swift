import Testing
import VitrineCore
import VitrineGraphics
import VitrineSystem
import VitrineTestSupport

@testable import VitrineCLI

@Suite("Argument parsing")
struct ArgumentParserTests {
    let options = [OptionSpec("seconds", value: "N", help: ""), OptionSpec("native", help: ""), OptionSpec("output", short: "o", value: "KIND", help: "")]

    @Test("values, inline values, short options, flags and positionals")
    func parses() throws {
        let parsed = try ParsedArguments.parse(
            ["--seconds", "3", "--output=drm", "--native", "file.png", "--", "--not-an-option"], options: options, command: "x")
        #expect(parsed.value("seconds") == "3")
        #expect(parsed.value("output") == "drm")
        #expect(parsed.has("native"))
        #expect(parsed.positionals == ["file.png", "--not-an-option"])
        #expect(try ParsedArguments.parse(["-o", "fbdev"], options: options, command: "x").value("output") == "fbdev")
    }

    @Test("mistakes are named precisely")
    func errors() {
        #expect(throws: CommandLineError.unknownOption(command: "x", option: "--bogus")) {
            try ParsedArguments.parse(["--bogus"], options: options, command: "x")
        }
        #expect(throws: CommandLineError.missingValue(command: "x", option: "seconds", valueName: "N")) {
            try ParsedArguments.parse(["--seconds"], options: options, command: "x")
        }
        #expect(throws: CommandLineError.invalidValue(command: "x", option: "seconds", value: "abc", expected: "a number from 0.1 to 10.0")) {
            try ParsedArguments.parse(["--seconds", "abc"], options: options, command: "x").number("seconds", in: 0.1...10)
        }
    }

    @Test("the tool answers --help for itself and each command, and rejects unknown commands")
    func helpAndUnknown() {
        #expect(CommandLineTool.run(["--help"]) == 0)
        #expect(CommandLineTool.run(["test-pattern", "--help"]) == 0)
        #expect(CommandLineTool.run(["no-such-command"]) == 2)
        #expect(CommandLineTool.run(["test-pattern", "--rotation", "45"]) == 2)
        #expect(CommandLineTool.run(["test-pattern", "--mode", "huge"]) == 2)
    }

    @Test("every command's help lists its options")
    func commandHelp() {
        for command in CommandLineTool.commands {
            for option in command.options { #expect(command.help.contains("--\(option.long)")) }
        }
    }
}

@Suite("vitrine replay")
struct ReplayCommandTests {
    @Test("replays a script headless and writes the final frame and the state dump")
    func replayWritesStateAndScreenshot() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-replay")
        defer { directory.remove() }
        // A quick swipe left: 400 pt in 120 ms, sampled every 8 ms.
        var events = [#"{"t": 0, "id": 0, "phase": "down", "x": 1000, "y": 400}"#]
        for step in 1...15 { events.append(#"{"t": \#(step * 8), "id": 0, "phase": "move", "x": \#(1000 - step * 400 / 15), "y": 400}"#) }
        events.append(#"{"t": 128, "id": 0, "phase": "up"}"#)
        let script = "[" + events.joined(separator: ",\n") + "]"
        try FileBytes.writeAtomically(Array(script.utf8), to: directory.file("swipe.json"))
        let status = CommandLineTool.run([
            // 320×200 pixels at a quarter pixel per point: the demo's 1280×800-point layout.
            "replay", "--scene", "demo", "--events", directory.file("swipe.json"), "--size", "320x200", "--scale", "0.25",
            "--screenshot", directory.file("out.png"), "--state-out", directory.file("state.json")
        ])
        #expect(status == 0)
        let state = try JSONParser.parse(
            String(decoding: try FileReader.read(directory.file("state.json"), limit: FileReader.largestSystemFile, what: "a state dump"), as: UTF8.self))
        #expect(state["schema"]?.stringValue == "vitrine-state/2")
        // Its --help names the schema it writes (issue 29: the help said /1, the dump /2).
        let stateOut = ReplayCommand.options.first { $0.long == "state-out" }
        #expect(stateOut?.help.contains("schema \(state["schema"]?.stringValue ?? "?")") == true, "\(stateOut?.help ?? "no --state-out")")
        #expect(state["onboarding"]?["page_index"]?.doubleValue == 1)
        #expect(try PNGCodec.read(path: directory.file("out.png")).size == PixelSize(width: 320, height: 200))
    }

    @Test("a malformed script is an error naming the file and line")
    func malformedScript() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-replay")
        defer { directory.remove() }
        try FileBytes.writeAtomically(Array("[{\"t\": 0, \"id\": 0, \"phase\": \"sideways\"}]".utf8), to: directory.file("bad.json"))
        #expect(CommandLineTool.run(["replay", "--events", directory.file("bad.json")]) == 1)
        #expect(CommandLineTool.run(["replay"]) == 2)
    }
}
