import VitrineCore

/// The functions an expression may call: pure, over JSON values, the kiosk's language given.
/// The built-in ones format numbers for the visitor (Docs/config.md, "State and expressions"); an
/// app adds its own (`registering`).
public struct ExpressionFunctions: Sendable {
    public struct Function: Sendable {
        /// How many arguments it takes.
        public var arity: ClosedRange<Int>
        /// The result for the arguments and the kiosk's language, or what is wrong with them.
        public var body: @Sendable ([JSONValue], String?) -> Result<JSONValue, ExpressionError>

        public init(arity: ClosedRange<Int>, body: @escaping @Sendable ([JSONValue], String?) -> Result<JSONValue, ExpressionError>) {
            self.arity = arity
            self.body = body
        }

        var arityText: String {
            self.arity.lowerBound == self.arity.upperBound
                ? "\(self.arity.lowerBound) argument\(self.arity.lowerBound == 1 ? "" : "s")"
                : "\(self.arity.lowerBound) to \(self.arity.upperBound) arguments"
        }
    }

    private var table: [String: Function]

    public subscript(name: String) -> Function? { self.table[name] }
    /// The names, sorted, for messages.
    public var names: [String] { self.table.keys.sorted() }

    /// These functions and `function` as `name` (replacing a built-in one of that name).
    public func registering(_ name: String, _ function: Function) -> ExpressionFunctions {
        var copy = self
        copy.table[name] = function
        return copy
    }

    /// - `fixed(x, decimals)`: `x` with exactly `decimals` (0–10) decimals and the language's
    ///   decimal mark: `fixed(2.9, 2)` is "2.90" in English, "2,90" in German.
    /// - `number(x[, decimals])`: as `fixed`, with the language's thousands separators too:
    ///   `number(12500, 0)` is "12,500" in English, "12.500" in German; without `decimals`, up to 6
    ///   as needed.
    /// - `pad(x, width[, fill])`: the text of `x` with `fill` (one character, default a space) in
    ///   front up to `width` (at most 64) characters: `pad(7, 3, "0")` is "007".
    /// - `round(x[, decimals])`: a number rounded half away from zero (`round(2.9 * 3 * 100)` is
    ///   870, for an amount in cents).
    /// - `length(x)`: the characters of a string, the items of an array.
    public static let standard = ExpressionFunctions(table: [
        "fixed": Function(arity: 2...2) { arguments, language in
            guard case .number(let value) = arguments[0] else { return .failure(Self.needs("a number first", arguments[0])) }
            guard case .number(let decimals) = arguments[1], decimals == decimals.rounded(), (0...10).contains(decimals) else {
                return .failure(ExpressionError("the decimals must be a whole number from 0 to 10", column: 0))
            }
            return .success(.string(NumberFormat(language: language).format(value, decimals: Int(decimals), grouped: false)))
        },
        "number": Function(arity: 1...2) { arguments, language in
            guard case .number(let value) = arguments[0] else { return .failure(Self.needs("a number first", arguments[0])) }
            var decimals: Int?
            if arguments.count == 2 {
                guard case .number(let count) = arguments[1], count == count.rounded(), (0...10).contains(count) else {
                    return .failure(ExpressionError("the decimals must be a whole number from 0 to 10", column: 0))
                }
                decimals = Int(count)
            }
            return .success(.string(NumberFormat(language: language).format(value, decimals: decimals, grouped: true)))
        },
        "pad": Function(arity: 2...3) { arguments, _ in
            guard case .number(let width) = arguments[1], width == width.rounded(), (0...64).contains(width) else {
                return .failure(ExpressionError("the width must be a whole number from 0 to 64", column: 0))
            }
            var fill: Character = " "
            if arguments.count == 3 {
                guard case .string(let text) = arguments[2], text.count == 1, let character = text.first else {
                    return .failure(ExpressionError("the fill must be one character, as \"0\"", column: 0))
                }
                fill = character
            }
            let text = ExpressionEvaluator.text(of: arguments[0])
            return .success(.string(String(repeating: fill, count: max(0, Int(width) - text.count)) + text))
        },
        "round": Function(arity: 1...2) { arguments, _ in
            guard case .number(let value) = arguments[0] else { return .failure(Self.needs("a number first", arguments[0])) }
            var decimals = 0.0
            if arguments.count == 2 {
                guard case .number(let count) = arguments[1], count == count.rounded(), (0...10).contains(count) else {
                    return .failure(ExpressionError("the decimals must be a whole number from 0 to 10", column: 0))
                }
                decimals = count
            }
            var scale = 1.0
            for _ in 0..<Int(decimals) { scale *= 10 }
            // Half away from zero, as a till rounds; 2.9 * 3 * 100 (869.9999…) is 870.
            return .success(.number((value * scale).rounded(.toNearestOrAwayFromZero) / scale))
        },
        "length": Function(arity: 1...1) { arguments, _ in
            switch arguments[0] {
            case .string(let text): return .success(.number(Double(text.count)))
            case .array(let items): return .success(.number(Double(items.count)))
            default: return .failure(Self.needs("a string or an array", arguments[0]))
            }
        }
    ])

    private static func needs(_ what: String, _ value: JSONValue) -> ExpressionError {
        ExpressionError("needs \(what), not \(value.kindName)", column: 0)
    }
}
