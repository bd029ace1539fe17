import VitrineCore

/// One line of `vitrine doctor`: a check's verdict, what it saw, and for a warning or a failure
/// what to do (naming the file, device, group or package).
public struct DoctorFinding: Sendable, Equatable, CustomStringConvertible {
    /// `ok`: as the kiosk needs it; `warn`: works, but something is off or could not be checked;
    /// `fail`: the kiosk cannot do its job (no picture, no touch, a broken config).
    public enum Level: String, Sendable, Comparable {
        case ok, warn, fail

        public static func < (a: Level, b: Level) -> Bool { a.rank < b.rank }
        var rank: Int { self == .ok ? 0 : self == .warn ? 1 : 2 }
    }

    public var level: Level
    /// The check's area: `drm`, `input`, `calibration`, `config`, `service`, `vt`.
    public var area: String
    public var message: String
    /// What to do about it; nil for `ok`.
    public var fix: String?

    public init(_ level: Level, _ area: String, _ message: String, fix: String? = nil) {
        self.level = level
        self.area = area
        self.message = message
        self.fix = fix
    }

    public static func ok(_ area: String, _ message: String) -> DoctorFinding { DoctorFinding(.ok, area, message) }
    public static func warn(_ area: String, _ message: String, fix: String) -> DoctorFinding { DoctorFinding(.warn, area, message, fix: fix) }
    public static func fail(_ area: String, _ message: String, fix: String) -> DoctorFinding { DoctorFinding(.fail, area, message, fix: fix) }

    /// `ok   drm: card0 (bochs-drm) Virtual-1 connected 1280x800@60.00`, or with ` — FIX`.
    public var description: String {
        let label = self.level.rawValue + String(repeating: " ", count: 5 - self.level.rawValue.count)
        return label + "\(self.area): \(self.message)" + (self.fix.map { " — \($0)" } ?? "")
    }

    /// `{"level": "fail", "area": "input", "message": "…", "fix": "…"}`.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("level", .string(self.level.rawValue)), ("area", .string(self.area)), ("message", .string(self.message))
        ]
        if let fix = self.fix { members.append(("fix", .string(fix))) }
        return .object(members)
    }
}

/// Everything `vitrine doctor` found, in check order.
public struct DoctorReport: Sendable, Equatable {
    public var findings: [DoctorFinding]

    public init(findings: [DoctorFinding]) { self.findings = findings }

    /// The worst level found.
    public var worst: DoctorFinding.Level { self.findings.map(\.level).max() ?? .ok }

    /// 1 when a check failed, else 0: warnings do not fail (a kiosk that works but could be
    /// better still works).
    public var exitStatus: Int32 { self.worst == .fail ? 1 : 0 }

    /// One line per finding, then a summary line.
    public var text: String {
        let count = { (level: DoctorFinding.Level) in self.findings.filter { $0.level == level }.count }
        let summary = "\(count(.ok)) ok, \(count(.warn)) warn, \(count(.fail)) fail"
        return self.findings.map(\.description).joined(separator: "\n") + (self.findings.isEmpty ? "" : "\n") + summary + "\n"
    }

    /// `{"status": "fail", "findings": [...]}` for `--json`.
    public var json: JSONValue {
        .object([("status", .string(self.worst.rawValue)), ("findings", .array(self.findings.map(\.json)))])
    }
}
