import Glibc
import Synchronization
import Testing
import VitrineCore
import VitrineSystem

@testable import VitrineDRM

/// fbdev's vblank thread (`VsyncWaiter`) with its real pthread, eventfd and epoll loop; only the
/// `FBIO_WAITFORVSYNC` ioctl is replaced by a sleep, since no test machine has a panel that
/// supports it (the QEMU test runs the real ioctl path on bochs' fbdev). This suite is also run
/// under ThreadSanitizer by scripts/test.sh: it is the one place a second thread touches state
/// the loop reads.
@Suite("VsyncWaiter")
struct VsyncWaiterTests {
    @Test("each arm() gives one report on the loop, in order, with the time the wait ended")
    func armedReports() throws {
        let loop = try EpollEventLoop()
        let waits = Atomic<Int>(0)
        var reports: [MonotonicTime] = []
        var armedAt: [MonotonicTime] = []
        var waiter: VsyncWaiter? = nil
        waiter = try VsyncWaiter(
            loop: loop,
            wait: {
                waits.add(1, ordering: .relaxed)
                usleep(2000)
            })
        try waiter?.deliver { [unowned loop] event in
            guard let time = event.timestamp else {
                Issue.record("a wait that succeeded was reported as failed")
                loop.stop()
                return
            }
            reports.append(time)
            if reports.count == 20 {
                loop.stop()
            } else {
                armedAt.append(MonotonicTime.now())
                waiter?.arm()
            }
        }
        armedAt.append(MonotonicTime.now())
        waiter?.arm()
        _ = loop.schedule(at: MonotonicTime.now() + .seconds(30)) { [unowned loop] in loop.stop() }
        try loop.run()
        waiter?.stop()
        #expect(reports.count == 20)
        #expect(waits.load(ordering: .relaxed) == 20, "one wait per arm(), none while idle")
        for (report, armed) in zip(reports, armedAt) {
            #expect(report >= armed + .milliseconds(2), "a report carries the time after the 2 ms wait")
        }
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("a failed wait is reported as nil, and the next good one as a time again")
    func failedWait() throws {
        let loop = try EpollEventLoop()
        let calls = Atomic<Int>(0)
        var reports: [MonotonicTime?] = []
        var waiter: VsyncWaiter? = nil
        waiter = try VsyncWaiter(
            loop: loop,
            wait: {
                if calls.add(1, ordering: .relaxed).newValue == 1 { throw SystemError("ioctl(FBIO_WAITFORVSYNC)", errno: EINVAL) }
            })
        try waiter?.deliver { [unowned loop] event in
            reports.append(event.timestamp)
            if reports.count == 2 { loop.stop() } else { waiter?.arm() }
        }
        waiter?.arm()
        _ = loop.schedule(at: MonotonicTime.now() + .seconds(30)) { [unowned loop] in loop.stop() }
        try loop.run()
        waiter?.stop()
        #expect(reports.count == 2)
        #expect(reports.first.map { $0 == nil } == true)
        #expect(reports.last.map { $0 != nil } == true)
    }

    @Test("stop() ends an idle thread, and a second stop() is harmless")
    func stopIdle() throws {
        let loop = try EpollEventLoop()
        let waits = Atomic<Int>(0)
        let waiter = try VsyncWaiter(loop: loop, wait: { waits.add(1, ordering: .relaxed) })
        try waiter.deliver { _ in }
        waiter.stop()
        waiter.stop()
        #expect(waits.load(ordering: .relaxed) == 0, "a thread never armed never waits")
    }
}
