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

    @Test(
        "syntax errors name the line and column",
        arguments: [
            ("{\n  \"a\": 1,\n}", 3, 1, "no comma before a closing brace"),
            ("{\n  \"a\": tru\n}", 2, 8, "did you mean true"),
            ("[1, 2,]", 1, 7, "no comma before a closing bracket"),
            ("{\"a\" 1}", 1, 6, "expected ':'"),
            ("{\"a\": \"x\n\"}", 1, 9, "unterminated string"),
            ("[1] 2", 1, 5, "after the document"),
            ("", 1, 1, "end of file"),
            ("{\"a\": 01}", 1, 8, "expected ',' or '}'")
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

    @Test(
        "bytes that are not UTF-8 are an error at their line and column, never U+FFFD",
        arguments: [
            // "Café" saved as Latin-1: é is the lone byte 0xE9.
            (Array("{\n  \"title\": \"Caf".utf8) + [0xE9] + Array("\"\n}".utf8), 2, 16, "0xE9 is not UTF-8"),
            // The same in a key, after a valid two-byte é on the line (columns count characters).
            (Array("{\"é\": 1, \"x".utf8) + [0xFC] + Array("\": 2}".utf8), 1, 12, "0xFC is not UTF-8"),
            // A stray continuation byte, an overlong "/", an encoded surrogate, past U+10FFFF, cut short.
            ([0x5B, 0x22, 0x80, 0x22, 0x5D], 1, 3, "0x80"),
            ([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], 1, 3, "0xC0"),
            ([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], 1, 3, "0xED"),
            ([0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], 1, 3, "0xF4"),
            ([0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D], 1, 3, "0xE2"),
            (Array(#"["a\ud800b"]"#.utf8), 1, 4, "half of a UTF-16 surrogate pair")
        ] as [([UInt8], Int, Int, String)])
    func invalidUTF8(bytes: [UInt8], line: Int, column: Int, fragment: String) {
        do {
            let value = try JSONParser.parse(bytes)
            Issue.record("expected an error, parsed \(value.serialized())")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.contains(fragment), "\(error)")
        }
    }

    @Test("every well-formed UTF-8 length reads back exactly")
    func validUTF8() throws {
        let text = "[\"A é € 😀 \u{10FFFF} \u{D7FF} \u{E000}\"]"
        #expect(try JSONParser.parse(Array(text.utf8)) == .array([.string("A é € 😀 \u{10FFFF} \u{D7FF} \u{E000}")]))
    }

    @Test("deep nesting is refused, not a stack overflow")
    func depth() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    }
}
