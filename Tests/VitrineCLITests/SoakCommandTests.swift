import Testing
import VitrineSystem
import VitrineTestSupport

/// `vitrine soak` in a process of its own: there `VmRSS` is the soak's alone (inside `swift
/// test` it would also count the tests running beside it).
@Suite("vitrine soak: memory in its own process")
struct SoakCommandTests {
    @Test("20,000 random touches through the demo: it comes out sane and VmRSS grows under 1 MiB after the warm-up")
    func memoryStaysFlat() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-soak")
        defer { directory.remove() }
        // Under ASan the quarantine keeps freed blocks resident: the instrumented child plays the
        // soak and says it did not check the bound, and the plain release build
        // (VITRINE_RELEASE_BINARY, scripts/test.sh) checks it.
        if ProcessMemory.runsUnderAddressSanitizer {
            let soak = try VitrineProcess.run(["soak", "--events", "20000", "--seed", "1"], in: directory)
            #expect(soak.status == 0, "\(soak.stderr)")
            #expect(soak.stderr.contains("its memory growth is not checked under AddressSanitizer"), "\(soak.stderr)")
        }
        guard let binary = VitrineProcess.memoryBinary else { return }
        let soak = try VitrineProcess.run(["soak", "--events", "20000", "--seed", "1"], in: directory, binary: binary)
        #expect(soak.status == 0, "\(soak.stderr)")
        #expect(soak.stderr.contains("its memory stayed flat"), "\(soak.stderr)")
        // The growth it printed, read back: a number under the limit, not only the word "ok".
        let line = try #require(soak.stderr.split(separator: "\n").first { $0.contains("(growth ") }, "\(soak.stderr)")
        let growth = try #require(line.split(separator: "(growth ").last?.split(separator: " ").first.flatMap { Int($0) }, "\(line)")
        #expect(growth < 1024, "\(line)")
    }
}
