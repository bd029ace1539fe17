import VitrineCore

/// The built-in demo: `Examples/demo/kiosk.json`, compiled in (`DemoFile.swift`), so
/// `vitrine demo` and `vitrine run` without a config need no file on disk. It is an ordinary
/// version 2 config; its pictures are `builtin:` ones.
public enum KioskDemo {
    /// Where the demo's file lives in the repository, for messages.
    public static let file = "Examples/demo/kiosk.json"

    /// The demo, read from its text like any file.
    public static var configuration: KioskConfiguration {
        do {
            return try KioskConfigLoader.parse(self.text, file: self.file, baseDirectory: ".").configuration
        } catch {
            // The text is checked by a test; reaching this is a build made from a broken file.
            preconditionFailure("the built-in demo does not load: \(error)")
        }
    }
}
