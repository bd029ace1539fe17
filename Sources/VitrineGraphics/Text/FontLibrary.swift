import CFontconfig
import VitrineCore

/// Finds fonts through fontconfig and owns everything text drawing keeps: the FreeType library
/// handle, the fontconfig configuration, opened faces, fonts at each size, fallback lists and
/// the `GlyphCache`.
///
/// One per process is plenty (each loads fontconfig's configuration and caches, a few
/// milliseconds); nothing is global, so tests make their own. Not thread-safe: use it from the
/// thread that renders.
public final class FontLibrary {
    /// Rasterised glyphs of every font of this library.
    public let glyphCache: GlyphCache
    let freeType: FreeTypeLibrary
    private let config: OpaquePointer
    private let logger: Logger
    private var facesByFile: [String: FontFace] = [:]
    private var facesByDescriptor: [FontDescriptor: FontFace] = [:]
    private var fonts: [String: Font] = [:]
    private(set) var fallbackLists: [FontDescriptor: FallbackFontList] = [:]
    /// (font, character) → the fallback font that draws it; cleared past
    /// `FallbackFontList.maximumAnswers`, like the lists' own answers.
    private(set) var fallbackFonts: [UInt64: Font?] = [:]
    private var warnedFamilies: Set<String> = []
    private var nextFontID = 1

    /// Family names fontconfig maps to real families by its own rules (fonts.conf(5)); a match
    /// for them is never reported as a missing family.
    static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math"]

    /// Loads fontconfig's configuration and initialises FreeType.
    /// - Throws: `VitrineError` when either cannot start.
    public init(logger: Logger = Logger("text"), glyphCacheBytes: Int = GlyphCache.defaultMaximumBytes) throws {
        self.freeType = try FreeTypeLibrary()
        guard let config = FcInitLoadConfigAndFonts() else {
            throw VitrineError(
                .unsupported, "cannot load the fontconfig configuration",
                hint: "check /etc/fonts/fonts.conf and that libfontconfig1 is installed")
        }
        self.config = config
        self.logger = logger
        self.glyphCache = GlyphCache(maximumBytes: glyphCacheBytes)
    }

    deinit { FcConfigDestroy(self.config) }

    /// The face `descriptor` names. A family that is not installed gives the default family's
    /// face and one warning naming the family (per library).
    /// - Throws: `VitrineError` naming the path for a missing or unreadable font file, or when
    ///   fontconfig knows no font at all.
    public func face(for descriptor: FontDescriptor) throws -> FontFace {
        if let face = self.facesByDescriptor[descriptor] { return face }
        let face: FontFace
        switch descriptor.source {
        case .file(let path, let index):
            face = try self.face(path: path, index: index, weight: descriptor.weight)
        case .family(let family):
            face = try self.matchFamily(family, weight: descriptor.weight)
        }
        self.facesByDescriptor[descriptor] = face
        return face
    }

    /// `descriptor`'s face at `pointSize` × `scale` pixels per em (clamped to
    /// `Font.pixelSizeRange`). Fonts are cached per face and size.
    /// - Throws: as `face(for:)`.
    public func font(_ descriptor: FontDescriptor, pointSize: Double, scale: Double = 1) throws -> Font {
        let safeScale = scale.isFinite && scale > 0 ? scale : 1
        return try self.font(face: self.face(for: descriptor), pixelSize: Font.clampedPixelSize(pointSize * safeScale))
    }

    func font(face: FontFace, pixelSize: Double) throws -> Font {
        let key = "\(face.path)#\(face.index)@\(pixelSize.bitPattern)"
        if let font = self.fonts[key] { return font }
        let font = try Font(face: face, pixelSize: pixelSize, id: self.nextFontID, freeType: self.freeType, glyphCache: self.glyphCache)
        self.nextFontID += 1
        self.fonts[key] = font
        return font
    }

    /// A font at `primary`'s size that has `scalar`, from fontconfig's fallback order for
    /// `primary`'s family; nil when no installed font has it.
    func fallbackFont(for scalar: UInt32, primary: Font) -> Font? {
        let key = UInt64(truncatingIfNeeded: primary.id) << 32 | UInt64(scalar)
        if let known = self.fallbackFonts[key] { return known }
        var found: Font?
        let descriptor = primary.face.fallbackDescriptor
        if self.fallbackLists[descriptor] == nil {
            self.fallbackLists[descriptor] = FallbackFontList(config: self.config, family: primary.face.familyName, weight: primary.face.weight)
        }
        if let location = self.fallbackLists[descriptor]?.font(for: scalar),
            let face = try? self.face(path: location.path, index: location.index, weight: primary.face.weight),
            let font = try? self.font(face: face, pixelSize: primary.pixelSize), font.hasGlyph(scalar)
        {
            found = font
        }
        if self.fallbackFonts.count >= FallbackFontList.maximumAnswers { self.fallbackFonts.removeAll(keepingCapacity: true) }
        self.fallbackFonts[key] = found
        return found
    }

    /// The characters of `scalars` that no installed font in `family`'s fallback order has: what
    /// would be drawn as boxes (`check-config`'s font coverage, from fontconfig's charsets).
    public func uncovered(_ scalars: Set<UInt32>, family: String) -> [UInt32] {
        guard let list = FallbackFontList(config: self.config, family: family, weight: .regular) else { return scalars.sorted() }
        return scalars.filter { list.font(for: $0) == nil }.sorted()
    }

    /// Opens the font file at `path` as `vitrine run` would, for check-config.
    /// - Throws: a `VitrineError` naming the path when it is missing, unreadable or not a font.
    public static func checkFontFile(_ path: String) throws {
        _ = try FontFace(path: path, index: 0, weight: .regular, freeType: FreeTypeLibrary())
    }

    private func face(path: String, index: Int, weight: FontDescriptor.Weight) throws -> FontFace {
        let key = "\(path)#\(index)"
        if let face = self.facesByFile[key] { return face }
        let face = try FontFace(path: path, index: index, weight: weight, freeType: self.freeType)
        self.facesByFile[key] = face
        return face
    }

    /// `FcFontMatch` for the family; falls back to the default family (with a warning) when
    /// fontconfig's best match is another family.
    private func matchFamily(_ family: String, weight: FontDescriptor.Weight) throws -> FontFace {
        guard let pattern = Self.pattern(family: family, weight: weight, config: self.config) else {
            throw VitrineError(.unsupported, "cannot build a fontconfig pattern for family \"\(family)\"")
        }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultMatch
        guard let match = FcFontMatch(self.config, pattern, &result), let path = Self.string(match, FC_FILE) else {
            throw VitrineError(
                .notFound, "fontconfig finds no font at all (asked for family \"\(family)\")",
                hint: "install fonts-dejavu-core (scripts/install-deps.sh)")
        }
        defer { FcPatternDestroy(match) }
        var index: Int32 = 0
        _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
        let families = Self.strings(match, FC_FAMILY)
        let wanted = family.lowercased()
        if !Self.genericFamilies.contains(wanted) && !families.contains(where: { $0.lowercased() == wanted }) {
            if wanted != FontDescriptor.defaultFamily.lowercased() {
                self.warnOnce(family, "font family \"\(family)\" is not installed; using \(FontDescriptor.defaultFamily) instead")
                return try self.face(for: FontDescriptor(family: FontDescriptor.defaultFamily, weight: weight))
            }
            self.warnOnce(family, "the default font family \"\(family)\" is not installed; using \(families.first ?? path) (install fonts-dejavu-core)")
        }
        return try self.face(path: path, index: Int(index), weight: weight)
    }

    private func warnOnce(_ family: String, _ message: String) {
        guard self.warnedFamilies.insert(family.lowercased()).inserted else { return }
        self.logger.warning(message)
    }

    /// A pattern for `family` at `weight` with fontconfig's configured and default
    /// substitutions applied (what `fc-match` does). The caller destroys it.
    static func pattern(family: String, weight: FontDescriptor.Weight, config: OpaquePointer) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        family.withCString { name in
            _ = FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer(name).assumingMemoryBound(to: FcChar8.self))
        }
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, weight.fontconfigValue)
        _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        return pattern
    }

    /// The `n`th string value of `object` in `pattern`.
    static func string(_ pattern: OpaquePointer, _ object: String, _ n: Int32 = 0) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    /// Every string value of `object` in `pattern` (a font lists several family names).
    static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var values: [String] = []
        while let value = Self.string(pattern, object, Int32(values.count)) { values.append(value) }
        return values
    }
}
