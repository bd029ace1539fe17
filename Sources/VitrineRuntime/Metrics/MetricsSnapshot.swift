import VitrineCore

/// What the kiosk is doing at one moment, as the metrics file says it (Docs/fleet.md, "Metrics"):
/// the values, and their text in Prometheus's exposition format 0.0.4 — `# HELP` and `# TYPE`
/// for each family, then `name{labels} value` lines — which node_exporter's textfile collector
/// reads (https://prometheus.io/docs/instrumenting/exposition_formats/).
public struct MetricsSnapshot: Sendable, Equatable {
    /// False in the last file a kiosk writes as it stops cleanly.
    public var up = true
    /// The 99th percentile of the frames' render times since the previous write, in seconds (0
    /// when none was drawn).
    public var frameTimeP99 = 0.0
    /// Frames drawn since the start (`FrameClock.sequence`: the frame callbacks run, the state's
    /// `frames_drawn`; a reload does not reset it).
    public var framesDrawn: UInt64 = 0
    /// Frames seen a refresh late or later (`FrameClock.lateFrames`).
    public var framesDropped: UInt64 = 0
    /// Starts of the kiosk since the machine booted, this one included.
    public var starts = 1
    /// Nil before the first touch.
    public var secondsSinceTouch: Double?
    public var blank = false
    /// The config shown (the last good one); nil before one loaded.
    public var config: ConfigVersion?
    /// The data store's version, for a scene that has one (`data_version` in its state).
    public var dataVersion: Double?
    public var controlClients = 0
    /// The error page is shown.
    public var error = false
    /// The boot the file was written in (`/proc/sys/kernel/random/boot_id`), kept as a comment
    /// so the next start counts on from `starts` in the same boot and from 1 after a reboot.
    public var bootID: String?

    public init() {}

    /// The comment line that carries `bootID`.
    static let bootPrefix = "# vitrine_boot_id "

    /// The file's text: one family per metric, `# HELP`, `# TYPE`, then its sample.
    public var text: String {
        var lines = ["# Vitrine's metrics for node_exporter's textfile collector (vitrine run --metrics; Docs/fleet.md)."]
        if let boot = self.bootID { lines.append(Self.bootPrefix + boot) }
        func family(_ name: String, _ type: String, _ help: String, _ samples: [String]) {
            lines.append("# HELP \(name) \(help)")
            lines.append("# TYPE \(name) \(type)")
            lines.append(contentsOf: samples)
        }
        func flag(_ value: Bool) -> String { value ? "1" : "0" }
        family("vitrine_up", "gauge", "1 while the kiosk runs, 0 once it stopped cleanly.", ["vitrine_up \(flag(self.up))"])
        family(
            "vitrine_frame_time_p99_seconds", "gauge", "99th percentile of the time to render a frame since the previous write (0: none drawn).",
            ["vitrine_frame_time_p99_seconds \(Self.number(self.frameTimeP99))"])
        family(
            "vitrine_frames_drawn_total", "counter", "Frames drawn since the kiosk started (none while idle or blank).",
            ["vitrine_frames_drawn_total \(self.framesDrawn)"])
        family(
            "vitrine_frames_dropped_total", "counter", "Frames shown a refresh or more after the vblank they were drawn for.",
            ["vitrine_frames_dropped_total \(self.framesDropped)"])
        family("vitrine_starts_total", "counter", "Starts of the kiosk since the machine booted.", ["vitrine_starts_total \(self.starts)"])
        if let seconds = self.secondsSinceTouch {
            family("vitrine_last_touch_seconds", "gauge", "Seconds since the last touch.", ["vitrine_last_touch_seconds \(Self.number(seconds))"])
        }
        family("vitrine_blank", "gauge", "1 while the panel is blank.", ["vitrine_blank \(flag(self.blank))"])
        if let config = self.config {
            family(
                "vitrine_config_info", "gauge", "The config shown: its path and the SHA-256 of its content.",
                ["vitrine_config_info{path=\"\(Self.label(config.path))\",sha256=\"\(Self.label(config.sha256))\"} 1"])
        }
        if let version = self.dataVersion {
            family("vitrine_data_version", "gauge", "The data store's version.", ["vitrine_data_version \(Self.number(version))"])
        }
        family("vitrine_control_clients", "gauge", "Programs connected to the control socket.", ["vitrine_control_clients \(self.controlClients)"])
        family("vitrine_error", "gauge", "1 while the error page is shown.", ["vitrine_error \(flag(self.error))"])
        return lines.joined(separator: "\n") + "\n"
    }

    /// The starts counted in an earlier file's `text`, when it was written in boot `bootID`.
    static func starts(inPrevious text: String, bootID: String) -> Int? {
        var sameBoot = false
        var starts: Int?
        for line in text.split(separator: "\n") {
            if line.hasPrefix(Self.bootPrefix) { sameBoot = line.dropFirst(Self.bootPrefix.count) == bootID[...] }
            if line.hasPrefix("vitrine_starts_total ") { starts = Int(line.dropFirst("vitrine_starts_total ".count)) }
        }
        guard sameBoot, let starts, starts > 0, starts < Int.max else { return nil }
        return starts
    }

    /// A sample value: integers without a fraction, others with up to 6 decimals.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(fixed: value, decimals: 6)
    }

    /// A label value escaped as the format asks: backslash, double quote and line feed.
    static func label(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
