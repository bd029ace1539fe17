import VitrineCore
import VitrineSystem

/// Loads PNG, JPEG, GIF or WebP images by their content (not their name), decoded once and
/// kept; an animated GIF or WebP keeps its frames too (`animation(at:covering:)`).
///
/// With `covering` (the screen's size in pixels: no image is drawn larger than what covers the
/// screen) an image far larger than that is decoded smaller (`oversizeFactor`), so five
/// 8000×8000 photos on a 1080p panel do not hold 1.3 GB.
public final class ImageStore {
    /// An image more than this many times the size that covers its place, in both dimensions,
    /// is decoded smaller, and check-config warns about it: at 2× three quarters of the decoded
    /// pixels are never shown; below it the saving is small and photos would change how they
    /// look for little gain.
    public static let oversizeFactor = 2.0

    /// The largest image file read (64 MiB). A 4K (3840×2160) photo as a quality-95 JPEG is
    /// about 8 MB and a screen-sized PNG a few MB; a file eight times the first is a print
    /// master, not something a panel shows. (What it decodes to is bounded by the codecs.)
    public static let largestFile = 64 << 20

    private var images: [String: PixelBuffer] = [:]
    private var animations: [String: AnimatedImage] = [:]
    /// The size images are decoded to cover; nil decodes every image at its stored size.
    public let covering: PixelSize?

    public init(covering: PixelSize? = nil) {
        self.covering = covering.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
    }

    /// The decoded image at `path`, from memory after the first time.
    public func image(at path: String) throws(VitrineError) -> PixelBuffer {
        try self.image(at: path, covering: self.covering)
    }

    /// The decoded image at `path` for a place `covering` pixels large (a list row's thumbnail:
    /// a photo shown 48 points square is not kept at the screen's size), never larger than the
    /// store's own `covering`. Kept per size.
    public func image(at path: String, covering place: PixelSize?) throws(VitrineError) -> PixelBuffer {
        let (size, key) = self.size(path, covering: place)
        if let cached = self.images[key] { return cached }
        let decoded = try Self.decode(try FileReader.read(path, limit: Self.largestFile, what: "an image file"), name: path, covering: size)
        self.images[key] = decoded.pixels
        if let animation = decoded.animation { self.animations[key] = animation }
        return decoded.pixels
    }

    /// The frames of the animated GIF or WebP at `path` for a place `covering` pixels large (as
    /// `image(at:covering:)`, which it decodes with, once); nil for a still image.
    public func animation(at path: String, covering place: PixelSize? = nil) throws(VitrineError) -> AnimatedImage? {
        _ = try self.image(at: path, covering: place)
        return self.animations[self.size(path, covering: place).key]
    }

    /// The size an image for a place `covering` pixels large is decoded to (never larger than
    /// the store's own `covering`), and the key it is kept under (its path alone at that size).
    private func size(_ path: String, covering place: PixelSize?) -> (size: PixelSize?, key: String) {
        var size = self.covering
        if let place, place.width > 0, place.height > 0 {
            size = self.covering.map { PixelSize(width: min($0.width, place.width), height: min($0.height, place.height)) } ?? place
        }
        return (size, size == self.covering ? path : path + "@\(size?.width ?? 0)x\(size?.height ?? 0)")
    }

    /// Decodes PNG, JPEG, GIF or WebP bytes, recognised by their signature (an animation's first
    /// frame).
    public static func decode(_ bytes: [UInt8], name: String) throws(VitrineError) -> PixelBuffer {
        try self.decode(bytes, name: name, covering: nil).pixels
    }

    /// Decodes PNG, JPEG, GIF or WebP bytes, smaller when far larger than `covering` (see the
    /// type); an animated GIF or WebP's frames are in `DecodedImage.animation`.
    /// `bytes` is consumed (a JPEG's are released before its scaled copy is made).
    public static func decode(_ bytes: consuming [UInt8], name: String, covering: PixelSize?) throws(VitrineError) -> DecodedImage {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try PNGCodec.decode(bytes, name: name, covering: covering) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try JPEGCodec.decode(consume bytes, name: name, covering: covering) }
        // "GIF87a" or "GIF89a" (GIF89a §17); "RIFF", a size, "WEBP" (WebP container spec).
        if bytes.starts(with: Array("GIF8".utf8)) { return try GIFCodec.decode(bytes, name: name, covering: covering) }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            return try WebPCodec.decode(bytes, name: name, covering: covering)
        }
        throw VitrineError(
            .invalidData, "\(name): not a PNG, JPEG, GIF or WebP image", hint: "Vitrine shows PNG (with alpha), JPEG, GIF and WebP (still or animated) images")
    }

    /// The size `full` is drawn at when scaled to cover `shown` (what a `.fill` image does, and
    /// the most any image placed inside `shown` needs): the side that sets the scale equals
    /// `shown`'s exactly, the other is rounded up. Integer arithmetic: in floating point
    /// `width × (shown / width)` rounded up is one pixel too many for some sizes (4188×4188
    /// covering 1920×1080 gave 1921×1921), a column and a row resampled for nothing.
    /// Nil when `full` is not more than `oversizeFactor` times that in both dimensions.
    public static func coverSize(of full: PixelSize, shown: PixelSize) -> PixelSize? {
        guard full.width > 0, full.height > 0, shown.width > 0, shown.height > 0 else { return nil }
        // Scale shown.width / full.width against shown.height / full.height, cross-multiplied.
        let widthSets = shown.width * full.height >= shown.height * full.width
        let cover =
            widthSets
            ? PixelSize(width: shown.width, height: (full.height * shown.width + full.width - 1) / full.width)
            : PixelSize(width: (full.width * shown.height + full.height - 1) / full.height, height: shown.height)
        // One scale for both sides: more than `oversizeFactor` times on the side that sets it.
        let oversize =
            widthSets ? Double(full.width) > Self.oversizeFactor * Double(shown.width) : Double(full.height) > Self.oversizeFactor * Double(shown.height)
        return oversize ? cover : nil
    }
}
