import CGIF
import VitrineCore

/// A GIF's structure, read by walking its blocks without decompressing a pixel (the image data
/// is skipped with `DGifGetCode` / `DGifGetCodeNext`): what `GIFCodec` checks before it decodes.
struct GIFLayout {
    /// The logical screen every frame is composed on.
    var canvas: PixelSize
    /// Frames up to the trailer (the scan stops one past `AnimatedImage.maximumFrameCount`).
    var frameCount = 0
    /// The frames' rectangles, in pixels in all (each is decompressed whole, clipped or not).
    var frameArea = 0
    /// The widest frame (its rows are read into one line of this many bytes).
    var widestFrame = 1
    /// Plays of the animation (`AnimatedImage.plays`): 1 without a NETSCAPE2.0 extension.
    var plays: Int? = 1
    /// The file ends after a complete frame but without its trailer byte.
    var isCutShort = false

    /// Walks the blocks of the GIF in `input`.
    ///
    /// - Throws: `.invalidData` for a file that is not a GIF, a canvas or frame larger than
    ///   `PNGCodec.maximumPixelCount` (a 65,535×65,535 logical screen is 4.3 billion pixels), or
    ///   a file cut short before its first complete frame or inside one.
    static func scan(_ input: GIFInput, name: String) throws(VitrineError) -> GIFLayout {
        let gif = try input.open(name: name)
        defer { DGifCloseFile(gif, nil) }
        let width = Int(gif.pointee.SWidth)
        let height = Int(gif.pointee.SHeight)
        try Self.check(PixelSize(width: width, height: height), what: "canvas (logical screen)", name: name)
        var layout = GIFLayout(canvas: PixelSize(width: width, height: height))
        var scanning = true
        while scanning {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) != GIF_ERROR else {
                // Cut off between blocks after whole frames: browsers show those frames.
                guard layout.frameCount > 0, gif.pointee.Error == D_GIF_ERR_READ_FAILED else { throw GIFCodec.corrupt(name, gif) }
                layout.isCutShort = true
                return layout
            }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) != GIF_ERROR else { throw GIFCodec.corrupt(name, gif) }
                let desc = gif.pointee.Image
                let frame = PixelSize(width: Int(desc.Width), height: Int(desc.Height))
                try Self.check(frame, what: "frame \(layout.frameCount + 1)", name: name, allowEmpty: true)
                try Self.skipImageData(gif, name: name)
                layout.frameCount += 1
                layout.frameArea += frame.width * frame.height
                layout.widestFrame = max(layout.widestFrame, frame.width)
                // Past the most that is animated the count is only reported: stop reading, so a
                // file of millions of tiny frames costs no more than this.
                if layout.frameCount > AnimatedImage.maximumFrameCount { scanning = false }
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) != GIF_ERROR else { throw GIFCodec.corrupt(name, gif) }
                var netscape = false
                if code == APPLICATION_EXT_FUNC_CODE, let block, block[0] == 11 {
                    netscape = (1...11).map { block[$0] }.elementsEqual("NETSCAPE2.0".utf8) || (1...11).map { block[$0] }.elementsEqual("ANIMEXTS1.0".utf8)
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) != GIF_ERROR else { throw GIFCodec.corrupt(name, gif) }
                    // The loop sub-block: length 3, id 1, then the count (little-endian).
                    if netscape, let data = block, data[0] >= 3, data[1] == 1 {
                        let count = Int(data[2]) | Int(data[3]) << 8
                        layout.plays = count == 0 ? nil : count + 1
                        netscape = false
                    }
                }
            case TERMINATE_RECORD_TYPE:
                scanning = false
            default:
                throw GIFCodec.corrupt(name, gif)
            }
        }
        guard layout.frameCount > 0 else { throw VitrineError(.invalidData, "\(name): a GIF with no frames", hint: GIFCodec.hint) }
        return layout
    }

    /// Refuses a size past `PNGCodec.maximumPixelCount` (or an empty one, unless allowed).
    private static func check(_ size: PixelSize, what: String, name: String, allowEmpty: Bool = false) throws(VitrineError) {
        let pixels = size.width * size.height
        guard allowEmpty || pixels > 0, pixels <= PNGCodec.maximumPixelCount else {
            throw VitrineError(
                .invalidData, "\(name): the GIF's \(what) is \(size.width)x\(size.height) pixels",
                hint: "images larger than \(PNGCodec.maximumPixelCount / (1024 * 1024)) megapixels are refused; scale it down")
        }
    }

    /// Reads past one frame's compressed data without decompressing it.
    static func skipImageData(_ gif: UnsafeMutablePointer<GifFileType>, name: String) throws(VitrineError) {
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetCode(gif, &codeSize, &block) != GIF_ERROR else { throw GIFCodec.corrupt(name, gif) }
        while block != nil {
            guard DGifGetCodeNext(gif, &block) != GIF_ERROR else { throw GIFCodec.corrupt(name, gif) }
        }
    }
}
