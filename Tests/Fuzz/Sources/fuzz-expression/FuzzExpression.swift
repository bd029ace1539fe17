import VitrineCore
import VitrineScene

/// A bind's expression (`{"bind": "fixed(fares[state.route].price * state.count, 2)"}`): what a
/// config's author, or whoever can write the config, controls. Parsed, and when it parses,
/// evaluated against a small store in two languages, as the kiosk does on every frame that reads
/// it: no input may crash, hang or recurse past the parser's bounds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let text = String(decoding: bytes, as: UTF8.self)
    guard let expression = try? ExpressionParser.parse(text) else { return 0 }
    let sources: [String: JSONValue] = [
        "state": .object([("route", .string("north")), ("count", .number(3)), ("flag", .bool(true)), ("none", .null)]),
        "fares": .object([
            ("north", .object([("price", .number(2.9)), ("name", .object([("en", .string("North")), ("de", .string("Nord"))]))])),
            ("list", .array([.number(1), .string("two"), .array([])]))
        ])
    ]
    for language in ["en", "de", "fr"] {
        let evaluator = ExpressionEvaluator(language: language) { root in
            root == "language" ? .string(language) : root == "item" ? .object([("id", .string("x"))]) : sources[root]
        }
        if let value = try? evaluator.evaluate(expression) { _ = ExpressionEvaluator.text(of: value) }
    }
    return 0
}
