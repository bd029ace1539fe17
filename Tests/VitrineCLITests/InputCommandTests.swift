import Testing

@testable import VitrineCLI

@Suite("Input commands")
struct InputCommandTests {
    static let recordings: String = {
        var path = String(#filePath)
        for _ in 0..<2 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path + "/VitrineInputTests/Recordings/"
    }()

    @Test("input-debug replays a recording and a script to the end and succeeds")
    func replays() {
        #expect(CommandLineTool.run(["input-debug", "--replay", Self.recordings + "five-fingers.yml", "--size", "1280x800", "--rotation", "270"]) == 0)
        #expect(CommandLineTool.run(["input-debug", "--replay", Self.recordings + "truncated-mid-frame.yml", "--size", "800x480"]) == 0)
    }

    @Test("a recording that cannot be read fails with status 1; bad options are usage errors")
    func failures() {
        #expect(CommandLineTool.run(["input-debug", "--replay", Self.recordings + "malformed-event.yml"]) == 1)
        #expect(CommandLineTool.run(["input-debug", "--replay", Self.recordings + "no-such-file.yml"]) == 1)
        #expect(CommandLineTool.run(["input-debug", "--rotation", "45"]) == 2)
        #expect(CommandLineTool.run(["input-debug", "--scale", "0"]) == 2)
        #expect(CommandLineTool.run(["input-debug", "--size", "big"]) == 2)
        #expect(CommandLineTool.run(["list-inputs", "--bogus"]) == 2)
    }
}
