import VitrineCore
import VitrineGraphics
import VitrineSystem

/// One data source of a kiosk (`"data": {"menu": "menu.json"}` in the file, Docs/config.md,
/// "Live data"): a JSON file the integrator's software rewrites, whose values bound texts,
/// images and repeated list rows show. `sample` is a file of the same shape that
/// `check-config` checks the bindings against (the live file may not exist on a laptop).
public struct DataSourceFile: Sendable, Equatable {
    /// The name paths start with (`menu` in `menu.coffee.price`).
    public var name: String
    /// The file, as written (relative paths start at the config's folder).
    public var file: String
    public var sample: String?

    public init(name: String, file: String, sample: String? = nil) {
        self.name = name
        self.file = file
        self.sample = sample
    }

    /// The largest data file read: data for a screen, not a database (16 MiB).
    public static let largestFile = 16 * 1024 * 1024

    /// Reads and parses `path` as a data file.
    /// - Throws: a message naming the file and what is wrong with it (missing, too large, not
    ///   UTF-8 JSON with the line and column), and what to do.
    public static func read(_ path: String) throws(VitrineError) -> JSONValue {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(path, limit: Self.largestFile, what: "a data file")
        } catch {
            throw VitrineError(
                error.code, "data file: \(error.message)", hint: error.hint ?? "write the file (Docs/operations.md, \"Live data\")", cause: error.cause)
        }
        return try self.parse(bytes, path: path)
    }

    /// Checks and parses a data file's bytes (what `read` does once the file is read); `path`
    /// names it in errors.
    /// - Throws: empty, not UTF-8, or not JSON (with the line and column), and what to do.
    public static func parse(_ bytes: [UInt8], path: String) throws(VitrineError) -> JSONValue {
        guard !bytes.isEmpty else {
            throw VitrineError(
                .invalidData, "data file \(path): empty",
                hint: "write a JSON object; write to a temporary file and rename it over this one, so a reader never sees half a file")
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            // The parser refuses bytes that are not UTF-8 where they are, with the line and column.
            if error.message.contains("is not UTF-8") {
                throw VitrineError(.invalidData, "data file \(path): not UTF-8 text (\(error))", hint: "iconv -f latin1 -t utf-8 converts a Latin-1 file")
            }
            throw VitrineError(
                .invalidData, "data file \(path): not JSON (\(error))", hint: "a truncated write? write to a temporary file and rename it over this one")
        }
    }
}
