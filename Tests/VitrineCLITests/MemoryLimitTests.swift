import Glibc
import Testing
import VitrineCore
import VitrineGraphics
import VitrineSystem
import VitrineTestSupport

/// Issue 29, item 9: work whose size the user chooses, too large for the memory the process may
/// take, ends with an error naming the size and the limit — not a precondition in the pixel
/// buffer or the blur. The real `vitrine` runs as a child under `ulimit -v` (a plain build: an
/// AddressSanitizer binary cannot run under an address-space limit, so under the sanitizer this
/// needs `VITRINE_RELEASE_BINARY`, as scripts/test.sh sets).
@Suite("Too large for the memory there is: a clear error")
struct MemoryLimitTests {
    /// `vitrine arguments…` under `ulimit -v kibibytes`; nil without a binary that can run so.
    static func runLimited(_ arguments: [String], kibibytes: Int, in directory: TemporaryDirectory) throws -> (status: Int32?, signal: Int32?, stderr: String)?
    {
        guard let binary = VitrineProcess.memoryBinary else { return nil }
        let process = try VitrineProcess(
            ["-c", "ulimit -v \(kibibytes) && exec \"$0\" \"$@\"", binary] + arguments, stderr: directory.file("stderr.txt"), binary: "/bin/sh")
        let end = process.wait()
        return (end.status, end.signal, process.stderr)
    }

    @Test("replay at 8192x8192 under a 2 GiB limit: the size, the need and the limit, exit 1")
    func hugeReplay() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-memory")
        defer { directory.remove() }
        let script = directory.file("tap.json")
        try FileBytes.writeAtomically(Array(#"[{"t": 0, "id": 0, "phase": "down", "x": 5, "y": 5}, {"t": 50, "id": 0, "phase": "up"}]"#.utf8), to: script)
        let arguments = ["replay", "--events", script, "--size", "8192x8192", "--scale", "8", "--state-out", directory.file("state.json")]
        guard let run = try Self.runLimited(arguments, kibibytes: 2 << 20, in: directory) else { return }
        // Before: SIGILL/SIGTRAP from `PixelBuffer.init`'s precondition, a stack trace, no message.
        #expect(run.signal == nil && run.status == 1, "\(run)")
        #expect(run.stderr.contains("a headless screen of 8192x8192 pixels needs about 2.8 GiB (11 frames of 256 MiB"), "\(run.stderr)")
        #expect(run.stderr.contains("its address-space limit (ulimit -v) is 2.0 GiB — give a smaller size or scale, or raise the limit"), "\(run.stderr)")
        #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
    }

    @Test("blur of an 8192x8192 PNG under a 768 MiB limit: the image, the need and the limit, exit 1")
    func hugeBlur() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-memory")
        defer { directory.remove() }
        guard VitrineProcess.memoryBinary != nil else { return }
        let image = PixelBuffer(size: PixelSize(width: 8192, height: 8192))
        image.fill(PixelRect(size: image.size), with: 0xFF5A_78C8)
        let input = directory.file("big.png")
        try PNGCodec.write(image, to: input)
        guard let run = try Self.runLimited(["blur", "--sigma", "20", input, directory.file("out.png")], kibibytes: 768 << 10, in: directory) else { return }
        #expect(run.signal == nil && run.status == 1, "\(run)")
        #expect(run.stderr.contains("\(input): blurring a 8192x8192 image needs about 768 MiB more"), "\(run.stderr)")
        #expect(run.stderr.contains("its address-space limit (ulimit -v) is 768 MiB — blur a smaller image, or raise the limit"), "\(run.stderr)")
        #expect(access(directory.file("out.png"), F_OK) != 0)
    }
}
