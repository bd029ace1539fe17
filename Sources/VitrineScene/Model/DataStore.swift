import VitrineCore

/// The kiosk's data: one JSON document per named source (`menu` from `menu.json`), what bound
/// text, images and repeated list rows read. The runtime replaces a source when its file changes
/// (or the control socket sets a path); the scene re-reads every bound view on the next frame.
public final class DataStore {
    /// The reserved first component of a path that reads a list row's own element.
    public static let itemRoot = "item"
    /// The reserved name an expression reads the language shown by (`item.name[language]`).
    public static let languageRoot = "language"

    public private(set) var sources: [String: JSONValue] = [:]
    /// The sources the scene names (a config's `data`); nil: any. `set` refuses others, so a
    /// control client cannot grow the store past what the scene shows.
    public var namedSources: Set<String>?
    /// At most this many sources (a config may name 32; `set` of a new one past it is refused).
    public static let maximumSources = 32
    /// The deepest path `set` follows: 64 components, far below anything a kiosk's data nests,
    /// so a 60 KB path of dots is refused before it is walked (it was quadratic: 10,000 parts
    /// stalled the loop 2.3 s, issue 29).
    public static let maximumPathDepth = 64
    /// Bumped at every change.
    public private(set) var version: UInt64 = 0
    /// Each source's `version` when it last changed (0: never): what a view that read a source
    /// compares to know whether to read it again (a filtered list's rows, at every key typed).
    public private(set) var sourceVersions: [String: UInt64] = [:]
    /// Called after every change, with the source that changed.
    public var onChange: ((String) -> Void)?
    /// Called when a bind's expression fails as it is evaluated (its text, the error): the scene
    /// logs it; the bind reads as nothing.
    public var onExpressionError: ((String, ExpressionError) -> Void)?
    /// The functions expressions may call (the built-in ones, and an app's).
    public var functions = ExpressionFunctions.standard

    public init(sources: [String: JSONValue] = [:]) {
        self.sources = sources
    }

    /// Replaces a whole source.
    public func replace(_ source: String, with value: JSONValue) {
        self.sources[source] = value
        self.version &+= 1
        self.sourceVersions[source] = self.version
        self.onChange?(source)
        for observer in self.observers { observer.handler(source) }
    }

    private var observers: [(id: Int, handler: (String) -> Void)] = []
    private var nextObserver = 0

    /// Calls `handler` after every change, with the source that changed (`state` for the
    /// state), for as long as the returned token is kept: a custom view keeps it as a property.
    public func observe(_ handler: @escaping (String) -> Void) -> DataObservation {
        self.nextObserver += 1
        self.observers.append((self.nextObserver, handler))
        return DataObservation(store: self, id: self.nextObserver)
    }

    fileprivate func stopObserving(_ id: Int) { self.observers.removeAll { $0.id == id } }

    /// The value at `path` (`menu.coffee.price`), nil where the path leads nowhere.
    public func value(at path: String) -> JSONValue? { Self.value(at: Self.components(of: path), in: self) }

    /// Sets the value at `path`, creating objects on the way; throws when the path runs through a
    /// value that is not an object (or an index past an array's end).
    public func set(_ path: String, to value: JSONValue) throws(VitrineError) {
        let shown = QuotedValue.quoted(path)
        let dots = path.utf8.reduce(0) { $1 == UInt8(ascii: ".") || $1 == UInt8(ascii: "[") ? $0 + 1 : $0 }
        guard dots < Self.maximumPathDepth else {
            throw VitrineError(.invalidArgument, "\(shown): a data path of more than \(Self.maximumPathDepth) parts is not followed")
        }
        let parts = Self.components(of: path)
        guard let source = parts.first, source != Self.itemRoot, !source.isEmpty else {
            throw VitrineError(.invalidArgument, "\(shown): a data path starts with a data source's name (menu.coffee.price)")
        }
        if self.sources[source] == nil {
            if let named = self.namedSources, !named.contains(source) {
                let names = named.sorted().joined(separator: ", ")
                throw VitrineError(
                    .invalidArgument,
                    "\(shown): there is no data source \(QuotedValue.quoted(source)); the kiosk's are \(names.isEmpty ? "none" : names) (a new one goes in the config's \"data\")"
                )
            }
            guard self.sources.count < Self.maximumSources else {
                throw VitrineError(.invalidArgument, "\(shown): \(Self.maximumSources) data sources exist already; set a path in one of them")
            }
        }
        let updated = try Self.setting(value, at: parts[1...], in: self.sources[source] ?? .object([]), path: shown)
        self.replace(source, with: updated)
    }

    private static func setting(_ value: JSONValue, at parts: ArraySlice<String>, in container: JSONValue, path: String) throws(VitrineError) -> JSONValue {
        guard let key = parts.first else { return value }
        let rest = parts.dropFirst()
        switch container {
        case .object(var members):
            if let index = members.lastIndex(where: { $0.key == key }) {
                members[index].value = try self.setting(value, at: rest, in: members[index].value, path: path)
            } else {
                members.append((key, try self.setting(value, at: rest, in: .object([]), path: path)))
            }
            return .object(members)
        case .array(var items):
            guard let index = Int(key), items.indices.contains(index) else {
                throw VitrineError(.invalidArgument, "\(path): \(QuotedValue.quoted(key)) is not an index of the array there (0 to \(items.count - 1))")
            }
            items[index] = try self.setting(value, at: rest, in: items[index], path: path)
            return .array(items)
        default:
            throw VitrineError(.invalidArgument, "\(path): \(QuotedValue.quoted(key)) runs through a \(container.kindName), not an object")
        }
    }

    /// `menu.items[2].name` → ["menu", "items", "2", "name"].
    public static func components(of path: String) -> [String] {
        var parts: [String] = []
        for piece in path.split(separator: ".", omittingEmptySubsequences: false) {
            var name = Substring(piece)
            while let open = name.firstIndex(of: "[") {
                let head = name[..<open]
                if !head.isEmpty { parts.append(String(head)) }
                guard let close = name[open...].firstIndex(of: "]") else { break }
                parts.append(String(name[name.index(after: open)..<close]))
                name = name[name.index(after: close)...]
            }
            if !name.isEmpty { parts.append(String(name)) }
        }
        return parts
    }

    /// The value at `components` in `store` (or, for `item.…`, in `item`).
    public static func value(at components: [String], in store: DataStore?, item: JSONValue? = nil) -> JSONValue? {
        guard let first = components.first else { return nil }
        var current: JSONValue?
        if first == Self.itemRoot {
            current = item
        } else {
            current = store?.sources[first]
        }
        for part in components.dropFirst() {
            switch current {
            case .object(let members)?: current = members.last { $0.key == part }?.value
            case .array(let items)?:
                guard let index = Int(part), items.indices.contains(index) else { return nil }
                current = items[index]
            default: return nil
            }
        }
        return current
    }
}

/// A `DataStore.observe` registration: released, it stops.
public final class DataObservation {
    private weak var store: DataStore?
    private let id: Int

    fileprivate init(store: DataStore, id: Int) {
        self.store = store
        self.id = id
    }

    deinit { self.store?.stopObserving(self.id) }
}
