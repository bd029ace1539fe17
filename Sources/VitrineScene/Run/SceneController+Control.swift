import VitrineCore
import VitrineUI

extension SceneController: ControllableScene {
    public var controlCommands: [String] { ["navigate", "tap", "set", "idle-reset", "language", "type", "key", "scan", "speech"] }

    /// How long a `tap` holds its finger down: a quick tap (a tap recognizer's limit is far above).
    public static let tapDuration = Nanoseconds.milliseconds(40)
    /// The contact id a `tap` uses: above libinput's slots (0–9 on the panels in the research
    /// notes) and the mouse's 32, so a visitor's own fingers never collide with it.
    public static let tapContact = 48

    /// The control socket's scene commands (Docs/operations.md, "Control socket"):
    /// - `navigate` `{"to": "push"|"replace"|"pop"|"root"|"present"|"dismiss", "screen": id}`
    ///   (`present` takes `height` and `expandedHeight` in points too);
    /// - `tap` `{"id": view}` or `{"x": points, "y": points}`: a visitor's tap, through the
    ///   window's touch handling (a blank panel wakes and the tap presses nothing);
    /// - `set` `{"path": "menu.coffee.price", "value": …}`: one value of the data;
    /// - `idle-reset`: as if the panel had been touched;
    /// - `language` `{"language": "de"}`;
    /// - `type` `{"text": "Hafenstraße 5", "id": field}`: text into the focused field (or the field
    ///   `id`, focused first), as keys would type it; the reply counts what went in, never echoes it;
    /// - `key` `{"key": "tab"}` (`enter`, `escape`, `backspace`, `delete`, `left`, `right`, `up`,
    ///   `down`, `home`, `end`, `shift-tab`): a key, as a keyboard's would be;
    /// - `scan` `{"code": "9780141036144"}`: as if a scanner had read it;
    /// - `speech` `{"action": "on"|"off"|"say"|"repeat"|"stop"|"volume"}` (`say` takes `text` and
    ///   `kind` — `error` or `result` —, `volume` takes `volume` 0.1–1): speech mode, from the
    ///   integrator's software ("Card declined").
    public func control(_ command: String, arguments: JSONValue) throws(VitrineError) -> JSONValue {
        switch command {
        case "navigate":
            guard let to = arguments["to"]?.stringValue else {
                throw VitrineError(.invalidArgument, "navigate: \"to\" must be push, replace, pop, root, present or dismiss")
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
            if ["push", "replace", "pop", "root"].contains(to), self.navigation?.isTransitioning == true {
                // perform() would drop it (the stack takes one move at a time); say so instead.
                throw VitrineError(.busy, "navigate \(to): a push or pop is still moving the screens; send it again after the next screen event")
            }
            switch to {
            case "push": self.perform(.push(try target()), from: "control")
            case "replace": self.perform(.replace(try target()), from: "control")
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
                throw VitrineError(.invalidArgument, "navigate: \"to\" is \(QuotedValue.quoted(to)); use push, replace, pop, root, present or dismiss")
            }
            self.resetIdle()
            return self.navigationSummary
        case "tap":
            return try self.tap(arguments)
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
        case "type":
            return try self.typeText(arguments)
        case "key":
            return try self.pressKey(arguments)
        case "scan":
            guard let code = arguments["code"]?.stringValue, !code.isEmpty else {
                throw VitrineError(.invalidArgument, "scan: \"code\" must be the text a scanner read")
            }
            guard code.count <= Self.longestScan else {
                throw VitrineError(.invalidArgument, "scan: the code has \(code.count) characters; a scan is at most \(Self.longestScan)")
            }
            self.scanned(ScanEvent(code: code, device: arguments["device"]?.stringValue ?? "control", timestamp: UInt64(max(0, self.now.microseconds))))
            return .object([("characters", .number(Double(code.count)))])
        case "speech":
            return try self.controlSpeech(arguments)
        default:
            throw VitrineError(.invalidArgument, "unknown command \(QuotedValue.quoted(command))")
        }
    }

    /// A visitor's tap at a view (by its config `id`, or its config path when it has none) or a
    /// point: down now, up `tapDuration` later, through `Window.handle` as a finger's would be.
    func tap(_ arguments: JSONValue) throws(VitrineError) -> JSONValue {
        guard let window = self.window, let clock = window.clock else { throw VitrineError(.unsupported, "tap: the kiosk is not on screen yet") }
        let point: Point
        var target: String?
        if let id = arguments["id"]?.stringValue {
            // The middle of the part of it on screen (a screen-sized button in a half-open sheet
            // shows its top half).
            let frame = Self.frontmostView(identified: id, in: window.root)?.windowFrame
            let visible = frame?.intersection(Rect(size: window.size))
            guard let center = visible?.center, let visible, visible.width > 0, visible.height > 0 else {
                throw VitrineError(
                    .invalidArgument,
                    "tap: no view \(QuotedValue.quoted(id)) is on screen (a view's \"id\" in the config, or its path such as screens.home.content.children[1])")
            }
            point = center
            target = id
        } else if let x = arguments["x"]?.doubleValue, let y = arguments["y"]?.doubleValue {
            guard x.isFinite, y.isFinite, Rect(size: window.size).contains(Point(x: x, y: y)) else {
                throw VitrineError(.invalidArgument, "tap: (\(x), \(y)) is off the screen of \(window.size.width) x \(window.size.height) points")
            }
            point = Point(x: x, y: y)
        } else {
            throw VitrineError(.invalidArgument, "tap: give \"id\" (a view's id or config path) or \"x\" and \"y\" (points)")
        }
        let under = window.view(at: point)?.identifier
        let down = clock.now
        window.handle(TouchFrame(timestamp: UInt64(down.microseconds), contacts: [TouchContact(id: Self.tapContact, phase: .began, x: point.x, y: point.y)]))
        clock.schedule(at: down + Self.tapDuration) { [weak window] in
            window?.handle(
                TouchFrame(
                    timestamp: UInt64((down + Self.tapDuration).microseconds),
                    contacts: [TouchContact(id: Self.tapContact, phase: .ended, x: point.x, y: point.y)]))
        }
        return .object([
            ("x", .number(point.x)), ("y", .number(point.y)), ("id", target.map(JSONValue.string) ?? .null),
            ("view", under.map(JSONValue.string) ?? .null)
        ])
    }

    /// The front-most visible view with `identifier` (later siblings are drawn over earlier ones).
    public static func frontmostView(identified identifier: String, in view: View) -> View? {
        guard !view.isHidden else { return nil }
        for child in view.subviews.reversed() {
            if let found = self.frontmostView(identified: identifier, in: child) { return found }
        }
        return view.identifier == identifier ? view : nil
    }

    /// The screen in front and the navigation stack, as they are when the command was taken:
    /// a push or a sheet animates after the reply (`transitioning`), and the `screen` event
    /// says when the new screen is in front.
    public var navigationSummary: JSONValue {
        .object([
            ("transitioning", .bool(self.navigation?.isTransitioning ?? false)),
            ("screen", self.frontScreenID.map(JSONValue.string) ?? .null),
            ("stack", .array(self.navigationStack.map { .string($0.model.id) })),
            ("sheet", (self.contentSheet?.isPresented == true ? self.presentedScreen?.model.id : nil).map(JSONValue.string) ?? .null)
        ])
    }
}
