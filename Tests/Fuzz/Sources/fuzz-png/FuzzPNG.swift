import VitrineCore
import VitrineGraphics

/// PNG decoding, as every image of a config is decoded (`ImageStore.decode` picks the codec by
/// signature): any bytes either decode to a buffer or are a `VitrineError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    _ = try? PNGCodec.decode(bytes, name: "fuzz.png")
    // The reduced decode too (DCT scaling or a box reduction), as for a photo far larger than
    // the screen: a small target makes every input that decodes take that path.
    _ = try? PNGCodec.decode(bytes, name: "fuzz.png", covering: PixelSize(width: 8, height: 6))
    return 0
}
