import Glibc
import Testing
import VitrineCore
import VitrineGraphics
import VitrineSystem
import VitrineTestSupport

@testable import VitrineCLI

/// The real `vitrine` binary, started as a child with its stdout and stderr in a file; the pid
/// is kept so a test can signal it.
struct VitrineProcess {
    /// Beside the test bundle: `swift build --build-tests` builds both into the same folder.
    static var binary: String { Directory.parent(of: Directory.linkTarget("/proc/self/exe") ?? "") + "/vitrine" }

    /// The binary for what an instrumented child cannot show — its memory (AddressSanitizer's
    /// quarantine keeps freed blocks resident): `VITRINE_RELEASE_BINARY`, the plain release build
    /// scripts/test.sh makes, when this test runs under the sanitizer; the one beside the test
    /// bundle otherwise. Nil under the sanitizer without it (a memory bound is then not checked).
    static var memoryBinary: String? {
        guard ProcessMemory.runsUnderAddressSanitizer else { return self.binary }
        guard let path = Environment.value("VITRINE_RELEASE_BINARY"), access(path, X_OK) == 0 else { return nil }
        return path
    }

    let pid: pid_t
    let stderrPath: String

    /// Starts `vitrine arguments…` with `environment` added (through env(1), which execs it:
    /// same pid).
    init(_ arguments: [String], environment: [String] = [], stderr: String, binary: String = VitrineProcess.binary) throws(SystemError) {
        let argv = ["/usr/bin/env"] + environment + [binary] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        var pointers: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, argv[0], &actions, nil, &pointers, environ)
        guard status == 0 else { throw SystemError("posix_spawn(vitrine)", errno: status) }
        self.pid = pid
        self.stderrPath = stderr
    }

    /// Waits for the end: (exit status, nil) or (nil, the signal that ended it).
    func wait() -> (status: Int32?, signal: Int32?) {
        var result: Int32 = 0
        while waitpid(self.pid, &result, 0) < 0 && errno == EINTR {}
        if result & 0x7f == 0 { return ((result >> 8) & 0xff, nil) }
        return (nil, result & 0x7f)
    }

    var stderr: String { (try? FileReader.readText(self.stderrPath, limit: 1 << 20, what: "a log")) ?? "" }

    /// Whether the process has `signal` blocked now (`SigBlk:` in /proc/PID/status).
    func blocks(_ signal: Int32) -> Bool {
        guard let status = try? FileReader.readText("/proc/\(self.pid)/status", limit: 1 << 20, what: "a system file"),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
            let mask = UInt64(line.dropFirst("SigBlk:".count).trimmingPrefix(while: { $0 == " " || $0 == "\t" }), radix: 16)
        else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    /// Runs to the end and returns the status and stderr.
    static func run(_ arguments: [String], in directory: TemporaryDirectory, binary: String = VitrineProcess.binary) throws -> (
        status: Int32?, stderr: String
    ) {
        let process = try VitrineProcess(arguments, stderr: directory.file("stderr.txt"), binary: binary)
        let end = process.wait()
        return (end.status, process.stderr)
    }
}

@Suite("Outside input on the command line: files, options, signals")
struct OutsideInputTests {
    @Test("an image or recording that is a FIFO ends check-config and replay at once with an error naming it")
    func fifoPaths() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-outside")
        defer { directory.remove() }
        #expect(mkfifo(directory.file("photo.png"), 0o644) == 0)
        #expect(mkfifo(directory.file("swipe.json"), 0o644) == 0)
        let config = directory.file("kiosk.json")
        try FileBytes.writeAtomically(Array(#"{"version": 1, "main": {"image": "photo.png"}}"#.utf8), to: config)
        let check = try VitrineProcess.run(["check-config", config], in: directory)
        #expect(check.status == 1)
        #expect(check.stderr.contains("main.image: \(directory.file("photo.png")) is a FIFO, not a regular file"), "\(check.stderr)")
        let replay = try VitrineProcess.run(["replay", "--events", directory.file("swipe.json")], in: directory)
        #expect(replay.status == 1)
        #expect(replay.stderr.contains("\(directory.file("swipe.json")) is a FIFO, not a regular file"), "\(replay.stderr)")
    }

    @Test("a 100 MB config is refused before it is read, naming the 16 MiB limit")
    func hugeConfig() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-outside")
        defer { directory.remove() }
        let config = directory.file("kiosk.json")
        let fd = open(config, O_WRONLY | O_CREAT, 0o644)
        #expect(ftruncate(fd, 100 << 20) == 0)
        close(fd)
        let check = try VitrineProcess.run(["check-config", config], in: directory)
        #expect(check.status == 1)
        #expect(check.stderr.contains("\(config) is 100.0 MiB, more than the 16.0 MiB a config file may have"), "\(check.stderr)")
    }

    @Test("replay --state-out onto a FIFO is refused and the FIFO stays")
    func stateOutOntoFIFO() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-outside")
        defer { directory.remove() }
        let fifo = directory.file("state.json")
        #expect(mkfifo(fifo, 0o644) == 0)
        let script = directory.file("tap.json")
        try FileBytes.writeAtomically(Array(#"[{"t": 0, "id": 0, "phase": "down", "x": 5, "y": 5}, {"t": 50, "id": 0, "phase": "up"}]"#.utf8), to: script)
        let replay = try VitrineProcess.run(["replay", "--events", script, "--size", "64x64", "--state-out", fifo], in: directory)
        #expect(replay.status == 1)
        #expect(replay.stderr.contains("cannot replace \(fifo): it is a FIFO, not a regular file"), "\(replay.stderr)")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("sizes, numbers and empty values are usage errors (status 2) on every path of the command")
    func usageErrors() {
        // The headless demo never reached the --seconds check.
        #expect(CommandLineTool.run(["demo", "--headless", "--seconds", "abc", "--out", "/nonexistent/vitrine"]) == 2)
        #expect(CommandLineTool.run(["demo", "--headless", "--seconds", "nan", "--out", "/nonexistent/vitrine"]) == 2)
        #expect(CommandLineTool.run(["replay", "--scene", "", "--events", "x.json"]) == 2)
        #expect(CommandLineTool.run(["replay", "--scene=", "--events", "x.json"]) == 2)
        #expect(CommandLineTool.run(["render", "demo", "--out", ""]) == 2)
        for size in ["100000x100000", "8193x100", "0x10", "-5x10", "1e3x10", "12x"] {
            #expect(CommandLineTool.run(["replay", "--events", "x.json", "--size", size]) == 2, "\(size)")
            #expect(CommandLineTool.run(["render", "demo", "--size", size, "--out", "/nonexistent/vitrine"]) == 2, "\(size)")
        }
        for scale in ["0", "-1", "inf", "nan", "9", "1e400", "2x"] {
            #expect(CommandLineTool.run(["replay", "--events", "x.json", "--scale", scale]) == 2, "\(scale)")
        }
        // The largest size and scale together are fine to parse (8192x8192 at scale 8 is
        // 1024x1024 points); the argument error names the bound.
        let error = CommandLineError.invalidValue(
            command: "replay", option: "size", value: "100000x100000", expected: "at most \(DisplayArguments.largestSide) pixels a side, e.g. 1920x1080")
        #expect(error.description.contains("8192"))
    }

    @Test("run --device /dev/null names the device in its error")
    func deviceNull() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-outside")
        defer { directory.remove() }
        let run = try VitrineProcess.run(["run", "--config", "demo", "--device", "/dev/null", "--control", "none", "--seconds", "1"], in: directory)
        #expect(run.status == 1)
        #expect(run.stderr.contains("/dev/null is not a DRM card with modesetting"), "\(run.stderr)")
    }

    @Test("an unreadable calibration directory is a warning naming it and the fix, not silence")
    func unreadableCalibrationDirectory() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-outside")
        defer { directory.remove() }
        let script = directory.file("tap.json")
        try FileBytes.writeAtomically(Array(#"[{"t": 0, "id": 0, "phase": "down", "x": 5, "y": 5}, {"t": 50, "id": 0, "phase": "up"}]"#.utf8), to: script)
        // As root a mode of 000 does not deny (CAP_DAC_OVERRIDE), so root's test uses a path
        // that is a file (ENOTDIR) instead; another user gets a real chmod 000 folder.
        let calibration = directory.file("calibration")
        if getuid() == 0 {
            try FileBytes.writeAtomically(Array("not a folder".utf8), to: calibration)
        } else {
            #expect(mkdir(calibration, 0o000) == 0)
        }
        let debug = try VitrineProcess.run(["input-debug", "--replay", script, "--calibration", calibration, "--size", "64x64"], in: directory)
        #expect(debug.status == 0, "\(debug.stderr)")
        #expect(debug.stderr.contains("cannot read the calibration directory \(calibration)"), "\(debug.stderr)")
        #expect(debug.stderr.contains("chmod 750 \(calibration)"), "\(debug.stderr)")
    }

    @Test("a 10,000-character value is cut to 80 characters in the error line, with its length")
    func longValues() {
        let long = String(repeating: "x", count: 10_000)
        let line = CommandLineError.invalidValue(command: "run", option: "output", value: long, expected: "auto, drm, fbdev or headless").description
        #expect(line.count < 200)
        #expect(line.contains(String(repeating: "x", count: 80) + "…(10000 characters)"))
        #expect(QuotedValue.quoted(long) == "\"" + String(repeating: "x", count: 80) + "…\"…(10000 characters)")
        #expect(QuotedValue.quoted("#12") == "\"#12\"")
    }

    @Test(
        "SIGTERM before the handlers exist is held until the loop takes it: run stops in order (status 0), with --screenshot too",
        arguments: [false, true])
    func earlySigterm(_ screenshot: Bool) throws {
        let directory = TemporaryDirectory(prefix: "vitrine-outside")
        defer { directory.remove() }
        let shot = directory.file("shot.png")
        let process = try VitrineProcess(
            ["run", "--config", "demo", "--output", "headless", "--size", "64x64", "--control", "none", "--seconds", "60"]
                + (screenshot ? ["--screenshot", shot] : []),
            environment: ["\(CommandLineTool.startDelayVariable)=1500", "VITRINE_LOG_LEVEL=notice"], stderr: directory.file("stderr.txt"))
        // The signal is sent once the process has blocked it, during the start delay — before any
        // handler is installed.
        var waited = 0
        while !process.blocks(SIGTERM) && waited < 10_000 {
            usleep(5_000)
            waited += 5
        }
        #expect(process.blocks(SIGTERM), "SIGTERM was never blocked")
        #expect(kill(process.pid, SIGTERM) == 0)
        let end = process.wait()
        #expect(end.signal == nil, "ended by signal \(end.signal ?? 0)")
        #expect(end.status == 0, "\(process.stderr)")
        #expect(process.stderr.contains("SIGTERM: stopping"), "\(process.stderr)")
        if screenshot {
            // Either a frame came before the signal and is written, or the stop came first and
            // says so; it is not an error (it exited 1 with "nothing was drawn").
            #expect(access(shot, F_OK) == 0 || process.stderr.contains("no screenshot written"), "\(process.stderr)")
        }
    }

    @Test("a command that installs no handlers still ends on SIGTERM (the early block is released for it)")
    func sigtermWithoutHandlers() throws {
        let directory = TemporaryDirectory(prefix: "vitrine-outside")
        defer { directory.remove() }
        let process = try VitrineProcess(
            ["check-config", "/nonexistent/vitrine.json"], environment: ["\(CommandLineTool.startDelayVariable)=1500"], stderr: directory.file("stderr.txt"))
        var waited = 0
        while !process.blocks(SIGTERM) && waited < 10_000 {
            usleep(5_000)
            waited += 5
        }
        #expect(process.blocks(SIGTERM), "SIGTERM was never blocked")
        #expect(kill(process.pid, SIGTERM) == 0)
        let end = process.wait()
        #expect(end.signal == SIGTERM)
    }
}
