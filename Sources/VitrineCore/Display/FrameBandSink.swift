/// Takes a frame's pixels band by band while they are composited, so each band is copied to the
/// scanout buffer while it is still in the cache.
///
/// A frame that changes most of a 4K screen is 33 MB: composited into the shadow buffer and then
/// copied, it is read back from main memory, and on a machine with 10 GB/s of memory bandwidth
/// that copy alone is 6.5 ms. Copied a band at a time right after each band is painted, its
/// reads hit the cache (LVGL's partial draw buffers flush the same way, research/embedded_gui.md).
///
/// The compositor calls `beginFrame` once it knows the damage, `bandPainted` after each band of
/// rows is final (top to bottom; no pixel of a band is painted again in that frame), and the
/// frame is then presented as usual (`DisplayOutput.present`), which copies whatever the bands
/// did not.
public protocol FrameBandSink: AnyObject {
    /// `frame` is about to be painted within `damage`.
    func beginFrame(_ frame: PixelBuffer, damage: Region)
    /// Rows `rows` of the frame are final.
    func bandPainted(_ rows: Range<Int>)
}
