import VitrineCore

/// The kiosk's data: one JSON document per named source (`menu` from `menu.json`), what bound
/// text, images and repeated list rows read. The runtime replaces a source when its file changes
/// (or the control socket sets a path); the scene re-reads every bound view on the next frame.
public final class DataStore {
    /// The reserved first component of a path that reads a list row's own element.
    public static let itemRoot = "item"

    public private(set) var sources: [String: JSONValue] = [:]
    /// Bumped at every change.
    public private(set) var version: UInt64 = 0
    /// Called after every change, with the source that changed.
    public var onChange: ((String) -> Void)?

    public init(sources: [String: JSONValue] = [:]) {
        self.sources = sources
    }

    /// Replaces a whole source.
    public func replace(_ source: String, with value: JSONValue) {
        self.sources[source] = value
        self.version &+= 1
        self.onChange?(source)
    }

    /// The value at `path` (`menu.coffee.price`), nil where the path leads nowhere.
    public func value(at path: String) -> JSONValue? { Self.value(at: Self.components(of: path), in: self) }

    /// Sets the value at `path`, creating objects on the way; throws when the path runs through a
    /// value that is not an object (or an index past an array's end).
    public func set(_ path: String, to value: JSONValue) throws(VitrineError) {
        let parts = Self.components(of: path)
        guard let source = parts.first, parts.count >= 1, source != Self.itemRoot, !source.isEmpty else {
            throw VitrineError(.invalidArgument, "\(path): a data path starts with a data source's name (menu.coffee.price)")
        }
        let updated = try Self.setting(value, at: Array(parts.dropFirst()), in: self.sources[source] ?? .object([]), path: path)
        self.replace(source, with: updated)
    }

    private static func setting(_ value: JSONValue, at parts: [String], in container: JSONValue, path: String) throws(VitrineError) -> JSONValue {
        guard let key = parts.first else { return value }
        let rest = Array(parts.dropFirst())
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
                throw VitrineError(.invalidArgument, "\(path): \(key) is not an index of the array there (0 to \(items.count - 1))")
            }
            items[index] = try self.setting(value, at: rest, in: items[index], path: path)
            return .array(items)
        default:
            throw VitrineError(.invalidArgument, "\(path): \(key) runs through a \(container.kindName), not an object")
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
