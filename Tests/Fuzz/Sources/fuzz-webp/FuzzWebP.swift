import VitrineCore
import VitrineGraphics

/// WebP decoding (libwebp's demuxer and animation decoder), as every image of a config is
/// decoded: any bytes either decode to a first frame (and frames) or are a `VitrineError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    _ = try? WebPCodec.decode(bytes, name: "fuzz.webp", covering: nil)
    // The reduced decode too, as for an animation far larger than its place.
    _ = try? WebPCodec.decode(bytes, name: "fuzz.webp", covering: PixelSize(width: 3, height: 2))
    return 0
}
