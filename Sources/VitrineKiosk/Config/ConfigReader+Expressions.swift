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
                "\(quoted): \(Self.quoted(root)) is not a data source (\(Self.listedSources(names).isEmpty ? "the file names none" : "data: " + Self.listedSources(names).joined(separator: ", ")))"
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
        for (divisor, column) in Self.unguardedDivisors(expression, guards: []) {
            self.warning(
                use.path,
                "\(quoted): column \(column): divides by \(divisor), which can be 0 on the panel (the text is then empty); guard it: \(divisor) != 0 ? … : …")
        }
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

    /// The divisions (and remainders) whose right side is not a number other than 0 and is not
    /// tested by an enclosing `? :` or `&&` (`state.count != 0 ? total / state.count : 0`): data
    /// or state that reads 1 in the sample can read 0 on the panel.
    static func unguardedDivisors(_ expression: Expression, guards: Set<[String]>) -> [(String, Int)] {
        func paths(_ expression: Expression) -> Set<[String]> {
            var found = Set<[String]>()
            if let path = expression.path { found.insert(path) }
            switch expression {
            case .literal, .name: break
            case .member(let base, _, _): found.formUnion(paths(base))
            case .index(let base, let index, _): found.formUnion(paths(base).union(paths(index)))
            case .unary(_, let operand, _): found.formUnion(paths(operand))
            case .binary(_, let left, let right, _): found.formUnion(paths(left).union(paths(right)))
            case .conditional(let a, let b, let c, _): found.formUnion(paths(a).union(paths(b)).union(paths(c)))
            case .call(_, let arguments, _): for argument in arguments { found.formUnion(paths(argument)) }
            }
            return found
        }
        switch expression {
        case .literal, .name:
            return []
        case .member(let base, _, _):
            return Self.unguardedDivisors(base, guards: guards)
        case .index(let base, let index, _):
            return Self.unguardedDivisors(base, guards: guards) + Self.unguardedDivisors(index, guards: guards)
        case .unary(_, let operand, _):
            return Self.unguardedDivisors(operand, guards: guards)
        case .binary(let op, let left, let right, let column):
            var found = Self.unguardedDivisors(left, guards: guards)
            // `x != 0 && a / x`: the right side runs only when the left held.
            found += Self.unguardedDivisors(right, guards: op == .and ? guards.union(paths(left)) : guards)
            if op == .divide || op == .remainder {
                if case .literal(.number(let number)) = right, number != 0 { return found }
                if let path = right.path, guards.contains(path) { return found }
                found.append((right.path?.joined(separator: ".") ?? "its right side", column))
            }
            return found
        case .conditional(let condition, let then, let otherwise, _):
            let guarded = guards.union(paths(condition))
            return Self.unguardedDivisors(condition, guards: guards) + Self.unguardedDivisors(then, guards: guarded)
                + Self.unguardedDivisors(otherwise, guards: guarded)
        case .call(_, let arguments, _):
            return arguments.flatMap { Self.unguardedDivisors($0, guards: guards) }
        }
    }
}
