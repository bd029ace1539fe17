/// Identifies a scheduled timer so it can be cancelled.
public struct TimerID: Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}

/// Identifies a file-descriptor watch registered with an `EventLoop`.
public struct WatchID: Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}

/// A source of monotonic time that can run code at a deadline.
///
/// Contract (what both `EpollEventLoop` and `ManualEventLoop` guarantee, and their tests check):
/// - `now` never goes backwards.
/// - An action runs once, on the loop's thread, no earlier than its deadline; actions whose
///   deadlines are equal run in the order they were scheduled.
/// - While an action runs, `now` is at least its deadline.
/// - A deadline in the past means "as soon as possible", after the current action returns —
///   never re-entrantly.
/// - `cancel` of a timer that already ran or was cancelled does nothing.
public protocol Clock: AnyObject {
    var now: MonotonicTime { get }
    @discardableResult
    func schedule(at deadline: MonotonicTime, _ action: @escaping () -> Void) -> TimerID
    func cancel(_ timer: TimerID)
    /// Schedules a timer that keeps time in the background — an idle count, a power schedule —
    /// rather than work in progress: `ManualEventLoop.runUntilIdle` ("let everything settle")
    /// does not wait for it. On a real loop it is an ordinary timer.
    @discardableResult
    func scheduleInBackground(at deadline: MonotonicTime, _ action: @escaping () -> Void) -> TimerID
}

extension Clock {
    @discardableResult
    public func scheduleInBackground(at deadline: MonotonicTime, _ action: @escaping () -> Void) -> TimerID {
        self.schedule(at: deadline, action)
    }

    /// Runs `action` after `delay` from now.
    @discardableResult
    public func schedule(after delay: Nanoseconds, _ action: @escaping () -> Void) -> TimerID {
        self.schedule(at: self.now + delay, action)
    }
}

/// What a file-descriptor watch waits for.
public struct WatchEvents: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Data to read, a connection to accept, or the end of the stream (`EPOLLIN`, `POLLIN`).
    public static let readable = WatchEvents(rawValue: 1)
    /// Room in the send buffer (`EPOLLOUT`, `POLLOUT`).
    public static let writable = WatchEvents(rawValue: 2)
}

/// The run-loop seam: a `Clock` that also reports when file descriptors become ready, and runs
/// until it is stopped.
///
/// The real one is `EpollEventLoop` (VitrineSystem): one thread, `epoll_wait` over device fds, a
/// `timerfd` for deadlines, a `signalfd` for signals; it sleeps when nothing is due. The twin is
/// `ManualEventLoop`, where time moves only when a test advances it (or runs it: then time jumps
/// from one deadline to the next). Outputs, input sources, the control socket and the `Runner`
/// depend on this protocol only, so the same code runs on both.
public protocol EventLoop: Clock {
    /// Calls `handler` on the loop whenever `fileDescriptor` is readable (level-triggered).
    /// - Throws: when the loop cannot watch the fd (`epoll_ctl` refuses it: EPERM for a regular
    ///   file, EBADF for a closed fd); the error names the call and the fd. A watch that failed
    ///   is never silent: its events would simply never come.
    @discardableResult
    func watch(fileDescriptor: Int32, _ handler: @escaping () -> Void) throws(SystemError) -> WatchID
    /// Calls `handler` on the loop whenever `fileDescriptor` is ready for any of `events`
    /// (level-triggered), or has an error or hang-up.
    @discardableResult
    func watch(fileDescriptor: Int32, events: WatchEvents, _ handler: @escaping () -> Void) throws(SystemError) -> WatchID
    func unwatch(_ watch: WatchID)
    /// Runs until `stop()`, or for at most `duration` when one is given. Errors of the loop's own
    /// machinery (`epoll_wait`, arming the timerfd) end it by throwing.
    func run(for duration: Nanoseconds?) throws(SystemError)
    /// Makes `run` return after the current action.
    func stop()
}

extension EventLoop {
    /// Runs until `stop()`.
    public func run() throws(SystemError) { try self.run(for: nil) }
}
