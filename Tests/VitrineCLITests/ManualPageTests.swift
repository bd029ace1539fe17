import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

@testable import VitrineCLI

/// The manual pages say what --help says (issue 30): made from the same summary, synopsis,
/// options and notes, written by `vitrine manual` for the package.
@Suite("Manual pages from the help text")
struct ManualPageTests {
    @Test("each command's page has its synopsis, every option with its help, and its notes")
    func pagesFollowHelp() {
        for command in CommandLineTool.commands {
            let page = ManualPage.page(for: command, version: "9.9")
            #expect(page.hasPrefix(".TH \"VITRINE-\(command.name.uppercased())\" \"1\""), "\(command.name)")
            #expect(page.contains(ManualPage.escape(command.synopsis)), "\(command.name): synopsis")
            for option in command.options {
                #expect(page.contains(".B \(ManualPage.escape(option.usageText))\n\(ManualPage.escape(option.help))"), "\(command.name): --\(option.long)")
            }
            if let firstLine = command.discussion.split(separator: "\n").first {
                #expect(page.contains(ManualPage.escape(String(firstLine))), "\(command.name): notes")
            }
            // No line may start with a character troff would take as a request.
            for line in page.split(separator: "\n") where !line.hasPrefix(".") {
                #expect(!line.hasPrefix("'"), "\(command.name): \(line)")
            }
        }
    }

    @Test("vitrine.1 lists every command with its summary")
    func mainPage() {
        let page = ManualPage.main(version: "9.9", commands: CommandLineTool.commands)
        for command in CommandLineTool.commands {
            #expect(page.contains(".B \(ManualPage.escape(command.name))\n\(ManualPage.escape(command.summary))"), "\(command.name)")
            #expect(page.contains("\\fBvitrine\\-\(ManualPage.escape(command.name))\\fR(1)"))
        }
    }

    @Test("vitrine manual --out writes vitrine.1 and one page per command")
    func writes() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-manual")
        defer { directory.remove() }
        let folder = directory.file("man")
        #expect(CommandLineTool.run(["manual", "--out", folder]) == 0)
        let names = Set(Directory.entryNames(folder))
        #expect(names == Set(["vitrine.1"] + CommandLineTool.commands.map { "vitrine-\($0.name).1" }))
        let run = try FileReader.read(folder + "/vitrine-run.1", limit: 1 << 20, what: "a manual page")
        #expect(String(decoding: run, as: UTF8.self) == ManualPage.page(for: RunCommand.self, version: CommandLineTool.version))
    }
}
