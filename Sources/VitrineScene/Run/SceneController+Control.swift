import VitrineCore
import VitrineUI

extension SceneController: ControllableScene {
    public var controlCommands: [String] { ["navigate", "set", "idle-reset", "language"] }

    /// The control socket's scene commands (Docs/operations.md, "Control socket"):
    /// - `navigate` `{"to": "push"|"pop"|"root"|"present"|"dismiss", "screen": id}` (`present`
    ///   takes `height` and `expandedHeight` in points too);
    /// - `set` `{"path": "menu.coffee.price", "value": …}`: one value of the data;
    /// - `idle-reset`: as if the panel had been touched;
    /// - `language` `{"language": "de"}`.
    public func control(_ command: String, arguments: JSONValue) throws(VitrineError) -> JSONValue {
        switch command {
        case "navigate":
            guard let to = arguments["to"]?.stringValue else {
                throw VitrineError(.invalidArgument, "navigate: \"to\" must be push, pop, root, present or dismiss")
            }
            let screen = arguments["screen"]?.stringValue
            func target() throws(VitrineError) -> String {
                guard let screen else { throw VitrineError(.invalidArgument, "navigate \(to): \"screen\" must name a screen") }
                guard self.model.screen(screen) != nil else {
                    throw VitrineError(
                        .invalidArgument,
                        "navigate \(to): there is no screen \(QuotedValue.quoted(screen)) (screens: \(self.model.screens.prefix(20).map(\.id).joined(separator: ", ")))"
                    )
                }
                return screen
            }
            if ["push", "pop", "root"].contains(to), self.navigation?.isTransitioning == true {
                // perform() would drop it (the stack takes one move at a time); say so instead.
                throw VitrineError(.busy, "navigate \(to): a push or pop is still moving the screens; send it again after the next screen event")
            }
            switch to {
            case "push": self.perform(.push(try target()), from: "control")
            case "pop": self.perform(.pop, from: "control")
            case "root": self.perform(.popToRoot, from: "control")
            case "present":
                let id = try target()
                var presentation = SheetPresentation()
                if let height = arguments["height"]?.doubleValue, height > 0, height <= 65536 { presentation.collapsedHeight = .points(height) }
                if let height = arguments["expandedHeight"]?.doubleValue, height > 0, height <= 65536 { presentation.expandedHeight = .points(height) }
                self.perform(.present(id, presentation), from: "control")
            case "dismiss": self.perform(.dismiss, from: "control")
            default:
                throw VitrineError(.invalidArgument, "navigate: \"to\" is \(QuotedValue.quoted(to)); use push, pop, root, present or dismiss")
            }
            self.resetIdle()
            return self.navigationSummary
        case "set":
            guard let path = arguments["path"]?.stringValue, !path.isEmpty else {
                throw VitrineError(.invalidArgument, "set: \"path\" must be a data path such as menu.coffee.price")
            }
            guard let value = arguments["value"] else { throw VitrineError(.invalidArgument, "set \(path): \"value\" is missing") }
            try self.data.set(path, to: value)
            return .object([("path", .string(path)), ("version", .number(Double(self.data.version)))])
        case "idle-reset":
            self.resetIdle()
            return .object([("idle_at_ms", self.idleDeadline.map { .number($0.milliseconds.rounded()) } ?? .null)])
        case "language":
            guard let language = arguments["language"]?.stringValue else {
                throw VitrineError(.invalidArgument, "language: \"language\" must be a language code")
            }
            guard self.model.languages.contains(language) else {
                throw VitrineError(
                    .invalidArgument,
                    "language: \(QuotedValue.quoted(language)) is not one of the kiosk's languages (\(self.model.languages.joined(separator: ", ")))")
            }
            self.setLanguage(language)
            return .object([("language", .string(language))])
        default:
            throw VitrineError(.invalidArgument, "unknown command \(QuotedValue.quoted(command))")
        }
    }

    /// The screen in front and the navigation stack, as they are when the command was taken:
    /// a push or a sheet animates after the reply (`transitioning`), and the `screen` event
    /// says when the new screen is in front.
    var navigationSummary: JSONValue {
        .object([
            ("transitioning", .bool(self.navigation?.isTransitioning ?? false)),
            ("screen", self.frontScreenID.map(JSONValue.string) ?? .null),
            ("stack", .array(self.navigationStack.map { .string($0.model.id) })),
            ("sheet", (self.contentSheet?.isPresented == true ? self.presentedScreen?.model.id : nil).map(JSONValue.string) ?? .null)
        ])
    }
}
