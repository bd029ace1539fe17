/// The deterministic twin of `EpollEventLoop`: time stands still until a test advances it.
///
/// `advance(to:)` runs every due action in deadline order, setting `now` to each action's
/// deadline before calling it (the way swift-nio's `EmbeddedEventLoop` does), so a headless run
/// gives the same result every time, however slow the machine. File-descriptor readiness is
/// simulated: a fake device calls `signalReadable(_:)` and the watch handler runs as an action
/// at the current time. Not thread-safe, like the real loop it stands for.
public final class ManualEventLoop: EventLoop {
    private struct Task {
        let deadline: MonotonicTime
        let order: UInt64
        let id: TimerID
        let action: () -> Void
        var background = false
    }

    public private(set) var now: MonotonicTime
    private var tasks: [Task] = []
    private var nextOrder: UInt64 = 0
    private var watches: [WatchID: (fd: Int32, handler: () -> Void)] = [:]

    public init(now: MonotonicTime = .zero) {
        self.now = now
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
        self.nextOrder += 1
        let id = WatchID(rawValue: self.nextOrder)
        self.watches[id] = (fileDescriptor, handler)
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
    public func advance(to deadline: MonotonicTime) {
        while let index = self.indexOfNextTask(dueBy: deadline) {
            let task = self.tasks.remove(at: index)
            self.now = max(self.now, task.deadline)
            task.action()
        }
        self.now = max(self.now, deadline)
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
        return true
    }

    private func indexOfNextTask(dueBy deadline: MonotonicTime) -> Int? {
        var best: Int? = nil
        for i in self.tasks.indices where self.tasks[i].deadline <= deadline {
            if let b = best, !Self.runsBefore(self.tasks[i], self.tasks[b]) { continue }
            best = i
        }
        return best
    }

    private static func runsBefore(_ a: Task, _ b: Task) -> Bool {
        a.deadline != b.deadline ? a.deadline < b.deadline : a.order < b.order
    }
}
