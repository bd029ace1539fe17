import Testing
import VitrineSystem
import VitrineTestSupport

@testable import VitrineCLI

@Suite("vitrine say")
struct SayCommandTests {
    @Test("say writes a WAV file of the German voice, and speaks through ALSA's null device")
    func speaks() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-say")
        defer { directory.remove() }
        let path = directory.file("day-pass.wav")
        #expect(CommandLineTool.run(["say", "Tageskarte, 7 Euro 50", "--language", "de", "--wav", path]) == 0)
        let bytes = try FileReader.read(path, limit: 1 << 20, what: "the WAV file")
        #expect(Array(bytes.prefix(4)) == Array("RIFF".utf8))
        // 22,050 Hz 16-bit mono: over half a second of speech after the 44-byte header.
        #expect(bytes.count > 44 + 22_050)
        #expect(CommandLineTool.run(["say", "Day", "pass", "--device", "null", "--rate", "300", "--volume", "0.5"]) == 0)
    }

    @Test("a device that does not exist fails with status 1; a missing text or a rate out of range is a usage error")
    func failures() {
        #expect(CommandLineTool.run(["say", "Day pass", "--device", "vitrine-no-such-device"]) == 1)
        #expect(CommandLineTool.run(["say"]) == 2)
        #expect(CommandLineTool.run(["say", "Day pass", "--rate", "20"]) == 2)
        #expect(CommandLineTool.run(["say", "Day pass", "--language", "1"]) == 2)
        #expect(CommandLineTool.run(["say", "Day pass", "--volume", "2"]) == 2)
    }
}
