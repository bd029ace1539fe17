import Glibc
import VitrineCore
import VitrineSystem

/// Files of the source tree the bench's peers need (their scripts and sources).
enum BenchSource {
    /// `relative` under `$VITRINE_SOURCE_DIR`, the working directory, or an ancestor of the
    /// executable (a build folder inside the checkout); nil when none can be read.
    static func find(_ relative: String) -> String? {
        var candidates: [String] = []
        if let root = Environment.value("VITRINE_SOURCE_DIR") { candidates.append(root + "/" + relative) }
        candidates.append(relative)
        if var directory = Directory.linkTarget("/proc/self/exe") {
            for _ in 0..<6 {
                guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { break }
                directory = String(directory[..<slash])
                candidates.append(directory + "/" + relative)
            }
        }
        return candidates.first { access($0, R_OK) == 0 }
    }
}
