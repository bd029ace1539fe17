import Glibc
import VitrineCore
import VitrineGraphics

/// Golden-image comparison for tests: PNG files beside the test, compared channel by channel with
/// a tolerance, rewritten only on purpose (`VITRINE_REGENERATE_GOLDENS=1`; then look at every
/// changed PNG before committing it).
public enum GoldenImage {
    /// The outcome of a comparison, for the test to assert on.
    public struct Comparison: CustomStringConvertible {
        public var path: String
        /// The largest difference of one channel, in 8-bit levels (nil: sizes differ or no file).
        public var worstChannelDifference: Int?
        public var message: String
        public var regenerated: Bool

        public func matches(tolerance: Int) -> Bool {
            self.regenerated || (self.worstChannelDifference.map { $0 <= tolerance } ?? false)
        }

        public var description: String { self.message }
    }

    /// The `Snapshots` folder beside the calling test file.
    public static func snapshotDirectory(for file: String = #filePath) -> String {
        String(file[..<file.lastIndex(of: "/")!]) + "/Snapshots"
    }

    /// Compares `image` with `<directory>/<name>.png`, or writes it when regenerating.
    public static func compare(_ image: PixelBuffer, name: String, directory: String) -> Comparison {
        let path = directory + "/\(name).png"
        if Environment.value("VITRINE_REGENERATE_GOLDENS") == "1" {
            do {
                try PNGCodec.write(image, to: path)
                return Comparison(path: path, worstChannelDifference: 0, message: "regenerated \(path)", regenerated: true)
            } catch {
                return Comparison(path: path, worstChannelDifference: nil, message: "cannot write \(path): \(error)", regenerated: false)
            }
        }
        let golden: PixelBuffer
        do {
            golden = try PNGCodec.read(path: path)
        } catch {
            return Comparison(path: path, worstChannelDifference: nil, message: "\(error) (regenerate with VITRINE_REGENERATE_GOLDENS=1)", regenerated: false)
        }
        guard golden.size == image.size else {
            return Comparison(path: path, worstChannelDifference: nil, message: "\(path) is \(golden.size), the image is \(image.size)", regenerated: false)
        }
        let worst = self.worstChannelDifference(image, golden)
        return Comparison(path: path, worstChannelDifference: worst, message: "\(name): a channel differs by \(worst) from \(path)", regenerated: false)
    }

    /// The largest per-channel difference between two same-sized images (alpha compared only
    /// when both have it).
    public static func worstChannelDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        let shifts: [UInt32] = (a.format == .xrgb8888 || b.format == .xrgb8888) ? [0, 8, 16] : [0, 8, 16, 24]
        var worst = 0
        for y in 0..<a.height {
            let rowA = a.row(y)
            let rowB = b.row(y)
            for x in 0..<a.width where rowA[x] != rowB[x] {
                for shift in shifts {
                    worst = max(worst, abs(Int((rowA[x] >> shift) & 0xFF) - Int((rowB[x] >> shift) & 0xFF)))
                }
            }
        }
        return worst
    }
}

/// A fresh temporary directory, removed (with its files) by `remove()`.
public final class TemporaryDirectory {
    public let path: String

    public init(prefix: String = "vitrine-test") {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        self.path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    public func file(_ name: String) -> String { self.path + "/" + name }

    public func remove() {
        if let dir = opendir(self.path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: Array($0.bindMemory(to: CChar.self).prefix { $0 != 0 }) + [0]) }
                if name != "." && name != ".." { unlink(self.path + "/" + name) }
            }
            closedir(dir)
        }
        rmdir(self.path)
    }
}
