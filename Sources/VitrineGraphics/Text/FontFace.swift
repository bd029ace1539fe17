import CFreeType
import CHarfBuzz
import VitrineCore
import VitrineSystem

/// The FreeType library handle of one `FontLibrary`, shared by its fonts so that it outlives
/// every `FT_Face` made from it (`FT_Done_FreeType` runs when the last owner goes).
final class FreeTypeLibrary {
    let raw: FT_Library

    init() throws {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw VitrineError(
                .unsupported, "cannot initialise FreeType: \(FreeTypeError.name(error))",
                hint: "check that libfreetype6 is installed (scripts/install-deps.sh)")
        }
        self.raw = library
    }

    deinit { FT_Done_FreeType(self.raw) }
}

/// One face of one font file: where it is, its family name, and the HarfBuzz face that every
/// size of it shapes with.
///
/// HarfBuzz reads the file itself (`hb_blob_create_from_file`, which maps it) and measures with
/// its own OpenType functions, so shaping uses the font's unhinted advances; FreeType only
/// rasterises (`Font`).
public final class FontFace {
    /// The font file.
    public let path: String
    /// The face's index inside the file (0 unless the file is a collection).
    public let index: Int
    /// The family name the font declares (FreeType's `family_name`), e.g. "Lohit Devanagari".
    public let familyName: String
    /// The weight this face was asked for; fallback fonts are looked for with the same weight.
    public let weight: FontDescriptor.Weight
    let hbFace: OpaquePointer

    /// The largest font file opened (128 MiB). The largest common fonts are CJK collections
    /// (Noto Sans CJK's `.ttc` is about 19 MB, Noto Serif CJK's about 25 MB); five times that
    /// is not a font.
    public static let largestFile = 128 << 20

    /// Opens `path`; throws a `VitrineError` naming the path when it is missing, unreadable, not
    /// a regular file (FreeType and HarfBuzz open it by path, so it is checked first:
    /// `FileReader.check`) or not a font FreeType understands.
    init(path: String, index: Int, weight: FontDescriptor.Weight, freeType: FreeTypeLibrary) throws {
        if let problem = Self.fileProblem(path) { throw problem }
        var probe: FT_Face?
        let error = FT_New_Face(freeType.raw, path, FT_Long(index), &probe)
        guard error == 0, let probe else { throw Self.openError(path: path, index: index, code: error) }
        defer { FT_Done_Face(probe) }
        let family = probe.pointee.family_name.map { String(cString: $0) } ?? ""
        self.familyName = family.isEmpty ? path : family
        let blob = hb_blob_create_from_file(path)
        defer { hb_blob_destroy(blob) }
        guard hb_blob_get_length(blob) > 0, let face = hb_face_create(blob, UInt32(clamping: index)) else {
            throw VitrineError(.ioFailure, "HarfBuzz cannot read font file \(path)", hint: "check that the file is readable")
        }
        self.hbFace = face
        self.path = path
        self.index = index
        self.weight = weight
    }

    deinit { hb_face_destroy(self.hbFace) }

    /// The fallback list to consult when this face lacks a character: fontconfig's ordering for
    /// this family at this weight.
    var fallbackDescriptor: FontDescriptor { FontDescriptor(family: self.familyName, weight: self.weight) }

    /// Why `path` cannot be opened as a font file (`FileReader.check`), nil when it can.
    private static func fileProblem(_ path: String) -> VitrineError? {
        do {
            try FileReader.check(path, limit: Self.largestFile, what: "a font file")
            return nil
        } catch {
            guard error.code == .notFound else { return error }
            return VitrineError(.notFound, "font \(error.message)", hint: "check the path, or name a family instead (fc-list : family lists them)")
        }
    }

    private static func openError(path: String, index: Int, code: FT_Error) -> VitrineError {
        let name = FreeTypeError.name(code)
        if code == 0x01 {
            return VitrineError(
                .notFound, "font file \(path) not found or not readable (FreeType \(name))",
                hint: "check the path, or name a family instead (fc-list : family lists them)")
        }
        if code == 0x06 && index > 0 {
            return VitrineError(
                .invalidArgument, "font file \(path) has no face \(index) (FreeType \(name))",
                hint: "use index 0, or a face the collection has")
        }
        return VitrineError(
            .invalidData, "cannot read font file \(path): FreeType \(name)",
            hint: "the file is not a font FreeType understands (TrueType, OpenType, Type 1, …)")
    }
}
