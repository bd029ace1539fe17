import VitrineCore
import VitrineUI

/// Whether the panel is on, dimmed or blank, and why: the weekly schedule, nobody touching it,
/// or a control command.
///
/// - Touches (`filter`): any touch restarts the idle count. A touch on a blank panel wakes it,
///   and that whole touch sequence — from the first finger down until every finger on it has
///   lifted — is swallowed, so the scene never sees it and nothing is pressed.
/// - Idle: after `dimAfter` seconds without a touch the backlight dims, after `blankAfter` the
///   panel blanks (timers on the monotonic `Clock`, so a manual clock makes them deterministic).
/// - Schedule: evaluated from the wall clock's current local time, at every whole minute (the
///   boundaries are whole minutes, so each is met on time, and a clock step is seen within a
///   minute) and whenever `wallClockChanged()` is called. Outside the on-times the panel is
///   blank; a touch wakes it for `blankAfter` (a minute when unset), then it blanks again.
///   When the clock falls back (daylight saving ends: the UTC offset shrinks), the repeated
///   hour is not lived twice: the state from before the change holds until the wall clock is
///   past it again.
/// - Commands: `blank()` holds the panel blank until `wake()` or a touch; `wake()` lights it
///   (for a while, in scheduled-off time).
/// - Every change is logged with its reason; changes to and from blank are reported as
///   `SceneEvent`s of kind `.blank` / `.wake` (name: the reason) through `onEvent`.
public final class DisplayPower {
    public enum State: String, Sendable { case on, dimmed, blank }
    public enum Reason: String, Sendable { case start, schedule, idle, control, touch, key }

    public let settings: PowerSettings
    public private(set) var state = State.on
    public private(set) var reason = Reason.start
    public var onEvent: ((SceneEvent) -> Void)?
    /// Whether the schedule (as last evaluated) wants the panel on.
    public private(set) var scheduleOn = true

    private let clock: Clock
    private let wallClock: WallClock
    private let panel: PanelPower
    private let logger: Logger
    private enum Idle { case active, dimmed, blanked }
    private var idle = Idle.active
    private var lastActivity: MonotonicTime
    private var idleTimers: [TimerID] = []
    private var controlBlank = false
    /// A touch or `wake()` lit the panel in scheduled-off time.
    private var wokenInOffTime = false
    /// Contacts of the waking touch sequence still down (their frames are swallowed).
    private var swallowing = false
    private var scheduleTimer: TimerID?
    private var lastCheck: LocalTime?
    /// The clock fell back: until this epoch second the schedule's state from before holds.
    private var holdUntil: Int64?

    public init(settings: PowerSettings, clock: Clock, wallClock: WallClock, panel: PanelPower, logger: Logger = Logger("power")) {
        self.settings = settings
        self.clock = clock
        self.wallClock = wallClock
        self.panel = panel
        self.logger = logger
        self.lastActivity = clock.now
    }

    /// Evaluates the schedule, arms the idle timers and applies the first state.
    public func start() {
        self.checkSchedule()
        self.armIdleTimers()
        self.update(.start)
    }

    /// Stops the timers (the panel stays as it is).
    public func stop() {
        for timer in self.idleTimers { self.clock.cancel(timer) }
        self.idleTimers = []
        if let timer = self.scheduleTimer { self.clock.cancel(timer) }
        self.scheduleTimer = nil
    }

    public var isBlank: Bool { self.state == .blank }

    // MARK: - Inputs

    /// Sees every touch frame before the views: returns false to swallow it (the waking touch).
    public func filter(_ frame: TouchFrame) -> Bool {
        let allLifted = frame.contacts.allSatisfy { !$0.isActive }
        if self.swallowing {
            self.swallowing = !allLifted
            self.activity()
            return false
        }
        let wasBlank = self.state == .blank
        self.controlBlank = false
        if !self.scheduleOn { self.wokenInOffTime = true }
        self.activity()
        self.update(.touch)
        guard wasBlank else { return true }
        self.swallowing = !allLifted
        return false
    }

    /// Sees every key (and scan) before the views, as `filter(_:)` sees touches: it keeps the
    /// panel lit (someone typing on a keyboard is there), and on a blank panel it wakes it and
    /// returns false, so the key that woke it does nothing the visitor could not see.
    public func filterKey() -> Bool {
        let wasBlank = self.state == .blank
        self.controlBlank = false
        if !self.scheduleOn { self.wokenInOffTime = true }
        self.activity()
        self.update(.key)
        return !wasBlank
    }

    /// Blanks the panel until `wake()` or a touch (the control socket's `blank`).
    public func blank(reason: Reason = .control) {
        self.controlBlank = true
        self.update(reason)
    }

    /// Lights the panel (the control socket's `wake`): in scheduled-off time for `blankAfter`
    /// (a minute when unset), then it blanks again.
    public func wake(reason: Reason = .control) {
        self.controlBlank = false
        if !self.scheduleOn { self.wokenInOffTime = true }
        self.activity()
        self.update(reason)
    }

    /// The wall clock may have been set (NTP, timedatectl, a time-zone change): look again now.
    public func wallClockChanged() {
        self.checkSchedule()
        self.update(.schedule)
    }

    /// Applies the current state to the panel again (after a modeset or resume that may have
    /// switched the display back on behind our back).
    public func reapply() {
        self.panel.apply(self.panelState)
    }

    // MARK: - Idle

    private var blankDelay: Double? {
        self.scheduleOn ? self.settings.blankAfter : (self.settings.blankAfter ?? PowerSettings.offTimeWakeSeconds)
    }

    private func activity() {
        self.lastActivity = self.clock.now
        self.idle = .active
        self.armIdleTimers()
    }

    /// Dim and blank timers counted from the last activity (a deadline already past fires at once).
    private func armIdleTimers() {
        for timer in self.idleTimers { self.clock.cancel(timer) }
        self.idleTimers = []
        if let dim = self.settings.dimAfter, self.scheduleOn, self.idle == .active {
            self.idleTimers.append(
                self.clock.schedule(at: self.lastActivity + .seconds(dim)) { [weak self] in
                    guard let self, self.idle == .active else { return }
                    self.idle = .dimmed
                    self.update(.idle)
                })
        }
        if let blank = self.blankDelay, self.idle != .blanked {
            self.idleTimers.append(
                self.clock.schedule(at: self.lastActivity + .seconds(blank)) { [weak self] in
                    guard let self else { return }
                    self.idle = .blanked
                    let reason: Reason = self.wokenInOffTime ? .schedule : .idle
                    self.wokenInOffTime = false
                    self.update(reason)
                })
        }
    }

    // MARK: - Schedule

    private func checkSchedule() {
        if let timer = self.scheduleTimer { self.clock.cancel(timer) }
        self.scheduleTimer = nil
        guard !self.settings.schedule.periods.isEmpty else { return }
        let now = self.wallClock.localNow
        if let last = self.lastCheck, now.utcOffset < last.utcOffset, now.epochSeconds >= last.epochSeconds {
            // Fell back: the hour after the change repeats wall-clock times already lived.
            let change = self.offsetChange(after: last.epochSeconds, upTo: now.epochSeconds)
            self.holdUntil = change + Int64(last.utcOffset - now.utcOffset)
        }
        if let hold = self.holdUntil, now.epochSeconds < hold, now.epochSeconds >= hold - 86_400 {
            // Keep the state from before the change.
        } else {
            self.holdUntil = nil
            let on = self.settings.schedule.isOn(weekday: now.weekday, hour: now.hour, minute: now.minute)
            if on != self.scheduleOn {
                self.scheduleOn = on
                self.wokenInOffTime = false
                // A panel coming on starts a fresh idle count; one going off blanks now.
                self.lastActivity = self.clock.now
                self.idle = .active
                self.armIdleTimers()
            }
        }
        self.lastCheck = now
        // The next whole minute of the wall clock.
        let delay = Nanoseconds.seconds(Double(60 - now.second))
        self.scheduleTimer = self.clock.schedule(after: delay) { [weak self] in
            guard let self else { return }
            self.scheduleTimer = nil
            self.checkSchedule()
            self.update(.schedule)
        }
    }

    /// The first epoch second in (`start`, `end`] whose UTC offset differs from `start`'s.
    private func offsetChange(after start: Int64, upTo end: Int64) -> Int64 {
        let offset = self.wallClock.localTime(at: start).utcOffset
        var low = start
        var high = end
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if self.wallClock.localTime(at: middle).utcOffset == offset { low = middle } else { high = middle }
        }
        return high
    }

    // MARK: - State

    private var wanted: (State, Reason)? {
        if self.controlBlank { return (.blank, .control) }
        if !self.scheduleOn && !self.wokenInOffTime { return (.blank, .schedule) }
        switch self.idle {
        case .blanked: return (.blank, .idle)
        case .dimmed: return (.dimmed, .idle)
        case .active: return nil
        }
    }

    private var panelState: PanelState {
        switch self.state {
        case .on: return .on
        case .dimmed: return .dimmed(level: self.settings.dimLevel)
        case .blank: return .blank
        }
    }

    /// Moves to the state the inputs ask for; `cause` is why, when the panel comes on.
    private func update(_ cause: Reason) {
        let (state, why) = self.wanted ?? (.on, cause)
        guard state != self.state || cause == .start else { return }
        let previous = self.state
        self.state = state
        self.reason = why
        self.panel.apply(self.panelState)
        self.logger.notice("display \(state.rawValue) (\(self.describe(why, state: state)))")
        if state == .blank && previous != .blank {
            self.onEvent?(SceneEvent(.blank, name: why.rawValue, time: self.clock.now))
        } else if previous == .blank && state != .blank {
            self.onEvent?(SceneEvent(.wake, name: why.rawValue, time: self.clock.now))
        }
    }

    private func describe(_ reason: Reason, state: State) -> String {
        switch reason {
        case .start: return "at start"
        case .schedule: return state == .blank ? "outside the schedule's on-times" : "the schedule's on-time"
        case .idle:
            let seconds = state == .blank ? self.blankDelay : self.settings.dimAfter
            return "no touch for \(seconds.map { JSONValue.number($0).serialized() } ?? "?") s"
        case .control: return "control command"
        case .touch: return "touched"
        case .key: return "a key or a scan"
        }
    }
}
