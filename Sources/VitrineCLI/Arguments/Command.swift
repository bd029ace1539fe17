import VitrineCore

/// A `vitrine` subcommand.
public protocol Command: Sendable {
    /// The word typed after `vitrine`.
    static var name: String { get }
    /// One line for `vitrine --help`.
    static var summary: String { get }
    /// The synopsis after `vitrine NAME`, e.g. `[--seconds N]`.
    static var synopsis: String { get }
    /// Paragraphs after the options in `vitrine NAME --help`.
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    /// Whether the command takes SIGTERM, SIGINT and SIGHUP on a `SignalWatcher` (a run loop).
    /// They are blocked from the start of the process (`StopSignals`); for a command that says
    /// false they are released before it runs, so SIGTERM ends it by the default action.
    static var watchesStopSignals: Bool { get }
    /// Runs the command and returns the exit status.
    static func run(_ arguments: ParsedArguments) throws -> Int32
}

extension Command {
    public static var discussion: String { "" }
    public static var watchesStopSignals: Bool { false }

    /// The text `vitrine NAME --help` prints.
    public static var help: String {
        var text = "usage: vitrine \(self.name) \(self.synopsis)\n\n\(self.summary)\n"
        let all = self.options + [OptionSpec("help", short: "h", help: "show this help")]
        text += "\noptions:\n"
        let width = all.map { $0.usageText.count }.max() ?? 0
        for option in all {
            let padding = String(repeating: " ", count: width - option.usageText.count + 2)
            text += "  \(option.usageText)\(padding)\(option.help)\n"
        }
        if !self.discussion.isEmpty { text += "\n" + self.discussion + "\n" }
        return text
    }
}
