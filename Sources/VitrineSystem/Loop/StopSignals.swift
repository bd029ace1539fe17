import Glibc
import VitrineCore

/// SIGTERM, SIGINT and SIGHUP held back from the first instruction of the process until a
/// `SignalWatcher` takes them.
///
/// A kiosk takes a while from `exec` to its loop (reading the config, decoding images, opening
/// the display); a signal in that window would otherwise end it by the default action — killed
/// by SIGTERM instead of stopping in order, killed by SIGHUP instead of reloading. `block()` runs
/// first in `main`, before any thread exists (threads inherit the mask), so the signals stay
/// pending; the loop's `signalfd` then reads them as if they had arrived just then. A command
/// that never watches signals calls `release()` so a pending or later SIGTERM still ends it.
public enum StopSignals {
    /// The signals held back: systemd's stop (SIGTERM), Ctrl-C (SIGINT), reload (SIGHUP).
    public static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Blocks `signals` on the calling thread (the main thread, before any other exists).
    public static func block() {
        var set = self.set
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Unblocks `signals` on the calling thread: one already pending is delivered now, with its
    /// default action.
    public static func release() {
        var set = self.set
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Whether `signal` is blocked on the calling thread.
    public static func isBlocked(_ signal: Int32) -> Bool {
        var current = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &current)
        return sigismember(&current, signal) == 1
    }

    private static var set: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in self.signals { sigaddset(&set, signal) }
        return set
    }
}
