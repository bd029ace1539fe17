import CPixman
import VitrineCore

/// One rasterised glyph at one quarter-pixel offset: its coverage mask and where the mask sits
/// relative to the pen position on the baseline.
final class GlyphImage {
    /// Nil for a glyph with no pixels (a space).
    let mask: AlphaMask?
    /// The mask wrapped for pixman, made once.
    let image: PixmanImage?
    /// Pixels from the pen position to the mask's left edge.
    let left: Int
    /// Pixels from the baseline up to the mask's top edge.
    let top: Int
    /// The `GlyphCache` tick of the last lookup, for least-recently-used eviction.
    var lastUse: UInt64 = 0

    init(mask: AlphaMask?, left: Int, top: Int) {
        self.mask = mask
        self.image = mask.map { PixmanImage(mask: $0) }
        self.left = left
        self.top = top
    }

    /// Memory the entry holds, roughly: the mask's bytes and a fixed overhead for the objects.
    var byteCount: Int { 128 + (self.mask.map { $0.stride * $0.height } ?? 0) }
}

/// Rasterised glyphs keyed by (font, size, glyph id, x position quantised to quarter pixels),
/// so a glyph is rasterised at most four times per font and size, however often it is drawn.
///
/// Bounded by `maximumBytes`: when an insertion passes it, the least recently used entries go
/// until a quarter of the budget is free. `statistics` counts hits and misses, so a cold cache
/// (`removeAll()`) and a warm one can be told apart and measured (`vitrine bench --only text`).
///
/// It also owns the pixman glyph cache (`pixman_glyph_cache_t`) that
/// `pixman_composite_glyphs_no_mask` draws from; pixman bounds that one itself.
public final class GlyphCache {
    /// Counters since the cache was made or last emptied.
    public struct Statistics: Sendable, Equatable {
        /// Lookups answered from the cache.
        public var hits = 0
        /// Lookups that rasterised a glyph.
        public var misses = 0
        /// Entries dropped to stay within the budget.
        public var evictions = 0
    }

    /// 8 MiB: about 40,000 glyphs of body text at 17 px, or 300 at 200 px; a kiosk screen uses a
    /// few hundred distinct glyphs.
    public static let defaultMaximumBytes = 8 << 20

    public let maximumBytes: Int
    public private(set) var statistics = Statistics()
    /// Bytes the entries hold now (`GlyphImage.byteCount`).
    public private(set) var byteCount = 0
    private var entries: [UInt64: GlyphImage] = [:]
    private var tick: UInt64 = 0
    private(set) var pixmanCache: PixmanGlyphCache

    public init(maximumBytes: Int = GlyphCache.defaultMaximumBytes) {
        self.maximumBytes = max(1 << 16, maximumBytes)
        self.pixmanCache = PixmanGlyphCache()
    }

    /// How many rasterised glyphs the cache holds.
    public var count: Int { self.entries.count }

    /// Forgets every glyph (and the pixman copies): the next draw is cold.
    public func removeAll() {
        self.entries.removeAll()
        self.byteCount = 0
        self.statistics = Statistics()
        self.pixmanCache = PixmanGlyphCache()
    }

    /// The glyph `glyph` of `font`, shifted right by `quarter`/4 pixel, rasterised on a miss.
    func image(font: Font, glyph: UInt32, quarter: Int) -> GlyphImage {
        self.tick &+= 1
        let key = Self.key(fontID: font.id, glyph: glyph, quarter: quarter)
        if let entry = self.entries[key] {
            entry.lastUse = self.tick
            self.statistics.hits += 1
            return entry
        }
        self.statistics.misses += 1
        let entry = font.rasterize(glyph: glyph, quarter: quarter)
        entry.lastUse = self.tick
        self.entries[key] = entry
        self.byteCount += entry.byteCount
        if self.byteCount > self.maximumBytes { self.evict() }
        return entry
    }

    /// Packs the key: font id above bit 34, the quarter in bits 32–33, the glyph id below.
    static func key(fontID: Int, glyph: UInt32, quarter: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: fontID) << 34 | UInt64(truncatingIfNeeded: quarter & 3) << 32 | UInt64(glyph)
    }

    /// Drops least recently used entries until the cache holds at most ¾ of its budget.
    private func evict() {
        let target = self.maximumBytes / 4 * 3
        let oldestFirst = self.entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in oldestFirst where self.byteCount > target {
            self.entries[key] = nil
            self.byteCount -= entry.byteCount
            self.statistics.evictions += 1
        }
    }
}

/// An owned `pixman_glyph_cache_t`. pixman copies each inserted mask and evicts on `thaw` once it
/// holds more than its high-water mark of glyphs (16,384, `N_GLYPHS_HIGH_WATER` in
/// pixman-glyph.c), so glyph pointers are looked up afresh on every draw, between `freeze` and
/// `thaw`.
final class PixmanGlyphCache {
    let raw: OpaquePointer

    init() { self.raw = pixman_glyph_cache_create()! }

    deinit { pixman_glyph_cache_destroy(self.raw) }

    /// pixman's glyph for (`fontID`, `glyphKey`), inserting `image()` on a miss. Call between
    /// `pixman_glyph_cache_freeze` and `pixman_glyph_cache_thaw`. Nil for an empty glyph.
    @inline(__always)
    func glyph(fontID: Int, glyphKey: UInt64, image: () -> GlyphImage) -> UnsafeRawPointer? {
        // Keys are opaque pointers to pixman; 0 is reserved, so both are offset by one.
        let fontKey = UnsafeMutableRawPointer(bitPattern: UInt(truncatingIfNeeded: fontID &+ 1))
        let key = UnsafeMutableRawPointer(bitPattern: UInt(truncatingIfNeeded: glyphKey &+ 1))
        if let found = pixman_glyph_cache_lookup(self.raw, fontKey, key) { return found }
        let entry = image()
        guard let picture = entry.image else { return nil }
        return pixman_glyph_cache_insert(self.raw, fontKey, key, Int32(-entry.left), Int32(entry.top), picture.raw)
    }
}
