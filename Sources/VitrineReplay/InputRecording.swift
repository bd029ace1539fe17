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
            text = try FileReader.readText(path, limit: Self.largestFile, what: "a recording or touch script")
        } catch {
            throw VitrineError(error.code, "recording: \(error.message)", hint: error.hint, cause: error.cause)
        }
        return try self.parse(text, file: path)
    }

    /// The largest recording or touch script read (64 MiB). A `libinput record` line is about
    /// 70 bytes and a moving finger writes four or five per frame at the panel's 60–120 Hz, so a
    /// minute of one busy finger is ~2 MB and 64 MiB about half an hour of continuous touch —
    /// more than any test or soak replays; a larger file is the wrong file.
    public static let largestFile = 64 << 20

    /// Reads a recording or script from its text; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws(VitrineError) -> InputRecording {
        let root = try YAMLReader.parse(Array(text.utf8), file: file)
        if root.items != nil { return .script(try TouchScript.parse(root, file: file)) }
        return .libinputRecord(try LibinputRecording.parse(root, file: file))
    }
}
