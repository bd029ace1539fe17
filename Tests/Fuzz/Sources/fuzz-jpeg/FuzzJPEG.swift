import VitrineCore
import VitrineGraphics

/// JPEG decoding (TurboJPEG through `JPEGCodec`): any bytes either decode to a buffer or are a
/// `VitrineError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    _ = try? JPEGCodec.decode(bytes, name: "fuzz.jpg")
    // The reduced decode too (DCT scaling or a box reduction), as for a photo far larger than
    // the screen: a small target makes every input that decodes take that path.
    _ = try? JPEGCodec.decode(bytes, name: "fuzz.jpg", covering: PixelSize(width: 8, height: 6))
    return 0
}
