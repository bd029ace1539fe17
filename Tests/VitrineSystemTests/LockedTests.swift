import Testing
import VitrineCore
import VitrineSystem

/// `Locked` between two threads: every change made under the lock is kept, and — run under
/// ThreadSanitizer by CI's TSan step — a contended lock orders the two threads' accesses, which
/// the standard library's `Mutex` does not show TSan on Linux (see `Locked`).
@Suite("Locked")
struct LockedTests {
    struct Tally {
        var count = 0
        /// A heap value both lanes write: a race on it is what TSan would report.
        var lanes: [Int] = []
    }

    @Test("two lanes hammering one lock lose no change, and each lane's changes are all there")
    func twoLanesLoseNothing() throws {
        let forkJoin = try ForkJoin(threads: 2)
        let tally = Locked(Tally())
        let rounds = 50_000
        forkJoin.run { lane in
            for _ in 0..<rounds {
                tally.withLock { tally in
                    tally.count += 1
                    tally.lanes.append(lane)
                }
            }
        }
        let result = tally.withLock { $0 }
        #expect(result.count == 2 * rounds)
        #expect(result.lanes.count(where: { $0 == 0 }) == rounds)
        #expect(result.lanes.count(where: { $0 == 1 }) == rounds)
    }

    @Test("what withLock throws comes out typed, and the lock is free again after it")
    func throwsReleaseTheLock() {
        let value = Locked(1)
        #expect(throws: VitrineError.self) {
            try value.withLock { (value: inout Int) throws(VitrineError) in
                value = 2
                throw VitrineError(.invalidArgument, "no")
            }
        }
        #expect(value.withLock { $0 } == 2)
    }
}
