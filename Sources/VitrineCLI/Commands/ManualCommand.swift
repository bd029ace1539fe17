import VitrineCore
import VitrineSystem

/// `vitrine manual`: the manual pages, made from the commands' own help (issue 30).
enum ManualCommand: Command {
    static let name = "manual"
    static let summary = "Write the manual pages (vitrine.1 and one per command) from the same text as --help."
    static let synopsis = "[--out DIR]"
    static let options: [OptionSpec] = [
        OptionSpec("out", value: "DIR", help: "the folder to write them in (made if missing) [.]")
    ]
    static let discussion = """
        The Debian package installs them (man vitrine, man vitrine-run, ...). Each page is the
        command's summary, synopsis, options and notes as --help prints them, so the two cannot
        say different things.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let folder = arguments.value("out") ?? "."
        try Directory.create(folder)
        let version = CommandLineTool.version
        var pages = [("vitrine.1", ManualPage.main(version: version, commands: CommandLineTool.commands))]
        for command in CommandLineTool.commands {
            pages.append(("vitrine-\(command.name).1", ManualPage.page(for: command, version: version)))
        }
        for (file, text) in pages {
            try AtomicFile.write(Array(text.utf8), to: folder + "/" + file)
        }
        StandardStreams.writeOutput("vitrine manual: wrote \(pages.count) pages in \(folder)\n")
        return 0
    }
}
