import VitrineCore
import VitrineScene

/// Binds that are expressions (Docs/config.md, "State and expressions"), checked before the
/// panel: every name they read must be a data source (or `item` in a row template), and, with the
/// data's samples (or the files as they are), the expression is evaluated once as the kiosk will:
/// a wrong type, a division by zero or an unknown function is reported at the bind's JSON path
/// with its column — an error against a sample, a warning against a live file, which may change.
extension ConfigReader {
    mutating func checkExpression(
        _ expression: Expression, _ use: BindingUse, names: [String], documents: [String: (value: JSONValue, isSample: Bool, file: String)]
    ) {
        let quoted = Self.quoted(use.binding.path)
        for root in expression.roots where root != DataStore.itemRoot && root != DataStore.languageRoot && !names.contains(root) {
            self.error(
                use.path,
                "\(quoted): \(Self.quoted(root)) is not a data source (\(names.isEmpty ? "the file names none" : "data: " + names.joined(separator: ", ")))"
                    + Misspelling.hint(for: root, among: names))
            return
        }
        // Evaluated against what is known; a root without a document cannot be checked.
        var sources: [String: JSONValue] = [:]
        var fromSample = true
        for root in expression.roots where root != DataStore.itemRoot && root != DataStore.languageRoot {
            guard let document = documents[root] else { return }
            sources[root] = document.value
            fromSample = fromSample && document.isSample
        }
        var item: JSONValue?
        if expression.roots.contains(DataStore.itemRoot) {
            guard let source = use.repeatSource, let root = source.components.first, let document = documents[root],
                case .array(let items)? = DataStore.value(at: source.components, in: DataStore(sources: [root: document.value])),
                let first = items.first
            else { return }
            item = first
            fromSample = fromSample && document.isSample
        }
        // Checked in the default language: the first of `languages` (a text per language is read
        // as `item.name[language]`).
        let language = self.languages.first
        var evaluator = ExpressionEvaluator(language: language) { root in
            switch root {
            case DataStore.itemRoot: item
            case DataStore.languageRoot: language.map(JSONValue.string) ?? .null
            default: sources[root]
            }
        }
        evaluator.strictEquality = true
        evaluator.strictMembers = true
        evaluator.suggest = { key, keys in Misspelling.hint(for: key, among: keys) }
        let value: JSONValue
        do {
            value = try evaluator.evaluate(expression)
        } catch {
            let message = "\(quoted): \(error)"
            if fromSample { self.error(use.path, message) } else { self.warning(use.path, message + " (with the data as it is now)") }
            return
        }
        let fits: Bool
        switch (use.kind, value) {
        case (.text, .string), (.text, .number), (.text, .bool), (.text, .null), (.image, .string), (.image, .null), (.array, .array), (.any, _): fits = true
        default: fits = false
        }
        guard !fits else { return }
        let wanted = use.kind == .text ? "a string, a number or true/false" : use.kind == .image ? "a path string" : "an array"
        let message =
            "\(quoted) gives \(value.kindName); \(use.kind == .array ? "a repeated row" : use.kind == .image ? "an image" : "a text") binds to \(wanted)"
        if fromSample { self.error(use.path, message) } else { self.warning(use.path, message) }
    }
}
