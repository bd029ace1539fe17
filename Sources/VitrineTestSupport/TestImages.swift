import VitrineCore
import VitrineSystem

/// The small GIF and WebP files in Tests/Images (written by Tests/Images/make-images.py), and
/// hostile GIFs and WebPs made from them.
public enum TestImages {
    /// The folder of the test images.
    public static func directory(file: String = #filePath) -> String {
        // Tests/<target>/<file>.swift or Sources/VitrineTestSupport/<file>.swift → the repository.
        var parts = file.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/Tests/Images"
    }

    /// The path of one test image (`animated.gif`).
    public static func path(_ name: String) -> String { self.directory() + "/" + name }

    /// The bytes of one test image.
    public static func bytes(_ name: String) throws -> [UInt8] {
        try FileReader.read(self.path(name), limit: 1 << 20, what: "a test image")
    }

    /// A GIF of `frames` 1×1 frames on a `width`×`height` logical screen (two colours, black
    /// and white; each frame one black pixel at the origin): the frame-count and canvas bombs.
    public static func gif(width: Int, height: Int, frames: Int) -> [UInt8] {
        var bytes = Array("GIF89a".utf8)
        bytes += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0x80, 0, 0]
        bytes += [0, 0, 0, 255, 255, 255]
        // One frame: descriptor (1×1 at 0,0), then LZW data: minimum code size 2, one block of
        // two bytes (clear, index 0, end), terminator.
        let frame: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]
        for _ in 0..<frames { bytes += frame }
        return bytes + [0x3B]
    }

    /// The WebP's RIFF chunks after the "WEBP" form type: (fourcc, payload).
    static func chunks(_ bytes: [UInt8]) -> [(String, [UInt8])] {
        var chunks: [(String, [UInt8])] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let fourcc = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = bytes[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            let end = min(bytes.count, offset + 8 + size)
            chunks.append((fourcc, Array(bytes[offset + 8..<end])))
            offset = end + (size & 1)
        }
        return chunks
    }

    /// A WebP from chunks (each padded to even size), with the RIFF size filled in.
    static func webp(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        var body = Array("WEBP".utf8)
        for (fourcc, payload) in chunks {
            body += Array(fourcc.utf8) + Self.littleEndian(payload.count, bytes: 4) + payload
            if payload.count & 1 == 1 { body.append(0) }
        }
        return Array("RIFF".utf8) + Self.littleEndian(body.count, bytes: 4) + body
    }

    static func littleEndian(_ value: Int, bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// `animated.webp` with its canvas declared `width`×`height` (the frames stay 4×4): a
    /// canvas bomb of a few hundred bytes.
    public static func webpCanvasBomb(width: Int, height: Int) throws -> [UInt8] {
        var chunks = Self.chunks(try self.bytes("animated.webp"))
        guard let index = chunks.firstIndex(where: { $0.0 == "VP8X" }) else { return [] }
        chunks[index].1.replaceSubrange(4..<10, with: Self.littleEndian(width - 1, bytes: 3) + Self.littleEndian(height - 1, bytes: 3))
        return Self.webp(chunks)
    }

    /// `animated.webp` with its first frame repeated to `frames` frames: a frame-count bomb.
    public static func webpFrameBomb(frames: Int) throws -> [UInt8] {
        let chunks = Self.chunks(try self.bytes("animated.webp"))
        guard let frame = chunks.first(where: { $0.0 == "ANMF" }) else { return [] }
        return Self.webp(chunks.filter { $0.0 != "ANMF" } + Array(repeating: frame, count: frames))
    }
}
