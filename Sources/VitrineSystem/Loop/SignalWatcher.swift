import CVitrineShims
import Glibc
import VitrineCore

/// Delivers POSIX signals through the run loop via `signalfd`, so handlers are ordinary code
/// on the loop's thread (no async-signal-safety rules) and the loop wakes only when one arrives.
public final class SignalWatcher {
    private let descriptor: OwnedDescriptor
    private var handlers: [Int32: (Int32) -> Void] = [:]
    private var watch: WatchID?
    private weak var loop: EventLoop?
    private var blocked = sigset_t()

    /// Blocks `signals` for the process (so they queue for the signalfd instead of killing it)
    /// and watches them on `loop`.
    public init(signals: [Int32], loop: EventLoop) throws(SystemError) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        let blockStatus = pthread_sigmask(SIG_BLOCK, &set, nil)
        if blockStatus != 0 { throw SystemError("pthread_sigmask", errno: blockStatus) }
        let fd = try Syscall.retrying("signalfd") { signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK)) }
        self.descriptor = OwnedDescriptor(adopting: fd)
        self.blocked = set
        self.loop = loop
        self.watch = try loop.watch(fileDescriptor: fd) { [weak self] in self?.drain() }
    }

    /// Calls `handler` with the signal number whenever `signal` arrives.
    public func on(_ signal: Int32, _ handler: @escaping (Int32) -> Void) {
        self.handlers[signal] = handler
    }

    private func drain() {
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        while true {
            let n = Glibc.read(self.descriptor.rawValue, &info, size)
            guard n == size else { return }
            let signal = Int32(info.ssi_signo)
            self.handlers[signal]?(signal)
        }
    }

    deinit {
        if let watch = self.watch { self.loop?.unwatch(watch) }
        var set = self.blocked
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
