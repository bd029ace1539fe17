import Glibc
import Testing
import VitrineCore
import VitrineHeadless
import VitrineRuntime
import VitrineUI

/// A wall clock tied to a manual loop: `start` epoch at loop time 0, a UTC offset that may
/// change at an instant (daylight saving), and steps (NTP setting the clock).
final class TestWallClock: WallClock {
    let loop: ManualEventLoop
    let start: Int64
    var step: Int64 = 0
    var offset: (Int64) -> Int

    init(loop: ManualEventLoop, start: Int64, offset: @escaping (Int64) -> Int = { _ in 3600 }) {
        self.loop = loop
        self.start = start
        self.offset = offset
    }

    var epochSeconds: Int64 { self.start + self.step + self.loop.now.nanoseconds / 1_000_000_000 }

    func localTime(at epoch: Int64) -> LocalTime {
        let offset = self.offset(epoch)
        let local = epoch + Int64(offset)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let second = Int(local - days * 86_400)
        // 1970-01-01 was a Thursday.
        let weekday = Weekday(rawValue: Int(((days + 4) % 7 + 7) % 7))!
        return LocalTime(epochSeconds: epoch, weekday: weekday, hour: second / 3600, minute: second / 60 % 60, second: second % 60, utcOffset: offset)
    }
}

/// Monday 2024-01-01 00:00 UTC.
let monday2024: Int64 = 1_704_067_200

/// A real window on the headless output, one real button, display power with the real backends
/// for a headless output (frame pause + the recording panel).
final class PowerRig {
    let loop = ManualEventLoop()
    let output: HeadlessOutput
    let window: Window
    let button: Button
    let wall: TestWallClock
    let power: DisplayPower
    let panel: HeadlessPanelPower
    var events: [SceneEvent] = []

    /// - Parameter start: the epoch second at loop time 0.
    init(_ settings: PowerSettings, start: Int64 = monday2024 + 12 * 3600, offset: @escaping (Int64) -> Int = { _ in 3600 }) {
        self.output = HeadlessOutput(logicalSize: PixelSize(width: 320, height: 200), loop: self.loop)
        let window = Window(output: self.output)
        self.window = window
        let button = Button(title: "Press")
        button.frame = Rect(x: 40, y: 40, width: 200, height: 60)
        window.root.backgroundColor = Color(hex: "#203040")!
        window.root.addSubview(button)
        self.button = button
        self.wall = TestWallClock(loop: self.loop, start: start, offset: offset)
        let group = DisplayPower.panel(for: self.output, backlight: .none) { [unowned window] in
            window.compositor.setNeedsFullRedraw()
            window.setNeedsFrame()
        }
        self.panel = group.members.compactMap { $0 as? HeadlessPanelPower }.first!
        self.power = DisplayPower(settings: settings, clock: self.loop, wallClock: self.wall, panel: group, logger: Logger("power", sink: MemoryLogSink()))
        self.power.onEvent = { [unowned self] in self.events.append($0) }
        self.power.attach(to: window)
        self.power.start()
        self.loop.runDueActions()
    }

    func advance(_ seconds: Double) { self.loop.advance(by: .seconds(seconds)) }

    /// The wall-clock epoch second of a loop time.
    func epoch(at time: MonotonicTime) -> Int64 { self.wall.start + self.wall.step + time.nanoseconds / 1_000_000_000 }

    func touch(_ phase: TouchContact.Phase, id: Int = 0, at point: Point = Point(x: 100, y: 70)) {
        self.window.handle(
            TouchFrame(timestamp: UInt64(self.loop.now.nanoseconds / 1000), contacts: [TouchContact(id: id, phase: phase, x: point.x, y: point.y)]))
    }

    func tap(at point: Point = Point(x: 100, y: 70)) {
        self.touch(.began, at: point)
        self.advance(0.05)
        self.touch(.ended, at: point)
        self.advance(0.5)
    }
}

@Suite("Display power")
struct DisplayPowerTests {
    static func schedule(_ periods: [(days: [Weekday], on: String, off: String)]) -> PowerSchedule {
        PowerSchedule(periods: periods.map { PowerPeriod(days: $0.days, on: TimeOfDay(parsing: $0.on)!, off: TimeOfDay(parsing: $0.off)!) })
    }

    static let everyDay = Weekday.allCases

    @Test("a period whose off is earlier than its on crosses midnight, also past Saturday night")
    func acrossMidnight() {
        let s = Self.schedule([([.fri], "18:00", "02:00"), ([.sat], "22:00", "06:00")])
        #expect(!s.isOn(weekday: .fri, hour: 17, minute: 59))
        #expect(s.isOn(weekday: .fri, hour: 18, minute: 0))
        #expect(s.isOn(weekday: .sat, hour: 1, minute: 59))
        #expect(!s.isOn(weekday: .sat, hour: 2, minute: 0))
        #expect(s.isOn(weekday: .sun, hour: 5, minute: 59))
        #expect(!s.isOn(weekday: .sun, hour: 6, minute: 0))
        #expect(!s.isOn(weekday: .thu, hour: 23, minute: 0))
        #expect(s.minutesToNextBoundary(weekday: .fri, hour: 17, minute: 0) == 60)
        #expect(s.minutesToNextBoundary(weekday: .sun, hour: 5, minute: 0) == 60)
        #expect(PowerSchedule(periods: []).isOn(weekday: .mon, hour: 3, minute: 0))
        #expect(PowerSchedule(periods: []).minutesToNextBoundary(weekday: .mon, hour: 3, minute: 0) == nil)
        #expect(TimeOfDay(parsing: "24:00") == nil && TimeOfDay(parsing: "7:30") == nil && TimeOfDay(parsing: "07:30")?.minuteOfDay == 450)
    }

    @Test("the panel blanks at the off time and wakes at the on time, at the right instants across midnight")
    func scheduleRuns() {
        // Monday 21:00 local (UTC+1).
        let rig = PowerRig(PowerSettings(schedule: Self.schedule([(Self.everyDay, "07:30", "22:00")])), start: monday2024 + 20 * 3600)
        #expect(rig.power.state == .on)
        rig.advance(3600 * 12)
        let blank = try! #require(rig.events.first { $0.kind == .blank })
        let wake = try! #require(rig.events.first { $0.kind == .wake })
        #expect(rig.epoch(at: blank.time) == monday2024 + 21 * 3600)  // 22:00 local
        #expect(rig.epoch(at: wake.time) == monday2024 + 30 * 3600 + 1800)  // Tuesday 07:30 local
        #expect(blank.name == "schedule" && wake.name == "schedule")
        #expect(rig.panel.states == [.on, .blank, .on])
    }

    @Test("daylight saving: off at 22:00 local on both sides of the change; a 02:30 that does not exist is passed at the change")
    func springForward() {
        // The offset goes from +1 h to +2 h at Sunday 2024-01-07 01:00 UTC (02:00 local -> 03:00).
        let change = monday2024 + 6 * 86_400 + 3600
        let offset: (Int64) -> Int = { $0 < change ? 3600 : 7200 }
        let schedule = Self.schedule([(Self.everyDay, "07:00", "22:00"), ([.sat], "23:00", "02:30")])
        // Saturday 20:00 local.
        let rig = PowerRig(PowerSettings(schedule: schedule), start: monday2024 + 5 * 86_400 + 19 * 3600, offset: offset)
        rig.advance(3600 * 26)
        let times = rig.events.map { ($0.kind, rig.epoch(at: $0.time)) }
        let saturday = monday2024 + 5 * 86_400
        let sunday = monday2024 + 6 * 86_400
        #expect(times.count == 5)
        guard times.count == 5 else { return }
        #expect(times[0] == (.blank, saturday + 21 * 3600))  // 22:00 at +1
        #expect(times[1] == (.wake, saturday + 22 * 3600))  // 23:00 at +1
        #expect(times[2] == (.blank, change))  // 02:30 never comes: off at 03:00 (+2)
        #expect(times[3] == (.wake, sunday + 5 * 3600))  // 07:00 at +2
        #expect(times[4] == (.blank, sunday + 20 * 3600))  // 22:00 at +2
    }

    @Test("daylight saving ends: the repeated hour does not light the panel again")
    func fallBack() {
        // +2 h until Sunday 01:00 UTC (03:00 local -> 02:00). On Saturday 23:00 until 02:30.
        let change = monday2024 + 6 * 86_400 + 3600
        let offset: (Int64) -> Int = { $0 < change ? 7200 : 3600 }
        let schedule = Self.schedule([([.sat], "23:00", "02:30")])
        let rig = PowerRig(PowerSettings(schedule: schedule), start: monday2024 + 5 * 86_400 + 20 * 3600, offset: offset)
        rig.advance(3600 * 8)
        let times = rig.events.map { ($0.kind, rig.epoch(at: $0.time)) }
        // Blank at start (22:00 is outside the on-time), on at 23:00, off at the first 02:30, and
        // nothing in the repeated hour.
        #expect(times.count == 3)
        guard times.count == 3 else { return }
        #expect(times[1] == (.wake, monday2024 + 5 * 86_400 + 21 * 3600))  // 23:00 at +2
        #expect(times[2] == (.blank, monday2024 + 6 * 86_400 + 30 * 60))  // the first 02:30
        #expect(rig.power.isBlank)
    }

    @Test("a clock stepped back an hour is followed within a minute")
    func clockStepped() {
        // Monday 22:10 local: off.
        let rig = PowerRig(PowerSettings(schedule: Self.schedule([(Self.everyDay, "07:30", "22:00")])), start: monday2024 + 21 * 3600 + 600)
        #expect(rig.power.isBlank)
        rig.wall.step = -3600  // NTP says it is 21:10
        rig.advance(60)
        #expect(rig.power.state == .on)
        #expect(rig.events.last?.kind == .wake)
        rig.advance(48 * 60)  // 21:59
        #expect(rig.power.state == .on)
        rig.advance(60)  // 22:00 on the corrected clock
        #expect(rig.power.isBlank)
    }

    @Test("idle: dim before blank, a touch restarts the count")
    func idle() {
        let rig = PowerRig(PowerSettings(blankAfter: 600, dimAfter: 300, dimLevel: 0.4))
        rig.advance(299)
        #expect(rig.power.state == .on)
        rig.advance(2)
        #expect(rig.power.state == .dimmed)
        #expect(rig.panel.state == .dimmed(level: 0.4))
        rig.tap()  // on a dimmed panel a touch works normally
        #expect(rig.power.state == .on)
        #expect(rig.button.actionCount == 1)
        rig.advance(590)
        #expect(rig.power.state == .dimmed)
        rig.advance(20)
        #expect(rig.power.isBlank)
        #expect(rig.events.map(\.kind) == [.blank])
        #expect(rig.events.first?.name == "idle")
    }

    @Test("a touch on a blank panel wakes it and its whole sequence is swallowed; the next touch presses")
    func wakingTouchSwallowed() {
        let rig = PowerRig(PowerSettings(blankAfter: 60))
        rig.advance(61)
        #expect(rig.power.isBlank)
        // Two fingers: both land, the first lifts, the second moves and lifts.
        rig.touch(.began, id: 0)
        #expect(rig.power.state == .on)
        rig.window.handle(
            TouchFrame(timestamp: 1, contacts: [TouchContact(id: 0, phase: .stationary, x: 100, y: 70), TouchContact(id: 1, phase: .began, x: 120, y: 70)]))
        rig.window.handle(
            TouchFrame(timestamp: 2, contacts: [TouchContact(id: 0, phase: .ended, x: 100, y: 70), TouchContact(id: 1, phase: .stationary, x: 120, y: 70)]))
        rig.advance(0.1)
        rig.touch(.moved, id: 1, at: Point(x: 121, y: 71))
        rig.touch(.ended, id: 1, at: Point(x: 121, y: 71))
        rig.advance(0.5)
        #expect(rig.button.actionCount == 0)
        #expect(!rig.button.isHighlighted)
        #expect(rig.events.map(\.kind) == [.blank, .wake])
        #expect(rig.events.last?.name == "touch")
        rig.tap()
        #expect(rig.button.actionCount == 1)
    }

    @Test("keys keep the panel lit as touches do; a key on a blank panel wakes it and is swallowed, the next one acts")
    func keysWake() {
        let rig = PowerRig(PowerSettings(blankAfter: 60))
        rig.button.action = {}
        rig.window.focus(rig.button, showingRing: true)
        for _ in 0..<4 {
            rig.advance(50)
            rig.window.handle(KeyEvent(.tab))  // the one button: Tab keeps the focus on it
        }
        #expect(rig.power.state == .on, "200 s of typing, the panel never blanked")
        rig.advance(61)
        #expect(rig.power.isBlank)
        rig.window.handle(KeyEvent(.enter))
        #expect(rig.power.state == .on)
        #expect(rig.button.actionCount == 0, "the waking key pressed nothing")
        #expect(rig.events.last?.kind == .wake && rig.events.last?.name == "key")
        rig.window.handle(KeyEvent(.enter))
        #expect(rig.button.actionCount == 1)
    }

    @Test("nothing is drawn while blank, even when the scene asks; waking redraws the whole screen")
    func noFramesWhileBlank() {
        let rig = PowerRig(PowerSettings(blankAfter: 30))
        rig.advance(31)
        #expect(rig.power.isBlank)
        let flips = rig.output.flipCount
        let frames = rig.output.frameClock.sequence
        for _ in 0..<600 {
            rig.button.backgroundColor = Color(hex: rig.loop.now.nanoseconds % 2 == 0 ? "#FF0000" : "#00FF00")!
            rig.window.setNeedsFrame()
            rig.advance(1)
        }
        #expect(rig.output.flipCount == flips)
        #expect(rig.output.frameClock.sequence == frames)
        #expect(rig.loop.nextDeadline.map { $0 - rig.loop.now >= .seconds(1) } ?? true, "no frame timers spin while blank")
        rig.power.wake()
        rig.advance(0.5)
        #expect(rig.output.frameClock.sequence > frames)
        let full = Region(PixelRect(size: rig.output.size))
        #expect(rig.output.flips.suffix(rig.output.flipCount - flips).contains { $0.copied == full })
        let screen = try! #require(rig.output.logicalScreen())
        #expect(screen[300, 190] & 0xFF_FFFF == 0x20_3040)
    }

    @Test("blank and wake commands; in scheduled-off time a wake lasts blankAfter, or a minute")
    func commands() {
        let rig = PowerRig(PowerSettings(schedule: Self.schedule([(Self.everyDay, "07:30", "22:00")])))
        rig.power.blank()
        #expect(rig.power.isBlank && rig.power.reason == .control)
        rig.advance(3600)
        #expect(rig.power.isBlank, "a blank command holds through the on-time")
        rig.power.wake()
        #expect(rig.power.state == .on)
        #expect(rig.events.map { "\($0.kind.rawValue) \($0.name)" } == ["blank control", "wake control"])
        // Monday 23:00 local: off; a touch lights it for a minute.
        rig.advance(3600 * 9)
        #expect(rig.power.isBlank)
        rig.tap()
        #expect(rig.power.state == .on)
        #expect(rig.button.actionCount == 0)
        rig.advance(58)
        #expect(rig.power.state == .on)
        rig.advance(2)
        #expect(rig.power.isBlank)
        #expect(rig.power.reason == .schedule)
    }
}
