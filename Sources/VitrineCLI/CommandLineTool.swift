import Glibc
import VitrineCore
import VitrineSystem

/// The `vitrine` command line: finds the subcommand, prints help, turns errors into messages
/// and exit statuses (0 success, 1 failure, 2 usage error).
public enum CommandLineTool {
    static let version = "0.1.0"

    /// Every subcommand, in the order `vitrine --help` lists them.
    static var commands: [any Command.Type] {
        [
            RunCommand.self,
            DemoCommand.self,
            ReplayCommand.self,
            RenderCommand.self,
            PreviewCommand.self,
            CheckConfigCommand.self,
            TestPatternCommand.self,
            ListDisplaysCommand.self,
            ListInputsCommand.self,
            InputDebugCommand.self,
            SayCommand.self,
            CalibrateCommand.self,
            BlurCommand.self,
            BenchCommand.self,
            SoakCommand.self,
            CtlCommand.self,
            DoctorCommand.self,
            ManualCommand.self
        ]
    }

    static var help: String {
        var text = "usage: vitrine <command> [options]\n\nVitrine, a touch-kiosk UI runtime for Linux.\n\ncommands:\n"
        let width = self.commands.map { $0.name.count }.max() ?? 0
        for command in self.commands {
            text += "  \(command.name)\(String(repeating: " ", count: width - command.name.count + 2))\(command.summary)\n"
        }
        text += "\n`vitrine <command> --help` describes a command. VITRINE_LOG_LEVEL=debug|info|notice|warning|error sets logging.\n"
        return text
    }

    /// The process's arguments without the program name. Swift's runtime finds `argv` by walking
    /// the initial stack back from `environ` (Swift 6.0.3: Debian 13's); under qemu-user, whose
    /// emulated program has a stack of its own, that finds none or only part, and
    /// `CommandLine.arguments` has no arguments — the arm64 binary checked on an amd64 machine
    /// saw none (issue 30). The kernel's copy, `/proc/self/cmdline` (which qemu-user answers for
    /// the program), is read then.
    public static var processArguments: [String] {
        // Found: more than the program's name (with only the name there is nothing to miss).
        if CommandLine.arguments.count > 1 { return Array(CommandLine.arguments.dropFirst()) }
        // Read with stdio: qemu-user answers the open of this path with a file of its own making.
        guard let file = fopen("/proc/self/cmdline", "r") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes += chunk.prefix(count)
        }
        let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        // NUL-terminated words: the last split is the empty tail.
        return Array(words.dropLast().dropFirst())
    }

    /// The process's entry point (`main.swift`): holds SIGTERM, SIGINT and SIGHUP back before
    /// anything else (`StopSignals`), then runs the command.
    public static func main(_ arguments: [String]) -> Int32 {
        StopSignals.block()
        self.delayStartForTests()
        return self.run(arguments)
    }

    /// The test seam of the early signal mask: `VITRINE_TEST_START_DELAY_MS=N` (0 to 10000)
    /// sleeps N ms after the signals are blocked and before the command starts, so a test can
    /// send SIGTERM while no handler exists yet (Docs/testing.md, "Signals before the loop").
    public static let startDelayVariable = "VITRINE_TEST_START_DELAY_MS"

    static func delayStartForTests() {
        guard let text = Environment.value(self.startDelayVariable), let milliseconds = Int(text), (1...10_000).contains(milliseconds) else { return }
        Syscall.sleep(for: .milliseconds(Double(milliseconds)))
    }

    /// Runs with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        MemoryPolicy.returnLargeBuffersToKernel()
        if let level = Environment.value("VITRINE_LOG_LEVEL").flatMap(LogLevel.init(name:)) {
            Log.configure(minimumLevel: level)
        }
        guard let first = arguments.first else {
            StandardStreams.writeError(self.help)
            return 2
        }
        if first == "--help" || first == "-h" || first == "help" {
            StandardStreams.writeOutput(self.help)
            return 0
        }
        if first == "--version" {
            StandardStreams.writeOutput("vitrine \(self.version)\n")
            return 0
        }
        guard let command = self.commands.first(where: { $0.name == first }) else {
            StandardStreams.writeError(CommandLineError.unknownCommand(first).description + "\n")
            return 2
        }
        if !command.watchesStopSignals { StopSignals.release() }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            StandardStreams.writeOutput(command.help)
            return 0
        }
        do {
            let parsed = try ParsedArguments.parse(rest, options: command.options, command: command.name)
            return try command.run(parsed)
        } catch let error as CommandLineError {
            StandardStreams.writeError(error.description + "\n")
            return 2
        } catch let error as VitrineError {
            StandardStreams.writeError("vitrine \(command.name): error: \(error)\n")
            return 1
        } catch {
            StandardStreams.writeError("vitrine \(command.name): error: \(error)\n")
            return 1
        }
    }
}
