import VitrineCore

extension SceneController {
    /// The most different expression errors logged: a bind evaluated at every frame of an
    /// animation must not fill the journal with the same line.
    static let loggedExpressionErrors = 256

    /// A bind's expression that fails on the panel (data that changed shape, a division by zero
    /// at run time) is logged once per bind and message, with what the visitor sees: nothing.
    func logExpressionErrors() {
        var logged = Set<String>()
        self.data.onExpressionError = { [weak self] text, error in
            let line = "{\"bind\": \(JSONValue.string(text).serialized(pretty: false))}: \(error); it shows nothing"
            guard logged.count < Self.loggedExpressionErrors, logged.insert(line).inserted else { return }
            self?.logger.warning(line)
        }
    }
}
