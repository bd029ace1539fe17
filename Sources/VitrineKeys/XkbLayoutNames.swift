import VitrineCore
import VitrineSystem

/// The keyboard layouts and variants xkeyboard-config knows, read from its rules list
/// (`/usr/share/X11/xkb/rules/evdev.lst`, sections `! layout` and `! variant`; `base.lst` when
/// there is no `evdev.lst`): what `localectl list-x11-keymap-layouts` lists, and what an error
/// about an unknown name offers instead (`closest(to:)`).
///
/// The "extras" layouts (`evdev.extras.xml`: historic and constructed scripts) are not in the
/// list; they still compile, and the list is only read to explain a keymap that does not.
public struct XkbLayoutNames: Sendable {
    /// A layout or variant: its name (`de`, `nodeadkeys`) and what it is (`German`).
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var description: String

        public init(name: String, description: String) {
            self.name = name
            self.description = description
        }
    }

    /// Where xkeyboard-config (Debian's xkb-data) keeps its rules.
    public static let rulesDirectory = "/usr/share/X11/xkb/rules"
    /// How many close names an error offers.
    public static let suggestions = 3
    /// The largest edit distance a close name may have: 2 catches a doubled, dropped, swapped or
    /// mistyped letter in a two- or three-letter code (`dee`, `d`, `ed`, `dr` for `de`).
    public static let closeDistance = 2

    /// In the file's order (by country, as xkeyboard-config lists them).
    public var layouts: [Entry]
    /// Each layout's variants, by layout name.
    public var variants: [String: [Entry]]

    public init(layouts: [Entry], variants: [String: [Entry]]) {
        self.layouts = layouts
        self.variants = variants
    }

    /// Reads `evdev.lst` in `directory`, else `base.lst`.
    /// - Throws: when neither can be read, naming the file and the package that brings it.
    public static func load(directory: String = rulesDirectory) throws(VitrineError) -> XkbLayoutNames {
        var path = directory + "/evdev.lst"
        if !Directory.exists(path) && Directory.exists(directory + "/base.lst") { path = directory + "/base.lst" }
        let text: String
        do {
            text = try FileReader.readText(path, limit: Self.largestFile, what: "an xkb rules list")
        } catch {
            throw VitrineError(
                .notFound, "cannot read the keyboard layouts: \(error.message)", hint: "install xkb-data (xkeyboard-config)", cause: error.cause)
        }
        let names = self.parse(text)
        guard !names.layouts.isEmpty else {
            throw VitrineError(
                .invalidData, "\(path) lists no keyboard layouts (no `! layout` section)", hint: "reinstall xkb-data (xkeyboard-config)")
        }
        return names
    }

    /// The largest rules list read (1 MiB): xkeyboard-config 2.35's `evdev.lst` is 45 KB.
    public static let largestFile = 1 << 20

    /// Reads the text of a `.lst` file: sections start with `! name`; in `! layout` each line is
    /// `  name  description`, in `! variant` it is `  name  layout: description`.
    public static func parse(_ text: String) -> XkbLayoutNames {
        var layouts: [Entry] = []
        var variants: [String: [Entry]] = [:]
        var section = ""
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.trimming(" \t")
            if line.hasPrefix("!") {
                section = String(line.dropFirst()).trimming(" \t")
                continue
            }
            let parts = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count == 2 else { continue }
            let name = String(parts[0])
            let rest = parts[1].trimming(" \t")
            switch section {
            case "layout":
                layouts.append(Entry(name: name, description: rest))
            case "variant":
                guard let colon = rest.firstIndex(of: ":") else { continue }
                let layout = String(rest[..<colon])
                let description = rest[rest.index(after: colon)...].trimming(" \t")
                variants[layout, default: []].append(Entry(name: name, description: description))
            default:
                continue
            }
        }
        return XkbLayoutNames(layouts: layouts, variants: variants)
    }

    public func contains(_ layout: String) -> Bool { self.layouts.contains { $0.name == layout } }

    public func hasVariant(_ variant: String, of layout: String) -> Bool {
        self.variants[layout]?.contains { $0.name == variant } ?? false
    }

    /// Up to `suggestions` layout names close to `name`: by edit distance (at most
    /// `closeDistance`), or whose description starts with it (`german` → `de`, `at`, `ch`).
    /// Closest first; among equals, the longer common start first, then alphabetical:
    /// `dee` → `de, ee, dk`.
    public func closest(to name: String) -> [String] {
        Self.closest(to: name, in: self.layouts)
    }

    /// Up to `suggestions` variant names of `layout` close to `variant`, ordered as `closest(to:)`.
    public func closestVariants(to variant: String, of layout: String) -> [String] {
        Self.closest(to: variant, in: self.variants[layout] ?? [])
    }

    private static func closest(to query: String, in entries: [Entry]) -> [String] {
        let wanted = Array(query.lowercased())
        guard !wanted.isEmpty else { return [] }
        var scored: [(distance: Int, prefix: Int, name: String)] = []
        for entry in entries {
            let name = Array(entry.name.lowercased())
            var distance = self.editDistance(wanted, name)
            let description = entry.description.lowercased()
            if wanted.count >= 3 && description.hasPrefix(String(wanted)) {
                // `german` is `de` ("German") exactly, `at` ("German (Austria)") nearly.
                distance = min(distance, description.count == wanted.count ? 0 : 1)
            }
            guard distance <= self.closeDistance else { continue }
            scored.append((distance, self.commonPrefix(wanted, name), entry.name))
        }
        scored.sort { ($0.distance, -$0.prefix, $0.name) < ($1.distance, -$1.prefix, $1.name) }
        var names: [String] = []
        for entry in scored where !names.contains(entry.name) {
            names.append(entry.name)
            if names.count == self.suggestions { break }
        }
        return names
    }

    /// Levenshtein distance (insert, delete, substitute, each 1).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    private static func commonPrefix(_ a: [Character], _ b: [Character]) -> Int {
        var count = 0
        while count < a.count && count < b.count && a[count] == b[count] { count += 1 }
        return count
    }
}

extension StringProtocol {
    /// Without leading and trailing characters from `set`.
    func trimming(_ set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
