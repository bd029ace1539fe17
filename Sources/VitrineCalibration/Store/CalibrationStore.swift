import Glibc
import VitrineCore
import VitrineSystem

extension VitrineError.Code {
    /// A calibration matrix or calibration file that cannot be used.
    public static let invalidCalibration = VitrineError.Code("invalid-calibration")
}

/// The kiosk's calibration directory: one file per touch device, read when the device appears.
///
/// Format (Docs/input.md, "Calibration files"): `<key>.env` (see `CalibrationKey`) holding
///
///     # device: ELAN Touchscreen
///     LIBINPUT_CALIBRATION_MATRIX="1.02 0 -0.01 0 0.98 0.02"
///
/// — libinput's udev property in the `KEY="value"` form udev's `IMPORT{file}` reads, so the same
/// file can also feed a udev rule. Other keys and other comments are ignored.
public struct CalibrationStore: Sendable {
    /// Where the kiosk keeps calibrations: under `/var/lib` (systemd `StateDirectory=vitrine`),
    /// because a calibration is written by the device at run time, not shipped.
    public static let defaultDirectory = "/var/lib/vitrine/calibration"
    /// The udev property, and the one key of a calibration file Vitrine reads.
    public static let propertyName = "LIBINPUT_CALIBRATION_MATRIX"
    /// The file name suffix.
    public static let fileExtension = ".env"
    /// The largest calibration file read (64 KiB): one is a comment and one line, under 200
    /// bytes; anything near this is not a calibration file.
    public static let largestFile = 64 << 10

    /// One calibration file.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var path: String
        /// The `# device:` comment: the name of the device it was written for.
        public var deviceName: String?
        /// The matrix, when the file has a readable one.
        public var matrix: CalibrationMatrix?
        /// Why the file has no usable matrix (unreadable, no property, not six numbers).
        public var problem: String?

        public init(key: String, path: String, deviceName: String? = nil, matrix: CalibrationMatrix?, problem: String? = nil) {
            self.key = key
            self.path = path
            self.deviceName = deviceName
            self.matrix = matrix
            self.problem = problem
        }
    }

    public let directory: String
    public private(set) var entries: [String: Entry]
    /// Why the directory could not be read (a missing directory is not a problem: no device has
    /// been calibrated yet).
    public private(set) var problems: [VitrineError]

    public init(directory: String, entries: [Entry], problems: [VitrineError] = []) {
        self.directory = directory
        self.entries = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.problems = problems
    }

    /// A store with nothing in it.
    public static func empty(directory: String = defaultDirectory) -> CalibrationStore {
        CalibrationStore(directory: directory, entries: [])
    }

    /// Reads every `*.env` file in `directory`.
    public static func load(directory: String = defaultDirectory) -> CalibrationStore {
        let names: [String]
        do {
            names = try Directory.entryNamesOrError(directory)
        } catch {
            if error.errno == ENOENT { return .empty(directory: directory) }
            let problem = VitrineError(
                .invalidCalibration, "cannot read the calibration directory \(directory)",
                hint:
                    "touch devices run uncalibrated until it can be read: it must be a folder the kiosk's user can read and enter (owner vitrine, mode 0750: chown vitrine: \(directory) && chmod 750 \(directory))",
                cause: error)
            return CalibrationStore(directory: directory, entries: [], problems: [problem])
        }
        var entries: [Entry] = []
        for name in names.sorted() where name.hasSuffix(self.fileExtension) && name.count > self.fileExtension.count {
            let key = String(name.dropLast(self.fileExtension.count))
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            do {
                entries.append(self.parse(try FileReader.readText(path, limit: Self.largestFile, what: "a calibration file"), key: key, path: path))
            } catch {
                entries.append(Entry(key: key, path: path, matrix: nil, problem: "it cannot be read: \(error.summary)"))
            }
        }
        return CalibrationStore(directory: directory, entries: entries)
    }

    /// Reads one file's text.
    public static func parse(_ text: String, key: String, path: String) -> Entry {
        var entry = Entry(key: key, path: path, matrix: nil)
        var value: String? = nil
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#") {
                let comment = line.dropFirst().drop { $0 == " " }
                if comment.hasPrefix("device:") {
                    entry.deviceName = String(comment.dropFirst("device:".count).drop { $0 == " " })
                }
                continue
            }
            guard let equals = line.firstIndex(of: "="), line[..<equals] == Self.propertyName else { continue }
            var text = line[line.index(after: equals)...].drop(while: { $0 == " " })
            while let last = text.last, last == " " || last == "\r" || last == "\t" { text = text.dropLast() }
            if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
                text = text.dropFirst().dropLast()
            }
            value = String(text)
        }
        guard let value else {
            entry.problem = "it has no \(Self.propertyName)=\"a b c d e f\" line"
            return entry
        }
        guard let matrix = CalibrationMatrix(udevValue: value) else {
            entry.problem = "\(Self.propertyName) \(QuotedValue.quoted(value)) is not six numbers"
            return entry
        }
        entry.matrix = matrix
        return entry
    }

    /// The file stored under `key`, if any.
    public func entry(forKey key: String) -> Entry? { self.entries[key] }

    /// The calibration a device runs with, and a warning when something configured was rejected.
    ///
    /// A file for the device wins over its udev property (the property is libinput's default,
    /// applied before Vitrine sees the device); a matrix that is unreadable, not finite, out of
    /// range (`CalibrationMatrix.maximumScale`, `maximumOffset`) or degenerate is rejected and the
    /// identity used, so one bad value never makes the screen untouchable.
    /// - Parameters:
    ///   - name: the device's name, for messages.
    ///   - key: its `CalibrationKey`.
    ///   - udevMatrix: its `LIBINPUT_CALIBRATION_MATRIX` (libinput's default matrix), if set.
    public func resolve(name: String, key: String, udevMatrix: CalibrationMatrix?) -> (calibration: ActiveCalibration, warning: VitrineError?) {
        if let entry = self.entries[key] {
            if let matrix = entry.matrix, matrix.defect == nil {
                return (ActiveCalibration(matrix: matrix, source: .file(path: entry.path)), nil)
            }
            let reason = entry.problem ?? entry.matrix?.defect?.description ?? "it is unusable"
            return (
                .identity,
                VitrineError(
                    .invalidCalibration, "calibration file \(entry.path) for touch device '\(name)' is rejected: \(reason); using the identity matrix",
                    hint: "fix or delete the file and recalibrate (Docs/input.md, \"Calibration files\")")
            )
        }
        if let udevMatrix {
            if let defect = udevMatrix.defect {
                return (
                    .identity,
                    VitrineError(
                        .invalidCalibration,
                        "udev property \(Self.propertyName)=\"\(udevMatrix.udevValue)\" of touch device '\(name)' is rejected: \(defect); using the identity matrix",
                        hint: "fix the udev rule or hwdb entry that sets it (see `udevadm info -q property -n /dev/input/eventN`)")
                )
            }
            return (ActiveCalibration(matrix: udevMatrix, source: .udevProperty), nil)
        }
        return (.identity, nil)
    }
}
