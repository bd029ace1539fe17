import VitrineCore

/// `vitrine.service` as systemd sees it (`systemctl show`, systemd.service(5)): whether it is
/// installed, running, enabled, how often it restarted and why it last stopped.
public struct DoctorService: Sendable, Equatable {
    public static let unit = "vitrine.service"
    /// The properties read (org.freedesktop.systemd1(5)).
    public static let properties = [
        "LoadState", "ActiveState", "SubState", "Result", "ExecMainStatus", "ExecMainCode", "NRestarts", "MainPID", "UnitFileState",
        "StatusText", "User", "SupplementaryGroups"
    ]

    /// nil when systemctl is absent or does not answer (no systemd).
    public var values: [String: String]?

    public init(values: [String: String]?) { self.values = values }

    /// Asks systemd.
    public static func load(_ system: DoctorSystem, unit: String = DoctorService.unit) -> DoctorService {
        guard let answer = system.run(["systemctl", "show", unit, "--property=" + self.properties.joined(separator: ",")]), answer.status == 0 else {
            return DoctorService(values: nil)
        }
        return DoctorService(values: self.parse(answer.output))
    }

    /// `Key=Value` lines.
    public static func parse(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return values
    }

    public subscript(_ key: String) -> String { self.values?[key] ?? "" }

    /// Installed: systemd has a unit file for it.
    public var isInstalled: Bool { self.values != nil && self["LoadState"] != "not-found" && !self["LoadState"].isEmpty }
    public var isActive: Bool { self["ActiveState"] == "active" }
    /// The main process while it runs.
    public var mainPID: Int? { Int(self["MainPID"]).flatMap { $0 > 0 ? $0 : nil } }
    /// The service user (`User=`), `vitrine` when systemd does not say.
    public var user: String { self["User"].isEmpty ? "vitrine" : self["User"] }
    /// `SupplementaryGroups=`.
    public var supplementaryGroups: [String] { self["SupplementaryGroups"].split(separator: " ").map(String.init) }

    /// The service lines. `journal` is the unit's log of this boot (the last stop's reason), when readable.
    public func findings(journal: String?) -> [DoctorFinding] {
        guard self.values != nil else {
            return [
                .warn(
                    "service", "systemctl is absent or does not answer: \(Self.unit) is not checked",
                    fix: "the kiosk service needs systemd (Docs/deployment.md)")
            ]
        }
        guard self.isInstalled else {
            return [
                .warn(
                    "service", "\(Self.unit) is not installed",
                    fix:
                        "install it: sudo apt-get install ./vitrine_*.deb (scripts/build-deb.sh builds it), or sudo scripts/install.sh --config YOUR-KIOSK.json (Docs/deployment.md)"
                )
            ]
        }
        var findings: [DoctorFinding] = []
        let state = "\(self["ActiveState"]) (\(self["SubState"]))"
        let restarts = Int(self["NRestarts"]) ?? 0
        let lastStop = journal.flatMap(Self.lastStop)
        let lastExit = "Result=\(self["Result"]), \(self.mainExit)"
        switch self["ActiveState"] {
        case "active":
            let status = self["StatusText"].isEmpty ? "" : ", status \"\(self["StatusText"])\""
            findings.append(
                .ok("service", "\(Self.unit) \(state), pid \(self.mainPID.map(String.init) ?? "?")\(status), \(restarts) restart\(restarts == 1 ? "" : "s")"))
        case "failed":
            findings.append(.fail("service", "\(Self.unit) \(state): \(lastExit)", fix: "see why: journalctl -u vitrine -b; then systemctl restart vitrine"))
        case "activating", "deactivating", "reloading":
            findings.append(.warn("service", "\(Self.unit) \(state), last exit \(lastExit)", fix: "if it stays so, see why: journalctl -u vitrine -b"))
        default:
            if self["Result"] == "success" || self["Result"].isEmpty {
                findings.append(.warn("service", "\(Self.unit) \(state): not running (last exit \(lastExit))", fix: "systemctl start vitrine"))
            } else {
                findings.append(
                    .fail("service", "\(Self.unit) \(state): \(lastExit)", fix: "see why: journalctl -u vitrine -b; then systemctl restart vitrine"))
            }
        }
        if restarts > 0 {
            let watchdog = lastStop?.contains("watchdog") == true || self["Result"] == "watchdog"
            let why = lastStop.map { ", last stop: \($0)" } ?? " (the journal, readable by root or the systemd-journal group, says why)"
            findings.append(
                .warn(
                    "service", "\(Self.unit) restarted \(restarts) time\(restarts == 1 ? "" : "s") since it was started\(why)",
                    fix: watchdog
                        ? "the watchdog killed a hung kiosk: report it with journalctl -u vitrine -b at VITRINE_LOG_LEVEL=debug (Docs/deployment.md, Troubleshooting)"
                        : "see the crashes: journalctl -u vitrine -b"))
        }
        switch self["UnitFileState"] {
        case "enabled", "enabled-runtime", "static", "linked", "":
            break
        default:
            findings.append(.warn("service", "\(Self.unit) is \(self["UnitFileState"]): the kiosk does not start at boot", fix: "systemctl enable vitrine"))
        }
        return findings
    }

    /// How the last main process ended: ExecMainCode is the `si_code` of its SIGCHLD
    /// (waitid(2): CLD_EXITED 1, CLD_KILLED 2, CLD_DUMPED 3), ExecMainStatus its exit status or signal.
    var mainExit: String {
        let status = self["ExecMainStatus"]
        switch self["ExecMainCode"] {
        case "2": return "killed by signal \(status)"
        case "3": return "dumped core on signal \(status)"
        default: return "exit status \(status.isEmpty ? "0" : status)"
        }
    }

    /// The last `Failed with result '…'` or `Watchdog timeout` line of the unit's journal.
    static func lastStop(_ journal: String) -> String? {
        let lines = journal.split(separator: "\n").filter {
            $0.contains("Failed with result") || $0.contains("Watchdog timeout") || $0.contains("Main process exited")
        }
        guard let last = lines.last else { return nil }
        let text = last.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? String(last)
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
