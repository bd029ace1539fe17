import CTurboJPEG
import VitrineCore
import VitrineSystem

/// JPEG decoding through libjpeg-turbo's TurboJPEG API (errors are return codes, so no
/// setjmp/longjmp crosses Swift frames).
public enum JPEGCodec {
    /// Decodes JPEG bytes into an opaque `xrgb8888` buffer. `name` is used in error messages.
    public static func decode(_ bytes: [UInt8], name: String = "JPEG data") throws(VitrineError) -> PixelBuffer {
        guard let handle = tjInitDecompress() else {
            throw VitrineError(.unsupported, "\(name): cannot start the JPEG decoder")
        }
        defer { tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else {
            throw VitrineError(.invalidData, "\(name): not a readable JPEG image: \(Self.message(handle))")
        }
        let pixels = Int(width) * Int(height)
        guard width > 0, height > 0, pixels <= PNGCodec.maximumPixelCount else {
            throw VitrineError(
                .invalidData, "\(name): image is \(width)x\(height) pixels",
                hint: "images larger than \(PNGCodec.maximumPixelCount / (1024 * 1024)) megapixels are refused; scale it down")
        }
        let buffer = PixelBuffer(size: PixelSize(width: Int(width), height: Int(height)), format: .xrgb8888)
        // TJPF_BGRX: bytes B, G, R, X = little-endian 0xXXRRGGBB words.
        let status = bytes.withUnsafeBufferPointer { source in
            buffer.pixels.withMemoryRebound(to: UInt8.self, capacity: buffer.bytesPerRow * buffer.height) { destination in
                tjDecompress2(handle, source.baseAddress, UInt(source.count), destination, width, Int32(buffer.bytesPerRow), height, Int32(TJPF_BGRX.rawValue), 0)
            }
        }
        // A warning (e.g. a truncated file) still decodes what is there; a fatal error does not.
        if status != 0 && tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) {
            throw VitrineError(.invalidData, "\(name): corrupt or truncated JPEG: \(Self.message(handle))")
        }
        for y in 0..<buffer.height {
            let row = buffer.row(y)
            for x in 0..<buffer.width { row[x] |= 0xFF00_0000 }
        }
        return buffer
    }

    /// Encodes an opaque buffer as a baseline JPEG (4:2:0) at `quality` 1–100: for tests, tools
    /// and the bench, which need JPEG files made from known pixels.
    public static func encode(_ buffer: PixelBuffer, quality: Int = 90) throws(VitrineError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw VitrineError(.unsupported, "cannot start the JPEG encoder") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = buffer.pixels.withMemoryRebound(to: UInt8.self, capacity: buffer.bytesPerRow * buffer.height) { pixels in
            tjCompress2(handle, pixels, Int32(buffer.width), Int32(buffer.bytesPerRow), Int32(buffer.height), Int32(TJPF_BGRX.rawValue),
                        &output, &size, Int32(TJSAMP_420.rawValue), Int32(min(100, max(1, quality))), 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else { throw VitrineError(.ioFailure, "JPEG encoding failed: \(Self.message(handle))") }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    private static func message(_ handle: tjhandle) -> String {
        tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
    }
}

/// Loads PNG or JPEG images by their content (not their name), decoded once and kept.
public final class ImageStore {
    /// The largest image file read (64 MiB). A 4K (3840×2160) photo as a quality-95 JPEG is
    /// about 8 MB and a screen-sized PNG a few MB; a file eight times the first is a print
    /// master, not something a panel shows. (What it decodes to is bounded by the codecs.)
    public static let largestFile = 64 << 20

    private var images: [String: PixelBuffer] = [:]

    public init() {}

    /// The decoded image at `path`, from memory after the first time.
    public func image(at path: String) throws(VitrineError) -> PixelBuffer {
        if let cached = self.images[path] { return cached }
        let image = try Self.decode(try FileReader.read(path, limit: Self.largestFile, what: "an image file"), name: path)
        self.images[path] = image
        return image
    }

    /// Decodes PNG or JPEG bytes, recognised by their signature.
    public static func decode(_ bytes: [UInt8], name: String) throws(VitrineError) -> PixelBuffer {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try PNGCodec.decode(bytes, name: name) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try JPEGCodec.decode(bytes, name: name) }
        throw VitrineError(.invalidData, "\(name): not a PNG or JPEG image", hint: "Vitrine shows PNG (with alpha) and JPEG images")
    }
}
