import VitrineCore
import VitrineUI

/// The control socket's keys: `type`, `key` (and `scan`, `SceneController+Control`).
extension SceneController {
    /// The longest code a `scan` takes: what `ScanClassifier` buffers at most from a scanner.
    public static let longestScan = 4096

    /// The keys `key` names, as a keyboard's would be decoded.
    static let namedKeys: [String: KeyEvent] = [
        "enter": KeyEvent(.enter), "tab": KeyEvent(.tab), "shift-tab": KeyEvent(.tab, modifiers: .shift), "escape": KeyEvent(.escape),
        "backspace": KeyEvent(.backspace), "delete": KeyEvent(.deleteForward), "left": KeyEvent(.left), "right": KeyEvent(.right),
        "up": KeyEvent(.up), "down": KeyEvent(.down), "home": KeyEvent(.home), "end": KeyEvent(.end)
    ]

    func typeText(_ arguments: JSONValue) throws(VitrineError) -> JSONValue {
        guard let window = self.window else { throw VitrineError(.busy, "type: the kiosk shows no screen yet") }
        guard let text = arguments["text"]?.stringValue else {
            throw VitrineError(.invalidArgument, "type: \"text\" must be the text to type, a JSON string")
        }
        if let id = arguments["id"]?.stringValue {
            guard let field = Self.frontmostView(identified: id, in: window.root) as? TextField else {
                throw VitrineError(.invalidArgument, "type: no text field \(QuotedValue.quoted(id)) on the screen in front")
            }
            if window.focusedView !== field { window.focus(field) }
        }
        guard let field = self.focusedField else {
            throw VitrineError(.invalidArgument, "type: no text field has the focus; name one with \"id\"")
        }
        self.resetIdle()
        let before = field.text.count
        let refusedBefore = field.refusedCount
        field.insert(text)
        let inserted = field.text.count - before
        let refused = field.refusedCount - refusedBefore
        // What did not fit: the field's maxLength cut it (said, so the sender knows).
        let cut = max(0, text.count - inserted - refused)
        return .object([
            ("field", field.identifier.map(JSONValue.string) ?? .null), ("inserted", .number(Double(inserted))), ("refused", .number(Double(refused))),
            ("cut", .number(Double(cut)))
        ])
    }

    func pressKey(_ arguments: JSONValue) throws(VitrineError) -> JSONValue {
        guard let window = self.window else { throw VitrineError(.busy, "key: the kiosk shows no screen yet") }
        guard let name = arguments["key"]?.stringValue, var key = Self.namedKeys[name] else {
            throw VitrineError(
                .invalidArgument, "key: \"key\" must be one of \(Self.namedKeys.keys.sorted().joined(separator: ", ")) (text goes with \"type\")")
        }
        key.device = "control"
        key.timestamp = UInt64(max(0, self.now.microseconds))
        window.handle(key)
        return .object([("focus", window.focusedView?.identifier.map(JSONValue.string) ?? .null)])
    }
}
