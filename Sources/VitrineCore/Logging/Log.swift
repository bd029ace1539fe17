/// Severity, numbered like syslog so the stderr sink can prefix `<N>` for journald. Ordered by
/// verbosity: `.error < .warning < … < .debug`; a line is written when its level is `<=` the
/// configured minimum.
public enum LogLevel: Int, Comparable, Sendable, CustomStringConvertible {
    case error = 3
    case warning = 4
    case notice = 5
    case info = 6
    case debug = 7

    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .notice: "notice"
        case .info: "info"
        case .debug: "debug"
        }
    }

    public init?(name: String) {
        switch name.lowercased() {
        case "error": self = .error
        case "warning", "warn": self = .warning
        case "notice": self = .notice
        case "info": self = .info
        case "debug": self = .debug
        default: return nil
        }
    }
}

/// One log line.
public struct LogEntry: Sendable, Equatable {
    public var level: LogLevel
    public var subsystem: String
    public var message: String
}

/// Where log lines go. Implementations must be thread-safe (a bench thread may log).
public protocol LogSink: AnyObject, Sendable {
    func write(_ entry: LogEntry)
}

/// Writes `vitrine[subsystem] level: message` to stderr. Under systemd (`JOURNAL_STREAM` set)
/// each line starts with `<N>`, the syslog priority journald understands.
public final class StderrLogSink: LogSink {
    let journald: Bool

    public init(journald: Bool) {
        self.journald = journald
    }

    public func write(_ entry: LogEntry) {
        var line = ""
        if self.journald { line += "<\(entry.level.rawValue)>" }
        line += "vitrine[\(entry.subsystem)] "
        if entry.level <= .notice || !self.journald { line += "\(entry.level): " }
        line += entry.message + "\n"
        StandardStreams.writeError(line)
    }
}

/// Keeps entries in memory; tests assert on them.
public final class MemoryLogSink: LogSink {
    private let storage = Locked<[LogEntry]>([])

    public init() {}

    public func write(_ entry: LogEntry) {
        self.storage.withLock { $0.append(entry) }
    }

    public var entries: [LogEntry] { self.storage.withLock { $0 } }
    public var messages: [String] { self.entries.map(\.message) }
}

/// Drops every entry: for a component whose caller reports through what it returns and throws.
public final class DiscardingLogSink: LogSink {
    public init() {}
    public func write(_ entry: LogEntry) {}
}

/// A named logger. Components take one in their initialiser (defaulting to the global sink) so
/// tests can hand them a `MemoryLogSink`.
public struct Logger: Sendable {
    public let subsystem: String
    public let sink: LogSink?

    /// A logger writing to `sink`, or to the process-wide sink when `sink` is nil.
    public init(_ subsystem: String, sink: LogSink? = nil) {
        self.subsystem = subsystem
        self.sink = sink
    }

    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        let target: LogSink
        if let sink = self.sink {
            target = sink
        } else {
            guard level <= Log.minimumLevel else { return }
            target = Log.sink
        }
        target.write(LogEntry(level: level, subsystem: self.subsystem, message: message()))
    }

    public func error(_ message: @autoclosure () -> String) { self.log(.error, message()) }
    public func warning(_ message: @autoclosure () -> String) { self.log(.warning, message()) }
    public func notice(_ message: @autoclosure () -> String) { self.log(.notice, message()) }
    public func info(_ message: @autoclosure () -> String) { self.log(.info, message()) }
    public func debug(_ message: @autoclosure () -> String) { self.log(.debug, message()) }
}

/// The process-wide log configuration, set once at start-up by the command line.
public enum Log {
    private static let state = Locked<(sink: LogSink, level: LogLevel)>(
        (StderrLogSink(journald: StandardStreams.stderrIsJournal), .info))

    public static var sink: LogSink { self.state.withLock { $0.sink } }
    /// A sink that drops everything (`DiscardingLogSink`).
    public static let discard: LogSink = DiscardingLogSink()
    public static var minimumLevel: LogLevel { self.state.withLock { $0.level } }

    public static func configure(sink: LogSink? = nil, minimumLevel: LogLevel? = nil) {
        self.state.withLock { state in
            if let sink { state.sink = sink }
            if let minimumLevel { state.level = minimumLevel }
        }
    }
}
