import Glibc
import VitrineCore
import VitrineSystem

/// Atomic whole-file writes, with errors that name the file. (Files are read by
/// `FileReader.read`, the one reader.)
public enum FileBytes {
    /// Writes `bytes` to a temporary file beside `path`, fsyncs it and renames it over `path`,
    /// so a reader never sees a half-written file and a crash leaves the old one intact
    /// (`AtomicFile.write`).
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(VitrineError) {
        try AtomicFile.write(bytes, to: path, mode: mode)
    }
}
