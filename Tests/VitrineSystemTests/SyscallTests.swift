import Glibc
import Synchronization
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// Signals delivered to the reading thread while it is blocked (the handler does nothing).
private let interruptions = Atomic<Int>(0)

@Suite("Syscall")
struct SyscallTests {
    @Test("a read a signal interrupts (EINTR) is retried in the funnel and returns the data that came after")
    func interruptedReadIsRetried() throws {
        // SIGURG's default action is to ignore it; installed without SA_RESTART, a handler makes a
        // blocked read fail with EINTR instead of being restarted by the kernel.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptions.add(1, ordering: .relaxed) }
        action.sa_flags = 0
        var previous = sigaction()
        #expect(sigaction(SIGURG, &action, &previous) == 0)
        defer { sigaction(SIGURG, &previous, nil) }
        // The test runner may block signals on its threads; this one must take SIGURG.
        var urg = sigset_t()
        sigemptyset(&urg)
        sigaddset(&urg, SIGURG)
        var mask = sigset_t()
        #expect(pthread_sigmask(SIG_UNBLOCK, &urg, &mask) == 0)
        defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let reader = pthread_self()
        let before = interruptions.load(ordering: .relaxed)
        let writer = BackgroundThread { [fds] in
            // Interrupt the blocked read three times, then give it its byte.
            for _ in 0..<3 {
                usleep(30_000)
                pthread_kill(reader, SIGURG)
            }
            usleep(30_000)
            var byte: UInt8 = 42
            _ = write(fds[1], &byte, 1)
        }
        var byte: UInt8 = 0
        let count = try Syscall.retryingSize("read") { read(fds[0], &byte, 1) }
        writer.join()
        #expect(count == 1 && byte == 42)
        #expect(interruptions.load(ordering: .relaxed) - before == 3, "the read was interrupted, and retried, three times")
    }

    @Test("a failure other than EINTR is a SystemError naming the call")
    func failureNamesTheCall() {
        #expect {
            try Syscall.retryingSize("read(fd -1)") { read(-1, nil, 0) }
        } throws: { error in
            (error as? SystemError) == SystemError("read(fd -1)", errno: EBADF)
        }
    }
}
