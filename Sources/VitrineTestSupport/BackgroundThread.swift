import Glibc

/// A closure run on its own POSIX thread, for tests whose other side must not wait for the run
/// loop: a control client that floods the socket while the loop on the test's thread serves it.
public final class BackgroundThread: @unchecked Sendable {
    private var thread = pthread_t()
    private let body: () -> Void
    private var joined = false

    /// Starts `body` at once.
    public init(_ body: @escaping () -> Void) {
        self.body = body
        let box = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(
            &self.thread, nil,
            { raw in
                let thread = Unmanaged<BackgroundThread>.fromOpaque(raw!).takeRetainedValue()
                thread.body()
                return nil
            }, box)
        precondition(status == 0, "pthread_create failed: \(status)")
    }

    /// Waits for `body` to return.
    public func join() {
        guard !self.joined else { return }
        self.joined = true
        pthread_join(self.thread, nil)
    }
}
