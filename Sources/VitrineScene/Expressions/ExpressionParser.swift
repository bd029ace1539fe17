import VitrineCore

/// Reads an expression's text into an `Expression` (Docs/config.md, "State and expressions"):
///
/// ```
/// expression  = or [ "?" expression ":" expression ]
/// or          = and { "||" and }
/// and         = equality { "&&" equality }
/// equality    = comparison { ("==" | "!=") comparison }
/// comparison  = sum { ("<" | "<=" | ">" | ">=") sum }
/// sum         = product { ("+" | "-") product }
/// product     = unary { ("*" | "/" | "%") unary }
/// unary       = ("!" | "-") unary | postfix
/// postfix     = primary { "." name | "[" expression "]" }
/// primary     = number | string | "true" | "false" | "null" | name [ "(" [ expression { "," expression } ] ")" ]
///             | "(" expression ")"
/// ```
///
/// Strings are in single or double quotes, with `\\`, `\'`, `\"`, `\n` and `\t`; numbers are
/// decimal, with an optional fraction and exponent. Bounded so no text can make it (or the
/// evaluator, which recurses over the tree) take long or run out of stack: at most
/// `maximumLength` characters and `maximumDepth` levels of tree.
public enum ExpressionParser {
    /// 4,096 characters: a bind is a line of a config, and the longest in the examples is under
    /// 100; a 1 MB expression is refused before it is read.
    public static let maximumLength = 4096
    /// 64 levels of tree (parentheses, operators, calls): `a + b + c …` over a whole line is
    /// deeper than any real bind, and the evaluator's recursion stays far from the stack's end.
    public static let maximumDepth = 64

    public static func parse(_ text: String) throws(ExpressionError) -> Expression {
        let characters = Array(text.unicodeScalars)
        guard characters.count <= Self.maximumLength else {
            throw ExpressionError("is \(characters.count) characters long; an expression has at most \(Self.maximumLength)", column: 1)
        }
        var parser = Parser(tokens: try Tokenizer.tokens(of: characters))
        let expression = try parser.expression(depth: 0)
        guard case .end = parser.peek.kind else {
            throw ExpressionError("unexpected \(parser.peek.kind.text) after the end of the expression", column: parser.peek.column)
        }
        return expression
    }

    struct Token: Equatable {
        enum Kind: Equatable {
            case number(Double)
            case string(String)
            case name(String)
            case symbol(String)
            case end

            var text: String {
                switch self {
                case .number(let value): "the number \(value)"
                case .string(let value): "the string \"\(value)\""
                case .name(let name): "\"\(name)\""
                case .symbol(let symbol): "\"\(symbol)\""
                case .end: "the end"
                }
            }
        }
        var kind: Kind
        var column: Int
    }

    enum Tokenizer {
        /// Two-character symbols first, so `<=` is not `<` then `=`.
        static let symbols = ["==", "!=", "<=", ">=", "&&", "||", "+", "-", "*", "/", "%", "<", ">", "!", "?", ":", "(", ")", "[", "]", ".", ","]

        static func tokens(of characters: [Unicode.Scalar]) throws(ExpressionError) -> [Token] {
            var tokens: [Token] = []
            var i = 0
            func at(_ offset: Int) -> Unicode.Scalar? { i + offset < characters.count ? characters[i + offset] : nil }
            while i < characters.count {
                let c = characters[i]
                let column = i + 1
                if c == " " || c == "\t" || c == "\n" || c == "\r" {
                    i += 1
                } else if Self.isDigit(c) || (c == "." && at(1).map(Self.isDigit) == true) {
                    let start = i
                    while let d = at(0), Self.isDigit(d) { i += 1 }
                    if at(0) == ".", let d = at(1), Self.isDigit(d) {
                        i += 1
                        while let d = at(0), Self.isDigit(d) { i += 1 }
                    }
                    if let e = at(0), e == "e" || e == "E" {
                        var j = 1
                        if let sign = at(1), sign == "+" || sign == "-" { j = 2 }
                        if let d = at(j), Self.isDigit(d) {
                            i += j
                            while let d = at(0), Self.isDigit(d) { i += 1 }
                        }
                    }
                    let text = String(String.UnicodeScalarView(characters[start..<i]))
                    guard let value = Double(text), value.isFinite else {
                        throw ExpressionError("the number \(text) is too large (at most about 1.8e308)", column: column)
                    }
                    tokens.append(Token(kind: .number(value), column: column))
                } else if c == "\"" || c == "'" {
                    i += 1
                    var value = String.UnicodeScalarView()
                    var closed = false
                    while let d = at(0) {
                        i += 1
                        if d == c {
                            closed = true
                            break
                        }
                        if d == "\\" {
                            guard let escaped = at(0) else { break }
                            i += 1
                            switch escaped {
                            case "n": value.append("\n")
                            case "t": value.append("\t")
                            case "\\", "\"", "'": value.append(escaped)
                            default:
                                throw ExpressionError("\\\(escaped) is not an escape in a string (use \\\\, \\\", \\', \\n or \\t)", column: i - 1)
                            }
                        } else {
                            value.append(d)
                        }
                    }
                    guard closed else { throw ExpressionError("the string has no closing \(c)", column: column) }
                    tokens.append(Token(kind: .string(String(value)), column: column))
                } else if Self.isNameStart(c) {
                    let start = i
                    while let d = at(0), Self.isNameStart(d) || Self.isDigit(d) { i += 1 }
                    tokens.append(Token(kind: .name(String(String.UnicodeScalarView(characters[start..<i]))), column: column))
                } else if let symbol = Self.symbols.first(where: { symbol in
                    symbol.unicodeScalars.enumerated().allSatisfy { at($0.offset) == $0.element }
                }) {
                    i += symbol.unicodeScalars.count
                    tokens.append(Token(kind: .symbol(symbol), column: column))
                } else if c == "=" {
                    throw ExpressionError("= is not an operator here: compare with ==", column: column)
                } else if c == "&" || c == "|" {
                    throw ExpressionError("\(c) alone is not an operator: use \(c)\(c)", column: column)
                } else {
                    throw ExpressionError("unexpected character \"\(c)\"", column: column)
                }
            }
            tokens.append(Token(kind: .end, column: characters.count + 1))
            return tokens
        }

        static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }
        static func isNameStart(_ c: Unicode.Scalar) -> Bool {
            (c.value >= 0x41 && c.value <= 0x5A) || (c.value >= 0x61 && c.value <= 0x7A) || c == "_"
        }
    }

    struct Parser {
        let tokens: [Token]
        var position = 0

        init(tokens: [Token]) { self.tokens = tokens }

        var peek: Token { self.tokens[self.position] }

        mutating func advance() -> Token {
            let token = self.tokens[self.position]
            if self.position < self.tokens.count - 1 { self.position += 1 }
            return token
        }

        mutating func take(_ symbol: String) -> Bool {
            guard self.peek.kind == .symbol(symbol) else { return false }
            self.position += 1
            return true
        }

        mutating func expect(_ symbol: String, _ context: String) throws(ExpressionError) {
            guard self.take(symbol) else {
                throw ExpressionError("expected \"\(symbol)\" \(context), found \(self.peek.kind.text)", column: self.peek.column)
            }
        }

        func checkDepth(_ depth: Int, column: Int) throws(ExpressionError) {
            guard depth <= ExpressionParser.maximumDepth else {
                throw ExpressionError("nested more than \(ExpressionParser.maximumDepth) deep; split it with state or data", column: column)
            }
        }

        mutating func expression(depth: Int) throws(ExpressionError) -> Expression {
            try self.checkDepth(depth, column: self.peek.column)
            let condition = try self.binary(minimum: 1, depth: depth)
            guard self.peek.kind == .symbol("?") else { return condition }
            let column = self.advance().column
            let then = try self.expression(depth: depth + 1)
            try self.expect(":", "between the two results of a ? :")
            let otherwise = try self.expression(depth: depth + 1)
            return .conditional(condition, then, otherwise, column: column)
        }

        /// Binary operators by precedence climbing; each operator applied adds a level.
        mutating func binary(minimum: Int, depth: Int) throws(ExpressionError) -> Expression {
            var left = try self.unary(depth: depth)
            var levels = depth
            while case .symbol(let symbol) = self.peek.kind, let op = Expression.BinaryOperator(rawValue: symbol), op.precedence >= minimum {
                let column = self.advance().column
                levels += 1
                try self.checkDepth(levels, column: column)
                let right = try self.binary(minimum: op.precedence + 1, depth: levels)
                left = .binary(op, left, right, column: column)
            }
            return left
        }

        mutating func unary(depth: Int) throws(ExpressionError) -> Expression {
            try self.checkDepth(depth, column: self.peek.column)
            if case .symbol(let symbol) = self.peek.kind, let op = Expression.UnaryOperator(rawValue: symbol) {
                let column = self.advance().column
                return .unary(op, try self.unary(depth: depth + 1), column: column)
            }
            return try self.postfix(depth: depth)
        }

        mutating func postfix(depth: Int) throws(ExpressionError) -> Expression {
            var base = try self.primary(depth: depth)
            var levels = depth
            while true {
                let column = self.peek.column
                if self.take(".") {
                    guard case .name(let key) = self.peek.kind else {
                        throw ExpressionError("expected a name after \".\", found \(self.peek.kind.text)", column: self.peek.column)
                    }
                    _ = self.advance()
                    base = .member(base, key, column: column)
                } else if self.take("[") {
                    let index = try self.expression(depth: levels + 1)
                    try self.expect("]", "to close the [")
                    base = .index(base, index, column: column)
                } else {
                    return base
                }
                levels += 1
                try self.checkDepth(levels, column: column)
            }
        }

        mutating func primary(depth: Int) throws(ExpressionError) -> Expression {
            let token = self.advance()
            switch token.kind {
            case .number(let value): return .literal(.number(value))
            case .string(let value): return .literal(.string(value))
            case .name("true"): return .literal(.bool(true))
            case .name("false"): return .literal(.bool(false))
            case .name("null"): return .literal(.null)
            case .name(let name):
                guard self.take("(") else { return .name(name, column: token.column) }
                var arguments: [Expression] = []
                if !self.take(")") {
                    repeat {
                        arguments.append(try self.expression(depth: depth + 1))
                    } while self.take(",")
                    try self.expect(")", "to close the arguments of \(name)(…)")
                }
                return .call(name, arguments, column: token.column)
            case .symbol("("):
                let inner = try self.expression(depth: depth + 1)
                try self.expect(")", "to close the (")
                return inner
            case .end:
                throw ExpressionError(
                    self.position <= 1 && self.tokens.count == 1 ? "the expression is empty" : "the expression ends too soon", column: token.column)
            default:
                throw ExpressionError("unexpected \(token.kind.text)", column: token.column)
            }
        }
    }
}
