import VitrineCore

/// How many pixels of `a` and `b` differ in colour (alpha ignored: scanout is XRGB, PNG files are
/// ARGB); every pixel when their sizes differ.
public func differingPixels(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
    guard a.size == b.size else { return a.width * a.height }
    var count = 0
    for y in 0..<a.height {
        for x in 0..<a.width where a[x, y] & 0x00FF_FFFF != b[x, y] & 0x00FF_FFFF { count += 1 }
    }
    return count
}
