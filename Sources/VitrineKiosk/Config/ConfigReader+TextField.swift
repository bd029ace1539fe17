import VitrineCore
import VitrineScene
import VitrineUI

/// `{"type": "textField", "state": "query", "placeholder": "Search", "keyboard": "text",
/// "maxLength": 40, "autocapitalize": "none", "onSubmit": {"push": "results"}}` (Docs/config.md,
/// "Text fields"): a field that edits a state string, and the keyboard it gets.
extension ConfigReader {
    /// The most characters a field may be given: a state value is at most 4,096 bytes, and a
    /// character can take 4 (a field's default is `TextFieldNode.defaultMaximumLength`).
    static let longestField = 1024

    mutating func textField(_ object: ConfigObject) -> ViewNode.Kind? {
        var field = TextFieldNode()
        self.readText(object, "placeholder", into: &field.placeholder, required: false)
        self.read(object, "keyboard", into: &field.kind, noun: "a keyboard kind")
        var length: Double?
        self.read(object, "maxLength", into: &length, .from(1, to: Double(Self.longestField)))
        field.maximumLength = length.map { Int($0) }
        if object.members.contains(where: { $0.key == "autocapitalize" }) {
            var autocapitalize = TextField.Autocapitalize.sentences
            self.read(object, "autocapitalize", into: &autocapitalize, noun: "an autocapitalize setting")
            field.autocapitalize = autocapitalize
        }
        field.onSubmit = self.readAction(object, "onSubmit")
        self.readText(object, "submitLabel", into: &field.submitLabel)
        var name: String?
        self.read(object, "state", into: &name)
        if let name {
            guard self.stateDefaults != nil else {
                self.error(object.path(of: "state"), "the kiosk has no state: declare the text at the top, \"state\": {\(Self.quoted(name)): \"\"}")
                return .textField(field)
            }
            if let current = self.stateDefault(name, at: object.path(of: "state")) {
                guard case .string = current else {
                    self.error(object.path(of: "state"), "state.\(name) is \(current.kindName) (its default); a text field edits a string (\"\")")
                    return .textField(field)
                }
                field.state = name
            }
        }
        if field.kind == .pin && field.state == nil && field.onSubmit != nil {
            self.warning(
                object.path(of: "state"),
                "a PIN field without a state value: its digits reach no action (give it \"state\"; PINs are *** in every dump)")
        }
        return .textField(field)
    }
}
