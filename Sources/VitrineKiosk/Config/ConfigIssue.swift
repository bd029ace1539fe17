import VitrineCore
import VitrineScene

/// One problem found in a kiosk config: where it is and what is wrong.
///
/// Syntax errors have a line and column; schema errors and warnings name the field by its JSON
/// path (`onboarding.pages[2].image`). `description` is the line `vitrine check-config` prints
/// after the file's name.
public struct ConfigIssue: Sendable, Equatable, CustomStringConvertible {
    /// Where in the file.
    public enum Location: Sendable, Equatable, CustomStringConvertible {
        /// A syntax error: 1-based line and column (in characters).
        case position(line: Int, column: Int)
        /// A field, by JSON path (`main.buttons[1].action`); empty for the whole document.
        case field(String)

        public var description: String {
            switch self {
            case .position(let line, let column): "line \(line), column \(column)"
            case .field(let path): path
            }
        }
    }

    public var location: Location
    /// What is wrong and, where it helps, what would be right.
    public var message: String

    /// A message is one line, always: line breaks a quoted value brought in (an array in
    /// a pretty-printed JSON) become spaces, so every error is one line of `check-config` and of
    /// the journal.
    public init(_ location: Location, _ message: String) {
        self.location = location
        self.message =
            message.contains(where: \.isNewline)
            ? message.split(whereSeparator: \.isNewline).map { String($0.drop { $0 == " " || $0 == "\t" }) }.joined(separator: " ") : message
    }

    /// The field's JSON path, for schema errors and warnings.
    public var field: String? {
        if case .field(let path) = self.location { return path }
        return nil
    }

    /// `theme.tint: "#12" is not a colour (use #RRGGBB or #RRGGBBAA)`.
    public var description: String {
        if case .field("") = self.location { return self.message }
        return "\(self.location): \(self.message)"
    }
}

extension VitrineError.Code {
    /// A kiosk config with syntax or schema errors (the message lists every one).
    public static let invalidConfiguration = VitrineError.Code("invalid-configuration")
}

/// What checking a kiosk config found: the configuration (defaults wherever the file is silent
/// or wrong), every error, and every warning.
public struct KioskConfigCheck: Sendable {
    /// The file's path as given (`<text>` names for text checked without a file).
    public var file: String
    /// Relative image paths are read from here: the config file's folder.
    public var baseDirectory: String
    /// Usable only when `errors` is empty (a version 1 file, converted).
    public var configuration: KioskConfiguration
    /// A version 1 file as it was written.
    public var v1: KioskConfigurationV1?
    /// The document as written (nil after a syntax error): the font check names the fields the
    /// file has, not those of a version 1 file's conversion.
    public var document: JSONValue? = nil
    /// Syntax errors (then nothing else is checked), an unsupported version (likewise), or every
    /// schema error, in schema order.
    public var errors: [ConfigIssue]
    /// Unknown keys, repeated keys and settings that cannot take effect; they never stop a kiosk.
    public var warnings: [ConfigIssue]
    /// The contrast warnings among `warnings`: the theme's text and background pairs below
    /// 4.5:1 (`vitrine check-config --accessibility` lists them in its report).
    public var contrastWarnings: [ConfigIssue] = []
    /// The SHA-256 of the bytes read, when `check(path:digest:)` was asked for it; else nil.
    public var sha256: String? = nil

    public var isValid: Bool { self.errors.isEmpty }

    /// The errors as one `VitrineError` (code `invalidConfiguration`), one per line, each line
    /// starting with the file: `/etc/vitrine/kiosk.json: theme.tint: "#12" is not a colour …`.
    /// Nil when there are none.
    public var error: VitrineError? {
        guard !self.errors.isEmpty else { return nil }
        return VitrineError(
            .invalidConfiguration, self.errorLines.joined(separator: "\n"),
            hint: "Docs/config.md describes every field; `vitrine check-config \(self.file)` checks the file without a display")
    }

    /// The errors, one line each: `FILE: line 3, column 5: …` or `FILE: theme.tint: …`.
    public var errorLines: [String] { self.errors.map { "\(self.file): \($0)" } }

    /// The warnings, one line each, for a log at warning level:
    /// `FILE: main.titel: unknown key, ignored (did you mean title?)`.
    public var warningLines: [String] { self.warnings.map { "\(self.file): \($0)" } }
}

/// Close misspellings: "did you mean …?" for unknown keys and values.
enum Misspelling {
    /// The candidate closest to `word` when it is close enough to be a typo: at most one edit for
    /// words of up to 4 letters, two up to 9, three beyond (case differences count as nothing,
    /// a swap of neighbours as one edit).
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        let lowered = Array(word.lowercased())
        let limit = lowered.count <= 4 ? 1 : lowered.count <= 9 ? 2 : 3
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = self.distance(lowered, Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// ` (did you mean title?)`, or nothing.
    static func hint(for word: String, among candidates: [String]) -> String {
        self.suggestion(for: word, among: candidates).map { " (did you mean \($0)?)" } ?? ""
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// adjacent characters, each one edit.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
