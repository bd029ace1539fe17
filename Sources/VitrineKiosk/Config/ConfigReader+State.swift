import VitrineCore
import VitrineScene

/// The kiosk's state (Docs/config.md, "State and expressions"): `"state": {"route": "north", "count": 1}` at the
/// top, and the actions that change it — `{"set": {…}}` (also beside `push`, `replace` or
/// `present`: set, then go), `{"increment": "count", "by": 1, "max": 9}`, `{"decrement": …}`,
/// `{"toggle": "flag"}` — checked against the names and the defaults' kinds.
extension ConfigReader {
    /// The most state values: a ticket flow holds a handful; the dump and every reset copy them.
    static let mostStateValues = 64
    /// A default's serialized size at most: "a small array or object", not a data file.
    static let largestStateValue = 4096
    /// The actions that change state.
    static let stateVerbs = ["set", "increment", "decrement", "toggle"]

    /// `state`: names (as in expressions: a letter or _, then letters, digits, _) to defaults.
    mutating func readState(_ root: ConfigObject) -> JSONValue? {
        var defaults: [(key: String, value: JSONValue)] = []
        var present = false
        self.section(root, "state") { reader, object in
            present = true
            for member in object.members where !member.key.hasPrefix("//") {
                let path = object.path(of: member.key)
                _ = object.take(member.key)
                guard defaults.count < Self.mostStateValues else {
                    reader.error(path, "more than \(Self.mostStateValues) state values; keep larger things in a data file")
                    return
                }
                guard Self.isStateName(member.key) else {
                    reader.error(path, "\(Self.quoted(member.key)) is not a state name (a letter or _, then letters, digits or _, as expressions read it)")
                    continue
                }
                let size = member.value.serialized(pretty: false).utf8.count
                guard size <= Self.largestStateValue else {
                    reader.error(path, "is \(size) bytes; a state value is at most \(Self.largestStateValue) (keep larger things in a data file)")
                    continue
                }
                if case .object = member.value, member.value["bind"] != nil {
                    reader.error(
                        path, "a default is a value, not a bind; set it from a bind with an action ({\"set\": {\(Self.quoted(member.key)): {\"bind\": …}}})")
                    continue
                }
                defaults.append((member.key, member.value))
            }
        }
        guard present else { return nil }
        self.stateDefaults = .object(defaults)
        return .object(defaults)
    }

    static func isStateName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !name.isEmpty, name.count <= 64 else { return false }
        func letter(_ c: Unicode.Scalar) -> Bool { (c.value >= 0x41 && c.value <= 0x5A) || (c.value >= 0x61 && c.value <= 0x7A) || c == "_" }
        return letter(first) && name.unicodeScalars.allSatisfy { letter($0) || ($0.value >= 0x30 && $0.value <= 0x39) } && name != "item"
    }

    /// What `stateAction` read: the action, nil after an error (reported).
    struct StateActionRead {
        var action: SceneAction?
    }

    /// A state action, when `members` name one (nil otherwise: another kind of action).
    mutating func stateAction(_ value: JSONValue, _ members: [(key: String, value: JSONValue)], at path: String) -> StateActionRead? {
        let keys = members.map(\.key)
        let stateVerbs = keys.filter { Self.stateVerbs.contains($0) }
        guard let verb = stateVerbs.first else { return nil }
        guard stateVerbs.count == 1 else {
            self.error(path, "has both \(stateVerbs.joined(separator: " and ")): an action does one thing (a list of actions runs several)")
            return StateActionRead(action: nil)
        }
        guard self.stateDefaults != nil else {
            self.error(path + "." + verb, "the kiosk has no state: declare its values at the top, \"state\": {\"count\": 0}")
            return StateActionRead(action: nil)
        }
        if verb == "set" {
            let others = members.filter { $0.key != "set" }
            let assignments = self.assignments(members.first { $0.key == "set" }!.value, at: path + ".set")
            guard others.contains(where: { !$0.key.hasPrefix("//") }) else {
                return StateActionRead(action: assignments.map(SceneAction.setState))
            }
            // {"push": "confirm", "set": {…}}: set, then the other action.
            guard let then = self.action(.object(others), at: path), let assignments else { return StateActionRead(action: nil) }
            return StateActionRead(action: .sequence([.setState(assignments), then]))
        }
        var action: SceneAction?
        self.object(value, at: path) { reader, object in
            guard let nameValue = object.take(verb), let name = reader.string(nameValue, at: object.path(of: verb), expected: "a state value's name") else {
                return
            }
            guard let current = reader.stateDefault(name, at: object.path(of: verb)) else { return }
            if verb == "toggle" {
                guard case .bool = current else {
                    reader.error(object.path(of: verb), "state.\(name) is \(current.kindName) (its default); toggle turns true and false over")
                    return
                }
                action = .toggle(name)
                return
            }
            guard case .number = current else {
                reader.error(object.path(of: verb), "state.\(name) is \(current.kindName) (its default); \(verb) counts a number")
                return
            }
            var by = 1.0
            var minimum: Double?
            var maximum: Double?
            reader.read(object, "by", into: &by, .above(0, atMost: 1e9))
            reader.read(object, "min", into: &minimum, .from(-1e15, to: 1e15))
            reader.read(object, "max", into: &maximum, .from(-1e15, to: 1e15))
            if let minimum, let maximum, minimum > maximum {
                reader.error(object.path(of: "max"), "is below min (\(JSONValue.number(minimum).serialized())): nothing could be counted")
                return
            }
            action = .increment(name, by: verb == "decrement" ? -by : by, minimum: minimum, maximum: maximum)
        }
        return StateActionRead(action: action)
    }

    /// The default of state value `name`, or an error naming the ones there are (actions and
    /// the stepper).
    mutating func stateDefault(_ name: String, at path: String) -> JSONValue? {
        let names = self.stateDefaults?.objectValue?.map(\.key) ?? []
        guard let value = self.stateDefaults?[name] else {
            self.error(
                path,
                "\(Self.quoted(name)) is not one of the state's values (\(names.isEmpty ? "it has none" : names.joined(separator: ", ")))"
                    + Misspelling.hint(for: name, among: names))
            return nil
        }
        return value
    }

    /// `{"route": "north", "count": {"bind": "state.count + 1"}}`.
    private mutating func assignments(_ value: JSONValue, at path: String) -> [StateAssignment]? {
        guard case .object(let members) = value, !members.isEmpty else {
            self.error(path, "expected the values to set, as {\"route\": \"north\", \"count\": 1}, found \(value.kindName)")
            return nil
        }
        var assignments: [StateAssignment] = []
        let errorsBefore = self.errors.count
        for member in members where !member.key.hasPrefix("//") {
            let field = path + "." + member.key
            guard let current = self.stateDefault(member.key, at: field) else { continue }
            if case .object = member.value, member.value["bind"] != nil {
                if let binding = self.binding(member.value, at: field, kind: .any) { assignments.append(StateAssignment(member.key, .bound(binding))) }
                continue
            }
            let size = member.value.serialized(pretty: false).utf8.count
            guard size <= Self.largestStateValue else {
                self.error(field, "is \(size) bytes; a state value is at most \(Self.largestStateValue)")
                continue
            }
            if current != .null, member.value != .null, current.kindName != member.value.kindName {
                self.error(
                    field, "state.\(member.key) is \(current.kindName) (its default \(current.serialized(pretty: false))); this sets \(member.value.kindName)")
                continue
            }
            assignments.append(StateAssignment(member.key, .literal(member.value)))
        }
        return self.errors.count == errorsBefore && !assignments.isEmpty ? assignments : nil
    }

    /// A condition at `key`: `{"bind": "state.count > 0"}` (a view's `visible`, a button's
    /// `enabled`, an action's `if`), true when its value is (false, null, 0, "" and [] are not).
    mutating func condition(_ parent: ConfigObject, _ key: String) -> DataBinding? {
        guard let value = parent.take(key) else { return nil }
        guard case .object = value, value["bind"] != nil else {
            self.error(parent.path(of: key), "expected a condition, {\"bind\": \"state.count > 0\"}, found \(value.kindName)")
            return nil
        }
        return self.binding(value, at: parent.path(of: key), kind: .any)
    }

    /// `{"if": {"bind": …}, "then": action, "else": action}`.
    mutating func conditionalAction(_ value: JSONValue, at path: String) -> SceneAction? {
        var action: SceneAction?
        self.object(value, at: path) { reader, object in
            let condition = reader.condition(object, "if")
            guard let thenValue = object.take("then") else {
                reader.error(object.path(of: "then"), "missing: the action when the condition is true")
                _ = object.take("else")
                return
            }
            let then = reader.action(thenValue, at: object.path(of: "then"))
            let otherwise = object.take("else").flatMap { reader.action($0, at: object.path(of: "else")) }
            if let condition, let then { action = .conditional(condition, then: then, otherwise: otherwise) }
        }
        return action
    }

    /// Every `{"bind": …}` inside an emitted payload is read at the tap: each is checked as a bind.
    mutating func checkPayloadBinds(_ payload: JSONValue, at path: String) {
        switch payload {
        case .object(let members):
            if payload["bind"] != nil, members.allSatisfy({ $0.key == "bind" || $0.key == "format" }) {
                _ = self.binding(payload, at: path, kind: .any)
                return
            }
            for member in members { self.checkPayloadBinds(member.value, at: path + "." + member.key) }
        case .array(let items):
            for (index, item) in items.enumerated() { self.checkPayloadBinds(item, at: "\(path)[\(index)]") }
        default:
            return
        }
    }
}
