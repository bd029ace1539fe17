import VitrineCore
import VitrineGraphics
import VitrineScene

/// Actions in a version 2 file (Docs/config.md, "Actions"): a name for the ones without an
/// argument (`"pop"`), an object for the others (`{"push": "exhibit"}`,
/// `{"present": "hours", "height": 420}`, `{"emit": "purchase", "payload": {…}}`).
extension ConfigReader {
    /// An emitted event's payload, serialized, at most this many bytes: it is a message to the
    /// integrator's software, not a data store.
    static let largestPayload = 4096

    static var actionNames: [String] { SceneAction.simple.keys.sorted() + Self.verbs + Self.stateVerbs + ["alert"] }
    /// The actions that take an argument.
    static let verbs = ["push", "replace", "present", "emit", "setLanguage"]

    /// The action at `key`, if present and valid. Screen ids are checked later, when every screen
    /// is known (`checkReferences`).
    mutating func readAction(_ parent: ConfigObject, _ key: String) -> SceneAction? {
        guard let value = parent.take(key) else { return nil }
        return self.action(value, at: parent.path(of: key))
    }

    mutating func action(_ value: JSONValue, at path: String) -> SceneAction? {
        let names = Self.actionNames
        switch value {
        case .string(let name):
            if let action = SceneAction.simple[name] { return action }
            if name == "alert" {
                self.error(path, "\"alert\" needs its card: {\"alert\": {\"title\": \"Card declined\", \"buttons\": [{\"title\": \"OK\"}]}}")
            } else if Self.verbs.contains(name) {
                let argument = name == "emit" ? "event-name" : name == "setLanguage" ? "language" : "screen-id"
                self.error(path, "\(Self.quoted(name)) needs an argument: {\(Self.quoted(name)): \(Self.quoted(argument))}")
            } else {
                self.error(path, "\(Self.quoted(name)) is not an action (\(names.joined(separator: ", ")))" + Misspelling.hint(for: name, among: names))
            }
            return nil
        case .object(let members):
            if let stateAction = self.stateAction(value, members, at: path) { return stateAction.action }
            if members.contains(where: { $0.key == "if" }) { return self.conditionalAction(value, at: path) }
            if members.contains(where: { $0.key == "alert" }) { return self.alertAction(value, at: path) }
            let verbs = members.map(\.key).filter { Self.verbs.contains($0) }
            guard verbs.count == 1, let verb = verbs.first else {
                self.error(
                    path,
                    verbs.isEmpty
                        ? "expected one of {\"push\": screen}, {\"replace\": screen}, {\"present\": screen}, {\"emit\": name}, {\"setLanguage\": code}, {\"alert\": {…}}, or an action's name (\(SceneAction.simple.keys.sorted().joined(separator: ", ")))"
                        : "has both \(verbs.joined(separator: " and ")): an action does one thing")
                return nil
            }
            var action: SceneAction?
            self.object(value, at: path) { reader, object in
                guard let argument = object.take(verb), let text = reader.string(argument, at: object.path(of: verb)) else { return }
                guard !text.isEmpty else {
                    reader.error(object.path(of: verb), "must not be empty")
                    return
                }
                switch verb {
                case "push": action = .push(text)
                case "replace": action = .replace(text)
                case "present": action = reader.presentation(object).map { .present(text, $0) }
                case "setLanguage":
                    guard reader.languages.contains(text) else {
                        let known =
                            reader.languages.isEmpty
                            ? "the kiosk lists none: add \"languages\": [\"en\", \(Self.quoted(text))] at the top" : reader.languages.joined(separator: ", ")
                        reader.error(
                            object.path(of: verb),
                            "\(Self.quoted(text)) is not one of the kiosk's languages (\(known))" + Misspelling.hint(for: text, among: reader.languages))
                        return
                    }
                    action = .setLanguage(text)
                default:
                    let payload = object.take("payload") ?? .null
                    let size = payload.serialized().utf8.count
                    guard size <= Self.largestPayload else {
                        reader.error(
                            object.path(of: "payload"),
                            "is \(size) bytes; an event's payload is at most \(Self.largestPayload) (send an id, and keep the data in a data file)")
                        return
                    }
                    reader.checkPayloadBinds(payload, at: object.path(of: "payload"))
                    action = .emit(text, payload)
                }
            }
            return action
        case .array(let items):
            guard !items.isEmpty, items.count <= 16 else {
                self.error(path, "a list of actions runs 1 to 16 of them in order; found \(items.count)")
                return nil
            }
            var actions: [SceneAction] = []
            for (index, item) in items.enumerated() {
                if case .array = item {
                    self.error("\(path)[\(index)]", "a list of actions holds actions, not other lists")
                    return nil
                }
                guard let action = self.action(item, at: "\(path)[\(index)]") else { return nil }
                actions.append(action)
            }
            return .sequence(actions)
        default:
            self.error(
                path, "expected an action (a name such as \"pop\", an object such as {\"push\": \"screen-id\"}, or a list of them), found \(value.kindName)")
            return nil
        }
    }

    /// A content sheet presentation's options beside `present`.
    private mutating func presentation(_ object: ConfigObject) -> SheetPresentation? {
        var presentation = SheetPresentation()
        let errorsBefore = self.errors.count
        presentation.collapsedHeight = self.sheetHeight(object, "height")
        presentation.expandedHeight = self.sheetHeight(object, "expandedHeight")
        if let value = object.take("backdrop") {
            let path = object.path(of: "backdrop")
            if let text = self.string(value, at: path, expected: "\"blur\" or \"dim\"") {
                switch text {
                case "blur": break
                case "dim": presentation.backdrop = .dim
                default: self.error(path, "\(Self.quoted(text)) is not a backdrop (blur, dim)")
                }
            }
        }
        var style = BlurStyle.dark
        self.read(object, "blurStyle", into: &style, noun: "a blur style")
        if presentation.backdrop != .dim { presentation.backdrop = .blur(style) }
        self.read(object, "dismissOnTouchOutside", into: &presentation.dismissOnTouchOutside)
        self.read(object, "enablePanGesture", into: &presentation.enablePanGesture)
        self.read(object, "showsHeader", into: &presentation.showsHeader)
        if let collapsed = presentation.collapsedHeight, let expanded = presentation.expandedHeight,
            case .points(let c) = collapsed, case .points(let e) = expanded, e < c
        {
            self.warning(
                object.path(of: "expandedHeight"),
                "\(JSONValue.number(e).serialized()) is below height \(JSONValue.number(c).serialized()); the sheet will not expand")
        }
        return self.errors.count == errorsBefore ? presentation : nil
    }

    /// Points, or a percentage of the screen's height.
    private mutating func sheetHeight(_ object: ConfigObject, _ key: String) -> SheetHeight? {
        guard let value = object.take(key) else { return nil }
        let path = object.path(of: key)
        switch value {
        case .null: return nil
        case .number: return self.number(value, at: path, .above(0, atMost: Self.largestLength)).map(SheetHeight.points)
        case .string(let text):
            if text.hasSuffix("%"), let percent = Double(text.dropLast()), percent > 0, percent <= 100 { return .fraction(percent / 100) }
            self.error(path, "\(Self.quoted(text)) is not a height (points, or a percentage of the screen such as \"60%\")")
            return nil
        default:
            self.error(path, "expected points or a percentage such as \"60%\", found \(value.kindName)")
            return nil
        }
    }
}
