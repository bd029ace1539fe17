import Glibc
import VitrineCore
import VitrineGraphics

/// The results of one `vitrine bench` run: rows, notes and the machine they were measured on,
/// rendered as an aligned text table or as the JSON file `--json` writes:
///
///     {"machine": "...", "rows": [{"name": "...", "ours_ms": .., "peer": "...", "peer_ms": ..,
///      "ratio": .., "p50_ms": .., "p99_ms": .., "mean_abs_err": .., "max_abs_err": ..}],
///      "notes": ["..."]}
///
/// Fields that do not apply to a row are left out; `ratio` is ours ÷ peer. A row measured in
/// another unit than milliseconds (`BenchRow.unit`, e.g. `rss-demo` in MB) names it in its keys
/// instead: `"ours_mb"`, `"peer_mb"`.
public struct BenchTable: Sendable {
    public var machine: String
    public var rows: [BenchRow]
    public var notes: [String]

    public init(machine: String = BenchTable.describeMachine(), rows: [BenchRow], notes: [String] = []) {
        self.machine = machine
        self.rows = rows
        self.notes = notes
    }

    private static let headers = ["name", "ours ms", "peer", "peer ms", "ratio", "p50 ms", "p99 ms", "mean err", "max err"]

    /// The table as aligned text: a header, a rule, one line per row, then the notes.
    public var text: String {
        let cells = self.rows.map { row -> [String] in
            [
                row.name, Self.format(row.oursMilliseconds, 3, unit: row.unit), row.peer ?? "—", Self.format(row.peerMilliseconds, 3, unit: row.unit),
                Self.format(row.ratio, 3), Self.format(row.p50Milliseconds, 3), Self.format(row.p99Milliseconds, 3),
                Self.format(row.meanAbsoluteError, 3), Self.format(row.maximumAbsoluteError, 0)
            ]
        }
        var widths = Self.headers.map(\.count)
        for line in cells {
            for (i, cell) in line.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        func render(_ line: [String]) -> String {
            var text = ""
            for (i, cell) in line.enumerated() {
                let padding = String(repeating: " ", count: widths[i] - cell.count)
                // Names and peers read left-aligned, numbers right-aligned.
                text += (i == 0 || i == 2) ? cell + padding : padding + cell
                text += i == line.count - 1 ? "\n" : "  "
            }
            return text
        }
        var text = "machine: \(self.machine)\n\n" + render(Self.headers)
        text += render(widths.map { String(repeating: "-", count: $0) })
        for line in cells { text += render(line) }
        if !self.notes.isEmpty {
            text += "\n" + self.notes.map { "note: \($0)\n" }.joined()
        }
        return text
    }

    /// The table as JSON (see the type's documentation for the shape).
    public var json: String {
        var rowTexts: [String] = []
        for row in self.rows {
            var fields = ["\"name\": \(JSONValue.quoted(row.name))"]
            // Rows in another unit say so in their keys: "ours_mb", "peer_mb".
            let suffix = row.unit?.lowercased() ?? "ms"
            if let v = row.oursMilliseconds { fields.append("\"ours_\(suffix)\": \(Self.number(v, 4))") }
            if let v = row.peer { fields.append("\"peer\": \(JSONValue.quoted(v))") }
            if let v = row.peerMilliseconds { fields.append("\"peer_\(suffix)\": \(Self.number(v, 4))") }
            if let v = row.ratio { fields.append("\"ratio\": \(Self.number(v, 4))") }
            if let v = row.p50Milliseconds { fields.append("\"p50_ms\": \(Self.number(v, 4))") }
            if let v = row.p99Milliseconds { fields.append("\"p99_ms\": \(Self.number(v, 4))") }
            if let v = row.meanAbsoluteError { fields.append("\"mean_abs_err\": \(Self.number(v, 4))") }
            if let v = row.maximumAbsoluteError { fields.append("\"max_abs_err\": \(Self.number(v, 4))") }
            rowTexts.append("    {" + fields.joined(separator: ", ") + "}")
        }
        var text = "{\n  \"machine\": \(JSONValue.quoted(self.machine)),\n  \"rows\": [\n"
        text += rowTexts.joined(separator: ",\n") + (rowTexts.isEmpty ? "" : "\n") + "  ]"
        if !self.notes.isEmpty {
            text += ",\n  \"notes\": [" + self.notes.map(JSONValue.quoted).joined(separator: ", ") + "]"
        }
        return text + "\n}\n"
    }

    /// Writes `json` to `path` (atomically).
    public func writeJSON(to path: String) throws(VitrineError) {
        try FileBytes.writeAtomically(Array(self.json.utf8), to: path)
    }

    /// CPU model, core count, kernel: "AMD EPYC 7B13, 2 cores, Linux 6.1.0 x86_64".
    public static func describeMachine() -> String {
        var model = "unknown CPU"
        // /proc files report size 0, so read lines until one names the model.
        if let file = fopen("/proc/cpuinfo", "r") {
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 512)
            while fgets(&line, Int32(line.count), file) != nil {
                let text = String(decoding: line.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                guard text.hasPrefix("model name"), let colon = text.firstIndex(of: ":") else { continue }
                model = text[text.index(after: colon)...].trimmingCharacters()
                break
            }
        }
        let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        var names = utsname()
        uname(&names)
        let system = withUnsafeBytes(of: &names.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let release = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let machine = withUnsafeBytes(of: &names.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "\(model), \(cores) cores, \(system) \(release) \(machine)"
    }

    private static func format(_ value: Double?, _ decimals: Int, unit: String? = nil) -> String {
        guard let value else { return "—" }
        return String(fixed: value, decimals: decimals) + (unit.map { " " + $0 } ?? "")
    }

    private static func number(_ value: Double, _ decimals: Int) -> String {
        value.isFinite ? String(fixed: value, decimals: decimals) : "null"
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (no Foundation here).
    func trimmingCharacters() -> String {
        String(self.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
