import VitrineCore
import VitrineGraphics

/// What a button, a list row, a card or a bar item does when tapped: a value, routed to one
/// place (`SceneController.perform`), so it is testable and shows in the state dump. No action
/// runs a command.
public enum SceneAction: Sendable, Equatable, CustomStringConvertible {
    /// Slides the screen with this id in from the right (interactive swipe back).
    case push(String)
    /// Slides the screen with this id in as `push` does, and takes the screen it covers off the
    /// stack: back from it is the screen below that one (a ticket's "thanks" after "confirm").
    case replace(String)
    /// Back to the screen below.
    case pop
    /// Back to the first screen.
    case popToRoot
    /// Presents the screen in a content sheet.
    case present(String, SheetPresentation)
    /// Dismisses the content sheet.
    case dismiss
    /// Shows, hides or toggles the split sheet of the screen on top.
    case showSplitSheet
    case hideSplitSheet
    case toggleSplitSheet
    /// Back to the first onboarding page (sheets dismissed, navigation back to the first screen).
    case restartOnboarding
    /// Leaves the onboarding for the first screen (the completed page's button).
    case finishOnboarding
    /// Tells the integrator's software: a named event with a small JSON payload (the journal,
    /// the state dump, and the control socket).
    case emit(String, JSONValue)
    /// Several actions, one after another (`emit` a purchase, then `push` the thank-you screen).
    indirect case sequence([SceneAction])
    /// Shows every text in this language (one of the scene's `languages`).
    case setLanguage(String)
    /// Sets state values (the config's `state`), in order: each to a value, or to a bind's value
    /// read at the tap (a repeated row's `item` included).
    case setState([StateAssignment])
    /// Adds `by` (negative: takes away) to a state number, kept within `minimum`…`maximum`.
    case increment(String, by: Double, minimum: Double?, maximum: Double?)
    /// Turns a state boolean over.
    case toggle(String)
    /// `then` when the bind is true at the tap, else `otherwise` (nothing when nil).
    indirect case conditional(DataBinding, then: SceneAction, otherwise: SceneAction?)
    /// Presents the accessibility sheet: larger text, high contrast, speech and reach, chosen by
    /// the visitor (Docs/accessibility.md, "The visitor's settings").
    case accessibility
    /// Slides the screens down within reach of a seated visitor, or back up (reach mode).
    case reach
    /// Shows a modal alert (`AlertModel`): over everything, dismissed only by its buttons,
    /// after the one showing if there is one.
    indirect case alert(AlertModel)

    /// The actions without an argument, by the name a config writes.
    public static let simple: [String: SceneAction] = [
        "pop": .pop, "popToRoot": .popToRoot, "dismiss": .dismiss, "showSplitSheet": .showSplitSheet, "hideSplitSheet": .hideSplitSheet,
        "toggleSplitSheet": .toggleSplitSheet, "restartOnboarding": .restartOnboarding, "finishOnboarding": .finishOnboarding,
        "accessibility": .accessibility, "reach": .reach
    ]

    /// The screen the action leads to, if any (the last one, for a sequence).
    public var target: String? {
        self.targets.last
    }

    /// Every screen the action leads to.
    public var targets: [String] {
        switch self {
        case .push(let id), .replace(let id), .present(let id, _): [id]
        case .sequence(let actions): actions.flatMap(\.targets)
        case .conditional(_, let then, let otherwise): then.targets + (otherwise?.targets ?? [])
        case .alert(let alert): alert.buttons.flatMap { $0.action?.targets ?? [] }
        default: []
        }
    }

    /// This action, or the actions of a sequence, flattened.
    public var steps: [SceneAction] {
        if case .sequence(let actions) = self { return actions.flatMap(\.steps) }
        return [self]
    }

    public var json: JSONValue {
        switch self {
        case .push(let id): .object([("push", .string(id))])
        case .replace(let id): .object([("replace", .string(id))])
        case .present(let id, let presentation): .object([("present", .string(id))] + presentation.jsonMembers)
        case .emit(let name, let payload):
            if case .null = payload { .object([("emit", .string(name))]) } else { .object([("emit", .string(name)), ("payload", payload)]) }
        case .sequence(let actions): .array(actions.map(\.json))
        case .setLanguage(let language): .object([("setLanguage", .string(language))])
        case .setState(let assignments): .object([("set", .object(assignments.map { ($0.name, $0.value.json) }))])
        case .increment(let name, let by, let minimum, let maximum):
            .object(
                [(by < 0 ? "decrement" : "increment", .string(name)), ("by", .number(abs(by)))]
                    + (minimum.map { [("min", JSONValue.number($0))] } ?? []) + (maximum.map { [("max", JSONValue.number($0))] } ?? []))
        case .toggle(let name): .object([("toggle", .string(name))])
        case .conditional(let condition, let then, let otherwise):
            .object([("if", .object([("bind", .string(condition.path))])), ("then", then.json)] + (otherwise.map { [("else", $0.json)] } ?? []))
        case .alert(let alert): .object([("alert", alert.json)])
        default: .string(self.description)
        }
    }

    public var description: String {
        switch self {
        case .push(let id): "push \(id)"
        case .replace(let id): "replace \(id)"
        case .pop: "pop"
        case .popToRoot: "popToRoot"
        case .present(let id, _): "present \(id)"
        case .dismiss: "dismiss"
        case .showSplitSheet: "showSplitSheet"
        case .hideSplitSheet: "hideSplitSheet"
        case .toggleSplitSheet: "toggleSplitSheet"
        case .restartOnboarding: "restartOnboarding"
        case .finishOnboarding: "finishOnboarding"
        case .accessibility: "accessibility"
        case .reach: "reach"
        case .emit(let name, _): "emit \(name)"
        case .sequence(let actions): actions.map(\.description).joined(separator: ", then ")
        case .setLanguage(let language): "setLanguage \(language)"
        case .setState(let assignments): "set " + assignments.map(\.name).joined(separator: ", ")
        case .increment(let name, let by, _, _): by < 0 ? "decrement \(name)" : "increment \(name)"
        case .toggle(let name): "toggle \(name)"
        case .conditional(let condition, let then, let otherwise): "if \(condition.path) then \(then)" + (otherwise.map { " else \($0)" } ?? "")
        case .alert(let alert): "alert \(QuotedValue.quoted(alert.title.written))"
        }
    }
}

/// One state value a `set` action gives: its name in the config's `state`, and the value.
public struct StateAssignment: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        /// Written in the file.
        case literal(JSONValue)
        /// A bind, read when the action runs.
        case bound(DataBinding)

        public var json: JSONValue {
            switch self {
            case .literal(let value): value
            case .bound(let binding): .object([("bind", .string(binding.path))])
            }
        }
    }

    public var name: String
    public var value: Value

    public init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }
}

/// How a content sheet presents a screen: its heights, its backdrop, and what dismisses it.
public struct SheetPresentation: Sendable, Equatable {
    /// What is behind the sheet while it shows.
    public enum Backdrop: Sendable, Equatable {
        /// Blurred (σ 20 points) in a style.
        case blur(BlurStyle)
        /// 50% black.
        case dim
    }

    /// The collapsed height; nil: half the screen (ContentSheet's default).
    public var collapsedHeight: SheetHeight?
    /// The expanded height; nil: the collapsed height (no expansion).
    public var expandedHeight: SheetHeight?
    public var backdrop: Backdrop = .blur(.dark)
    public var dismissOnTouchOutside = true
    public var enablePanGesture = true
    /// The header with the screen's title and items (a ✕ when it has no left item).
    public var showsHeader = true

    public init(collapsedHeight: SheetHeight? = nil, expandedHeight: SheetHeight? = nil, backdrop: Backdrop = .blur(.dark)) {
        self.collapsedHeight = collapsedHeight
        self.expandedHeight = expandedHeight
        self.backdrop = backdrop
    }

    var jsonMembers: [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        if let height = self.collapsedHeight { members.append(("height", height.json)) }
        if let height = self.expandedHeight { members.append(("expandedHeight", height.json)) }
        switch self.backdrop {
        case .blur(let style):
            members.append(("backdrop", .string("blur")))
            members.append(("blurStyle", .string(style.rawValue)))
        case .dim: members.append(("backdrop", .string("dim")))
        }
        if !self.dismissOnTouchOutside { members.append(("dismissOnTouchOutside", .bool(false))) }
        if !self.enablePanGesture { members.append(("enablePanGesture", .bool(false))) }
        if !self.showsHeader { members.append(("showsHeader", .bool(false))) }
        return members
    }
}

/// A sheet's height: points, or a fraction of the screen's height.
public enum SheetHeight: Sendable, Equatable {
    case points(Double)
    case fraction(Double)

    public func resolve(screenHeight: Double) -> Double {
        switch self {
        case .points(let value): value
        case .fraction(let fraction): fraction * screenHeight
        }
    }

    var json: JSONValue {
        switch self {
        case .points(let value): .number(value)
        case .fraction(let fraction): .string(JSONValue.number(fraction * 100).serialized() + "%")
        }
    }
}
