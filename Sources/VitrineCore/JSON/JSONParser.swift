/// A JSON syntax error: where it is (1-based line and column, in characters) and what was wrong.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "line \(self.line), column \(self.column): \(self.message)" }
}

/// A strict RFC 8259 parser: no comments, no trailing commas, no bare words; nesting is limited
/// (512 levels) so a hostile file cannot exhaust the stack. The text must be UTF-8 (RFC 8259
/// §8.1): a byte that is not, or a `\u` escape of a lone surrogate, is an error at its line and
/// column, never replaced by U+FFFD (a Latin-1 "Café" would show as "Caf�" on the panel).
public struct JSONParser {
    public static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// Parses a whole document.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try self.parse(Array(text.utf8))
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected \(parser.describeNext()) after the document") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            self.index = 3
            self.lineStart = 3
        }
    }

    private func error(_ message: String) -> JSONSyntaxError {
        let upTo = self.bytes[self.lineStart..<min(self.index, self.bytes.count)]
        let column = String(decoding: upTo, as: UTF8.self).count + 1
        return JSONSyntaxError(line: self.line, column: column, message: message)
    }

    private func describeNext() -> String {
        guard self.index < self.bytes.count else { return "end of file" }
        let byte = self.bytes[self.index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func skipWhitespace() {
        while self.index < self.bytes.count {
            switch self.bytes[self.index] {
            case 0x20, 0x09, 0x0D: self.index += 1
            case 0x0A:
                self.index += 1
                self.line += 1
                self.lineStart = self.index
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw self.error("nested more than \(Self.maximumDepth) levels deep") }
        guard self.index < self.bytes.count else { throw self.error("unexpected end of file, expected a value") }
        switch self.bytes[self.index] {
        case UInt8(ascii: "{"): return try self.object(depth: depth)
        case UInt8(ascii: "["): return try self.array(depth: depth)
        case UInt8(ascii: "\""): return .string(try self.string())
        case UInt8(ascii: "t"):
            try self.literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try self.literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try self.literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try self.number())
        default: throw self.error("unexpected \(self.describeNext()), expected a value")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let start = self.index
        for byte in word.utf8 {
            guard self.index < self.bytes.count, self.bytes[self.index] == byte else {
                // Point at the word, not at the letter where it went wrong.
                self.index = start
                throw self.error("unexpected word here (did you mean \(word)? strings need quotes)")
            }
            self.index += 1
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        self.index += 1
        var members: [(key: String, value: JSONValue)] = []
        self.skipWhitespace()
        if self.index < self.bytes.count && self.bytes[self.index] == UInt8(ascii: "}") {
            self.index += 1
            return .object(members)
        }
        while true {
            self.skipWhitespace()
            guard self.index < self.bytes.count, self.bytes[self.index] == UInt8(ascii: "\"") else {
                throw self.error("unexpected \(self.describeNext()), expected a quoted key" + (members.isEmpty ? "" : " (no comma before a closing brace)"))
            }
            let key = try self.string()
            self.skipWhitespace()
            guard self.index < self.bytes.count, self.bytes[self.index] == UInt8(ascii: ":") else {
                throw self.error("unexpected \(self.describeNext()), expected ':' after \"\(key)\"")
            }
            self.index += 1
            self.skipWhitespace()
            members.append((key, try self.value(depth: depth + 1)))
            self.skipWhitespace()
            guard self.index < self.bytes.count else { throw self.error("unexpected end of file, expected ',' or '}'") }
            if self.bytes[self.index] == UInt8(ascii: ",") {
                self.index += 1
                continue
            }
            if self.bytes[self.index] == UInt8(ascii: "}") {
                self.index += 1
                return .object(members)
            }
            throw self.error("unexpected \(self.describeNext()), expected ',' or '}'")
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        self.index += 1
        var items: [JSONValue] = []
        self.skipWhitespace()
        if self.index < self.bytes.count && self.bytes[self.index] == UInt8(ascii: "]") {
            self.index += 1
            return .array(items)
        }
        while true {
            self.skipWhitespace()
            if self.index < self.bytes.count && self.bytes[self.index] == UInt8(ascii: "]") {
                throw self.error("unexpected ']' after ',' (no comma before a closing bracket)")
            }
            items.append(try self.value(depth: depth + 1))
            self.skipWhitespace()
            guard self.index < self.bytes.count else { throw self.error("unexpected end of file, expected ',' or ']'") }
            if self.bytes[self.index] == UInt8(ascii: ",") {
                self.index += 1
                continue
            }
            if self.bytes[self.index] == UInt8(ascii: "]") {
                self.index += 1
                return .array(items)
            }
            throw self.error("unexpected \(self.describeNext()), expected ',' or ']'")
        }
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        self.index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = self.index
        func flush(_ parser: JSONParser, upTo end: Int) {
            scalars.append(contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard self.index < self.bytes.count else { throw self.error("unterminated string") }
            let byte = self.bytes[self.index]
            if byte == UInt8(ascii: "\"") {
                // No escape met: the string is its bytes (checked UTF-8 above), made in one go
                // (through the scalar view, a 4 MB data file took twice as long to parse).
                if scalars.isEmpty {
                    let text = String(decoding: self.bytes[runStart..<self.index], as: UTF8.self)
                    self.index += 1
                    return text
                }
                flush(self, upTo: self.index)
                self.index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw self.error(byte == 0x0A ? "unterminated string (a line break inside quotes)" : "control character in a string") }
            if byte >= 0x80 {
                guard let length = Self.utf8SequenceLength(self.bytes, at: self.index) else {
                    throw self.error(
                        "byte 0x\(String(byte, radix: 16, uppercase: true)) is not UTF-8 text (a file saved as Latin-1 or Windows-1252?); save the file as UTF-8"
                    )
                }
                self.index += length
                continue
            }
            if byte != UInt8(ascii: "\\") {
                self.index += 1
                continue
            }
            flush(self, upTo: self.index)
            self.index += 1
            guard self.index < self.bytes.count else { throw self.error("unterminated string") }
            let escape = self.bytes[self.index]
            self.index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                let escapeStart = self.index - 2
                var code = try self.hex4()
                if (0xD800..<0xDC00).contains(code), self.index + 1 < self.bytes.count, self.bytes[self.index] == UInt8(ascii: "\\"),
                    self.bytes[self.index + 1] == UInt8(ascii: "u")
                {
                    self.index += 2
                    let low = try self.hex4()
                    if (0xDC00..<0xE000).contains(low) { code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) }
                }
                guard let scalar = Unicode.Scalar(code) else {
                    // A lone surrogate is no character: refused rather than drawn as U+FFFD.
                    self.index = escapeStart
                    throw self.error(
                        "\\u\(String(code, radix: 16, uppercase: true)) is half of a UTF-16 surrogate pair, not a character; write the character itself or both halves"
                    )
                }
                scalars.append(scalar)
            default:
                self.index -= 1
                throw self.error("invalid escape \\\(Character(Unicode.Scalar(escape)))")
            }
            runStart = self.index
        }
    }

    /// The length of the well-formed UTF-8 sequence (Unicode 15, table 3-7) starting at
    /// `index`, or nil when it is not one: a stray continuation byte, an overlong form, a
    /// surrogate, a code point above U+10FFFF or a sequence cut short.
    static func utf8SequenceLength(_ bytes: [UInt8], at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            second = 0x80...0x9F
        case 0xF0:
            length = 4
            second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            second = 0x80...0x8F
        default: return nil
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return nil }
        return length
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard self.index < self.bytes.count, let digit = Self.hexDigit(self.bytes[self.index]) else { throw self.error("invalid \\u escape") }
            value = value * 16 + digit
            self.index += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = self.index
        func digits(_ parser: inout JSONParser) -> Int {
            var count = 0
            while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) {
                parser.index += 1
                count += 1
            }
            return count
        }
        if self.bytes[self.index] == UInt8(ascii: "-") { self.index += 1 }
        guard self.index < self.bytes.count else { throw self.error("a number needs digits") }
        if self.bytes[self.index] == UInt8(ascii: "0") {
            self.index += 1
        } else if digits(&self) == 0 {
            throw self.error("a number needs digits")
        }
        if self.index < self.bytes.count && self.bytes[self.index] == UInt8(ascii: ".") {
            self.index += 1
            guard digits(&self) > 0 else { throw self.error("a number needs digits after '.'") }
        }
        if self.index < self.bytes.count && (self.bytes[self.index] | 0x20) == UInt8(ascii: "e") {
            self.index += 1
            if self.index < self.bytes.count && (self.bytes[self.index] == UInt8(ascii: "+") || self.bytes[self.index] == UInt8(ascii: "-")) { self.index += 1 }
            guard digits(&self) > 0 else { throw self.error("a number needs digits in its exponent") }
        }
        let text = String(decoding: self.bytes[start..<self.index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw self.error("number \(text) is out of range") }
        return value
    }
}
