import Glibc
import Testing
import VitrineCore

/// SHA-256 against FIPS 180-4's examples and against `sha256sum` itself on inputs around the
/// padding's edges (55, 56, 63, 64 and 65 bytes: one block or two).
@Suite("SHA-256")
struct SHA256Tests {
    @Test("the FIPS 180-4 examples: empty, abc, the 448-bit message and a million a")
    func knownAnswers() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("equal to sha256sum at every length around the padding's edges")
    func sameAsSha256sum() throws {
        for length in [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let path = "/tmp/vitrine-sha256-\(getpid())-\(length)"
            defer { unlink(path) }
            let file = try #require(fopen(path, "wb"))
            _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
            let pipe = try #require(popen("sha256sum \(path)", "r"))
            var line = [CChar](repeating: 0, count: 256)
            _ = fgets(&line, 256, pipe)
            pclose(pipe)
            let expected = String(decoding: line.prefix { $0 != 0 }.prefix(64).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            #expect(SHA256.hex(bytes) == expected, "length \(length)")
        }
    }
}
