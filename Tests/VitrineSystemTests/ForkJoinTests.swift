import Glibc
import Testing
import VitrineSystem

@Suite("Fork-join")
struct ForkJoinTests {
    @Test("one lane runs the job once, as lane 0, on the caller's thread, and makes no thread")
    func oneLane() throws {
        let forkJoin = try ForkJoin(threads: 1)
        let caller = pthread_self()
        var lanes: [Int] = []
        var onCaller = true
        forkJoin.run { lane in
            lanes.append(lane)
            onCaller = onCaller && pthread_equal(pthread_self(), caller) != 0
        }
        #expect(lanes == [0])
        #expect(onCaller)
        #expect(forkJoin.splitJobs == 0)
    }

    @Test("two lanes run lane 0 here and lane 1 on the other thread, and both are done when run returns")
    func twoLanes() throws {
        let forkJoin = try ForkJoin(threads: 2)
        let caller = pthread_self()
        // One slot per lane: each half writes only its own.
        let threads = UnsafeMutablePointer<pthread_t>.allocate(capacity: 2)
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        defer {
            threads.deallocate()
            counts.deallocate()
        }
        counts.initialize(repeating: 0, count: 2)
        for round in 1...500 {
            forkJoin.run { lane in
                threads[lane] = pthread_self()
                counts[lane] += 1
            }
            // Read right after the join, with no other synchronisation.
            #expect(counts[0] == round && counts[1] == round)
        }
        #expect(pthread_equal(threads[0], caller) != 0)
        #expect(pthread_equal(threads[1], caller) == 0)
        #expect(forkJoin.splitJobs == 500)
    }

    @Test("the halves of a job fill one buffer's two parts, and the whole is there after the join")
    func halvesFillOneBuffer() throws {
        let forkJoin = try ForkJoin(threads: 2)
        let count = 100_003
        let values = UnsafeMutablePointer<Int>.allocate(capacity: count)
        defer { values.deallocate() }
        values.initialize(repeating: -1, count: count)
        forkJoin.run { lane in
            for i in forkJoin.part(lane, of: 0..<count, alignment: 8) { values[i] = i &* 3 }
        }
        #expect((0..<count).allSatisfy { values[$0] == $0 &* 3 })
    }

    @Test("a range is cut in the middle, rounded down to the alignment; one lane keeps it whole")
    func parts() throws {
        let two = try ForkJoin(threads: 2)
        #expect(two.part(0, of: 0..<100) == 0..<50)
        #expect(two.part(1, of: 0..<100) == 50..<100)
        #expect(two.part(0, of: 3..<104, alignment: 8) == 3..<48)
        #expect(two.part(1, of: 3..<104, alignment: 8) == 48..<104)
        // Too short to cut at an aligned point: lane 1 takes it all.
        #expect(two.part(0, of: 1..<7, alignment: 8) == 1..<1)
        #expect(two.part(1, of: 1..<7, alignment: 8) == 1..<7)
        #expect(two.part(1, of: 5..<5) == 5..<5)
        let one = try ForkJoin(threads: 1)
        #expect(one.part(0, of: 3..<104, alignment: 8) == 3..<104)
    }

    @Test("many fork-joins made and dropped each stop their thread")
    func stopsItsThread() throws {
        for _ in 0..<50 {
            let forkJoin = try ForkJoin(threads: 2)
            var ran = [false, false]
            ran.withUnsafeMutableBufferPointer { flags in forkJoin.run { flags[$0] = true } }
            #expect(ran == [true, true])
        }
    }
}
