import VitrineCore

/// Evaluates an `Expression` against the values it names (Docs/config.md, "State and
/// expressions"). Values are JSON values:
///
/// - `+` adds numbers, and joins when either side is a string (a number is written as
///   `ExpressionEvaluator.text(of:)` writes it, null as nothing);
/// - `-`, `*`, `/`, `%` take numbers; dividing by zero is an error, never infinity;
/// - `<`, `<=`, `>`, `>=` compare two numbers or two strings; `==` and `!=` any two values;
/// - `&&`, `||`, `!` and `? :` take any value as a condition: false, null, 0, "" and [] are
///   false, the rest true; `&&` and `||` stop at the first side that decides, and give a boolean;
/// - `.key` and `[…]` read an object's member or an array's item; what is not there is null
///   (live data may lack it for a while: the text is then empty, not an error).
///
/// An error (a wrong type, a division by zero, an unknown function) is thrown with its column;
/// the kiosk logs it and shows an empty text.
public struct ExpressionEvaluator {
    /// The value of a root name (`state`, a data source, `item`); nil when there is none.
    public var resolve: (String) -> JSONValue?
    /// The kiosk's current language (BCP 47, e.g. `de`), for the number functions.
    public var language: String?
    /// The functions calls may name: the built-in ones and what an app registers.
    public var functions: ExpressionFunctions
    /// `check-config`'s mode: `==` and `!=` between two different kinds (a string and a number),
    /// which are never equal, are an error instead of false. Null compares with anything.
    public var strictEquality = false
    /// `check-config`'s mode against a sample: a member the object does not have is an error
    /// naming its keys (and, through `suggest`, the closest one), not null.
    public var strictMembers = false
    /// The hint for a misspelt key among the keys there are (" (did you mean count?)"), or "".
    public var suggest: (String, [String]) -> String = { _, _ in "" }

    public init(language: String? = nil, functions: ExpressionFunctions = .standard, resolve: @escaping (String) -> JSONValue?) {
        self.resolve = resolve
        self.language = language
        self.functions = functions
    }

    public func evaluate(_ expression: Expression) throws(ExpressionError) -> JSONValue {
        switch expression {
        case .literal(let value):
            return value
        case .name(let name, let column):
            guard let value = self.resolve(name) else {
                throw ExpressionError("\"\(name)\" is not a data source, state or item here", column: column)
            }
            return value
        case .member(let base, let key, let column):
            let container = try self.evaluate(base)
            if let value = container[key] { return value }
            if self.strictMembers, case .object(let members) = container {
                let keys = members.map(\.key)
                let listed = keys.prefix(12).joined(separator: ", ") + (keys.count > 12 ? ", …" : "")
                throw ExpressionError(
                    "\(base.path?.joined(separator: ".") ?? "the object") has no \"\(key)\" (\(keys.isEmpty ? "it is empty" : "its keys: " + listed))"
                        + self.suggest(key, keys), column: column)
            }
            return .null
        case .index(let base, let index, let column):
            let container = try self.evaluate(base)
            let key = try self.evaluate(index)
            switch (container, key) {
            case (.array(let items), .number(let number)):
                guard number == number.rounded(), number >= 0, number < Double(items.count) else { return .null }
                return items[Int(number)]
            case (.object, .string(let name)):
                return container[name] ?? .null
            case (.null, _):
                return .null
            default:
                throw ExpressionError("cannot index \(container.kindName) with \(key.kindName)", column: column)
            }
        case .unary(.not, let operand, _):
            return .bool(!Self.isTrue(try self.evaluate(operand)))
        case .unary(.negate, let operand, let column):
            let value = try self.evaluate(operand)
            guard case .number(let number) = value else { throw ExpressionError("- needs a number, not \(value.kindName)", column: column) }
            return .number(-number)
        case .binary(.and, let left, let right, _):
            guard Self.isTrue(try self.evaluate(left)) else { return .bool(false) }
            return .bool(Self.isTrue(try self.evaluate(right)))
        case .binary(.or, let left, let right, _):
            if Self.isTrue(try self.evaluate(left)) { return .bool(true) }
            return .bool(Self.isTrue(try self.evaluate(right)))
        case .binary(let op, let left, let right, let column):
            return try self.apply(op, try self.evaluate(left), try self.evaluate(right), column: column)
        case .conditional(let condition, let then, let otherwise, _):
            return try self.evaluate(Self.isTrue(try self.evaluate(condition)) ? then : otherwise)
        case .call(let name, let arguments, let column):
            guard let function = self.functions[name] else {
                let known = self.functions.names.joined(separator: ", ")
                throw ExpressionError("no function \(name)(…) (there are: \(known))", column: column)
            }
            var values: [JSONValue] = []
            for argument in arguments { values.append(try self.evaluate(argument)) }
            guard function.arity.contains(values.count) else {
                throw ExpressionError("\(name)(…) takes \(function.arityText), not \(values.count)", column: column)
            }
            switch function.body(values, self.language) {
            case .success(let value): return value
            case .failure(let error): throw ExpressionError("\(name)(…): \(error.message)", column: column)
            }
        }
    }

    private func apply(_ op: Expression.BinaryOperator, _ a: JSONValue, _ b: JSONValue, column: Int) throws(ExpressionError) -> JSONValue {
        switch op {
        case .equal, .notEqual:
            if self.strictEquality, a != .null, b != .null, a.kindName != b.kindName {
                throw ExpressionError("\(op.rawValue) compares \(a.kindName) with \(b.kindName), which are never equal", column: column)
            }
            return .bool((a == b) == (op == .equal))
        case .add:
            if case .number(let x) = a, case .number(let y) = b { return try Self.finite(x + y, op, column) }
            if a.stringValue != nil || b.stringValue != nil { return .string(Self.text(of: a) + Self.text(of: b)) }
            throw ExpressionError("+ adds numbers or joins strings, not \(a.kindName) and \(b.kindName)", column: column)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order: Int
            switch (a, b) {
            case (.number(let x), .number(let y)): order = x < y ? -1 : x > y ? 1 : 0
            case (.string(let x), .string(let y)): order = x < y ? -1 : x > y ? 1 : 0
            default:
                throw ExpressionError("\(op.rawValue) compares two numbers or two strings, not \(a.kindName) and \(b.kindName)", column: column)
            }
            switch op {
            case .less: return .bool(order < 0)
            case .lessOrEqual: return .bool(order <= 0)
            case .greater: return .bool(order > 0)
            default: return .bool(order >= 0)
            }
        case .subtract, .multiply, .divide, .remainder:
            guard case .number(let x) = a, case .number(let y) = b else {
                throw ExpressionError("\(op.rawValue) needs two numbers, not \(a.kindName) and \(b.kindName)", column: column)
            }
            switch op {
            case .subtract: return try Self.finite(x - y, op, column)
            case .multiply: return try Self.finite(x * y, op, column)
            default:
                guard y != 0 else { throw ExpressionError("division by zero", column: column) }
                return try Self.finite(op == .divide ? x / y : x.truncatingRemainder(dividingBy: y), op, column)
            }
        case .and, .or:
            return .bool(false)  // short-circuited in evaluate
        }
    }

    private static func finite(_ value: Double, _ op: Expression.BinaryOperator, _ column: Int) throws(ExpressionError) -> JSONValue {
        guard value.isFinite else { throw ExpressionError("the result of \(op.rawValue) is too large for a number", column: column) }
        return .number(value)
    }

    /// Whether a value counts as true in a condition: false, null, 0, "" and [] do not.
    public static func isTrue(_ value: JSONValue) -> Bool {
        switch value {
        case .null: false
        case .bool(let flag): flag
        case .number(let number): number != 0 && !number.isNaN
        case .string(let text): !text.isEmpty
        case .array(let items): !items.isEmpty
        case .object: true
        }
    }

    /// A value as text: a string as it is, a whole number without a fraction, other numbers with
    /// up to 6 decimals and no trailing zeros, true and false, null as nothing, arrays and
    /// objects as compact JSON.
    public static func text(of value: JSONValue) -> String {
        switch value {
        case .null: return ""
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            var text = String(fixed: number, decimals: 6)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text
        case .array, .object: return value.serialized(pretty: false)
        }
    }
}
