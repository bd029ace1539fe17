import Glibc
import VitrineCore
import VitrineSystem

/// Finds a Python with OpenCV and runs `scripts/bench/opencv_peer.py` with it.
///
/// Where Python comes from, in order:
/// 1. the bench's own venv, `${XDG_CACHE_HOME:-~/.cache}/vitrine-bench/venv`, if it imports cv2;
/// 2. otherwise (unless `--no-install`) that venv is created with `python3 -m venv` and
///    `pip install opencv-python-headless numpy` from PyPI, saying so on stderr;
/// 3. otherwise the system `python3`, if `import cv2, numpy` works (Debian: python3-opencv).
struct OpenCVPeer {
    /// The interpreter that imports cv2.
    let python: String
    /// Where it came from, for the notes.
    let origin: String
    let script: String

    /// Why no peer could be found, for the note under the table.
    struct Unavailable: Error {
        var reason: String
    }

    static func locate(context: BenchContext) -> Result<OpenCVPeer, Unavailable> {
        guard let script = self.findScript() else {
            return .failure(Unavailable(reason: "scripts/bench/opencv_peer.py not found (run from the source tree, or set VITRINE_SOURCE_DIR)"))
        }
        let venv = self.venvDirectory()
        let venvPython = venv + "/bin/python3"
        if self.importsOpenCV(venvPython) {
            return .success(OpenCVPeer(python: venvPython, origin: "venv \(venv)", script: script))
        }
        if context.options.mayInstallPeers {
            context.report("bench: no OpenCV in \(venv): creating it (python3 -m venv, pip install opencv-python-headless numpy)")
            if self.createVenv(venv, context: context), self.importsOpenCV(venvPython) {
                return .success(OpenCVPeer(python: venvPython, origin: "venv \(venv) (created now)", script: script))
            }
            context.report("bench: could not set up the venv; trying the system python3")
        }
        if self.importsOpenCV("python3") {
            return .success(OpenCVPeer(python: "python3", origin: "system python3", script: script))
        }
        let hint =
            context.options.mayInstallPeers
            ? "the venv could not be created (needs python3-venv and PyPI) and the system python3 has no cv2 (apt-get install python3-opencv)"
            : "--no-install was given and neither \(venv) nor the system python3 imports cv2"
        return .failure(Unavailable(reason: "OpenCV peer unavailable: \(hint)"))
    }

    /// Runs the peer script; its stdout lines, split on tabs.
    func run(arguments: [String]) throws(VitrineError) -> [[String]] {
        let result = try ChildProcess.run(self.python, [self.script] + arguments)
        guard result.status == 0 else {
            throw VitrineError(.ioFailure, "\(self.script) failed with status \(result.status)", hint: "its error is printed above")
        }
        return result.output.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    }

    private static func venvDirectory() -> String {
        let cache =
            Environment.value("XDG_CACHE_HOME").flatMap { $0.isEmpty ? nil : $0 }
            ?? (Environment.value("HOME") ?? "/tmp") + "/.cache"
        return cache + "/vitrine-bench/venv"
    }

    private static func importsOpenCV(_ python: String) -> Bool {
        if python.contains("/") && access(python, X_OK) != 0 { return false }
        guard let result = try? ChildProcess.run(python, ["-c", "import cv2, numpy"]) else { return false }
        return result.status == 0
    }

    private static func createVenv(_ directory: String, context: BenchContext) -> Bool {
        let parent = String(directory[..<(directory.lastIndex(of: "/") ?? directory.endIndex)])
        _ = try? ChildProcess.runToStandardError("mkdir", ["-p", parent])
        guard (try? ChildProcess.runToStandardError("python3", ["-m", "venv", directory])) == 0 else { return false }
        let pip = [
            "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "opencv-python-headless", "numpy"
        ]
        return (try? ChildProcess.runToStandardError(directory + "/bin/python3", pip)) == 0
    }

    /// `$VITRINE_SOURCE_DIR/scripts/bench`, `./scripts/bench`, or beside an ancestor of the
    /// executable (`.build/release/vitrine` → the source tree three levels up).
    private static func findScript() -> String? { BenchSource.find("scripts/bench/opencv_peer.py") }
}
