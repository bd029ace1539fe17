import VitrineCore

/// Where a view's value comes from when it is not written in the file: a path into the kiosk's
/// data (`menu.coffee.price`, `menu.items[2].name`), with an optional format (`"€ {}"`: the
/// value replaces `{}`). Inside a list's row template, paths starting with `item.` are read from
/// the array element the row is for.
public struct DataBinding: Sendable, Equatable, CustomStringConvertible {
    public var path: String {
        didSet {
            self.components = DataStore.components(of: self.path)
            self.expression = nil
        }
    }
    public var format: String? { didSet { self.formatPieces = Self.pieces(of: self.format) } }
    /// The path's parts: names and array indexes (`menu.items[2].name` → menu, items, 2, name),
    /// split once: a list of 100,000 rows reads each row's bindings (splitting them each time
    /// was 17 % of applying such a file).
    public private(set) var components: [String]
    /// The format around its `{}`s, split once (`"€ {}"` → ["€ ", ""]); nil without a format.
    private var formatPieces: [Substring]?

    /// The expression, when the bind is more than a path (`fixed(fares[state.route].price, 2)`);
    /// nil for a path, which `components` reads directly.
    public private(set) var expression: Expression?

    public init(_ path: String, format: String? = nil) {
        self.path = path
        self.format = format
        self.components = DataStore.components(of: path)
        self.formatPieces = Self.pieces(of: format)
    }

    /// A bind's text as written: a path when it reads as one (`isPath`), else an expression,
    /// parsed now (Docs/config.md, "State and expressions").
    public static func parse(_ text: String, format: String? = nil) throws(ExpressionError) -> DataBinding {
        var binding = DataBinding(text, format: format)
        guard !Self.isPath(text) else { return binding }
        let expression = try ExpressionParser.parse(text)
        if let path = expression.path {
            binding.components = path
        } else {
            binding.expression = expression
        }
        return binding
    }

    /// Whether `text` is a data path as binds were before expressions: names of any characters
    /// but spaces, operators, quotes and brackets, joined by dots, with `[N]` indexes
    /// (`menu.items.3.name`, `menu.hot-drinks[2].name`). `a-b` is the key "a-b": a subtraction
    /// in an expression has spaces around its minus.
    public static func isPath(_ text: String) -> Bool {
        var previous: Unicode.Scalar = "."
        var inIndex = false
        for c in text.unicodeScalars {
            if inIndex {
                if c == "]" {
                    inIndex = false
                } else if !(c.value >= 0x30 && c.value <= 0x39) {
                    return false
                }
            } else if c == "[" {
                guard previous != "." else { return false }
                inIndex = true
            } else if c == "." {
                guard previous != "." else { return false }
            } else if " \t\n+*/%<>=!&|?:()'\",]".unicodeScalars.contains(c) {
                return false
            }
            previous = c
        }
        return !text.isEmpty && !inIndex && previous != "."
    }

    /// What the bind reads now: the value at its path, or its expression's value (`language`
    /// for the number functions). An expression that fails (a wrong type, a division by zero) is
    /// reported to `data.onExpressionError` and reads as nothing.
    public func value(in data: DataStore?, item: JSONValue?, language: String?) -> JSONValue? {
        guard let expression = self.expression else { return DataStore.value(at: self.components, in: data, item: item) }
        let evaluator = ExpressionEvaluator(language: language, functions: data?.functions ?? .standard) { root in
            switch root {
            case DataStore.itemRoot: item
            case DataStore.languageRoot: language.map(JSONValue.string) ?? .null
            default: data?.sources[root]
            }
        }
        do {
            return try evaluator.evaluate(expression)
        } catch {
            data?.onExpressionError?(self.path, error)
            return nil
        }
    }

    public static func == (a: DataBinding, b: DataBinding) -> Bool { a.path == b.path && a.format == b.format }

    private static func pieces(of format: String?) -> [Substring]? {
        guard let format else { return nil }
        var pieces: [Substring] = []
        var rest = format[...]
        while let range = rest.firstRange(of: "{}") {
            pieces.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        pieces.append(rest)
        return pieces
    }

    /// Whether the path reads a list row's element rather than the data (for an expression:
    /// whether it reads `item` at all).
    public var isItemPath: Bool {
        if let expression = self.expression { return expression.roots.contains(DataStore.itemRoot) }
        return self.components.first == DataStore.itemRoot
    }

    /// The value as text: strings as they are, numbers without a needless ".0", true/false.
    public func text(for value: JSONValue?) -> String {
        let text: String
        switch value {
        case .string(let string): text = string
        case .number(let number): text = number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let flag): text = flag ? "true" : "false"
        case .none, .null, .array, .object: text = ""
        }
        guard let pieces = self.formatPieces else { return text }
        return pieces.joined(separator: text)
    }

    public var description: String { self.path }
}

/// Text a visitor reads: written once, written per language, or read from the data.
public enum TextValue: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
    case plain(String)
    /// Language code → text, in the order the file gives them.
    case translated([Translation])
    case bound(DataBinding)

    public struct Translation: Sendable, Equatable {
        public var language: String
        public var text: String
        public init(_ language: String, _ text: String) {
            self.language = language
            self.text = text
        }
    }

    public init(stringLiteral value: String) { self = .plain(value) }
    public init(_ text: String) { self = .plain(text) }

    /// The text in `language`, else in `fallback` (the default language), else the first given;
    /// a bound value read from `data` (`item` for a list row's element).
    public func resolve(language: String?, fallback: String?, data: DataStore?, item: JSONValue? = nil) -> String {
        switch self {
        case .plain(let text): return text
        case .translated(let translations):
            if let language, let match = translations.first(where: { $0.language == language }) { return match.text }
            if let fallback, let match = translations.first(where: { $0.language == fallback }) { return match.text }
            return translations.first?.text ?? ""
        case .bound(let binding): return binding.text(for: binding.value(in: data, item: item, language: language ?? fallback))
        }
    }

    /// The text in the file's default language (for messages, state dumps and tests).
    public var written: String {
        switch self {
        case .plain(let text): text
        case .translated(let translations): translations.first?.text ?? ""
        case .bound(let binding): "{\(binding.path)}"
        }
    }

    public var isEmpty: Bool { if case .plain(let text) = self { return text.isEmpty } else { return false } }
    public var binding: DataBinding? { if case .bound(let binding) = self { return binding } else { return nil } }
    public var languages: [String] { if case .translated(let translations) = self { return translations.map(\.language) } else { return [] } }
    public var description: String { self.written }
}

/// An image's path: written in the file, or read from the data (a path string).
public enum ImageValue: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
    case path(String)
    case bound(DataBinding)

    public init(stringLiteral value: String) { self = .path(value) }
    public init(_ path: String) { self = .path(path) }

    public func resolve(data: DataStore?, item: JSONValue? = nil, language: String? = nil) -> String? {
        switch self {
        case .path(let path): return path
        case .bound(let binding):
            guard case .string(let path)? = binding.value(in: data, item: item, language: language), !path.isEmpty else { return nil }
            return path
        }
    }

    /// The path as written (a bound one as `{path}`).
    public var written: String {
        switch self {
        case .path(let path): path
        case .bound(let binding): "{\(binding.path)}"
        }
    }

    public var binding: DataBinding? { if case .bound(let binding) = self { return binding } else { return nil } }
    public var description: String { self.written }
}
