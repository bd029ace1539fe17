import CVitrineShims
import Glibc
import VitrineCore

/// The run loop: one thread, `epoll_wait` over watched fds and one `timerfd` for every timer.
///
/// It sleeps in `epoll_wait` with no timeout whenever nothing is due, so an idle kiosk uses no
/// CPU. Timers live in a binary heap; the timerfd is armed (absolute, `CLOCK_MONOTONIC`) for the
/// earliest one. Actions due now run before the loop sleeps again, in deadline order, never
/// re-entrantly. Satisfies the `Clock` contract shared with `ManualEventLoop`.
///
/// Nothing here fails quietly: a watch `epoll_ctl` refuses throws from `watch`, and a timerfd
/// that cannot be armed ends `run()` with the error (a loop whose timers never fire would hang).
public final class EpollEventLoop: EventLoop {
    private struct Timer {
        let deadline: MonotonicTime
        let order: UInt64
        let id: TimerID
    }

    private let epoll: OwnedDescriptor
    private let timerFD: OwnedDescriptor
    private var heap: [Timer] = []
    private var actions: [TimerID: () -> Void] = [:]
    private var watches: [WatchID: (fd: Int32, events: WatchEvents, handler: () -> Void)] = [:]
    private var watchesByFD: [Int32: [WatchID]] = [:]
    private var nextID: UInt64 = 0
    private var armedDeadline: MonotonicTime? = nil
    private var stopRequested = false
    /// How many times `epoll_wait` returned; tests and the idle-CPU check read it.
    public private(set) var wakeups: UInt64 = 0

    public convenience init() throws(SystemError) {
        let tfd = try Syscall.retrying("timerfd_create") {
            timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC) | Int32(TFD_NONBLOCK))
        }
        try self.init(timerDescriptor: OwnedDescriptor(adopting: tfd))
    }

    /// A loop whose timers are armed on `timerDescriptor` (a `timerfd`; tests hand it another
    /// kind of fd to see arming fail).
    init(timerDescriptor: OwnedDescriptor) throws(SystemError) {
        self.epoll = OwnedDescriptor(adopting: try Syscall.retrying("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) })
        self.timerFD = timerDescriptor
        try self.updateEpoll(timerDescriptor.rawValue, EPOLL_CTL_ADD, .readable)
    }

    public var now: MonotonicTime { MonotonicTime.now() }

    @discardableResult
    public func schedule(at deadline: MonotonicTime, _ action: @escaping () -> Void) -> TimerID {
        self.nextID += 1
        let id = TimerID(rawValue: self.nextID)
        self.actions[id] = action
        self.push(Timer(deadline: deadline, order: self.nextID, id: id))
        return id
    }

    public func cancel(_ timer: TimerID) {
        // Lazy deletion: the heap entry stays and is skipped when it surfaces.
        self.actions[timer] = nil
    }

    @discardableResult
    public func watch(fileDescriptor: Int32, _ handler: @escaping () -> Void) throws(SystemError) -> WatchID {
        try self.watch(fileDescriptor: fileDescriptor, events: .readable, handler)
    }

    /// Calls `handler` on the loop whenever `fileDescriptor` is ready for any of `events`
    /// (level-triggered), or has an error or hang-up. A socket with replies still queued watches
    /// `.writable` until they are out (`ControlServer`), then unwatches that watch.
    /// - Throws: `epoll_ctl(ADD, fd N)` or `epoll_ctl(MOD, fd N)` with its errno when epoll
    ///   refuses the fd (EPERM: a regular file or directory; EBADF: not open); nothing is watched.
    @discardableResult
    public func watch(fileDescriptor: Int32, events: WatchEvents, _ handler: @escaping () -> Void) throws(SystemError) -> WatchID {
        let before = self.interest(fileDescriptor)
        let after = before.union(events)
        if self.watchesByFD[fileDescriptor] == nil {
            try self.updateEpoll(fileDescriptor, EPOLL_CTL_ADD, after)
        } else if after != before {
            try self.updateEpoll(fileDescriptor, EPOLL_CTL_MOD, after)
        }
        self.nextID += 1
        let id = WatchID(rawValue: self.nextID)
        self.watches[id] = (fileDescriptor, events, handler)
        self.watchesByFD[fileDescriptor, default: []].append(id)
        return id
    }

    public func unwatch(_ watch: WatchID) {
        guard let entry = self.watches.removeValue(forKey: watch) else { return }
        self.watchesByFD[entry.fd]?.removeAll { $0 == watch }
        if self.watchesByFD[entry.fd]?.isEmpty == true {
            self.watchesByFD[entry.fd] = nil
            _ = epoll_ctl(self.epoll.rawValue, EPOLL_CTL_DEL, entry.fd, nil)
        } else {
            let remaining = self.interest(entry.fd)
            if remaining != entry.events.union(remaining) {
                try? self.updateEpoll(entry.fd, EPOLL_CTL_MOD, remaining)
            }
        }
    }

    /// What the watches of `fd` wait for together.
    private func interest(_ fd: Int32) -> WatchEvents {
        var events: WatchEvents = []
        for id in self.watchesByFD[fd] ?? [] { if let entry = self.watches[id] { events.formUnion(entry.events) } }
        return events
    }

    /// Makes `run()` return after the current action.
    public func stop() {
        self.stopRequested = true
    }

    /// Runs until `stop()`, or for at most `duration`. Errors from `epoll_wait` (EINTR is
    /// retried) and from arming the timerfd (`timerfd_settime(fd N)`) end the loop by throwing.
    public func run(for duration: Nanoseconds?) throws(SystemError) {
        var limit: TimerID?
        if let duration { limit = self.schedule(after: duration) { [weak self] in self?.stop() } }
        defer { if let limit { self.cancel(limit) } }
        try self.runUntilStopped()
    }

    private func runUntilStopped() throws(SystemError) {
        self.stopRequested = false
        var events = [epoll_event](repeating: epoll_event(), count: 32)
        while !self.stopRequested {
            self.runDueTimers()
            if self.stopRequested { break }
            try self.armTimerFD()
            let count = try Syscall.retrying("epoll_wait") {
                events.withUnsafeMutableBufferPointer { epoll_wait(self.epoll.rawValue, $0.baseAddress!, Int32($0.count), -1) }
            }
            self.wakeups += 1
            for i in 0..<Int(count) {
                let fd = events[i].data.fd
                let ready = events[i].events
                if fd == self.timerFD.rawValue {
                    var expirations: UInt64 = 0
                    _ = Glibc.read(fd, &expirations, 8)
                    self.armedDeadline = nil
                    continue
                }
                // An error or hang-up wakes every watch of the fd, so its owner reads the end.
                let failed = ready & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0
                for id in self.watchesByFD[fd] ?? [] {
                    guard let entry = self.watches[id], failed || entry.events.epollBits & ready != 0 else { continue }
                    entry.handler()
                    if self.stopRequested { break }
                }
            }
        }
    }

    // MARK: - Timers

    /// Runs the timers due now that were scheduled before this pass began. One scheduled during
    /// the pass (a client's drain asking to run again "now") waits for the next pass, after
    /// `epoll_wait` served the fds: a timer that keeps re-arming itself cannot starve touches,
    /// frames or other clients.
    private func runDueTimers() {
        let now = self.now
        let lastOrder = self.nextID
        while let first = self.heap.first {
            if self.actions[first.id] == nil {
                self.popFirst()
                continue
            }
            guard first.deadline <= now, first.order <= lastOrder else { return }
            self.popFirst()
            let action = self.actions.removeValue(forKey: first.id)
            action?()
            if self.stopRequested { return }
        }
    }

    /// Arms the timerfd for the earliest live timer, or disarms it when there is none.
    /// - Throws: `timerfd_settime(fd N)` with its errno; `armedDeadline` then stays as it was.
    private func armTimerFD() throws(SystemError) {
        while let first = self.heap.first, self.actions[first.id] == nil { self.popFirst() }
        guard let deadline = self.heap.first?.deadline else {
            if self.armedDeadline != nil {
                var disarm = itimerspec()
                try self.setTimer(&disarm, flags: 0)
                self.armedDeadline = nil
            }
            return
        }
        guard deadline != self.armedDeadline else { return }
        var spec = itimerspec()
        // A zero it_value disarms the timer, so a deadline at or before time zero becomes 1 ns.
        let ns = max(deadline.nanoseconds, 1)
        spec.it_value.tv_sec = Int(ns / 1_000_000_000)
        spec.it_value.tv_nsec = Int(ns % 1_000_000_000)
        try self.setTimer(&spec, flags: Int32(TFD_TIMER_ABSTIME))
        self.armedDeadline = deadline
    }

    private func setTimer(_ spec: inout itimerspec, flags: Int32) throws(SystemError) {
        let fd = self.timerFD.rawValue
        try Syscall.retrying("timerfd_settime(fd \(fd))") { timerfd_settime(fd, flags, &spec, nil) }
    }

    private func updateEpoll(_ fd: Int32, _ operation: Int32, _ interest: WatchEvents) throws(SystemError) {
        var event = epoll_event()
        event.events = interest.epollBits
        event.data.fd = fd
        let name = operation == EPOLL_CTL_ADD ? "ADD" : "MOD"
        try Syscall.retrying("epoll_ctl(\(name), fd \(fd))") { epoll_ctl(self.epoll.rawValue, operation, fd, &event) }
    }

    // MARK: - Binary heap ordered by (deadline, order)

    private static func before(_ a: Timer, _ b: Timer) -> Bool {
        a.deadline != b.deadline ? a.deadline < b.deadline : a.order < b.order
    }

    private func push(_ timer: Timer) {
        self.heap.append(timer)
        var child = self.heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(self.heap[child], self.heap[parent]) else { break }
            self.heap.swapAt(child, parent)
            child = parent
        }
    }

    private func popFirst() {
        let last = self.heap.removeLast()
        guard !self.heap.isEmpty else { return }
        self.heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < self.heap.count && Self.before(self.heap[left], self.heap[smallest]) { smallest = left }
            if right < self.heap.count && Self.before(self.heap[right], self.heap[smallest]) { smallest = right }
            if smallest == parent { return }
            self.heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

extension WatchEvents {
    var epollBits: UInt32 {
        (self.contains(.readable) ? EPOLLIN.rawValue : 0) | (self.contains(.writable) ? EPOLLOUT.rawValue : 0)
    }
}
