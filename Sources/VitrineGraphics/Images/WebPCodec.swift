import CWebP
import VitrineCore
import VitrineSystem

/// WebP decoding, still and animated, through libwebp's demuxer and its animation decoder
/// (`WebPAnimDecoder`, which composes each frame on the canvas: blending, disposal, offsets).
///
/// The container is parsed first (`WebPDemux`, no pixel decoded): the canvas size, frame count
/// and loop count are checked against the bounds (`PNGCodec.maximumPixelCount`,
/// `AnimatedImage.refusal`) before the decoder allocates its canvas. The decoder gives
/// premultiplied BGRA (`MODE_bgrA`): in memory, Vitrine's own `0xAARRGGBB` words.
public enum WebPCodec {
    /// Decodes WebP bytes into the first frame (and `DecodedImage.animation` when it has more
    /// than one), at the size that covers `covering` when far larger (`ImageStore.coverSize`).
    ///
    /// - Throws: `.invalidData` naming `name` for a file libwebp cannot parse (a truncated file
    ///   is one: the demuxer wants every chunk whole), a canvas larger than
    ///   `PNGCodec.maximumPixelCount`, or a frame that does not decode.
    public static func decode(_ bytes: [UInt8], name: String, covering: PixelSize?) throws(VitrineError) -> DecodedImage {
        // The decoder reads from this memory until it is deleted: an array's withUnsafeBytes
        // pointer would not outlive the calls.
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
        defer { memory.deallocate() }
        memory.copyBytes(from: bytes)
        var data = WebPData(bytes: memory.baseAddress!.assumingMemoryBound(to: UInt8.self), size: bytes.count)
        guard let demux = WebPDemux(&data) else {
            throw VitrineError(.invalidData, "\(name): corrupt or truncated WebP: its chunks do not parse", hint: GIFCodec.hint)
        }
        let canvasSize = PixelSize(width: Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH)), height: Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT)))
        let frameCount = Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT))
        let loops = Int(WebPDemuxGetI(demux, WEBP_FF_LOOP_COUNT))
        WebPDemuxDelete(demux)
        let pixels = canvasSize.width * canvasSize.height
        guard pixels > 0, pixels <= PNGCodec.maximumPixelCount else {
            throw VitrineError(
                .invalidData, "\(name): WebP canvas is \(canvasSize.width)x\(canvasSize.height) pixels",
                hint: "images larger than \(PNGCodec.maximumPixelCount / (1024 * 1024)) megapixels are refused; scale it down")
        }
        guard frameCount > 0 else { throw VitrineError(.invalidData, "\(name): a WebP with no frames", hint: GIFCodec.hint) }
        let shown = covering.flatMap { ImageStore.coverSize(of: canvasSize, shown: $0) } ?? canvasSize
        let refusal = frameCount > 1 ? AnimatedImage.refusal(frameCount: frameCount, canvas: canvasSize, shown: shown) : nil
        // The decoder keeps the canvas and the previous one.
        try MemoryHeadroom.require(
            2 * pixels * 4, for: "\(name): a \(canvasSize.width)x\(canvasSize.height) WebP needs \(MemoryHeadroom.size(2 * pixels * 4)) to decode",
            hint: "scale the image down")

        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw VitrineError(.unsupported, "\(name): libwebp's animation decoder is not the version built against")
        }
        options.color_mode = MODE_bgrA
        options.use_threads = 0
        guard let decoder = WebPAnimDecoderNew(&data, &options) else {
            throw VitrineError(.invalidData, "\(name): corrupt or truncated WebP: the decoder refused it", hint: GIFCodec.hint)
        }
        defer { WebPAnimDecoderDelete(decoder) }
        let wanted = refusal == nil ? frameCount : 1
        var frames: [PixelBuffer] = []
        var durations: [Int] = []
        var previousEnd: Int32 = 0
        while frames.count < wanted, WebPAnimDecoderHasMoreFrames(decoder) != 0 {
            var buffer: UnsafeMutablePointer<UInt8>?
            var end: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &buffer, &end) != 0, let buffer else {
                throw VitrineError(.invalidData, "\(name): corrupt or truncated WebP: frame \(frames.count + 1) does not decode", hint: GIFCodec.hint)
            }
            let frame = buffer.withMemoryRebound(to: UInt32.self, capacity: pixels) { words in
                let canvas = PixelBuffer(wrapping: words, size: canvasSize, stride: canvasSize.width, format: .argb8888Premultiplied, owner: nil)
                return AnimatedImage.frame(of: canvas, shown: shown)
            }
            frames.append(frame)
            durations.append(AnimatedImage.duration(milliseconds: Int(end) - Int(previousEnd)))
            previousEnd = end
        }
        guard !frames.isEmpty else { throw VitrineError(.invalidData, "\(name): a WebP with no frames", hint: GIFCodec.hint) }
        var image = DecodedImage(pixels: frames[0], storedSize: canvasSize)
        image.animationLimit = refusal
        if frames.count > 1 { image.animation = AnimatedImage(frames: frames, durations: durations, plays: loops == 0 ? nil : loops) }
        return image
    }
}
