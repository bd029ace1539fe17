import VitrineBench
import VitrineCore

/// `vitrine bench`: measures our code against peers in one run and prints one table.
enum BenchCommand: Command {
    static let name = "bench"
    static let summary = "Measure rendering work against peers (OpenCV, …) and print one table of ratios."
    static let synopsis = "[--only NAME[,NAME…]] [--json FILE] [--quick] [--no-install]"
    static let options: [OptionSpec] = [
        OptionSpec("only", value: "NAME", help: "run only rows whose name starts with NAME (comma-separated), e.g. blur"),
        OptionSpec("json", value: "FILE", help: "also write the results to FILE as JSON"),
        OptionSpec("quick", help: "5 runs per measurement instead of 21 (a quick look, noisier)"),
        OptionSpec("no-install", help: "do not create a Python venv or pip-install OpenCV; use what is there")
    ]
    static let discussion = """
        Every row times our code and a peer on the same input in the same run; `ratio` is
        ours ÷ peer (below 1: we are faster). Times are medians in milliseconds on one thread.
        Run a release build (`swift build -c release`); debug builds are 10-50× slower.
        OpenCV comes from a venv in ${XDG_CACHE_HOME:-~/.cache}/vitrine-bench (created on first
        use with pip), else the system python3; without it, rows show our time only.
        Docs/rendering.md, "How to read vitrine bench", explains each column.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw CommandLineError.unexpectedArgument(command: self.name, argument: arguments.positionals[0])
        }
        let only = arguments.value("only").map { $0.split(separator: ",").map(String.init) } ?? []
        let options = BenchOptions(only: only, quick: arguments.has("quick"), mayInstallPeers: !arguments.has("no-install"))
        let context = BenchContext(options: options) { StandardStreams.writeError($0 + "\n") }
        let rows = try BenchmarkList.run(context)
        if rows.isEmpty {
            StandardStreams.writeError("vitrine bench: no benchmark matches --only \(only.joined(separator: ","))\n")
            return 2
        }
        let table = BenchTable(rows: rows, notes: context.notes)
        StandardStreams.writeOutput(table.text)
        if let path = arguments.value("json") {
            try table.writeJSON(to: path)
            StandardStreams.writeError("vitrine bench: wrote \(path)\n")
        }
        return 0
    }
}
