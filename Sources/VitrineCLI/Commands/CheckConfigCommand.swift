import VitrineCore
import VitrineKiosk

/// `vitrine check-config`: reads kiosk config files the way `vitrine run` does, without a display,
/// and says what is wrong with them.
enum CheckConfigCommand: Command {
    static let name = "check-config"
    static let summary = "Check kiosk config files (syntax, fields, images) without a display; --print shows the effective configuration."
    static let synopsis = "[--print] PATH..."
    static let options: [OptionSpec] = [
        OptionSpec("print", help: "write the effective configuration (every field, defaults filled in) as JSON to stdout")
    ]
    static let discussion = """
        Prints `PATH: ok` for a valid file, then its warnings (unknown keys, settings that cannot
        take effect). Otherwise prints every error, one per line: syntax errors with their line and
        column, schema errors with the field's JSON path (`onboarding.pages[2].image: file not
        found: …`). Images are loaded relative to the file's folder and must decode. A file that
        gives accessibility.mountHeight has every screen laid out at its display size, and each
        control outside the 380-1,220 mm a seated visitor reaches is a warning, with where reach
        mode takes it (Docs/accessibility-settings.md). Exit status 0 when every file is valid, 1
        otherwise. Docs/config.md describes every field.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let paths = arguments.positionals
        guard !paths.isEmpty else { throw CommandLineError.missingArgument(command: self.name, name: "PATH") }
        let printing = arguments.has("print")
        if printing, paths.count > 1 { throw CommandLineError.unexpectedArgument(command: self.name, argument: paths[1]) }
        var status: Int32 = 0
        for path in paths {
            let check: KioskConfigCheck
            do {
                check = try ConfigDiagnosis.check(path: path)
            } catch {
                StandardStreams.writeError("\(error)\n")
                status = 1
                continue
            }
            let report = self.report(check)
            // With --print, stdout carries only the JSON.
            if check.isValid, !printing { StandardStreams.writeOutput(report) } else { StandardStreams.writeError(report) }
            if !check.isValid {
                status = 1
            } else if printing {
                StandardStreams.writeOutput(check.configuration.json.serialized(exactNumbers: true) + "\n")
            }
        }
        return status
    }

    /// `PATH: ok` and the warnings, or every error then the warnings.
    static func report(_ check: KioskConfigCheck) -> String {
        var lines: [String]
        if check.isValid {
            let count = check.warnings.count
            lines = ["\(check.file): ok" + (count == 0 ? "" : " (\(count) warning\(count == 1 ? "" : "s"))")]
        } else {
            lines = check.errorLines
        }
        lines += check.warnings.map { "\(check.file): warning: \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }
}
