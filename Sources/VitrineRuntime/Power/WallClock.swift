import Glibc

/// A moment on the local wall clock, as `localtime_r` describes it.
public struct LocalTime: Sendable, Equatable, CustomStringConvertible {
    /// Seconds since 1970-01-01 UTC.
    public var epochSeconds: Int64
    public var weekday: Weekday
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Seconds east of UTC in force at that moment (`tm_gmtoff`): it changes at a
    /// daylight-saving switch.
    public var utcOffset: Int

    public init(epochSeconds: Int64, weekday: Weekday, hour: Int, minute: Int, second: Int, utcOffset: Int) {
        self.epochSeconds = epochSeconds
        self.weekday = weekday
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffset = utcOffset
    }

    public var description: String {
        "\(self.weekday) \(TimeOfDay(hour: self.hour, minute: self.minute)):\(self.second < 10 ? "0" : "")\(self.second) UTC\(self.utcOffset >= 0 ? "+" : "")\(self.utcOffset / 3600)"
    }
}

/// The wall clock the power schedule reads: injected, so tests choose the time, the time zone
/// and its daylight-saving changes, and step it.
public protocol WallClock: AnyObject {
    /// Seconds since the epoch now (steps when NTP or an administrator sets the clock).
    var epochSeconds: Int64 { get }
    /// The local time at `epochSeconds`.
    func localTime(at epochSeconds: Int64) -> LocalTime
}

extension WallClock {
    public var localNow: LocalTime { self.localTime(at: self.epochSeconds) }
}

/// The system's clock and time zone: `time()` and `localtime_r()`, after `tzset()` so a changed
/// /etc/localtime (timedatectl set-timezone) is picked up (glibc re-reads the zone file when it
/// changed; localtime_r alone need not, POSIX.1-2017 localtime).
public final class SystemWallClock: WallClock {
    public init() {}

    public var epochSeconds: Int64 { Int64(time(nil)) }

    public func localTime(at epochSeconds: Int64) -> LocalTime {
        tzset()
        var seconds = time_t(epochSeconds)
        var parts = tm()
        _ = localtime_r(&seconds, &parts)
        return LocalTime(
            epochSeconds: epochSeconds, weekday: Weekday(rawValue: Int(parts.tm_wday)) ?? .sun,
            hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: min(59, Int(parts.tm_sec)), utcOffset: Int(parts.tm_gmtoff))
    }
}
