import Glibc
import VitrineCore
import VitrineSystem

/// Something `ReplaySource` plays: a `libinput record` file or a JSON touch script.
public enum InputRecording: Sendable {
    case libinputRecord(LibinputRecording)
    case script(TouchScript)

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
