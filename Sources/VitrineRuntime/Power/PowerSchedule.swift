/// A day of the week, numbered as `struct tm`'s `tm_wday` (0 = Sunday; C11 §7.27.1), named in
/// configs by its first three English letters.
public enum Weekday: Int, CaseIterable, Sendable, Comparable, CustomStringConvertible {
    case sun = 0, mon, tue, wed, thu, fri, sat

    /// `mon`, `tue`, …: the names a config uses.
    public var name: String { Self.names[self.rawValue] }
    public var description: String { self.name }
    public static let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    public init?(name: String) {
        guard let index = Self.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: index)
    }

    /// The day after this one.
    public var next: Weekday { Weekday(rawValue: (self.rawValue + 1) % 7)! }

    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }
}

/// A wall-clock time of day to the minute, written `HH:MM` (00:00 to 23:59).
public struct TimeOfDay: Sendable, Equatable, Comparable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init(hour: Int, minute: Int) {
        precondition((0..<24).contains(hour) && (0..<60).contains(minute), "a time of day is 00:00 to 23:59")
        self.hour = hour
        self.minute = minute
    }

    /// Parses `07:30` (two digits each; 24-hour clock). Nil for anything else.
    public init?(parsing text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":") else { return nil }
        let digits = [bytes[0], bytes[1], bytes[3], bytes[4]]
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        let values = digits.map { Int($0 - UInt8(ascii: "0")) }
        let hour = values[0] * 10 + values[1]
        let minute = values[2] * 10 + values[3]
        guard hour < 24, minute < 60 else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public var minuteOfDay: Int { self.hour * 60 + self.minute }
    public var description: String {
        (self.hour < 10 ? "0" : "") + "\(self.hour):" + (self.minute < 10 ? "0" : "") + "\(self.minute)"
    }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minuteOfDay < b.minuteOfDay }
}

/// One line of a power schedule: on those days the panel is on from `on` until `off`. An `off`
/// earlier than `on` means the on-period crosses midnight: it ends at `off` the next morning
/// (a Friday 18:00–02:00 period keeps the panel on until Saturday 02:00).
public struct PowerPeriod: Sendable, Equatable {
    /// The days the period starts on.
    public var days: [Weekday]
    public var on: TimeOfDay
    public var off: TimeOfDay

    public init(days: [Weekday], on: TimeOfDay, off: TimeOfDay) {
        self.days = days
        self.on = on
        self.off = off
    }

    public var crossesMidnight: Bool { self.off < self.on }
}

/// When the panel is meant to be on, week by week, in local wall-clock time.
///
/// Pure: it answers for a given local time and never counts elapsed time, so it stays right
/// across midnight, across daylight-saving changes (a 02:30 that never comes is simply passed:
/// the first check after it sees the later state) and after the clock is stepped. An empty
/// schedule means always on. Periods that overlap add up (on while any of them is).
public struct PowerSchedule: Sendable, Equatable {
    public static let minutesPerWeek = 7 * 24 * 60

    public var periods: [PowerPeriod]

    public init(periods: [PowerPeriod]) {
        self.periods = periods
    }

    /// The on-intervals as [start, end) minutes of the week (Sunday 00:00 = 0); an interval
    /// past Saturday midnight continues at the week's start.
    private var intervals: [(start: Int, end: Int)] {
        var result: [(start: Int, end: Int)] = []
        for period in self.periods {
            let length =
                period.crossesMidnight
                ? 24 * 60 - period.on.minuteOfDay + period.off.minuteOfDay
                : period.off.minuteOfDay - period.on.minuteOfDay
            for day in period.days {
                let start = day.rawValue * 24 * 60 + period.on.minuteOfDay
                result.append((start, start + length))
            }
        }
        return result
    }

    /// Whether the panel should be on at `minute` of `hour` on `weekday` (local time).
    public func isOn(weekday: Weekday, hour: Int, minute: Int) -> Bool {
        if self.periods.isEmpty { return true }
        let m = weekday.rawValue * 24 * 60 + hour * 60 + minute
        let week = Self.minutesPerWeek
        return self.intervals.contains { interval in
            // Shifted by a week too, for an interval that wrapped past Saturday midnight.
            (interval.start <= m && m < interval.end) || (interval.start <= m + week && m + week < interval.end)
        }
    }

    /// Whole minutes from the given local minute to the next on or off boundary (1 to a week),
    /// or nil when the schedule has none (empty: always on). Counted on the wall clock: a
    /// daylight-saving change in between moves the real instant, which is why the runtime also
    /// re-checks periodically.
    public func minutesToNextBoundary(weekday: Weekday, hour: Int, minute: Int) -> Int? {
        let m = weekday.rawValue * 24 * 60 + hour * 60 + minute
        let week = Self.minutesPerWeek
        var best: Int?
        for interval in self.intervals {
            for boundary in [interval.start, interval.end] {
                let distance = ((boundary - m) % week + week) % week
                let ahead = distance == 0 ? week : distance
                if ahead < (best ?? .max) { best = ahead }
            }
        }
        return best
    }
}
