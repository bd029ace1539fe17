import Testing
import VitrineCalibration
import VitrineCore
import VitrineReplay
import VitrineSystem

/// `Tests/Fuzz/Crashes/<target>/`: the inputs that crashed, hung or misled a parser (found by the
/// fuzz targets, or kept from issue 16's campaign), each read back through the path its fuzz
/// target drives. Adding a crash: the file there, and its expected outcome in `expected` below.
enum FuzzCrashes {
    static let folder: String = {
        var path = String(#filePath)
        for _ in 0..<2 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path + "/Fuzz/Crashes"
    }()

    /// The files kept for `target`, sorted (none when the folder does not exist).
    static func files(_ target: String) -> [String] {
        ((try? Directory.entryNamesOrError(self.folder + "/" + target)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }
}

@Suite("Inputs the fuzz targets and issue 16 found")
struct FuzzCrashTests {
    /// What each kept recording or script must end as: its error's message.
    static let expected: [String: String] = [
        "seconds-1e13.yml":
            "seconds-1e13.yml line 20: the event's time 10000000000000 s is more than 604800 s (a week) after the recording started; replay a shorter recording",
        "slot-maximum-2147483647.yml":
            "slot-maximum-2147483647.yml line 8: absinfo 47 (ABS_MT_SLOT) must be [0, n − 1, …] with at most 1024 slots; the kernel allows no more",
        "slot-maximum-10000000.yml":
            "slot-maximum-10000000.yml line 8: absinfo 47 (ABS_MT_SLOT) must be [0, n − 1, …] with at most 1024 slots; the kernel allows no more",
        "axis-min-equals-max.yml":
            "axis-min-equals-max.yml line 9: absinfo 53: minimum and maximum are both 100; libinput rejects a device with min == max on an axis",
        "nested-50000.yml": "nested-50000.yml line 1: lists and mappings nest more than 64 deep",
        "t-1e13.json": "t-1e13.json line 2: \"t\" 10000000000000.0 is more than 604800000 ms (a week) after the start",
        "t-1e17.json": "t-1e17.json line 2: \"t\" 1e+17 is more than 604800000 ms (a week) after the start",
        "x-1e17.json": "x-1e17.json line 1: \"x\" 1e+17 is more than 100000 points off the screen's origin"
    ]

    @Test(
        "every kept recording and touch script is refused with its expected error, through the same path as the fuzz targets",
        arguments: ["fuzz-recording", "fuzz-touch-script"])
    func recordings(target: String) throws {
        for name in FuzzCrashes.files(target) {
            let path = FuzzCrashes.folder + "/" + target + "/" + name
            let text = try FileReader.readText(path, limit: InputRecording.largestFile, what: "a recording")
            guard let expected = Self.expected[name] else {
                Issue.record("\(target)/\(name) has no expected outcome in FuzzCrashTests.expected")
                continue
            }
            do {
                let run = ReplayRun(recording: try InputRecording.parse(text, file: name), file: name)
                try run.source.start()
                run.loop.runUntilIdle(limit: MonotonicTime(nanoseconds: .max))
                Issue.record("\(name) was replayed (\(run.frames.count) frames), expected: \(expected)")
            } catch {
                #expect(error.message == expected, "\(target)/\(name)")
            }
        }
    }

    @Test("every kept calibration file is rejected naming the file and the value, and the identity is used")
    func calibrations() {
        let directory = FuzzCrashes.folder + "/fuzz-calibration"
        let store = CalibrationStore.load(directory: directory)
        let expected = [
            "offset-1e18": "value 3 (c) 1e+18 is outside ±20 (an offset, in screen widths); no calibration moves touches that far"
        ]
        #expect(Set(store.entries.keys) == Set(expected.keys))
        for (key, reason) in expected {
            let resolved = store.resolve(name: "ELAN Touchscreen", key: key, udevMatrix: nil)
            #expect(resolved.calibration == .identity)
            #expect(
                resolved.warning?.message
                    == "calibration file \(directory)/\(key).env for touch device 'ELAN Touchscreen' is rejected: \(reason); using the identity matrix")
        }
    }
}
