import VitrineCore
import VitrineScene

/// The alert action (issue 35, item 5; Docs/config.md, "Actions"):
/// `{"alert": {"title": …, "message": …, "buttons": [{"title": …, "style": "cancel", "action": …}]}}`.
/// Texts are a visitor's texts (translated or bound); a button's action is any action, run after
/// the alert has gone; a button without one only closes it.
extension ConfigReader {
    mutating func alertAction(_ value: JSONValue, at path: String) -> SceneAction? {
        var result: SceneAction?
        self.object(value, at: path) { reader, object in
            guard let body = object.take("alert") else { return }
            reader.object(body, at: object.path(of: "alert")) { reader, alert in
                result = reader.alert(alert).map(SceneAction.alert)
            }
        }
        return result
    }

    private mutating func alert(_ alert: ConfigObject) -> AlertModel? {
        let errorsBefore = self.errors.count
        var title = TextValue.plain("")
        self.readText(alert, "title", into: &title, required: true)
        if title.isEmpty, alert.members.contains(where: { $0.key == "title" }) {
            self.error(alert.path(of: "title"), "must not be empty: it says what happened")
        }
        var message: TextValue?
        self.readText(alert, "message", into: &message)
        let buttonsPath = alert.path(of: "buttons")
        let counts = AlertModel.buttonCounts
        guard let value = alert.take("buttons") else {
            self.error(
                buttonsPath,
                "missing: an alert is closed only by its buttons, so it needs \(counts.lowerBound) to \(counts.upperBound) (e.g. [{\"title\": \"OK\"}])")
            return nil
        }
        guard case .array(let items) = value else {
            self.error(buttonsPath, "expected a list of \(counts.lowerBound) to \(counts.upperBound) buttons, found \(value.kindName)")
            return nil
        }
        guard counts.contains(items.count) else {
            self.error(
                buttonsPath,
                items.isEmpty
                    ? "is empty: an alert is closed only by its buttons, so it needs at least one (e.g. [{\"title\": \"OK\"}])"
                    : "has \(items.count) buttons; an alert has at most \(counts.upperBound) (more choices belong on a screen)")
            return nil
        }
        var buttons: [AlertModel.Button] = []
        for (index, item) in items.enumerated() {
            self.object(item, at: "\(buttonsPath)[\(index)]") { reader, object in
                var title = TextValue.plain("")
                let before = reader.errors.count
                reader.readText(object, "title", into: &title, required: true)
                if reader.errors.count == before, title.isEmpty { reader.error(object.path(of: "title"), "must not be empty") }
                var style = AlertModel.Button.Style.default
                if let value = object.take("style"), let text = reader.string(value, at: object.path(of: "style")) {
                    if let known = AlertModel.Button.Style(rawValue: text) {
                        style = known
                    } else {
                        let names = AlertModel.Button.Style.allCases.map(\.rawValue)
                        reader.error(
                            object.path(of: "style"),
                            "\(Self.quoted(text)) is not a button style (\(names.joined(separator: ", ")))" + Misspelling.hint(for: text, among: names))
                    }
                }
                let action = reader.readAction(object, "action")
                buttons.append(AlertModel.Button(title, style: style, action: action))
            }
        }
        guard self.errors.count == errorsBefore else { return nil }
        return AlertModel(title: title, message: message, buttons: buttons)
    }
}
