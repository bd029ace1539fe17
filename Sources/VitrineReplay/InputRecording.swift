import Glibc
import VitrineCore
import VitrineSystem

/// Something `ReplaySource` plays: a `libinput record` file or a JSON touch script.
public enum InputRecording: Sendable {
    case libinputRecord(LibinputRecording)
    case script(TouchScript)

    /// The longest recording or script replayed: one week, in microseconds (604,800 s). Longer is
    /// no test session; the bound keeps every time far from `Int64` nanoseconds' 292 years
    /// whatever the uptime it is played at (a seconds field of 10^13 overflowed).
    public static let longestDuration: Int64 = 7 * 86_400 * 1_000_000

    /// The most events one file holds: 10^6, the `evdev` events of a recording (about 45 minutes
    /// of one finger moving at 120 Hz, 3–5 events a frame) or the entries of a touch script. The
    /// parsed tree costs about 300 bytes an event, so this keeps a replay under ~300 MB.
    public static let maximumEvents = 1_000_000

    /// Reads `path`: a YAML mapping is a `libinput record` file, a JSON list a touch script.
    /// Errors name the file and the line.
    public static func load(_ path: String) throws(VitrineError) -> InputRecording {
        let text: String
        do {
            text = try Directory.readText(path, limit: 256 << 20)
        } catch {
            let code: VitrineError.Code = error.errno == ENOENT ? .notFound : (error.errno == EACCES ? .permissionDenied : .ioFailure)
            throw VitrineError(code, "cannot read the recording \(path)", cause: error)
        }
        return try self.parse(text, file: path)
    }

    /// Reads a recording or script from its text; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws(VitrineError) -> InputRecording {
        let root = try YAMLReader.parse(Array(text.utf8), file: file)
        if root.items != nil { return .script(try TouchScript.parse(root, file: file)) }
        return .libinputRecord(try LibinputRecording.parse(root, file: file))
    }
}
