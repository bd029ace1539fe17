import CTurboJPEG
import VitrineCore
import VitrineSystem

/// JPEG decoding through libjpeg-turbo's TurboJPEG API (errors are return codes, so no
/// setjmp/longjmp crosses Swift frames).
public enum JPEGCodec {
    /// Progressive JPEGs with more scans than this are refused before decoding. Every scan is
    /// a pass over the whole image: libjpeg's standard progression (`jpeg_simple_progression`,
    /// jcparam.c) writes 10 scans for colour, 6 for grey; a 200 KB file with 3,000 scans cost
    /// about 40 s of CPU per decode. libjpeg-turbo 2.1's own guard (`TJFLAG_LIMITSCANS`,
    /// turbojpeg.c `my_progress_monitor`) stops only past 500, still seconds per decode, so
    /// Vitrine counts the SOS markers itself (`JPEGMarkers`) and keeps 10× the standard count.
    public static let maximumScanCount = 100

    /// Decodes JPEG bytes into an opaque `xrgb8888` buffer. `name` is used in error messages.
    public static func decode(_ bytes: [UInt8], name: String = "JPEG data") throws(VitrineError) -> PixelBuffer {
        try self.decode(bytes, name: name, covering: nil).pixels
    }

    /// Decodes JPEG bytes; with `covering`, an image more than `ImageStore.oversizeFactor` times
    /// larger than that in both dimensions is decoded smaller by libjpeg-turbo's DCT scaling
    /// (the smallest of `tjGetScalingFactors`' M/8 that still covers it), never at full size,
    /// then area-averaged to exactly the size that covers it (`ImageStore.coverSize`,
    /// `ImageReduction`).
    ///
    /// - Throws: `.invalidData` naming `name` for a file that is not JPEG, too large, has more
    ///   than `maximumScanCount` scans, or is truncated or corrupt. libjpeg-turbo's warnings
    ///   (`TJERR_WARNING`: a truncated file is one, decoded as grey) are errors too, except junk
    ///   between marker segments, which leaves every pixel intact: that image is returned with
    ///   the warning (`DecodedImage.warning`, check-config shows it as a warning).
    ///
    /// `bytes` is consumed: the file's bytes (about 10 MB for an 8000×8000 photo) are released
    /// once libjpeg-turbo has decoded them, before the area-averaged copy is allocated, so they
    /// are not part of the decode's peak beside both buffers.
    public static func decode(_ bytes: consuming [UInt8], name: String, covering: PixelSize?) throws(VitrineError) -> DecodedImage {
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
        if header != 0 && (tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) || width <= 0 || height <= 0) {
            throw VitrineError(.invalidData, "\(name): not a readable JPEG image: \(Self.message(handle))")
        }
        let pixels = Int(width) * Int(height)
        guard width > 0, height > 0, pixels <= PNGCodec.maximumPixelCount else {
            throw VitrineError(
                .invalidData, "\(name): image is \(width)x\(height) pixels",
                hint: "images larger than \(PNGCodec.maximumPixelCount / (1024 * 1024)) megapixels are refused; scale it down")
        }
        let markers = JPEGMarkers(copy bytes)
        guard markers.scanCount <= Self.maximumScanCount else {
            throw VitrineError(
                .invalidData,
                "\(name): progressive JPEG with \(markers.scanCount) scans (at most \(Self.maximumScanCount) are decoded; each costs a pass over the image)",
                hint: "save it again as an ordinary (baseline or standard progressive) JPEG")
        }
        let full = PixelSize(width: Int(width), height: Int(height))
        let size = covering.flatMap { Self.scaledSize(full, covering: $0) } ?? full
        let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let buffer = PixelBuffer(size: size, format: .xrgb8888)
        // First stop at any warning; when that one is harmless, decode again to the end and
        // refuse the image if the last warning is not.
        var warning: String?
        for stopOnWarning in [true, false] {
            let flags = Int32(TJFLAG_LIMITSCANS) | (stopOnWarning ? Int32(TJFLAG_STOPONWARNING) : 0)
            let status = Self.decompress(handle, bytes, into: buffer, cmyk: cmyk, inverted: markers.hasAdobeMarker, flags: flags)
            if status == 0 { break }
            let message = Self.message(handle)
            guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue), Self.isHarmless(message) else {
                throw VitrineError(
                    .invalidData, "\(name): corrupt or truncated JPEG: \(message)",
                    hint: "the file is damaged or was cut short (an interrupted copy?); copy or export it again")
            }
            warning = warning ?? message
        }
        bytes = []
        for y in 0..<buffer.height {
            let row = buffer.row(y)
            for x in 0..<buffer.width { row[x] |= 0xFF00_0000 }
        }
        // DCT scaling stops at the nearest M/8 at or above the cover size (8000 → 2000 for 1920:
        // 16 MB); the area-averaged copy at exactly the cover size (1920×1920, 14.7 MB) is kept
        // and the larger buffer is freed when this returns.
        if let covering, let cover = ImageStore.coverSize(of: full, shown: covering), cover != buffer.size {
            return DecodedImage(pixels: ImageReduction.reduce(buffer, to: cover), storedSize: full, warning: warning)
        }
        return DecodedImage(pixels: buffer, storedSize: full, warning: warning)
    }

    /// The size libjpeg-turbo decodes `full` at to cover `shown`: the smallest scaling factor
    /// (M/8, `tjGetScalingFactors`) whose `TJSCALED` size is at least the cover size, nil when
    /// the image is not `ImageStore.oversizeFactor` times the cover size in both dimensions.
    public static func scaledSize(_ full: PixelSize, covering shown: PixelSize) -> PixelSize? {
        guard let cover = ImageStore.coverSize(of: full, shown: shown) else { return nil }
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return nil }
        var best: PixelSize?
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) where factor.num < factor.denom {
            let scaled = PixelSize(
                width: (full.width * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom),
                height: (full.height * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom))
            guard scaled.width >= cover.width, scaled.height >= cover.height else { continue }
            if best == nil || scaled.width < best!.width { best = scaled }
        }
        return best
    }

    /// Warnings that leave every pixel as the file means it: bytes between two marker segments
    /// (some cameras and editors write them; libjpeg says "extraneous bytes before marker 0xc0"
    /// and skips them — inside a scan's data the entropy decoder reads them instead, so this
    /// message only comes from between segments), and a JFIF revision libjpeg does not know.
    static func isHarmless(_ message: String) -> Bool {
        message.contains("extraneous bytes before marker") || message.contains("unknown JFIF revision")
    }

    /// One `tjDecompress2` into `buffer` (at its size): BGRX directly, or CMYK (YCCK is
    /// converted to CMYK by libjpeg-turbo) converted here, since TurboJPEG does not convert
    /// CMYK to RGB (turbojpeg.h, `TJPF_CMYK`: "out of scope for a codec library").
    private static func decompress(_ handle: tjhandle, _ bytes: [UInt8], into buffer: PixelBuffer, cmyk: Bool, inverted: Bool, flags: Int32) -> Int32 {
        let width = Int32(buffer.width)
        let height = Int32(buffer.height)
        guard cmyk else {
            // TJPF_BGRX: bytes B, G, R, X = little-endian 0xXXRRGGBB words.
            return bytes.withUnsafeBufferPointer { source in
                buffer.pixels.withMemoryRebound(to: UInt8.self, capacity: buffer.bytesPerRow * buffer.height) { destination in
                    tjDecompress2(
                        handle, source.baseAddress, UInt(source.count), destination, width, Int32(buffer.bytesPerRow), height, Int32(TJPF_BGRX.rawValue), flags)
                }
            }
        }
        // Decoded in place: CMYK is 4 bytes a pixel too, converted word by word.
        let status = bytes.withUnsafeBufferPointer { source in
            buffer.pixels.withMemoryRebound(to: UInt8.self, capacity: buffer.bytesPerRow * buffer.height) { destination in
                tjDecompress2(
                    handle, source.baseAddress, UInt(source.count), destination, width, Int32(buffer.bytesPerRow), height, Int32(TJPF_CMYK.rawValue), flags)
            }
        }
        CMYKConversion.convert(buffer, inverted: inverted)
        return status
    }

    /// Encodes an opaque buffer as a baseline JPEG (4:2:0) at `quality` 1–100: for tests, tools
    /// and the bench, which need JPEG files made from known pixels.
    public static func encode(_ buffer: PixelBuffer, quality: Int = 90) throws(VitrineError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw VitrineError(.unsupported, "cannot start the JPEG encoder") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = buffer.pixels.withMemoryRebound(to: UInt8.self, capacity: buffer.bytesPerRow * buffer.height) { pixels in
            tjCompress2(
                handle, pixels, Int32(buffer.width), Int32(buffer.bytesPerRow), Int32(buffer.height), Int32(TJPF_BGRX.rawValue),
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
