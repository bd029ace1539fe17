import Testing
@testable import VitrineCLI

@Suite("Argument parsing")
struct ArgumentParserTests {
    let options = [OptionSpec("seconds", value: "N", help: ""), OptionSpec("native", help: ""), OptionSpec("output", short: "o", value: "KIND", help: "")]

    @Test("values, inline values, short options, flags and positionals")
    func parses() throws {
        let parsed = try ParsedArguments.parse(["--seconds", "3", "--output=drm", "--native", "file.png", "--", "--not-an-option"], options: options, command: "x")
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
