import CGIF
import Glibc
import VitrineCore
import VitrineSystem

/// GIF decoding, still and animated, through giflib's low-level API (`DGifGetRecordType`,
/// `DGifGetImageDesc`, `DGifGetLine`): errors are return codes, and Vitrine gives the rows their
/// memory itself, so nothing is allocated from a size the file declares before it is checked
/// (`DGifSlurp` would allocate every frame's declared rectangle).
///
/// The file is read twice. The first pass walks its blocks without decompressing a pixel
/// (`GIFLayout`): the canvas, the frames' count and rectangles, the loop count. Those are
/// checked against the bounds (`PNGCodec.maximumPixelCount` for the canvas and each frame,
/// `AnimatedImage.refusal` for the animation) before the second pass decodes.
///
/// Frames are composed as browsers compose them (GIF89a §23, Graphic Control Extension): each
/// is drawn over the canvas, its transparent index leaving what is there; then its disposal
/// method runs before the next frame: 0 and 1 leave it, 2 clears its rectangle to transparent
/// (browsers use transparency, not the background colour), 3 restores what was under it.
public enum GIFCodec {
    /// Decodes GIF bytes into the first frame (and `DecodedImage.animation` when it has more
    /// than one), at the size that covers `covering` when far larger (`ImageStore.coverSize`).
    ///
    /// - Throws: `.invalidData` naming `name` for a file giflib cannot read, a canvas or frame
    ///   larger than `PNGCodec.maximumPixelCount`, a frame with no colour table, or a file cut
    ///   short inside a frame.
    public static func decode(_ bytes: [UInt8], name: String, covering: PixelSize?) throws(VitrineError) -> DecodedImage {
        let input = GIFInput(bytes)
        let layout = try GIFLayout.scan(input, name: name)
        let canvasSize = layout.canvas
        let shown = covering.flatMap { ImageStore.coverSize(of: canvasSize, shown: $0) } ?? canvasSize
        let refusal =
            layout.frameCount > 1
            ? AnimatedImage.refusal(frameCount: layout.frameCount, canvas: canvasSize, shown: shown, extraWork: layout.frameArea) : nil
        let canvasBytes = canvasSize.width * canvasSize.height * 4
        try MemoryHeadroom.require(
            2 * canvasBytes, for: "\(name): a \(canvasSize.width)x\(canvasSize.height) GIF needs \(MemoryHeadroom.size(2 * canvasBytes)) to decode",
            hint: "scale the image down")

        input.offset = 0
        let gif = try input.open(name: name)
        defer { DGifCloseFile(gif, nil) }
        let canvas = PixelBuffer(size: canvasSize, format: .argb8888Premultiplied)
        var frames: [PixelBuffer] = []
        var durations: [Int] = []
        var control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
        var disposal = GIFDisposal.none
        let wanted = refusal == nil ? layout.frameCount : 1
        var line = [UInt8](repeating: 0, count: layout.widestFrame)
        while frames.count < wanted {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) != GIF_ERROR else { throw Self.corrupt(name, gif) }
            switch record {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) != GIF_ERROR else { throw Self.corrupt(name, gif) }
                if code == GRAPHICS_EXT_FUNC_CODE, let block, DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_ERROR {
                    throw VitrineError(.invalidData, "\(name): corrupt GIF: a graphic control block of the wrong length", hint: Self.hint)
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) != GIF_ERROR else { throw Self.corrupt(name, gif) }
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) != GIF_ERROR else { throw Self.corrupt(name, gif) }
                disposal.apply(to: canvas)
                disposal = .none
                let desc = gif.pointee.Image
                guard let colors = desc.ColorMap ?? gif.pointee.SColorMap else {
                    throw VitrineError(.invalidData, "\(name): corrupt GIF: frame \(frames.count + 1) has no colour table", hint: Self.hint)
                }
                let rect = PixelRect(x: Int(desc.Left), y: Int(desc.Top), width: Int(desc.Width), height: Int(desc.Height))
                disposal = GIFDisposal(mode: control.DisposalMode, rect: rect.intersection(canvas.bounds), canvas: canvas)
                if rect.isEmpty {
                    try GIFLayout.skipImageData(gif, name: name)
                } else {
                    try Self.draw(
                        gif, rect: rect, interlaced: desc.Interlace, colors: colors.pointee, transparent: control.TransparentColor, line: &line, into: canvas,
                        name: name)
                }
                frames.append(AnimatedImage.frame(of: canvas, shown: shown))
                durations.append(AnimatedImage.duration(milliseconds: Int(control.DelayTime) * 10))
                control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
            case TERMINATE_RECORD_TYPE:
                // The scan counted the frames up to here: fewer cannot happen, but do not loop.
                guard !frames.isEmpty else { throw VitrineError(.invalidData, "\(name): a GIF with no frames", hint: Self.hint) }
                return Self.result(frames, durations, layout: layout, refusal: refusal, name: name)
            default:
                throw Self.corrupt(name, gif)
            }
        }
        return Self.result(frames, durations, layout: layout, refusal: refusal, name: name)
    }

    static let hint = "the file is damaged or was cut short (an interrupted copy?); copy or export it again"

    private static func result(_ frames: [PixelBuffer], _ durations: [Int], layout: GIFLayout, refusal: String?, name: String) -> DecodedImage {
        let cutShort = layout.isCutShort ? "it ends without its trailer (cut short?); its \(layout.frameCount) complete frames are shown" : nil
        var image = DecodedImage(pixels: frames[0], storedSize: layout.canvas, warning: cutShort)
        image.animationLimit = refusal
        if frames.count > 1 { image.animation = AnimatedImage(frames: frames, durations: durations, plays: layout.plays) }
        return image
    }

    /// Reads the rows of one frame (interlaced rows in their four passes, GIF89a appendix E) and
    /// draws them on `canvas`, clipped to it; the transparent index and indices past the colour
    /// table leave the canvas as it is.
    private static func draw(
        _ gif: UnsafeMutablePointer<GifFileType>, rect: PixelRect, interlaced: Bool, colors: ColorMapObject, transparent: Int32,
        line: inout [UInt8], into canvas: PixelBuffer, name: String
    ) throws(VitrineError) {
        var palette = [UInt32](repeating: 0, count: 256)
        for index in 0..<min(256, Int(colors.ColorCount)) {
            let color = colors.Colors[index]
            palette[index] = 0xFF00_0000 | UInt32(color.Red) << 16 | UInt32(color.Green) << 8 | UInt32(color.Blue)
        }
        if transparent >= 0 && transparent < 256 { palette[Int(transparent)] = 0 }
        let rows: [Int]
        if interlaced {
            rows = [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Swift.stride(from: start, to: rect.height, by: step) }
        } else {
            rows = Array(0..<rect.height)
        }
        let firstX = max(0, -rect.x)
        let lastX = min(rect.width, canvas.width - rect.x)
        for row in rows {
            let read = line.withUnsafeMutableBufferPointer { DGifGetLine(gif, $0.baseAddress, Int32(rect.width)) }
            guard read != GIF_ERROR else { throw Self.corrupt(name, gif) }
            let y = rect.y + row
            guard y >= 0, y < canvas.height, firstX < lastX else { continue }
            let out = canvas.row(y) + rect.x
            palette.withUnsafeBufferPointer { palette in
                line.withUnsafeBufferPointer { line in
                    for x in firstX..<lastX {
                        let color = palette[Int(line[x])]
                        if color != 0 { out[x] = color }
                    }
                }
            }
        }
    }

    static func corrupt(_ name: String, _ gif: UnsafeMutablePointer<GifFileType>) -> VitrineError {
        VitrineError(.invalidData, "\(name): corrupt or truncated GIF: \(Self.message(gif.pointee.Error))", hint: Self.hint)
    }

    static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}

/// What a frame's disposal method leaves for the next frame (GIF89a §23, "Disposal Method").
enum GIFDisposal {
    case none
    /// Clear the frame's rectangle to transparent.
    case clear(PixelRect)
    /// Put back what was under the frame: the rectangle's pixels only, kept at its size.
    case restore(PixelRect, PixelBuffer)

    /// `rect` is inside the canvas.
    init(mode: Int32, rect: PixelRect, canvas: PixelBuffer) {
        switch mode {
        case DISPOSE_BACKGROUND: self = .clear(rect)
        case DISPOSE_PREVIOUS where !rect.isEmpty:
            let saved = PixelBuffer(size: PixelSize(width: rect.width, height: rect.height), format: canvas.format)
            for y in 0..<rect.height { saved.row(y).update(from: canvas.row(rect.y + y) + rect.x, count: rect.width) }
            self = .restore(rect, saved)
        default: self = .none
        }
    }

    func apply(to canvas: PixelBuffer) {
        switch self {
        case .none: break
        case .clear(let rect): canvas.fill(rect, with: 0)
        case .restore(let rect, let saved):
            for y in 0..<rect.height { (canvas.row(rect.y + y) + rect.x).update(from: saved.row(y), count: rect.width) }
        }
    }
}

/// The bytes giflib reads through `DGifOpen`'s input function: its own copy, which outlives
/// every call into giflib.
final class GIFInput {
    let memory: UnsafeMutableRawBufferPointer
    var offset = 0

    init(_ bytes: [UInt8]) {
        self.memory = .allocate(byteCount: max(1, bytes.count), alignment: 16)
        self.memory.copyBytes(from: bytes)
        self.count = bytes.count
    }

    let count: Int

    deinit { self.memory.deallocate() }

    /// Opens a giflib reader at the start of the bytes (the caller closes it with `DGifCloseFile`).
    func open(name: String) throws(VitrineError) -> UnsafeMutablePointer<GifFileType> {
        var error: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(self).toOpaque(), gifRead, &error) else {
            throw VitrineError(.invalidData, "\(name): not a readable GIF image: \(GIFCodec.message(error))", hint: GIFCodec.hint)
        }
        return gif
    }
}

/// giflib's input function: copies up to `count` bytes from the `GIFInput` in `UserData`.
private let gifRead: InputFunc = { file, buffer, count in
    guard let file, let buffer, count > 0, let user = file.pointee.UserData else { return 0 }
    let input = Unmanaged<GIFInput>.fromOpaque(user).takeUnretainedValue()
    let length = min(Int(count), input.count - input.offset)
    guard length > 0 else { return 0 }
    memcpy(buffer, input.memory.baseAddress! + input.offset, length)
    input.offset += length
    return Int32(length)
}
