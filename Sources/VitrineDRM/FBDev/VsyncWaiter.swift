import CVitrineShims
import Dispatch
import Glibc
import Synchronization
import VitrineCore
import VitrineSystem

/// Waits for vblanks on a helper thread and reports them through an eventfd on the run loop.
///
/// `FBIO_WAITFORVSYNC` blocks for up to a frame; doing that on the loop thread would stall
/// input for as long. The thread sleeps until `arm()` asks for the next vblank, so nothing runs
/// while the screen is idle. The wait itself is injected (`wait`) so its plumbing is tested
/// without a panel that supports the ioctl. The thread starts at `init` (whether it can is what
/// decides the output's pacing); the vblanks go, as `FlipEvent`s, to the sink `deliver(to:)`
/// registers once the queue that takes them exists.
final class VsyncWaiter: @unchecked Sendable {
    private let wait: @Sendable () throws -> Void
    private let semaphore = DispatchSemaphore(value: 0)
    private let stopped = Atomic<Bool>(false)
    private let lastVsync = Atomic<Int64>(0)
    private let failed = Atomic<Bool>(false)
    private let event: OwnedDescriptor
    private var thread = pthread_t()
    private var watch: WatchID?
    private weak var loop: EventLoop?

    init(loop: EventLoop, wait: @escaping @Sendable () throws -> Void) throws(SystemError) {
        self.wait = wait
        self.loop = loop
        self.event = OwnedDescriptor(adopting: try Syscall.retrying("eventfd") { eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK)) })
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(
            &self.thread, nil,
            { raw in
                let waiter = Unmanaged<VsyncWaiter>.fromOpaque(raw!).takeRetainedValue()
                waiter.runThread()
                return nil
            }, context)
        if status != 0 {
            Unmanaged<VsyncWaiter>.fromOpaque(context).release()
            throw SystemError("pthread_create", errno: status)
        }
    }

    /// Watches the eventfd on the loop: each vblank runs `sink` there with a `FlipEvent` (its
    /// timestamp nil when the wait failed). The loop holds `sink` until `stop()`.
    /// - Throws: when the loop cannot watch the eventfd.
    func deliver(to sink: @escaping (FlipEvent) -> Void) throws(SystemError) {
        self.watch = try self.loop?.watch(fileDescriptor: self.event.rawValue) { [weak self] in
            guard let self else { return }
            var count: UInt64 = 0
            _ = Glibc.read(self.event.rawValue, &count, 8)
            let failed = self.failed.load(ordering: .acquiring)
            sink(FlipEvent(timestamp: failed ? nil : MonotonicTime(nanoseconds: self.lastVsync.load(ordering: .acquiring))))
        }
    }

    /// Asks for one vblank report.
    func arm() { self.semaphore.signal() }

    /// Ends the thread and waits for it.
    func stop() {
        guard !self.stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        self.semaphore.signal()
        pthread_join(self.thread, nil)
        if let watch = self.watch { self.loop?.unwatch(watch) }
    }

    private func runThread() {
        while true {
            self.semaphore.wait()
            if self.stopped.load(ordering: .acquiring) { return }
            do {
                try self.wait()
                self.failed.store(false, ordering: .releasing)
            } catch {
                self.failed.store(true, ordering: .releasing)
            }
            self.lastVsync.store(MonotonicTime.now().nanoseconds, ordering: .releasing)
            var one: UInt64 = 1
            _ = Glibc.write(self.event.rawValue, &one, 8)
        }
    }
}
