import Glibc
import VitrineCore

/// Runs one job as two halves at once, the caller's thread doing half 0 and a parked worker
/// thread half 1, and returns when both are done: the one place work leaves the loop thread.
///
/// The design keeps everything on the loop thread (Docs/architecture.md, "Concurrency") except
/// full-frame work a frame waits for anyway and that `vitrine bench` shows splitting pays for
/// (Docs/rendering.md, "The second core"). The job never outlives `run`, so what it touches
/// stays owned by the loop: the halves must write disjoint memory, and read only what neither
/// writes.
///
/// With `threads == 1` no thread exists and `run` calls the job once, with lane 0, on the
/// caller's thread: exactly the one-thread path. With 2 the worker is made at `init` and sleeps
/// on a condition variable between jobs, so an idle process stays asleep. Jobs do not nest: a
/// job's half must not call `run` again (checked).
///
/// pthread mutex and condition variable rather than semaphores: ThreadSanitizer understands them,
/// so it checks that the job's reads and writes are ordered by the hand-off.
public final class ForkJoin: @unchecked Sendable {
    /// How many lanes a job is split into: 1 (no thread) or 2.
    public let threads: Int
    /// How many jobs ran split across both lanes (tests and the bench check work was split).
    public private(set) var splitJobs = 0

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let jobPosted = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let jobDone = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread = pthread_t()
    // Guarded by `mutex`:
    private var job: ((Int) -> Void)?
    private var generation: UInt64 = 0
    private var workerBusy = false
    private var stopping = false
    /// Whether a job is running (read and written on the caller's thread only).
    private var running = false
    private var hasWorker = false

    /// Makes the worker thread when `threads` is 2.
    /// - Throws: `SystemError` from `pthread_create` (the process is out of threads or memory).
    public init(threads: Int) throws(SystemError) {
        precondition(threads == 1 || threads == 2, "ForkJoin runs 1 or 2 lanes, not \(threads)")
        self.threads = threads
        pthread_mutex_init(self.mutex, nil)
        pthread_cond_init(self.jobPosted, nil)
        pthread_cond_init(self.jobDone, nil)
        guard threads == 2 else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let status = pthread_create(
            &self.thread, nil,
            { raw in
                Unmanaged<ForkJoin>.fromOpaque(raw!).takeUnretainedValue().work()
                return nil
            }, context)
        // On failure `deinit` still runs (every property is set), without a worker to stop.
        if status != 0 { throw SystemError("pthread_create", errno: status) }
        self.hasWorker = true
    }

    deinit {
        if self.hasWorker {
            pthread_mutex_lock(self.mutex)
            self.stopping = true
            pthread_cond_signal(self.jobPosted)
            pthread_mutex_unlock(self.mutex)
            pthread_join(self.thread, nil)
        }
        pthread_cond_destroy(self.jobDone)
        pthread_cond_destroy(self.jobPosted)
        pthread_mutex_destroy(self.mutex)
        self.jobDone.deallocate()
        self.jobPosted.deallocate()
        self.mutex.deallocate()
    }

    /// Calls `half(lane)` for every lane in `0..<threads` (lane 0 on this thread, lane 1 on the
    /// worker) and returns when all have returned.
    public func run(_ half: (Int) -> Void) {
        guard self.threads == 2 else {
            half(0)
            return
        }
        precondition(!self.running, "ForkJoin.run called from inside one of its own jobs")
        self.running = true
        self.splitJobs += 1
        defer { self.running = false }
        withoutActuallyEscaping(half) { half in
            pthread_mutex_lock(self.mutex)
            self.job = half
            self.workerBusy = true
            self.generation &+= 1
            pthread_cond_signal(self.jobPosted)
            pthread_mutex_unlock(self.mutex)
            half(0)
            pthread_mutex_lock(self.mutex)
            while self.workerBusy { pthread_cond_wait(self.jobDone, self.mutex) }
            self.job = nil
            pthread_mutex_unlock(self.mutex)
        }
    }

    /// Lane `lane`'s part of `range` when it is cut into `threads` consecutive parts, the cut
    /// rounded down to a multiple of `alignment` (so two lanes never write one cache line).
    public func part(_ lane: Int, of range: Range<Int>, alignment: Int = 1) -> Range<Int> {
        guard self.threads == 2 else { return range }
        let middle = range.lowerBound + range.count / 2
        let aligned = middle - ((middle % alignment) + alignment) % alignment
        let cut = min(range.upperBound, max(range.lowerBound, aligned))
        return lane == 0 ? range.lowerBound..<cut : cut..<range.upperBound
    }

    private func work() {
        // Signals belong to the loop's signalfd: a signal delivered here instead would take the
        // default action (SIGTERM kills the process without the loop's orderly teardown).
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
        var seen: UInt64 = 0
        pthread_mutex_lock(self.mutex)
        while true {
            while self.generation == seen && !self.stopping { pthread_cond_wait(self.jobPosted, self.mutex) }
            if self.stopping { break }
            seen = self.generation
            let job = self.job
            pthread_mutex_unlock(self.mutex)
            job?(1)
            pthread_mutex_lock(self.mutex)
            self.workerBusy = false
            pthread_cond_signal(self.jobDone)
        }
        pthread_mutex_unlock(self.mutex)
    }
}
