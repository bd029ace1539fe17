import CVitrineShims
import VitrineCore

/// How the outputs write scanout buffers: with streaming (non-temporal) stores, which skip
/// reading each destination line into the cache before overwriting it.
///
/// A scanout buffer is written by the CPU and read only by the display. With plain stores into
/// ordinary memory (the headless twin, virtio-gpu's dumb buffers) every 64-byte line written is
/// first read from memory; at 3840×2160 a full frame is 33 MB of such reads, and they push the
/// frame just composited out of the cache. Write-combined dumb buffers (most real panels) stream
/// plain stores anyway, so there it changes nothing. Measured with `vitrine bench --only
/// museum`: Docs/rendering.md, "Copying to the screen".
public enum ScanoutStores {
    /// Copies `count` pixels with streaming stores (`RotatedCopy.RowCopy`).
    public static func copyRow(_ destination: UnsafeMutablePointer<UInt32>, _ source: UnsafePointer<UInt32>, _ count: Int) {
        CVitrineShims_streamCopy32(destination, source, count)
    }
}
