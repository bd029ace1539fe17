import VitrineCore
import VitrineScene

extension KioskConfigLoader {
    /// One action as a config file writes it (Docs/config.md, "Actions"), read and checked as
    /// the file's own are: the verb and its argument, a payload's size, a language the kiosk
    /// lists, and every screen it names. The control socket's `perform` runs it.
    /// - Throws: `invalidArgument` with the first problem, the action's part named
    ///   (`perform.action.push: …`).
    /// `path` names it in messages (the socket's `alert` command passes "", so a problem reads
    /// `alert.buttons: …`).
    public static func action(_ value: JSONValue, for configuration: KioskConfiguration, at path: String = "perform.action") throws(VitrineError) -> SceneAction
    {
        var reader = ConfigReader(baseDirectory: "/")
        reader.languages = configuration.scene.languages
        let action = reader.action(value, at: path)
        if let problem = reader.errors.first {
            throw VitrineError(.invalidArgument, problem.description)
        }
        guard let action else { throw VitrineError(.invalidArgument, "\(path.isEmpty ? "action" : path): not an action") }
        let ids = configuration.scene.screens.map(\.id)
        for id in action.targets where configuration.scene.screen(id) == nil {
            throw VitrineError(
                .invalidArgument,
                "\(path.isEmpty ? "action" : path): there is no screen \(QuotedValue.quoted(id)) (screens: \(ids.prefix(20).joined(separator: ", "))\(ids.count > 20 ? ", …" : ""))"
                    + Misspelling.hint(for: id, among: ids))
        }
        return action
    }
}
