/// A JSON document (RFC 8259), with object keys kept in their written order.
///
/// Vitrine reads kiosk configs and touch scripts, and writes state dumps and bench results, with
/// this one small type rather than Foundation's, so syntax errors can name the line and column.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in the order they were written (keys may repeat in a parsed document; the last wins
    /// in `subscript`).
    case object([(key: String, value: JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The member named `key` of an object (the last one when repeated).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    public var doubleValue: Double? { if case .number(let n) = self { return n } else { return nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    public var objectValue: [(key: String, value: JSONValue)]? { if case .object(let o) = self { return o } else { return nil } }

    /// What the value is, for messages ("expected a string, found a number").
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Serialises with two-space indentation (or compactly), keys in their order.
    ///
    /// - Parameter exactNumbers: write every number so it parses back to the same `Double`
    ///   (shortest round-trip form, e.g. `0.3333333333333333`) instead of with at most 6 decimals;
    ///   for documents that are read back, such as `vitrine check-config --print`.
    public func serialized(pretty: Bool = true, exactNumbers: Bool = false) -> String {
        var out = ""
        self.write(into: &out, indent: pretty ? 0 : nil, exactNumbers: exactNumbers)
        return out
    }

    private func write(into out: inout String, indent: Int?, exactNumbers: Bool) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += exactNumbers ? Self.formatExactly(n) : Self.format(n)
        case .string(let s): Self.quote(s, into: &out)
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                Self.newline(&out, indent.map { $0 + 1 })
                item.write(into: &out, indent: indent.map { $0 + 1 }, exactNumbers: exactNumbers)
            }
            Self.newline(&out, indent)
            out += "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                Self.newline(&out, indent.map { $0 + 1 })
                Self.quote(member.key, into: &out)
                out += indent == nil ? ":" : ": "
                member.value.write(into: &out, indent: indent.map { $0 + 1 }, exactNumbers: exactNumbers)
            }
            Self.newline(&out, indent)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: Int?) {
        guard let indent else { return }
        out += "\n" + String(repeating: "  ", count: indent)
    }

    /// Integers without a fraction; others with up to 6 decimals, trailing zeros removed, except
    /// from 1e12 up, where a millionth no longer fits `String(fixed:)`'s `Int64`: there the
    /// shortest exact form.
    static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        if abs(n) >= 1e12 { return n.description }
        var text = String(fixed: n, decimals: 6)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Integers without a fraction; others in Swift's shortest form that reads back exactly
    /// (`description`, which is valid JSON for finite values: `0.1`, `1e-07`, `1e+20`).
    static func formatExactly(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return n.description
    }

    /// `s` as a JSON string literal, quotes included (for writers that build JSON text by hand,
    /// like `vitrine bench --json`).
    public static func quoted(_ s: String) -> String {
        var out = ""
        self.quote(s, into: &out)
        return out
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
