import Glibc
import VitrineCalibration
import VitrineCore
import VitrineKeys
import VitrineReplay
import VitrineSystem

/// The panel the tests replay onto: 1280x800 pixels, upright, one pixel per point.
let panel = TouchTransform(nativeSize: PixelSize(width: 1280, height: 800))

/// The recordings beside the tests (`Recordings/*.yml`, written by `make-recordings.py`).
enum Recordings {
    static let folder: String = {
        var path = String(#filePath)
        for _ in 0..<2 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path + "/Recordings"
    }()

    static func path(_ name: String) -> String { self.folder + "/" + name }
}

/// Plays a recording or script through a `ReplaySource` on a `ManualEventLoop` and keeps what
/// comes out: frames (as their one-line descriptions), keys, scans and device events.
final class ReplayRun {
    let loop = ManualEventLoop()
    let source: ReplaySource
    let log = MemoryLogSink()
    private(set) var frames: [TouchFrame] = []
    private(set) var keys: [KeyEvent] = []
    private(set) var scans: [ScanEvent] = []
    private(set) var added: [InputDeviceInfo] = []
    private(set) var warnings: [String] = []
    private(set) var finished = false

    init(
        recording: InputRecording, file: String, transform: TouchTransform = panel, calibrations: CalibrationStore = .empty(),
        keymap: KeymapNames = KeymapNames(), scanners: [ScannerMatch] = []
    ) {
        self.source = ReplaySource(
            recording: recording, file: file, transform: transform, calibrations: calibrations, keymap: keymap, scanners: scanners, loop: self.loop,
            logger: Logger("input", sink: self.log))
        self.source.onFrame = { [unowned self] in self.frames.append($0) }
        self.source.onKey = { [unowned self] in self.keys.append($0) }
        self.source.onScan = { [unowned self] in self.scans.append($0) }
        self.source.onDeviceEvent = { [unowned self] event in
            switch event {
            case .added(let info): self.added.append(info)
            case .warning(let error), .error(let error): self.warnings.append(error.description)
            case .removed, .calibrationChanged: break
            }
        }
        self.source.onFinished = { [unowned self] in self.finished = true }
    }

    /// Loads `Recordings/<name>`.
    convenience init(
        _ name: String, transform: TouchTransform = panel, calibrations: CalibrationStore = .empty(), keymap: KeymapNames = KeymapNames(),
        scanners: [ScannerMatch] = []
    ) throws {
        let path = Recordings.path(name)
        self.init(
            recording: try InputRecording.load(path), file: name, transform: transform, calibrations: calibrations, keymap: keymap, scanners: scanners)
    }

    /// Starts the source and runs the loop until the recording is over.
    @discardableResult
    func playToEnd() throws -> ReplayRun {
        try self.source.start()
        self.loop.runUntilIdle(limit: MonotonicTime(seconds: 3600))
        return self
    }

    /// Each frame as `t=…us #id phase (x, y) …`.
    var lines: [String] { self.frames.map(\.description) }

    /// What the keys typed: their text, named keys in brackets (`Cafe 5[tab][enter]`).
    var typed: String {
        self.keys.map { key in
            if case .text(let text) = key.key { return text }
            return "[\(key.key)]"
        }.joined()
    }
}

/// The message of the error reading `text` as a recording or script gives, or nil when it reads.
func recordingError(_ text: String, file: String) -> String? {
    do {
        _ = try InputRecording.parse(text, file: file)
        return nil
    } catch {
        return error.message
    }
}

/// A fresh empty directory under /tmp, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/vitrine-input-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        self.path = String(cString: made!)
    }

    func write(_ name: String, _ text: String) {
        let file = fopen(self.path + "/" + name, "w")!
        fputs(text, file)
        fclose(file)
    }

    func remove() {
        for name in (try? Directory.entryNamesOrError(self.path)) ?? [] { unlink(self.path + "/" + name) }
        rmdir(self.path)
    }
}
