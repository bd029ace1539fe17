import VitrineCore

/// A modal alert (issue 35, item 5): a card with a title, a message and one to three buttons,
/// over a dimmed window, from an action (`{"alert": {…}}`) or the control socket (the
/// integrator's "Card declined — try again"). Only its buttons dismiss it; one asked for while
/// another is showing waits its turn (`SceneController+Alert.swift`).
public struct AlertModel: Sendable, Equatable {
    /// One button: its title, how it looks, and what it does after the alert has gone (nothing:
    /// it only closes the alert).
    public struct Button: Sendable, Equatable {
        public enum Style: String, Sendable, CaseIterable {
            /// The alert's answer: a filled button in the tint.
            case `default`
            /// The way out: a tinted button, lighter than the answer.
            case cancel
        }

        public var title: TextValue
        public var style: Style
        public var action: SceneAction?

        public init(_ title: TextValue, style: Style = .default, action: SceneAction? = nil) {
            self.title = title
            self.style = style
            self.action = action
        }
    }

    /// An alert has 1 to 3 buttons: one to answer it (it is dismissed only by its buttons), and
    /// more than three choices is a screen, not an alert (Apple HIG, "Alerts": "Keep alerts to
    /// two or three buttons"; LVGL's lv_msgbox and Android's AlertDialog stop at three too).
    public static let buttonCounts = 1...3

    public var title: TextValue
    public var message: TextValue?
    public var buttons: [Button]

    public init(title: TextValue, message: TextValue? = nil, buttons: [Button]) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }

    /// As the config writes it.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("title", .string(self.title.written))]
        if let message = self.message { members.append(("message", .string(message.written))) }
        let buttons = self.buttons.map { button -> JSONValue in
            var members: [(key: String, value: JSONValue)] = [("title", .string(button.title.written))]
            if button.style != .default { members.append(("style", .string(button.style.rawValue))) }
            if let action = button.action { members.append(("action", action.json)) }
            return .object(members)
        }
        members.append(("buttons", .array(buttons)))
        return .object(members)
    }
}
