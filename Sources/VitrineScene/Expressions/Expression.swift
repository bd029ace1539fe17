import VitrineCore

/// A `{"bind": …}` as a small expression (issue 31; Docs/config.md, "State and expressions"):
/// a path into data or state, as before, or arithmetic, comparison, logic, a conditional,
/// concatenation and a few formatting functions over them. Parsed once when the config is read
/// (`ExpressionParser`), evaluated when what it reads changes (`ExpressionEvaluator`). No loops,
/// no calls into the host, no side effects.
///
/// Columns are 1-based positions in the expression's text, for messages.
public indirect enum Expression: Equatable, Sendable {
    /// A number, a string, `true`, `false` or `null`.
    case literal(JSONValue)
    /// A root name: a data source, `state`, or `item` (a repeated row's own data).
    case name(String, column: Int)
    /// `base.key`.
    case member(Expression, String, column: Int)
    /// `base[index]`: an array by number, an object by string.
    case index(Expression, Expression, column: Int)
    case unary(UnaryOperator, Expression, column: Int)
    case binary(BinaryOperator, Expression, Expression, column: Int)
    /// `condition ? then : else`.
    case conditional(Expression, Expression, Expression, column: Int)
    /// `name(arguments…)`: one of `ExpressionFunctions`.
    case call(String, [Expression], column: Int)

    public enum UnaryOperator: String, Sendable {
        case not = "!"
        case negate = "-"
    }

    public enum BinaryOperator: String, Sendable, CaseIterable {
        case or = "||"
        case and = "&&"
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case add = "+"
        case subtract = "-"
        case multiply = "*"
        case divide = "/"
        case remainder = "%"

        /// Binding strength: a higher one binds first (`1 + 2 * 3` is `1 + (2 * 3)`).
        var precedence: Int {
            switch self {
            case .or: 1
            case .and: 2
            case .equal, .notEqual: 3
            case .less, .lessOrEqual, .greater, .greaterOrEqual: 4
            case .add, .subtract: 5
            case .multiply, .divide, .remainder: 6
            }
        }
    }

    /// The path when the expression is nothing but one (`menu.items[2].name`): what a bind was
    /// before expressions, and what list repeats and the fast paths read.
    public var path: [String]? {
        switch self {
        case .name(let name, _): return [name]
        case .member(let base, let key, _): return base.path.map { $0 + [key] }
        case .index(let base, .literal(.number(let number)), _) where number >= 0 && number == number.rounded():
            return base.path.map { $0 + [String(Int(number))] }
        default: return nil
        }
    }

    /// The root names it reads (`state`, `fares`, `item`), each once, in order of appearance:
    /// what a change must touch for it to be evaluated again.
    public var roots: [String] {
        var names: [String] = []
        self.collectRoots(into: &names)
        return names
    }

    private func collectRoots(into names: inout [String]) {
        switch self {
        case .literal: break
        case .name(let name, _): if !names.contains(name) { names.append(name) }
        case .member(let base, _, _): base.collectRoots(into: &names)
        case .index(let base, let index, _):
            base.collectRoots(into: &names)
            index.collectRoots(into: &names)
        case .unary(_, let operand, _): operand.collectRoots(into: &names)
        case .binary(_, let left, let right, _):
            left.collectRoots(into: &names)
            right.collectRoots(into: &names)
        case .conditional(let condition, let then, let otherwise, _):
            condition.collectRoots(into: &names)
            then.collectRoots(into: &names)
            otherwise.collectRoots(into: &names)
        case .call(_, let arguments, _): for argument in arguments { argument.collectRoots(into: &names) }
        }
    }

    /// Where the expression starts, for messages.
    public var column: Int {
        switch self {
        case .literal: 1
        case .name(_, let column), .member(_, _, let column), .index(_, _, let column), .unary(_, _, let column),
            .binary(_, _, _, let column), .conditional(_, _, _, let column), .call(_, _, let column):
            column
        }
    }
}

/// A mistake in an expression: what, and where (1-based column in its text).
public struct ExpressionError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var column: Int

    public init(_ message: String, column: Int) {
        self.message = message
        self.column = column
    }

    public var description: String { "column \(self.column): \(self.message)" }
}
