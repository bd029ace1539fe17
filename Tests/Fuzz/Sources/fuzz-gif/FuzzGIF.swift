import VitrineCore
import VitrineGraphics

/// GIF decoding, as every image of a config is decoded (`ImageStore.decode` picks the codec by
/// signature): any bytes either decode to a first frame (and frames) or are a `VitrineError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    _ = try? GIFCodec.decode(bytes, name: "fuzz.gif", covering: nil)
    // The reduced decode too, as for an animation far larger than its place.
    _ = try? GIFCodec.decode(bytes, name: "fuzz.gif", covering: PixelSize(width: 3, height: 2))
    return 0
}
