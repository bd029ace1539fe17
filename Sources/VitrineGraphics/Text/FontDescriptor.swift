/// Which font to use: a family name that fontconfig resolves ("DejaVu Sans", "sans-serif"), or a
/// font file.
///
/// A family that is not installed falls back to `FontDescriptor.defaultFamily` with one warning
/// naming it; a file that does not exist is a `VitrineError` naming the path
/// (`FontLibrary.face(for:)`).
public struct FontDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// Where the font comes from.
    public enum Source: Hashable, Sendable {
        /// A family name, matched by fontconfig (`FcFontMatch`).
        case family(String)
        /// A font file, and the face inside it (0 for a plain `.ttf`/`.otf`; collections hold more).
        case file(path: String, index: Int)
    }

    /// The stroke weight asked of fontconfig; a file is used as it is.
    public enum Weight: Hashable, Sendable {
        case regular
        case medium
        /// Between medium and bold; a family without it gets its nearest weight (fontconfig).
        case semibold
        case bold

        /// fontconfig's scale: `FC_WEIGHT_REGULAR` 80, `FC_WEIGHT_MEDIUM` 100,
        /// `FC_WEIGHT_SEMIBOLD` 180, `FC_WEIGHT_BOLD` 200 (fontconfig.h).
        var fontconfigValue: Int32 {
            switch self {
            case .regular: 80
            case .medium: 100
            case .semibold: 180
            case .bold: 200
            }
        }
    }

    public var source: Source
    public var weight: Weight

    /// A family by name, or — when `family` is an absolute path, as a config's `fontFamily` may
    /// be (Docs/config.md) — that font file (its face 0, at every weight: the file is the font).
    public init(family: String, weight: Weight = .regular) {
        self.source = family.hasPrefix("/") ? .file(path: family, index: 0) : .family(family)
        self.weight = weight
    }

    public init(file path: String, index: Int = 0) {
        self.source = .file(path: path, index: index)
        self.weight = .regular
    }

    /// The family every Debian system with `fonts-dejavu-core` has, which also covers Latin,
    /// Greek, Cyrillic, Arabic and Hebrew.
    public static let defaultFamily = "DejaVu Sans"

    /// `defaultFamily`, regular weight.
    public static let `default` = FontDescriptor(family: FontDescriptor.defaultFamily)

    public var description: String {
        switch self.source {
        case .family(let name): self.weight == .regular ? name : "\(name) (\(self.weight))"
        case .file(let path, let index): index == 0 ? path : "\(path)#\(index)"
        }
    }
}
