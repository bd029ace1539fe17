/// Manual pages in troff (man(7)) made from the same text as `--help`: the command's summary,
/// synopsis, options and discussion, so a page cannot say other than the program (issue 30).
/// `vitrine manual --out DIR` writes `vitrine.1` and `vitrine-COMMAND.1` for each command;
/// the Debian package installs them (debian/rules).
enum ManualPage {
    /// The date on every page: the program's version names the release, so a fixed date keeps
    /// the package reproducible (Debian's reproducible builds: no build-time dates).
    static let date = "2026-12-05"

    /// `vitrine(1)`: what Vitrine is, and every command with its summary.
    static func main(version: String, commands: [any Command.Type]) -> String {
        var page = Self.header(name: "vitrine", version: version)
        page += ".SH NAME\nvitrine \\- touch-kiosk UI runtime for Linux\n"
        page += ".SH SYNOPSIS\n.B vitrine\n.I command\n[\\fIoptions\\fR]\n"
        page += ".SH DESCRIPTION\n"
        page += Self.text(
            "Vitrine draws a touch kiosk straight into DRM/KMS (fbdev as a fallback), reads touch through libinput and renders in software; a kiosk is one JSON file of screens, /etc/vitrine/kiosk.json, run by vitrine.service."
        )
        page += ".SH COMMANDS\n"
        for command in commands {
            page += ".TP\n.B \(Self.escape(command.name))\n\(Self.text(command.summary))"
        }
        page += ".SH ENVIRONMENT\n.TP\n.B VITRINE_LOG_LEVEL\ndebug, info, notice, warning or error: what is logged.\n"
        page += ".SH SEE ALSO\n" + commands.map { "\\fBvitrine\\-\(Self.escape($0.name))\\fR(1)" }.joined(separator: ",\n") + "\n"
        return page
    }

    /// `vitrine-NAME(1)`: one command's help as a page.
    static func page(for command: any Command.Type, version: String) -> String {
        let title = "vitrine-\(command.name)"
        var page = Self.header(name: title, version: version)
        page += ".SH NAME\n\(Self.escape(title)) \\- \(Self.escape(Self.firstSentence(command.summary)))\n"
        page += ".SH SYNOPSIS\n.B vitrine \(Self.escape(command.name))\n\(Self.escape(command.synopsis))\n"
        page += ".SH DESCRIPTION\n\(Self.text(command.summary))"
        page += ".SH OPTIONS\n"
        for option in command.options + [OptionSpec("help", short: "h", help: "show this help")] {
            page += ".TP\n.B \(Self.escape(option.usageText))\n\(Self.text(option.help))"
        }
        if !command.discussion.isEmpty {
            page += ".SH NOTES\n"
            // The discussion's paragraphs are separated by blank lines; its lines are refilled.
            let paragraphs = command.discussion.split(separator: "\n\n", omittingEmptySubsequences: true)
            page += paragraphs.map { Self.text($0.split(separator: "\n").joined(separator: " ")) }.joined(separator: ".PP\n")
        }
        page += ".SH SEE ALSO\n\\fBvitrine\\fR(1)\n"
        return page
    }

    private static func header(name: String, version: String) -> String {
        ".TH \"\(name.uppercased())\" \"1\" \"\(Self.date)\" \"vitrine \(version)\" \"Vitrine\"\n"
    }

    private static func firstSentence(_ text: String) -> String {
        let sentence = text.split(separator: ";", maxSplits: 1).first.map(String.init) ?? text
        let trimmed = sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
        return trimmed.isEmpty ? text : trimmed.prefix(1).lowercased() + trimmed.dropFirst()
    }

    /// Running text: escaped, with a line that would start with a control character guarded.
    private static func text(_ text: some StringProtocol) -> String {
        let escaped = Self.escape(String(text))
        return (escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped) + "\n"
    }

    /// Backslashes and hyphens as troff wants them (a `-` in an option is `\-`, so it copies as
    /// a hyphen-minus from the page).
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            default: out.append(character)
            }
        }
        return out
    }
}
