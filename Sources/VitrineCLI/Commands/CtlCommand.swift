import VitrineCore
import VitrineRuntime

/// `vitrine ctl`: one command to the running kiosk over its control socket (Docs/operations.md,
/// "Control socket"), or `subscribe` to print its events as they happen.
enum CtlCommand: Command {
    static let name = "ctl"
    static let summary = "Send a command to the running kiosk's control socket (state, navigate, set, reload, screenshot, blank, wake…)."
    static let synopsis = "[--socket PATH] COMMAND [key=value ...]"
    static let defaultSocket = "/run/vitrine/control.sock"
    static let options: [OptionSpec] = [
        OptionSpec("socket", value: "PATH", help: "the kiosk's control socket [\(CtlCommand.defaultSocket)]"),
        OptionSpec("timeout", value: "S", help: "seconds to wait for the reply [5]")
    ]
    static let discussion = """
        Each key=value becomes a member of the request; values that read as JSON (numbers, true,
        null, "quoted", [..], {..}) are sent as such, others as strings. Examples:
          vitrine ctl state
          vitrine ctl navigate to=push screen=confirm-single
          vitrine ctl set path=fares.single.price value='"3.10"'
          vitrine ctl screenshot path=/var/lib/vitrine/shot.png
          vitrine ctl blank
          vitrine ctl subscribe events='["emit","screen"]'     (prints events until interrupted)
        Prints the reply's result as JSON and exits 0, or the error on stderr and exits 1. The
        socket is for members of the vitrine-control group (and root).
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let command = arguments.positionals.first else { throw CommandLineError.missingArgument(command: self.name, name: "COMMAND") }
        let path = arguments.value("socket") ?? self.defaultSocket
        let timeout = try arguments.number("timeout", in: 0.1...3600) ?? 5
        var members: [(key: String, value: JSONValue)] = [("id", .number(1)), ("command", .string(command))]
        for pair in arguments.positionals.dropFirst() {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw VitrineError(.invalidArgument, "\(QuotedValue.quoted(pair)) is not key=value", hint: "e.g. vitrine ctl navigate to=push screen=home")
            }
            let text = String(pair[pair.index(after: equals)...])
            members.append((String(pair[..<equals]), (try? JSONParser.parse(text)) ?? .string(text)))
        }
        let connection = try ControlClient(path: path)
        let hello = try connection.readLine(timeout: timeout)
        guard (try? JSONParser.parse(hello))?["protocol"]?.stringValue == "vitrine-control/1" else {
            throw VitrineError(.invalidData, "\(path) did not greet with protocol vitrine-control/1 (it said \(hello.prefix(120)))")
        }
        try connection.send(JSONValue.object(members).serialized(pretty: false) + "\n")
        while true {
            let line = try connection.readLine(timeout: command == "subscribe" ? nil : timeout)
            guard let reply = try? JSONParser.parse(line) else { continue }
            if reply["event"] != nil {
                StandardStreams.writeOutput(line + "\n")
                continue
            }
            guard reply["id"] == .number(1) else { continue }
            if reply["ok"] == .bool(true) {
                if command == "subscribe" { continue }
                StandardStreams.writeOutput((reply["result"] ?? .null).serialized() + "\n")
                return 0
            }
            StandardStreams.writeError("vitrine ctl: \(command): \(reply["error"]?.stringValue ?? line)\n")
            return 1
        }
    }
}
