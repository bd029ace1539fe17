import Glibc
import VitrineCore
import VitrineGraphics
import VitrineSystem

/// Builds and runs the Qt Quick peer, `scripts/bench/qtquick-peer/main.cpp` (issue 34): a
/// C++ program on Debian's Qt 6 that draws an exported scene (`QtQuickScene`) with Qt Quick's
/// software scene graph and prints each frame's CPU time.
///
/// It is compiled with g++ against `pkg-config Qt6Quick` (no moc: the harness declares no
/// QObject classes) into `${XDG_CACHE_HOME:-~/.cache}/vitrine-bench/qtquick-peer`, again
/// whenever the source's digest changes. `scripts/install-deps.sh --bench` installs Qt.
struct QtQuickPeer {
    let executable: String
    /// How it came to be there, for the notes (built now and how long it took, or kept).
    let origin: String

    struct Unavailable: Error {
        var reason: String
    }

    static let packages = "g++ qt6-declarative-dev qml6-module-qtquick and the QML modules it loads"

    static func locate(context: BenchContext) -> Result<QtQuickPeer, Unavailable> {
        guard let source = self.findSource() else {
            return .failure(Unavailable(reason: "scripts/bench/qtquick-peer/main.cpp not found (run from the source tree, or set VITRINE_SOURCE_DIR)"))
        }
        guard (try? ChildProcess.run("pkg-config", ["--exists", "Qt6Quick"]))?.status == 0 else {
            return .failure(Unavailable(reason: "Qt 6 Quick is not installed (scripts/install-deps.sh --qt or --bench installs \(Self.packages))"))
        }
        guard access("/usr/lib/\(Self.multiarch)/qt6/qml/QtQuick/qmldir", R_OK) == 0 || access("/usr/lib/qt6/qml/QtQuick/qmldir", R_OK) == 0 else {
            return .failure(Unavailable(reason: "Qt Quick's QML module is not installed (apt-get install qml6-module-qtquick; install-deps.sh --bench does)"))
        }
        guard let text = try? FileReader.read(source, limit: 1 << 20, what: "the Qt Quick peer's source") else {
            return .failure(Unavailable(reason: "cannot read \(source)"))
        }
        let flags = (try? ChildProcess.run("pkg-config", ["--cflags", "--libs", "Qt6Quick"]))?.output ?? ""
        let command = "g++ -O2 -std=c++17 -fPIC -o \"$1\" \"$2\" " + flags.split(separator: "\n").joined(separator: " ")
        let digest = SHA256.hex(text + Array(command.utf8))
        let directory = self.cacheDirectory()
        let executable = directory + "/qtquick-peer"
        let stamp = directory + "/qtquick-peer.sha256"
        if access(executable, X_OK) == 0, let kept = try? FileReader.read(stamp, limit: 256, what: "the Qt Quick peer's digest"),
            String(decoding: kept, as: UTF8.self) == digest
        {
            return .success(QtQuickPeer(executable: executable, origin: "kept in \(directory)"))
        }
        context.report("bench: building the Qt Quick peer into \(directory) (g++, Qt6Quick)")
        _ = try? ChildProcess.runToStandardError("mkdir", ["-p", directory])
        let start = MonotonicTime.now()
        guard (try? ChildProcess.runToStandardError("sh", ["-c", command, "sh", executable, source])) == 0 else {
            return .failure(Unavailable(reason: "the Qt Quick peer did not build (g++ \(source); its errors are above)"))
        }
        let seconds = Double((MonotonicTime.now() - start).value) / 1e9
        try? FileBytes.writeAtomically(Array(digest.utf8), to: stamp)
        return .success(QtQuickPeer(executable: executable, origin: "built now in \(String(fixed: seconds, decimals: 1)) s into \(directory)"))
    }

    /// Draws `scene` `passes` times (the first a warm-up) and returns the last pass's frame
    /// times: the render alone, and the render plus the copy of the frame's damage into a
    /// framebuffer (what linuxfb's flush does on a panel); with `snapshot`, saves that frame of
    /// the last pass as a PNG.
    func run(scene: String, passes: Int, snapshot: (frame: Int, path: String)?) throws(VitrineError) -> (render: TimingSamples, flushed: TimingSamples) {
        var arguments = [scene, "--passes", String(passes)]
        if let snapshot { arguments += ["--snapshot", String(snapshot.frame), snapshot.path] }
        let result = try ChildProcess.run(self.executable, arguments)
        guard result.status == 0 else {
            throw VitrineError(.ioFailure, "\(self.executable) failed with status \(result.status) on \(scene)", hint: "its error is printed above")
        }
        var render = TimingSamples()
        var flushed = TimingSamples()
        for line in result.output.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count == 4, Int(fields[1]) == passes - 1, let milliseconds = Double(fields[2]), let copy = Double(fields[3]) else { continue }
            render.append(milliseconds)
            flushed.append(milliseconds + copy)
        }
        return (render, flushed)
    }

    private static var multiarch: String {
        #if arch(arm64)
            "aarch64-linux-gnu"
        #else
            "x86_64-linux-gnu"
        #endif
    }

    private static func cacheDirectory() -> String {
        let cache =
            Environment.value("XDG_CACHE_HOME").flatMap { $0.isEmpty ? nil : $0 }
            ?? (Environment.value("HOME") ?? "/tmp") + "/.cache"
        return cache + "/vitrine-bench/qtquick-peer"
    }

    /// `$VITRINE_SOURCE_DIR/scripts/bench/…`, `./scripts/bench/…`, or beside an ancestor of the
    /// executable, as `OpenCVPeer` finds its script.
    private static func findSource() -> String? { BenchSource.find("scripts/bench/qtquick-peer/main.cpp") }
}
