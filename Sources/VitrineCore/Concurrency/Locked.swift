import Glibc

/// A value that more than one thread reads and writes, guarded by a `pthread_mutex_t`.
///
/// Vitrine uses this rather than the standard library's `Mutex` because ThreadSanitizer sees every
/// acquisition of a pthread mutex, and only some of `Mutex`'s: on Linux, `Mutex`'s uncontended
/// path is an atomic compare-and-swap inlined into the caller (instrumented), but a contended lock
/// and unlock go through `_lockSlow` / `_unlockSlow` in the uninstrumented standard library (a
/// priority-inheritance futex). TSan then knows of no order between the two threads' accesses and
/// reports a race that is not one, only when the lock happened to be contended: CI's TSan step
/// failed that way once in SpeechWorker (the loop thread taking events while the speech thread
/// posted one). None of the values behind one is on a per-pixel path: a lock is taken per file
/// checked, per band of a frame, per speech chunk or event, per log line.
///
/// The value is only reached inside `withLock`; the mutex lives at a fixed address of its own
/// (a pthread mutex must not move).
public final class Locked<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        pthread_mutex_init(self.mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(self.mutex)
        self.mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; `body` must not call `withLock` on the
    /// same `Locked` again (the mutex is not recursive).
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(self.mutex)
        defer { pthread_mutex_unlock(self.mutex) }
        return try body(&self.value)
    }
}
