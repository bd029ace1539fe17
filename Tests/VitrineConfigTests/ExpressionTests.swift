import Testing
import VitrineCore
import VitrineScene

/// The expression language of binds (issue 31): the grammar, every operator, the functions by
/// language, and hostile text that must give a clear error fast and never crash.
@Suite("Expressions: parsed once, evaluated against data and state")
struct ExpressionTests {
    /// Built at each use: a stored static JSON value was reported by LeakSanitizer as leaked
    /// (its boxes live in a lazily initialised global it does not scan).
    static var data: [String: JSONValue] {
        [
            "state": .object([("route", .string("north")), ("count", .number(3)), ("flag", .bool(false)), ("name", .string(""))]),
            "fares": .object([
                ("north", .object([("price", .number(2.9)), ("title", .string("North line"))])),
                ("south", .object([("price", .number(3.5))]))
            ]),
            "menu": .object([("items", .array([.object([("name", .string("Tea"))]), .object([("name", .string("Cake"))])]))])
        ]
    }

    static func value(_ text: String, language: String? = nil) throws -> JSONValue {
        let expression = try ExpressionParser.parse(text)
        return try ExpressionEvaluator(language: language) { Self.data[$0] }.evaluate(expression)
    }

    static func error(_ text: String) -> ExpressionError? {
        do {
            let expression = try ExpressionParser.parse(text)
            _ = try ExpressionEvaluator { Self.data[$0] }.evaluate(expression)
            return nil
        } catch {
            return error
        }
    }

    @Test("paths read data and state; a computed index reads the chosen fare; what is missing is null")
    func paths() throws {
        #expect(try Self.value("fares[state.route].price") == .number(2.9))
        #expect(try Self.value("fares.north.title") == .string("North line"))
        #expect(try Self.value("menu.items[1].name") == .string("Cake"))
        #expect(try Self.value("menu.items[5].name") == .null)
        #expect(try Self.value("fares.east.price") == .null)
        #expect(try ExpressionParser.parse("menu.items[2].name").path == ["menu", "items", "2", "name"])
        #expect(try ExpressionParser.parse("fares[state.route].price").path == nil)
        #expect(try ExpressionParser.parse("fares[state.route].price * state.count").roots == ["fares", "state"])
    }

    @Test("arithmetic, precedence, comparison, logic, the conditional and joining")
    func operators() throws {
        #expect(try Self.value("1 + 2 * 3") == .number(7))
        #expect(try Self.value("(1 + 2) * 3") == .number(9))
        #expect(try Self.value("10 - 4 - 3") == .number(3), "left to right")
        #expect(try Self.value("7 / 2") == .number(3.5))
        #expect(try Self.value("7 % 4") == .number(3))
        #expect(try Self.value("-state.count + 1") == .number(-2))
        #expect(try Self.value("fares.north.price * state.count") == .number(2.9 * 3))
        #expect(try Self.value("state.count > 1") == .bool(true))
        #expect(try Self.value("state.count <= 2") == .bool(false))
        #expect(try Self.value("3 >= 3 && 2 < 3") == .bool(true))
        #expect(try Self.value("'a' < 'b'") == .bool(true))
        #expect(try Self.value("state.route == 'north'") == .bool(true))
        #expect(try Self.value("state.route != \"north\"") == .bool(false))
        #expect(try Self.value("state.flag || state.count") == .bool(true))
        #expect(try Self.value("!state.flag") == .bool(true))
        #expect(try Self.value("!state.name") == .bool(true), "an empty string is false")
        #expect(try Self.value("state.count > 1 ? 'tickets' : 'ticket'") == .string("tickets"))
        #expect(try Self.value("state.count + ' ' + (state.count > 1 ? 'tickets' : 'ticket')") == .string("3 tickets"))
        #expect(try Self.value("'€ ' + fares.north.price") == .string("€ 2.9"))
        #expect(try Self.value("'x' + null + true") == .string("xtrue"))
        #expect(try Self.value("1 == '1'") == .bool(false))
        #expect(try Self.value("false && 1 / 0") == .bool(false), "&& stops at the side that decides")
        #expect(try Self.value("true || 1 / 0") == .bool(true))
        #expect(try Self.value("'it\\'s \\\"so\\\"\\n'") == .string("it's \"so\"\n"))
        #expect(try Self.value("1.5e2 + .5") == .number(150.5))
    }

    @Test("the number functions write the language's decimal mark and separators; pad and length")
    func functions() throws {
        #expect(try Self.value("fixed(fares.north.price, 2)") == .string("2.90"))
        #expect(try Self.value("fixed(fares.north.price, 2)", language: "de") == .string("2,90"))
        #expect(try Self.value("fixed(fares.north.price * state.count, 2)", language: "de-AT") == .string("8,70"))
        #expect(try Self.value("number(1234567.891, 2)") == .string("1,234,567.89"))
        #expect(try Self.value("number(1234567.891, 2)", language: "de") == .string("1.234.567,89"))
        #expect(try Self.value("number(1234567, 0)", language: "fr") == .string("1\u{202F}234\u{202F}567"))
        #expect(try Self.value("number(1234.5, 2)", language: "de-CH") == .string("1\u{2019}234.50"))
        #expect(try Self.value("number(0.125)") == .string("0.125"))
        #expect(try Self.value("number(-1500)") == .string("-1,500"))
        #expect(try Self.value("fixed(-0.001, 2)") == .string("0.00"), "no minus before a zero")
        #expect(try Self.value("fixed(0, 0)") == .string("0"))
        #expect(try Self.value("pad(7, 3, '0')") == .string("007"))
        #expect(try Self.value("pad('abcd', 3)") == .string("abcd"))
        #expect(try Self.value("round(fares.north.price * state.count * 100)") == .number(870), "cents, whatever binary floating point says")
        #expect(try Self.value("round(2.25, 1)") == .number(2.3))
        #expect(try Self.value("round(-2.5)") == .number(-3))
        #expect(try Self.value("length(menu.items)") == .number(2))
        #expect(try Self.value("length('Café')") == .number(4))
    }

    @Test("every mistake names its column and says what to write")
    func errors() {
        let cases: [(String, String, Int)] = [
            ("", "empty", 1),
            ("1 +", "ends too soon", 4),
            ("(1 + 2", "expected \")\"", 7),
            ("state.count = 1", "compare with ==", 13),
            ("a & b", "use &&", 3),
            ("'open", "no closing", 1),
            ("'\\q'", "not an escape", 2),
            ("1 2", "unexpected the number 2.0", 3),
            ("state.", "expected a name", 7),
            ("#", "unexpected character", 1),
            ("fares[", "ends too soon", 7),
            ("a ? b", "expected \":\"", 6),
            ("1e400", "too large", 1),
            ("nothing.here", "not a data source", 1),
            ("'a' - 1", "needs two numbers", 5),
            ("'a' < 1", "compares two numbers or two strings", 5),
            ("state.count / (state.count - 3)", "division by zero", 13),
            ("5 % 0", "division by zero", 3),
            ("1e300 * 1e300", "too large", 7),
            ("-'a'", "needs a number", 1),
            ("shout(1)", "no function shout", 1),
            ("fixed(1)", "takes 2 arguments, not 1", 1),
            ("fixed('x', 2)", "needs a number first", 1),
            ("fixed(1, 11)", "from 0 to 10", 1),
            ("pad(1, 3, 'ab')", "one character", 1),
            ("state[1]", "cannot index an object with a number", 6)
        ]
        for (text, message, column) in cases {
            let error = Self.error(text)
            #expect(error?.message.contains(message) == true, "\(text): \(String(describing: error))")
            #expect(error?.column == column, "\(text): \(String(describing: error))")
        }
    }

    @Test("hostile text: 10,000 parentheses, a 1 MB expression, 2,000 terms, a deep chain of members — an error each, quickly")
    func hostile() {
        let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        #expect(Self.error(deep)?.message.contains("at most 4096") == true)
        let nested = String(repeating: "(", count: 2000) + "1" + String(repeating: ")", count: 2000)
        #expect(Self.error(nested)?.message.contains("nested more than 64 deep") == true)
        let huge = String(repeating: "1 + ", count: 250_000) + "1"
        #expect(Self.error(huge)?.message.contains("at most 4096") == true)
        let long = (0..<1000).map { _ in "1" }.joined(separator: "+")
        #expect(Self.error(long)?.message.contains("nested more than 64 deep") == true)
        let members = "state" + String(repeating: ".a", count: 100)
        #expect(Self.error(members)?.message.contains("nested more than 64 deep") == true)
        let unary = String(repeating: "!", count: 100) + "true"
        #expect(Self.error(unary)?.message.contains("nested more than 64 deep") == true)
        let ternary = String(repeating: "true ? 1 : ", count: 100) + "0"
        #expect(Self.error(ternary)?.message.contains("nested more than 64 deep") == true)
        #expect(throws: Never.self) { _ = try? ExpressionParser.parse(String(repeating: "a", count: 4096)) }
        // Numbers far beyond Int64 are written, not trapped on (the fuzz target's first find).
        let digits = String(repeating: "5", count: 61) + "9"
        #expect(ExpressionEvaluator.text(of: (try? Self.value(digits)) ?? .null) == "5.555555555555556e+61")
        #expect((try? Self.value("fixed(1e300, 2)")) == .string("1e+300"))
        #expect(String(fixed: -1e19, decimals: 0) == "-1e+19")
        // 60 levels is fine.
        let fine = String(repeating: "(", count: 60) + "1" + String(repeating: ")", count: 60)
        #expect(Self.error(fine) == nil)
    }
}
