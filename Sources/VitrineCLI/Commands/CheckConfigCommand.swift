import VitrineCore
import VitrineKiosk

/// `vitrine check-config`: reads kiosk config files the way `vitrine run` does, without a display,
/// and says what is wrong with them.
enum CheckConfigCommand: Command {
    static let name = "check-config"
    static let summary =
        "Check kiosk config files (syntax, fields, images) without a display; --print shows the effective configuration, --accessibility audits every screen."
    static let synopsis = "[--print | --accessibility] PATH..."
    static let options: [OptionSpec] = [
        OptionSpec("print", help: "write the effective configuration (every field, defaults filled in) as JSON to stdout"),
        OptionSpec(
            "accessibility",
            help: "then lay out every screen (each language, the display's size) and report per screen what speech, keys and languages miss")
    ]
    static let discussion = """
        Prints `PATH: ok` for a valid file, then its warnings (unknown keys, settings that cannot
        take effect). Otherwise prints every error, one per line: syntax errors with their line and
        column, schema errors with the field's JSON path (`onboarding.pages[2].image: file not
        found: …`). Images are loaded relative to the file's folder and must decode. A file that
        gives accessibility.mountHeight has every screen laid out at its display size, and each
        control outside the 380-1,220 mm a seated visitor reaches is a warning, with where reach
        mode takes it (Docs/accessibility.md, "Reach mode"). Exit status 0 when every file is
        valid, 1 otherwise. Docs/config.md describes every field.

        With --accessibility, each valid file's screens are then laid out headless — every screen
        the kiosk can reach, in each of its languages, at display.mode or display.headlessSize
        (1280x800 when the output is auto) — and the audit prints per screen, with the view's
        config path and what to add: actions speech has nothing to say for and pictures without a
        description (labels), actions only a finger reaches and sheets only a drag opens (keys),
        texts written once or missing a language and languages speech's own words are not in
        (translations), the theme's contrast warnings, controls under 44 x 44 points (target
        size), and the reach (not checked without accessibility.mountHeight). A summary line
        counts the errors, warnings and notices. The findings do not change the exit status: the
        file is valid, and a kiosk runs with them (Docs/accessibility.md, "The audit").
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let paths = arguments.positionals
        guard !paths.isEmpty else { throw CommandLineError.missingArgument(command: self.name, name: "PATH") }
        let printing = arguments.has("print")
        let auditing = arguments.has("accessibility")
        if printing, paths.count > 1 { throw CommandLineError.unexpectedArgument(command: self.name, argument: paths[1]) }
        // --print's stdout is the JSON alone.
        if printing, auditing { throw CommandLineError.unexpectedArgument(command: self.name, argument: "--accessibility") }
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
                if auditing { StandardStreams.writeError("\(check.file): accessibility: not audited: the file has errors\n") }
            } else if printing {
                StandardStreams.writeOutput(check.configuration.json.serialized(exactNumbers: true) + "\n")
            } else if auditing {
                do {
                    StandardStreams.writeOutput(try AccessibilityAudit(check: check).run().text)
                } catch {
                    StandardStreams.writeError("\(check.file): accessibility: not audited: \(error)\n")
                    status = 1
                }
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
