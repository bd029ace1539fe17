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

    /// A key by its xkb keysym name (`F1`, `KP_Add`, `XF86AudioRaiseVolume`): what a keypad's
    /// keys decode to. Letters, digits, `_` only, as keysym names are; 1–40 characters.
    static func keypadKey(_ name: String) -> KeyEvent? {
        guard (1...40).contains(name.count), name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return nil }
        return KeyEvent(.other(name))
    }

    /// The control socket's `speech` command.
    func controlSpeech(_ arguments: JSONValue) throws(VitrineError) -> JSONValue {
        let actions = ["on", "off", "say", "repeat", "stop", "volume"]
        guard let action = arguments["action"]?.stringValue, actions.contains(action) else {
            throw VitrineError(.invalidArgument, "speech: \"action\" must be one of \(actions.joined(separator: ", "))")
        }
        switch action {
        case "on", "off":
            self.setSpeechMode(action == "on")
        case "say":
            guard let text = arguments["text"]?.stringValue, !text.isEmpty, text.count <= Self.longestSpokenText else {
                throw VitrineError(.invalidArgument, "speech say: \"text\" must be the words to say, 1 to \(Self.longestSpokenText) characters")
            }
            let kind = arguments["kind"]?.stringValue ?? "result"
            guard kind == "error" || kind == "result" else { throw VitrineError(.invalidArgument, "speech say: \"kind\" must be error or result") }
            guard self.speechMode else { throw VitrineError(.unsupported, "speech say: speech mode is off (no headset; `speech` `on` starts it)") }
            self.say(text, kind: kind == "error" ? .error : .result, interrupting: true)
        case "repeat":
            self.repeatUtterance()
        case "stop":
            self.stopSpeaking()
        default:
            guard let volume = arguments["volume"]?.doubleValue, volume >= Self.quietestSpeechVolume, volume <= 1 else {
                throw VitrineError(.invalidArgument, "speech volume: \"volume\" must be a number from \(Self.quietestSpeechVolume) to 1")
            }
            self.setSpeechVolume(volume)
        }
        return self.speechDump
    }

    /// The longest text `speech say` takes: a few sentences (about 30 s of speech at 165 words a
    /// minute).
    static let longestSpokenText = 500

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
        guard let name = arguments["key"]?.stringValue, var key = Self.namedKeys[name] ?? Self.keypadKey(name) else {
            throw VitrineError(
                .invalidArgument,
                "key: \"key\" must be one of \(Self.namedKeys.keys.sorted().joined(separator: ", ")), or a key the keypad maps (F1, KP_8) (text goes with \"type\")"
            )
        }
        key.device = "control"
        key.timestamp = UInt64(max(0, self.now.microseconds))
        window.handle(key)
        return .object([("focus", window.focusedView?.identifier.map(JSONValue.string) ?? .null)])
    }
}
