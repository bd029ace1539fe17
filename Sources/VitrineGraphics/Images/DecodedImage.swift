import VitrineCore

/// An image as decoded for its place on screen: the pixels (smaller than the file's when it was
/// far larger than its place, `ImageStore.oversizeFactor`), the size the file stores, and a
/// warning when the file has a flaw that left every pixel intact (`JPEGCodec.isHarmless`).
public struct DecodedImage {
    public var pixels: PixelBuffer
    /// The image's size in the file.
    public var storedSize: PixelSize
    /// What was wrong with a file that still decoded completely; nil for a sound file.
    public var warning: String?
    /// Every frame and its time, for an animated GIF or WebP (`pixels` is the first frame); nil
    /// for a still image, or an animation past `AnimatedImage`'s bounds (shown as a still).
    public var animation: AnimatedImage?
    /// Why an animated file is shown as a still of its first frame (`AnimatedImage.refusal`:
    /// too many frames, or too many bytes or pixels to decode); nil otherwise.
    public var animationLimit: String?

    public init(pixels: PixelBuffer, storedSize: PixelSize, warning: String? = nil) {
        self.pixels = pixels
        self.storedSize = storedSize
        self.warning = warning
    }

    /// Decoded smaller than stored (DCT scaling or a box reduction).
    public var isReduced: Bool { self.pixels.size != self.storedSize }
}
