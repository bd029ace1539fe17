import VitrineCore

/// The kiosk's state (issue 31; Docs/config.md, "State and expressions"): named values with defaults, kept in
/// the data store as the source `state`, so binds, expressions, the state dump and the control
/// socket's `set` read and write it as they do data. Actions change it; the idle reset and
/// `restartOnboarding` put the defaults back.
extension SceneController {
    /// The data source the state is kept in.
    public static let stateSource = "state"

    /// The defaults in the store (at start).
    func installState() {
        guard let defaults = self.model.state else { return }
        self.data.namedSources?.insert(Self.stateSource)
        self.data.replace(Self.stateSource, with: defaults)
    }

    /// The defaults back, when anything changed.
    func resetState() {
        guard let defaults = self.model.state, self.data.sources[Self.stateSource] != defaults else { return }
        self.data.replace(Self.stateSource, with: defaults)
        self.record("state reset")
    }

    /// A state value now (nil: no such name).
    public func stateValue(_ name: String) -> JSONValue? { self.data.sources[Self.stateSource]?[name] }

    /// The state from Swift: `controller.stateValues["route"]`, and `= .string("north")` to set
    /// it as a `set` action would (an unknown name is logged and changes nothing).
    public var stateValues: StateValues { StateValues(controller: self) }

    /// Adds a function expressions may call (pure: the same arguments give the same value):
    /// `controller.registerFunction("vat", arity: 1...1) { args, _ in .success(.number((args[0].doubleValue ?? 0) * 0.19)) }`.
    /// Binds parsed before it is registered find it when they are next evaluated.
    public func registerFunction(
        _ name: String, arity: ClosedRange<Int>, _ body: @escaping @Sendable ([JSONValue], String?) -> Result<JSONValue, ExpressionError>
    ) {
        self.data.functions = self.data.functions.registering(name, ExpressionFunctions.Function(arity: arity, body: body))
        self.builder.refreshBindings()
    }

    /// Sets a state value (`scene.setState("route", .string("north"))`): what a `set` action does.
    /// - Throws: when the scene has no state of that name.
    public func setState(_ name: String, to value: JSONValue) throws(VitrineError) {
        guard self.model.state?[name] != nil else {
            let names = self.model.state?.objectValue?.map(\.key) ?? []
            throw VitrineError(
                .invalidArgument,
                "no state value \(QuotedValue.quoted(name)) (the config's state has \(names.isEmpty ? "none" : names.joined(separator: ", ")))")
        }
        try self.data.set(Self.stateSource + "." + name, to: value)
    }

    /// `set`, `increment`/`decrement` and `toggle`. A value that cannot be set (a bind that fails,
    /// an increment of something not a number) is logged; the state stays as it was.
    func performStateAction(_ action: SceneAction, from path: String) {
        do {
            switch action {
            case .setState(let assignments):
                // Every value is read before any is set: `set a to b, b to a` swaps.
                var values: [(String, JSONValue)] = []
                for assignment in assignments {
                    switch assignment.value {
                    case .literal(let value): values.append((assignment.name, value))
                    case .bound(let binding):
                        values.append((assignment.name, binding.value(in: self.data, item: self.builder.actionItem, language: self.language) ?? .null))
                    }
                }
                for (name, value) in values { try self.setState(name, to: value) }
            case .increment(let name, let by, let minimum, let maximum):
                guard case .number(let current)? = self.stateValue(name) else {
                    throw VitrineError(.invalidArgument, "state.\(name) is \(self.stateValue(name)?.kindName ?? "missing"), not a number to count")
                }
                var next = current + by
                if let minimum { next = max(next, minimum) }
                if let maximum { next = min(next, maximum) }
                if next != current { try self.setState(name, to: .number(next)) }
            case .toggle(let name):
                guard case .bool(let current)? = self.stateValue(name) else {
                    throw VitrineError(.invalidArgument, "state.\(name) is \(self.stateValue(name)?.kindName ?? "missing"), not true or false to toggle")
                }
                try self.setState(name, to: .bool(!current))
            default:
                return
            }
        } catch {
            self.logger.error("\(path): \(error)")
        }
    }

    /// Every emitted payload's binds, parsed now, not at each tap (a scene built in Swift may emit
    /// payloads no screen names: those are parsed when tapped).
    func parsePayloadBinds() {
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let members):
                if let text = value["bind"]?.stringValue, members.allSatisfy({ $0.key == "bind" || $0.key == "format" }) {
                    let format = value["format"]?.stringValue
                    self.payloadBinds[text + "\u{0}" + (format ?? "")] = try? DataBinding.parse(text, format: format)
                } else {
                    for member in members { collect(member.value) }
                }
            case .array(let items):
                for item in items { collect(item) }
            default: break
            }
        }
        func walk(_ action: SceneAction) {
            switch action {
            case .emit(_, let payload): collect(payload)
            case .sequence(let actions):
                for action in actions { walk(action) }
            case .conditional(_, let then, let otherwise):
                walk(then)
                otherwise.map(walk)
            default: break
            }
        }
        for screen in self.model.screens {
            for action in screen.actions { walk(action.action) }
        }
        if let idle = self.model.idle { walk(idle.action) }
    }

    /// An emitted payload with every `{"bind": …}` in it replaced by its value now (the price the
    /// visitor saw, the ticket chosen): the integrator's software receives values, not binds.
    func evaluated(_ payload: JSONValue) -> JSONValue {
        switch payload {
        case .object(let members):
            if let text = payload["bind"]?.stringValue, members.allSatisfy({ $0.key == "bind" || $0.key == "format" }) {
                let format = payload["format"]?.stringValue
                guard let binding = self.payloadBinds[text + "\u{0}" + (format ?? "")] ?? (try? DataBinding.parse(text, format: format)) else { return .null }
                let value = binding.value(in: self.data, item: self.builder.actionItem, language: self.language) ?? .null
                return binding.format == nil ? value : .string(binding.text(for: value))
            }
            return .object(members.map { ($0.key, self.evaluated($0.value)) })
        case .array(let items):
            return .array(items.map(self.evaluated))
        default:
            return payload
        }
    }
}

/// The scene's state, read and set by name from Swift (`SceneController.stateValues`).
public struct StateValues {
    unowned let controller: SceneController

    public subscript(name: String) -> JSONValue? {
        get { self.controller.stateValue(name) }
        nonmutating set {
            do {
                try self.controller.setState(name, to: newValue ?? .null)
            } catch {
                self.controller.logger.error("stateValues[\(QuotedValue.quoted(name))]: \(error)")
            }
        }
    }
}
