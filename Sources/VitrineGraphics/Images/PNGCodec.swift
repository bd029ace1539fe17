import CPNG
import Glibc
import VitrineCore
import VitrineSystem

/// PNG reading and writing through libpng's simplified API (`png_image_*`).
///
/// In memory Vitrine keeps premultiplied `0xAARRGGBB` words; PNG stores straight (unassociated)
/// alpha, so encoding divides the colour by alpha and decoding multiplies it back. Opaque
/// (`xrgb8888`) buffers are written as RGB without an alpha channel.
public enum PNGCodec {
    /// Images with more pixels than this are refused before any pixel memory is allocated
    /// (64 megapixels = 256 MB decoded: far beyond any kiosk panel, small enough not to OOM a
    /// 1 GB board on a hostile file).
    public static let maximumPixelCount = 64 * 1024 * 1024

    // libpng's PNG_FORMAT_* bits (png.h): the composed macros are not importable into Swift.
    static let formatFlagAlpha: UInt32 = 0x01
    static let formatFlagColor: UInt32 = 0x02
    static let formatFlagBGR: UInt32 = 0x10
    static let formatBGRA = formatFlagColor | formatFlagBGR | formatFlagAlpha
    static let formatRGB = formatFlagColor

    /// Encodes a buffer as PNG bytes.
    public static func encode(_ buffer: PixelBuffer) throws(VitrineError) -> [UInt8] {
        let opaque = buffer.format == .xrgb8888
        let channels = opaque ? 3 : 4
        let width = buffer.width
        let height = buffer.height
        guard width > 0 && height > 0 else {
            throw VitrineError(.invalidArgument, "cannot encode an empty \(buffer.size) image as PNG")
        }
        // The packed rows, and at worst as much again for the compressed bytes.
        try MemoryHeadroom.require(
            2 * width * height * channels, for: "a \(width)x\(height) PNG needs about \(MemoryHeadroom.size(2 * width * height * channels)) to encode",
            hint: "write a smaller image")
        var rows = [UInt8](repeating: 0, count: width * height * channels)
        rows.withUnsafeMutableBufferPointer { out in
            var o = 0
            for y in 0..<height {
                let row = buffer.row(y)
                for x in 0..<width {
                    let p = row[x]
                    if opaque {
                        out[o] = UInt8(truncatingIfNeeded: p >> 16)
                        out[o + 1] = UInt8(truncatingIfNeeded: p >> 8)
                        out[o + 2] = UInt8(truncatingIfNeeded: p)
                        o += 3
                    } else {
                        let straight = ColorWord.unpremultiply(p)
                        out[o] = UInt8(truncatingIfNeeded: straight >> 16)
                        out[o + 1] = UInt8(truncatingIfNeeded: straight >> 8)
                        out[o + 2] = UInt8(truncatingIfNeeded: straight)
                        out[o + 3] = UInt8(truncatingIfNeeded: straight >> 24)
                        o += 4
                    }
                }
            }
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = opaque ? formatRGB : formatFlagColor | formatFlagAlpha
        // First call sizes the output, second writes it.
        var size: Int = 0
        let stride = Int32(width * channels)
        guard rows.withUnsafeBytes({ png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, stride, nil) }) != 0 else {
            throw VitrineError(.ioFailure, "PNG encoding failed: \(Self.message(of: &image))")
        }
        var output = [UInt8](repeating: 0, count: size)
        let ok = output.withUnsafeMutableBytes { out in
            rows.withUnsafeBytes { png_image_write_to_memory(&image, out.baseAddress, &size, 0, $0.baseAddress, stride, nil) }
        }
        guard ok != 0 else { throw VitrineError(.ioFailure, "PNG encoding failed: \(Self.message(of: &image))") }
        output.removeSubrange(size...)
        return output
    }

    /// Writes a buffer to a PNG file (atomically: a temporary file renamed over the target).
    public static func write(_ buffer: PixelBuffer, to path: String) throws(VitrineError) {
        let bytes = try self.encode(buffer)
        try FileBytes.writeAtomically(bytes, to: path)
    }

    /// Decodes PNG bytes into a premultiplied `argb8888` buffer (or `xrgb8888` when the image
    /// has no alpha channel). `name` is used in error messages.
    public static func decode(_ bytes: [UInt8], name: String = "PNG data") throws(VitrineError) -> PixelBuffer {
        try self.decode(bytes, name: name, covering: nil).pixels
    }

    /// Decodes PNG bytes; with `covering`, an image more than `ImageStore.oversizeFactor` times
    /// the size that covers it is area-averaged to exactly that size right after decoding
    /// (`ImageReduction`). libpng's simplified API decodes whole images only, so the full-size
    /// buffer exists for the length of this call and is freed before it returns.
    ///
    /// - Throws: `.invalidData` naming `name` for a file that is not PNG, declares more pixels
    ///   than `maximumPixelCount` or than its bytes can hold (checked before any pixel memory is
    ///   allocated), or is truncated or corrupt.
    public static func decode(_ bytes: [UInt8], name: String, covering: PixelSize?) throws(VitrineError) -> DecodedImage {
        // libpng keeps reading from this memory until png_image_finish_read, so it must outlive
        // both calls: an array's withUnsafeBytes pointer would not.
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
        defer { memory.deallocate() }
        memory.copyBytes(from: bytes)
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = png_image_begin_read_from_memory(&image, memory.baseAddress, bytes.count)
        guard began != 0 else {
            throw VitrineError(.invalidData, "\(name): not a readable PNG image: \(Self.message(of: &image))")
        }
        defer { png_image_free(&image) }
        let pixelCount = Int(image.width) * Int(image.height)
        guard pixelCount > 0, pixelCount <= maximumPixelCount else {
            throw VitrineError(
                .invalidData, "\(name): image is \(image.width)x\(image.height) pixels",
                hint: "images larger than \(maximumPixelCount / (1024 * 1024)) megapixels are refused; scale it down")
        }
        if let least = Self.leastCompressedSize(bytes), bytes.count < least {
            throw VitrineError(
                .invalidData,
                "\(name): corrupt or truncated PNG: it declares \(image.width)x\(image.height) pixels, which take at least \(least) compressed bytes (deflate packs at most \(Self.deflateRatio):1), but the file has \(bytes.count)",
                hint: "the file is damaged or was cut short; copy or export it again")
        }
        try MemoryHeadroom.require(
            pixelCount * 4, for: "\(name): a \(image.width)x\(image.height) image needs \(MemoryHeadroom.size(pixelCount * 4)) to decode",
            hint: "scale the image down")
        let hasAlpha = image.format & formatFlagAlpha != 0
        image.format = formatBGRA
        let buffer = PixelBuffer(
            size: PixelSize(width: Int(image.width), height: Int(image.height)),
            format: hasAlpha ? .argb8888Premultiplied : .xrgb8888)
        let ok = png_image_finish_read(&image, nil, buffer.pixels, Int32(buffer.bytesPerRow), nil)
        guard ok != 0 else {
            throw VitrineError(.invalidData, "\(name): corrupt or truncated PNG: \(Self.message(of: &image))")
        }
        // BGRA bytes in memory are 0xAARRGGBB little-endian words: only premultiplication is left.
        if hasAlpha {
            for y in 0..<buffer.height {
                let row = buffer.row(y)
                for x in 0..<buffer.width { row[x] = ColorWord.premultiply(row[x]) }
            }
        } else {
            for y in 0..<buffer.height {
                let row = buffer.row(y)
                for x in 0..<buffer.width { row[x] |= 0xFF00_0000 }
            }
        }
        let stored = buffer.size
        if let covering, let cover = ImageStore.coverSize(of: stored, shown: covering) {
            return DecodedImage(pixels: ImageReduction.reduce(buffer, to: cover), storedSize: stored)
        }
        return DecodedImage(pixels: buffer, storedSize: stored)
    }

    /// Deflate's largest compression ratio, 1032:1 (zlib's technical details, zlib.net
    /// "Maximum Compression Factor"): a PNG's image data can be no smaller than its unfiltered
    /// rows divided by this, so a file shorter than that is cut short or lies about its size.
    static let deflateRatio = 1032

    /// The fewest bytes the image data the IHDR chunk declares can compress to: rows of a filter
    /// byte and the packed pixels (PNG spec, 7.2), divided by `deflateRatio`. Interlacing only
    /// adds bytes, so this holds for it too. Nil when the IHDR is not where the spec puts it
    /// (libpng has read it by then, so that does not happen for a file it began to read).
    static func leastCompressedSize(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 29, bytes[12...15].elementsEqual("IHDR".utf8) else { return nil }
        func word(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = word(16)
        let height = word(20)
        let depth = Int(bytes[24])
        let channels: Int
        switch bytes[25] {
        case 0, 3: channels = 1  // grey, palette
        case 2: channels = 3  // RGB
        case 4: channels = 2  // grey + alpha
        case 6: channels = 4  // RGBA
        default: return nil
        }
        let rowBytes = 1 + (width * channels * depth + 7) / 8
        return rowBytes * height / Self.deflateRatio
    }

    /// Reads and decodes a PNG file.
    public static func read(path: String) throws(VitrineError) -> PixelBuffer {
        let bytes = try FileReader.read(path, limit: ImageStore.largestFile, what: "an image file")
        return try self.decode(bytes, name: path)
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let chars = raw.bindMemory(to: CChar.self)
            return String(cString: Array(chars.prefix { $0 != 0 }) + [0])
        }
    }
}
