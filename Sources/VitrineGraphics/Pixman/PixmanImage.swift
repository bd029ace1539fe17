import CPixman
import VitrineCore

/// An owned pixman image: a wrapped `PixelBuffer` or `AlphaMask`, a solid colour or a gradient.
///
/// pixman does the compositing (its SSE2/NEON fast paths are what Weston, wlroots and cairo use,
/// research/render_perf.md §2); this class only owns the `pixman_image_t` and keeps the memory it
/// points into alive.
public final class PixmanImage {
    let raw: OpaquePointer
    private let keepAlive: AnyObject?

    /// Wraps a buffer's pixels (no copy): `x8r8g8b8` or premultiplied `a8r8g8b8`.
    public init(buffer: PixelBuffer) {
        let format = buffer.format == .xrgb8888 ? PIXMAN_x8r8g8b8 : PIXMAN_a8r8g8b8
        self.raw = pixman_image_create_bits_no_clear(
            format, Int32(buffer.width), Int32(buffer.height), buffer.pixels, Int32(buffer.bytesPerRow))!
        self.keepAlive = buffer
    }

    /// Wraps an 8-bit coverage mask (no copy).
    public init(mask: AlphaMask) {
        let pointer = UnsafeMutableRawPointer(mask.bytes).assumingMemoryBound(to: UInt32.self)
        self.raw = pixman_image_create_bits_no_clear(PIXMAN_a8, Int32(mask.width), Int32(mask.height), pointer, Int32(mask.stride))!
        self.keepAlive = mask
    }

    /// A solid colour.
    public init(solid color: Color) {
        var c = Self.pixmanColor(color)
        self.raw = pixman_image_create_solid_fill(&c)!
        self.keepAlive = nil
    }

    /// A linear gradient from `start` to `end` (device pixels), padded beyond its ends.
    public init(linearGradientFrom start: (x: Double, y: Double), to end: (x: Double, y: Double), stops: [(offset: Double, color: Color)]) {
        var p1 = pixman_point_fixed_t(x: Self.fixed(start.x), y: Self.fixed(start.y))
        var p2 = pixman_point_fixed_t(x: Self.fixed(end.x), y: Self.fixed(end.y))
        var pixmanStops = stops.map { pixman_gradient_stop_t(x: Self.fixed(min(1, max(0, $0.offset))), color: Self.pixmanColor($0.color)) }
        self.raw = pixmanStops.withUnsafeMutableBufferPointer { pixman_image_create_linear_gradient(&p1, &p2, $0.baseAddress, Int32($0.count)) }!
        pixman_image_set_repeat(self.raw, PIXMAN_REPEAT_PAD)
        self.keepAlive = nil
    }

    deinit { pixman_image_unref(self.raw) }

    /// Limits drawing into this image to `region` (nil: no limit).
    public func setClip(_ region: Region?) {
        guard let region else {
            pixman_image_set_clip_region32(self.raw, nil)
            return
        }
        var boxes = region.rects.map { pixman_box32_t(x1: Int32($0.minX), y1: Int32($0.minY), x2: Int32($0.maxX), y2: Int32($0.maxY)) }
        var pixmanRegion = pixman_region32_t()
        _ = boxes.withUnsafeMutableBufferPointer { pixman_region32_init_rects(&pixmanRegion, $0.baseAddress, Int32($0.count)) }
        // pixman copies the region into the image.
        pixman_image_set_clip_region32(self.raw, &pixmanRegion)
        pixman_region32_fini(&pixmanRegion)
    }

    /// Samples this image through `transform` (destination → source pixels) with bilinear
    /// filtering and edge padding, as image scaling needs.
    public func setSampling(sourceFromDestination transform: AffineTransform?) {
        guard let t = transform else {
            pixman_image_set_transform(self.raw, nil)
            pixman_image_set_filter(self.raw, PIXMAN_FILTER_NEAREST, nil, 0)
            return
        }
        var matrix = pixman_transform_t()
        withUnsafeMutableBytes(of: &matrix.matrix) { raw in
            let m = raw.bindMemory(to: pixman_fixed_t.self)
            m[0] = Self.fixed(t.a)
            m[1] = Self.fixed(t.c)
            m[2] = Self.fixed(t.tx)
            m[3] = Self.fixed(t.b)
            m[4] = Self.fixed(t.d)
            m[5] = Self.fixed(t.ty)
            m[6] = 0
            m[7] = 0
            m[8] = Self.fixed(1)
        }
        pixman_image_set_transform(self.raw, &matrix)
        pixman_image_set_filter(self.raw, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(self.raw, PIXMAN_REPEAT_PAD)
    }

    /// pixman's 16.16 fixed point.
    static func fixed(_ value: Double) -> pixman_fixed_t {
        pixman_fixed_t(truncatingIfNeeded: Int64((value * 65536).rounded()))
    }

    /// pixman colours are 16 bits per channel, premultiplied (cairo passes them the same way).
    static func pixmanColor(_ color: Color) -> pixman_color_t {
        let word = color.argbPremultiplied
        func widen(_ shift: UInt32) -> UInt16 { UInt16((word >> shift) & 0xFF) * 257 }
        return pixman_color_t(red: widen(16), green: widen(8), blue: widen(0), alpha: widen(24))
    }
}

/// How pixman combines a source with a destination.
public enum CompositeOperator: Sendable {
    /// Source replaces destination (`PIXMAN_OP_SRC`).
    case copy
    /// Source over destination (`PIXMAN_OP_OVER`), premultiplied alpha.
    case over
    /// Destination kept only as much as the (masked) source covers (`PIXMAN_OP_IN_REVERSE`).
    case keepWhereCovered

    var pixman: pixman_op_t {
        switch self {
        case .copy: PIXMAN_OP_SRC
        case .over: PIXMAN_OP_OVER
        case .keepWhereCovered: PIXMAN_OP_IN_REVERSE
        }
    }
}

/// `pixman_image_composite32`, named.
public enum Pixman {
    /// Composites `source` (through `mask` when given) into `destination`, `size` pixels from the
    /// given origins.
    public static func composite(
        _ op: CompositeOperator, source: PixmanImage, mask: PixmanImage? = nil, destination: PixmanImage,
        sourceOrigin: (x: Int, y: Int) = (0, 0), maskOrigin: (x: Int, y: Int) = (0, 0), destinationRect: PixelRect
    ) {
        guard !destinationRect.isEmpty else { return }
        pixman_image_composite32(
            op.pixman, source.raw, mask?.raw, destination.raw,
            Int32(sourceOrigin.x), Int32(sourceOrigin.y), Int32(maskOrigin.x), Int32(maskOrigin.y),
            Int32(destinationRect.x), Int32(destinationRect.y), Int32(destinationRect.width), Int32(destinationRect.height))
    }
}
