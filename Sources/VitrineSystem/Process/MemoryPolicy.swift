import CVitrineShims

/// How the process asks glibc for memory.
public enum MemoryPolicy {
    /// Frame-sized buffers (4 MB at 1280x800) always come from mmap and go back to the kernel
    /// when freed. Left to itself glibc raises its mmap threshold after the first such buffer is
    /// freed and from then on serves them from the heap, which it rarely returns: resident memory
    /// would grow with every screen the kiosk has shown (`vitrine bench`'s rss-demo row). 256 KiB
    /// keeps glyph masks and small layers on the heap.
    public static func returnLargeBuffersToKernel(threshold: Int32 = 256 * 1024) {
        _ = CVitrineShims_setMmapThreshold(threshold)
    }
}
