import Glibc
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineSystem

/// A watch or a timer the kernel refuses is an error for the caller, never a log line and a
/// loop that silently waits for events that cannot come.
@Suite("EpollEventLoop failures")
struct EpollEventLoopFailureTests {
    @Test("watching a regular file is refused by epoll (EPERM) and throws, naming epoll_ctl and the fd")
    func watchRegularFile() throws {
        let loop = try EpollEventLoop()
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let fd = open(directory.file("plain"), O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect {
            try loop.watch(fileDescriptor: fd) {}
        } throws: { error in
            let error = error as! SystemError
            return error.errno == EPERM && error.call == "epoll_ctl(ADD, fd \(fd))"
        }
        // Nothing was registered: the same fd can be refused again, and a good fd still works.
        #expect(throws: SystemError.self) { try loop.watch(fileDescriptor: fd) {} }
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        var byte: UInt8 = 5
        _ = write(fds[1], &byte, 1)
        var woke = false
        try loop.watch(fileDescriptor: fds[0]) { [unowned loop] in
            woke = true
            loop.stop()
        }
        loop.schedule(after: .seconds(2)) { [unowned loop] in loop.stop() }
        try loop.run()
        #expect(woke)
    }

    @Test("watching a closed fd throws EBADF naming the fd")
    func watchClosedDescriptor() throws {
        let loop = try EpollEventLoop()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[0])
        close(fds[1])
        #expect {
            try loop.watch(fileDescriptor: fds[0]) {}
        } throws: { error in
            let error = error as! SystemError
            return error.errno == EBADF && error.call == "epoll_ctl(ADD, fd \(fds[0]))"
        }
    }

    @Test("a timer that cannot be armed ends run() with timerfd_settime's error, naming the fd")
    func timerArmFails() throws {
        // A pipe polls like a timerfd, so epoll takes it, but timerfd_settime refuses it
        // (EINVAL: "fd is not a valid timerfd file descriptor", timerfd_settime(2)).
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[1]) }
        let notATimer = OwnedDescriptor(adopting: fds[0])
        let fd = notATimer.rawValue
        let loop = try EpollEventLoop(timerDescriptor: notATimer)
        var fired = false
        loop.schedule(after: .milliseconds(10)) { fired = true }
        #expect {
            try loop.run()
        } throws: { error in
            let error = error as! SystemError
            return error.errno == EINVAL && error.call == "timerfd_settime(fd \(fd))"
        }
        #expect(!fired)
    }
}
