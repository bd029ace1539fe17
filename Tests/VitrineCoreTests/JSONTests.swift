import Testing
import VitrineCore

@Suite("JSON")
struct JSONTests {
    @Test("documents parse to values and serialise back, keys in order")
    func roundTrip() throws {
        let text = #"{"b": [1, 2.5, -3e2, true, null], "a": {"s": "é\n\"\u00e9\ud83d\ude00"}}"#
        let value = try JSONParser.parse(text)
        #expect(value["b"] == .array([.number(1), .number(2.5), .number(-300), .bool(true), .null]))
        #expect(value["a"]?["s"] == .string("é\n\"é😀"))
        #expect(value.objectValue?.map(\.key) == ["b", "a"])
        #expect(try JSONParser.parse(value.serialized()) == value)
        #expect(try JSONParser.parse(value.serialized(pretty: false)) == value)
    }

    @Test("exact numbers read back to the same Double; the default keeps six decimals")
    func exactNumbers() throws {
        let value = JSONValue.array([.number(1.0 / 3), .number(1e-7), .number(60), .number(-0.125)])
        #expect(try JSONParser.parse(value.serialized(exactNumbers: true)) == value)
        #expect(value.serialized(pretty: false, exactNumbers: true).hasPrefix("[0.3333333333333333,"))
        #expect(value.serialized(pretty: false).hasPrefix("[0.333333,"))
    }

    @Test("numbers too large for six decimals serialise (exactly) instead of trapping")
    func largeNumbers() throws {
        let value = JSONValue.array([.number(-2.5e20), .number(5e13 + 0.5), .number(1e300)])
        #expect(value.serialized(pretty: false) == "[-2.5e+20,50000000000000.5,1e+300]")
        #expect(try JSONParser.parse(value.serialized()) == value)
    }

    @Test("syntax errors name the line and column", arguments: [
        ("{\n  \"a\": 1,\n}", 3, 1, "no comma before a closing brace"),
        ("{\n  \"a\": tru\n}", 2, 8, "did you mean true"),
        ("[1, 2,]", 1, 7, "no comma before a closing bracket"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("{\"a\": \"x\n\"}", 1, 9, "unterminated string"),
        ("[1] 2", 1, 5, "after the document"),
        ("", 1, 1, "end of file"),
        ("{\"a\": 01}", 1, 8, "expected ',' or '}'"),
    ])
    func errors(text: String, line: Int, column: Int, fragment: String) {
        do {
            _ = try JSONParser.parse(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.contains(fragment), "\(error)")
        }
    }

    @Test("deep nesting is refused, not a stack overflow")
    func depth() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    }
}
