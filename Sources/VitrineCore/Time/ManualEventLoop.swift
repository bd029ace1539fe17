import Glibc

/// The deterministic twin of `EpollEventLoop`: time stands still until a test advances it.
///
/// `advance(to:)` runs every due action in deadline order, setting `now` to each action's
/// deadline before calling it (the way swift-nio's `EmbeddedEventLoop` does), so a headless run
/// gives the same result every time, however slow the machine. File-descriptor readiness is
/// simulated: a fake device calls `signalReadable(_:)` and the watch handler runs as an action
/// at the current time. Not thread-safe, like the real loop it stands for.
///
/// **Real descriptors on virtual time.** A loop made with `readsDescriptors: true` also asks the
/// kernel (`poll(2)`, never waiting) which of its watched descriptors are ready, and serves them
/// the way `EpollEventLoop` does: in passes. A pass runs the actions due now that were scheduled
/// before it began, then the handlers of every ready descriptor; an action a pass schedules for
/// "now" waits for the next pass. Time moves to the next deadline only when a pass found nothing
/// to do. So real sockets, pipes and inotify descriptors drive the runtime (the control socket,
/// the data watch) while the clock stays the test's: a rate limit, an idle time or a frame
/// deadline is exact, and no test waits for the wall clock. The descriptors' other ends must be
/// driven from the test's own thread between advances: time cannot pass for another thread here.
public final class ManualEventLoop: EventLoop {
    private struct Task {
        let deadline: MonotonicTime
        let order: UInt64
        let id: TimerID
        let action: () -> Void
        var background = false
    }

    private struct Watch {
        let fd: Int32
        let events: WatchEvents
        let handler: () -> Void
    }

    public private(set) var now: MonotonicTime
    /// Whether watched descriptors are real and polled (see the type's comment).
    public let readsDescriptors: Bool
    /// How many passes in a row may find work at one instant before the loop calls it a spin: a
    /// descriptor that stays ready while its handler reads nothing. On the real loop that spins a
    /// core; here time could never move, so it stops the test with the descriptor's number.
    public static let passesPerInstant = 100_000
    private var tasks: [Task] = []
    private var nextOrder: UInt64 = 0
    private var watches: [WatchID: Watch] = [:]
    private var stopRequested = false
    /// Set while `run` runs: only then does `stop()` end an advance early.
    private var running = false

    /// - Parameters:
    ///   - readsDescriptors: poll the watched descriptors (real ones) on every pass.
    public init(now: MonotonicTime = .zero, readsDescriptors: Bool = false) {
        self.now = now
        self.readsDescriptors = readsDescriptors
    }

    @discardableResult
    public func schedule(at deadline: MonotonicTime, _ action: @escaping () -> Void) -> TimerID {
        self.nextOrder += 1
        let id = TimerID(rawValue: self.nextOrder)
        self.tasks.append(Task(deadline: max(deadline, self.now), order: self.nextOrder, id: id, action: action))
        return id
    }

    @discardableResult
    public func scheduleInBackground(at deadline: MonotonicTime, _ action: @escaping () -> Void) -> TimerID {
        let id = self.schedule(at: deadline, action)
        self.tasks[self.tasks.count - 1].background = true
        return id
    }

    public func cancel(_ timer: TimerID) {
        self.tasks.removeAll { $0.id == timer }
    }

    @discardableResult
    public func watch(fileDescriptor: Int32, _ handler: @escaping () -> Void) -> WatchID {
        self.watch(fileDescriptor: fileDescriptor, events: .readable, handler)
    }

    @discardableResult
    public func watch(fileDescriptor: Int32, events: WatchEvents, _ handler: @escaping () -> Void) -> WatchID {
        self.nextOrder += 1
        let id = WatchID(rawValue: self.nextOrder)
        self.watches[id] = Watch(fd: fileDescriptor, events: events, handler: handler)
        return id
    }

    public func unwatch(_ watch: WatchID) {
        self.watches[watch] = nil
    }

    /// Whether some watch is registered for `fd`.
    public func isWatching(_ fd: Int32) -> Bool { self.watches.values.contains { $0.fd == fd } }

    /// Marks `fd` readable: its watch handlers run as actions due now.
    public func signalReadable(_ fd: Int32) {
        for (id, watch) in self.watches where watch.fd == fd {
            self.schedule(at: self.now) { [weak self] in
                // The watch may have been removed before the action runs.
                guard let self, let current = self.watches[id] else { return }
                current.handler()
            }
        }
    }

    /// The deadline of the next pending action, if any.
    public var nextDeadline: MonotonicTime? { self.tasks.min(by: Self.runsBefore)?.deadline }
    /// The deadline of the next pending action that is not a background timer.
    public var nextForegroundDeadline: MonotonicTime? { self.tasks.filter { !$0.background }.min(by: Self.runsBefore)?.deadline }

    /// Runs every action due at or before `deadline`, in order, then sets `now` to `deadline`.
    /// A loop that reads descriptors serves them on the way, in passes (see the type).
    public func advance(to deadline: MonotonicTime) {
        guard self.readsDescriptors else {
            while !self.stopping, let index = self.indexOfNextTask(dueBy: deadline) {
                let task = self.tasks.remove(at: index)
                self.now = max(self.now, task.deadline)
                task.action()
            }
            if !self.stopping { self.now = max(self.now, deadline) }
            return
        }
        var passes = 0
        while !self.stopping {
            if self.pass() {
                passes += 1
                precondition(passes < Self.passesPerInstant, "ManualEventLoop: \(passes) passes at \(self.now) without time moving; \(self.spinning)")
                continue
            }
            passes = 0
            guard let next = self.nextDeadline, next <= deadline else {
                guard self.now < deadline else { return }
                // One more pass at the deadline itself: what became ready meanwhile is served.
                self.now = deadline
                continue
            }
            self.now = max(self.now, next)
        }
    }

    public func advance(by interval: Nanoseconds) {
        self.advance(to: self.now + interval)
    }

    /// Moves `now` forward without running anything, the way a busy loop thread spends time
    /// (a test's stand-in for "drawing this frame took 3 ms").
    public func spend(_ interval: Nanoseconds) {
        self.now = self.now + interval
    }

    /// Runs actions due now (including ones they schedule for now), without moving time.
    public func runDueActions() {
        self.advance(to: self.now)
    }

    /// Advances through pending actions until none is left or `limit` is reached; returns
    /// whether the loop went idle. Useful to "let animations settle". Background timers
    /// (`scheduleInBackground`) do not count: they run only when time reaches them on the way.
    @discardableResult
    public func runUntilIdle(limit: MonotonicTime) -> Bool {
        while let next = self.nextForegroundDeadline {
            if next > limit {
                self.advance(to: limit)
                return false
            }
            self.advance(to: next)
        }
        if self.readsDescriptors { self.advance(to: self.now) }
        return true
    }

    // MARK: - Running like the real loop

    /// Runs in virtual time until `stop()`, or until `duration` has passed on the loop's clock
    /// (time jumps from one deadline to the next; background timers run on the way). Without a
    /// duration it returns when nothing is left but background timers: a real loop would sleep
    /// for ever there, and nothing but a test's own code could wake this one.
    public func run(for duration: Nanoseconds?) {
        self.stopRequested = false
        self.running = true
        defer {
            self.running = false
            self.stopRequested = false
        }
        if let duration {
            let end = self.now + duration
            while !self.stopRequested, self.now < end || self.hasWorkNow {
                self.advance(to: min(end, self.nextDeadline ?? end))
            }
            return
        }
        while !self.stopRequested {
            if self.readsDescriptors { self.advance(to: self.now) }
            guard !self.stopRequested, let next = self.nextForegroundDeadline else { return }
            self.advance(to: next)
        }
    }

    /// Makes `run` return after the current action. Outside `run` it does nothing: a test that
    /// advances the loop itself decides when to stop.
    public func stop() {
        if self.running { self.stopRequested = true }
    }

    private var stopping: Bool { self.running && self.stopRequested }
    private var hasWorkNow: Bool { self.tasks.contains { $0.deadline <= self.now } }

    // MARK: - Passes (readsDescriptors)

    /// One turn of the loop at `now`: the actions due that were scheduled before it, then the
    /// ready descriptors' handlers. Returns whether it ran anything.
    private func pass() -> Bool {
        var ran = false
        let lastOrder = self.nextOrder
        while !self.stopping, let index = self.indexOfNextTask(dueBy: self.now, scheduledBy: lastOrder) {
            let task = self.tasks.remove(at: index)
            task.action()
            ran = true
        }
        guard !self.stopping else { return ran }
        for id in self.readyWatches() {
            // An earlier handler of this pass may have removed it.
            guard let watch = self.watches[id] else { continue }
            watch.handler()
            ran = true
            if self.stopping { break }
        }
        return ran
    }

    /// The watches whose descriptor is ready for what they wait for, or failed (`POLLERR`,
    /// `POLLHUP`: every watch of it wakes, so its owner reads the end), in the order they were
    /// made. A descriptor that is not open (`POLLNVAL`) is skipped.
    private func readyWatches() -> [WatchID] {
        guard !self.watches.isEmpty else { return [] }
        var interest: [Int32: WatchEvents] = [:]
        for watch in self.watches.values { interest[watch.fd, default: []].formUnion(watch.events) }
        var polled = interest.keys.sorted().map { fd in
            pollfd(
                fd: fd,
                events: Int16((interest[fd]!.contains(.readable) ? POLLIN : 0) | (interest[fd]!.contains(.writable) ? POLLOUT : 0)),
                revents: 0)
        }
        let count = polled.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), 0) }
        guard count > 0 else { return [] }
        var ready: [Int32: Int16] = [:]
        for entry in polled where entry.revents != 0 && entry.revents & Int16(POLLNVAL) == 0 { ready[entry.fd] = entry.revents }
        return self.watches.filter { id, watch in
            guard let revents = ready[watch.fd] else { return false }
            if revents & Int16(POLLERR | POLLHUP) != 0 { return true }
            return (watch.events.contains(.readable) && revents & Int16(POLLIN) != 0)
                || (watch.events.contains(.writable) && revents & Int16(POLLOUT) != 0)
        }.keys.sorted { $0.rawValue < $1.rawValue }
    }

    /// What the spin guard names: the descriptors ready now.
    private var spinning: String {
        let fds = Set(self.readyWatches().compactMap { self.watches[$0]?.fd })
        return fds.isEmpty ? "actions keep scheduling actions for now" : "descriptor(s) \(fds.sorted()) stay ready and their handlers read nothing"
    }

    private func indexOfNextTask(dueBy deadline: MonotonicTime, scheduledBy lastOrder: UInt64 = .max) -> Int? {
        var best: Int? = nil
        for i in self.tasks.indices where self.tasks[i].deadline <= deadline && self.tasks[i].order <= lastOrder {
            if let b = best, !Self.runsBefore(self.tasks[i], self.tasks[b]) { continue }
            best = i
        }
        return best
    }

    private static func runsBefore(_ a: Task, _ b: Task) -> Bool {
        a.deadline != b.deadline ? a.deadline < b.deadline : a.order < b.order
    }
}
