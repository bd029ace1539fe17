import VitrineCore
import VitrineScene

/// The top-level fields a kiosk runs by (Docs/config.md, "Languages", "Live data", "Idle"):
/// `languages` and `defaultLanguage`, `data`, `idle`; and, at the end, every binding checked
/// against the data's samples.
extension ConfigReader {
    /// The longest idle time: a day. Longer is a typo for "never" (leave `idle` out).
    static let longestIdle = 86_400.0
    /// Data sources in one file.
    static let mostDataSources = 32

    /// `languages` and `defaultLanguage`: read before the screens, whose translations use them.
    mutating func readLanguages(_ root: ConfigObject) -> (languages: [String], defaultLanguage: String?) {
        var languages: [String] = []
        self.array(root, "languages") { reader, item, path, _ in
            guard let code = reader.string(item, at: path, expected: "a language code such as \"en\"") else { return }
            guard Self.isLanguageCode(code) else {
                reader.error(path, "\(Self.quoted(code)) is not a language code (two or three letters, optionally a region: en, de, pt-BR)")
                return
            }
            guard !languages.contains(code) else {
                reader.warning(path, "\(Self.quoted(code)) is listed twice")
                return
            }
            languages.append(code)
        }
        self.languages = languages
        var defaultLanguage: String?
        self.read(root, "defaultLanguage", into: &defaultLanguage)
        if let code = defaultLanguage, !languages.contains(code) {
            self.error(
                "defaultLanguage",
                "\(Self.quoted(code)) is not in languages (\(languages.isEmpty ? "none are listed" : languages.joined(separator: ", ")))"
                    + Misspelling.hint(for: code, among: languages))
            defaultLanguage = nil
        }
        return (languages, defaultLanguage ?? languages.first)
    }

    static func isLanguageCode(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// `data`: `{"menu": "menu.json"}` or `{"menu": {"file": "menu.json", "sample": "menu.sample.json"}}`.
    mutating func readData(_ root: ConfigObject) -> [DataSourceFile] {
        var sources: [DataSourceFile] = []
        self.section(root, "data") { reader, object in
            for member in object.members where !member.key.hasPrefix("//") {
                let path = object.path(of: member.key)
                _ = object.take(member.key)
                guard sources.count < Self.mostDataSources else {
                    reader.error(path, "more than \(Self.mostDataSources) data sources")
                    return
                }
                guard member.key != SceneController.stateSource else {
                    reader.error(path, "\"state\" is the kiosk's own state (a top-level \"state\": {…}), not a data source's name")
                    continue
                }
                guard member.key != SceneController.scanSource else {
                    reader.error(path, "\"scan\" is the last barcode scan ({\"bind\": \"scan.code\"}), not a data source's name")
                    continue
                }
                guard Self.isScreenID(member.key), !member.key.contains("."), member.key != DataStore.itemRoot, member.key != DataStore.languageRoot else {
                    reader.error(
                        path,
                        "\(Self.quoted(member.key)) is not a data source name (letters, digits, - and _; not \"item\" or \"language\", which expressions read)")
                    continue
                }
                guard !sources.contains(where: { $0.name == member.key }) else { continue }
                switch member.value {
                case .string(let file):
                    guard !file.isEmpty else {
                        reader.error(path, "must not be empty: the data file's path")
                        continue
                    }
                    sources.append(DataSourceFile(name: member.key, file: file))
                case .object:
                    var file = ""
                    var sample: String?
                    reader.object(member.value, at: path) { reader, source in
                        reader.read(source, "file", into: &file, allowEmpty: false)
                        reader.read(source, "sample", into: &sample)
                    }
                    if file.isEmpty {
                        reader.error(path + ".file", "missing: the data file's path")
                    } else {
                        sources.append(DataSourceFile(name: member.key, file: file, sample: sample))
                    }
                default:
                    reader.error(path, "expected a data file's path or {\"file\": …, \"sample\": …}, found \(member.value.kindName)")
                }
            }
        }
        return sources
    }

    /// `idle`: `{"after": 90, "action": "popToRoot"}` (or `restartOnboarding`, `{"push": "attract"}`).
    mutating func readIdle(_ root: ConfigObject) -> IdleModel? {
        var idle: IdleModel?
        self.section(root, "idle") { reader, object in
            var after = 0.0
            guard object.members.contains(where: { $0.key == "after" }) else {
                _ = object.take("after")
                _ = object.take("action")
                reader.error(object.path(of: "after"), "missing: the seconds without a touch before the idle action (e.g. 90)")
                return
            }
            reader.read(object, "after", into: &after, .from(5, to: Self.longestIdle))
            var action = SceneAction.popToRoot
            if let value = object.take("action"), let read = reader.action(value, at: object.path(of: "action")) {
                switch read {
                case .popToRoot, .restartOnboarding, .push: action = read
                default:
                    reader.error(object.path(of: "action"), "\(read) is not an idle action (popToRoot, restartOnboarding, or {\"push\": \"attract-screen\"})")
                }
            }
            if after > 0 { idle = IdleModel(after: after, action: action) }
        }
        return idle
    }

    /// The sources a message lists: the file's and the state, not the built-in `scan`.
    static func listedSources(_ names: [String]) -> [String] { names.filter { $0 != SceneController.scanSource } }

    /// Every binding against the data: the source must be one the file names; with a sample (or
    /// the live file, when there is no sample) the path must lead to a value of the right kind.
    /// Against a sample a mismatch is an error (the sample is the shape the file promises);
    /// against the live file, a warning (the integrator's software may not have written it yet).
    mutating func checkBindings(_ sources: [DataSourceFile]) {
        var names = sources.map(\.name)
        var documents: [String: (value: JSONValue, isSample: Bool, file: String)] = [:]
        // The state's defaults are its sample: binds to it are checked as to data with one.
        if let defaults = self.stateDefaults {
            names.append(SceneController.stateSource)
            documents[SceneController.stateSource] = (defaults, true, "state")
        }
        // The last scan is always there: its shape is its sample.
        names.append(SceneController.scanSource)
        documents[SceneController.scanSource] = (.object([("code", .string("")), ("device", .string(""))]), true, "scan")
        for source in sources {
            let written = source.sample ?? source.file
            let resolved = KioskImages.resolve(written, baseDirectory: self.baseDirectory)
            do {
                documents[source.name] = (try DataSourceFile.read(resolved), source.sample != nil, written)
            } catch {
                if source.sample != nil {
                    self.error("data.\(source.name).sample", error.description)
                } else if error.code == .notFound {
                    self.warning(
                        "data.\(source.name)",
                        "\(resolved) does not exist yet: its bound texts show nothing until it is written; bindings to it are not checked (add a \"sample\" file of the same shape)"
                    )
                } else {
                    self.warning("data.\(source.name)", "\(error.description); the kiosk shows nothing for it until a good version is written")
                }
            }
        }
        for use in self.bindings {
            if let expression = use.binding.expression {
                self.checkExpression(expression, use, names: names, documents: documents)
                continue
            }
            // A row template under a repeat that is an expression: its items are known on the panel only.
            if use.binding.isItemPath, use.repeatSource?.expression != nil { continue }
            let parts = use.binding.components
            let root = use.binding.isItemPath ? use.repeatSource?.components.first : parts.first
            guard let root else { continue }
            guard names.contains(root) else {
                self.error(
                    use.path,
                    "\(Self.quoted(use.binding.path)): no data source \(Self.quoted(root)) (\(Self.listedSources(names).isEmpty ? "the file names none: add \"data\": {\(Self.quoted(root)): \(Self.quoted(root + ".json"))}" : "data: " + Self.listedSources(names).joined(separator: ", ")))"
                        + Misspelling.hint(for: root, among: names))
                continue
            }
            guard let document = documents[root] else { continue }
            let value: JSONValue?
            if use.binding.isItemPath {
                guard let source = use.repeatSource,
                    case .array(let items)? = DataStore.value(at: source.components, in: DataStore(sources: [root: document.value])),
                    let first = items.first
                else { continue }
                value = DataStore.value(at: parts, in: nil, item: first)
            } else {
                value = DataStore.value(at: parts, in: DataStore(sources: [root: document.value]))
            }
            let problem: String?
            switch (use.kind, value) {
            case (_, nil):
                // Where the path stops: what is there instead, and the closest key.
                let start: JSONValue?
                if use.binding.isItemPath, let source = use.repeatSource,
                    case .array(let items)? = DataStore.value(at: source.components, in: DataStore(sources: [root: document.value]))
                {
                    start = items.first
                } else {
                    start = use.binding.isItemPath ? nil : document.value
                }
                problem = "leads to nothing in \(document.file)" + (start.map { Self.deadEnd(of: Array(parts.dropFirst()), in: $0, from: parts[0]) } ?? "")
            case (.text, .string?), (.text, .number?), (.text, .bool?), (.image, .string?), (.array, .array?), (.any, _?): problem = nil
            case (.text, let found?): problem = "is \(found.kindName) in \(document.file); a text binds to a string, a number or true/false"
            case (.image, let found?): problem = "is \(found.kindName) in \(document.file); an image binds to a path string"
            case (.array, let found?): problem = "is \(found.kindName) in \(document.file); a repeated row binds to an array"
            }
            guard let problem else { continue }
            let message = "\(Self.quoted(use.binding.path)) \(problem)"
            if document.isSample { self.error(use.path, message) } else { self.warning(use.path, message) }
        }
    }

    /// Where `parts` stop leading anywhere inside `value` (reached as `prefix`): ": menu has no
    /// \"cofee\" (its keys: coffee, tea) (did you mean coffee?)", or an index past an array's end.
    static func deadEnd(of parts: [String], in value: JSONValue, from prefix: String) -> String {
        var current = value
        var reached = prefix
        for part in parts {
            switch current {
            case .object(let members):
                guard let next = members.last(where: { $0.key == part })?.value else {
                    let keys = members.map(\.key)
                    let listed = keys.prefix(12).joined(separator: ", ") + (keys.count > 12 ? ", …" : "")
                    return ": \(reached) has no \(Self.quoted(part)) (\(keys.isEmpty ? "it is empty" : "its keys: " + listed))"
                        + Misspelling.hint(for: part, among: keys)
                }
                current = next
            case .array(let items):
                guard let index = Int(part), items.indices.contains(index) else {
                    return ": \(reached) is an array of \(items.count), \(Self.quoted(part)) is not one of its indices (0 to \(items.count - 1))"
                }
                current = items[index]
            default:
                return ": \(reached) is \(current.kindName), it has no \(Self.quoted(part))"
            }
            reached += "." + part
        }
        return ""
    }
}
