import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

@Suite("Memory headroom: what the process may still take, and what limits it")
struct MemoryHeadroomTests {
    @Test("the tightest limit wins, and one already passed is no headroom")
    func smallest() {
        let machine = MemoryHeadroom(bytes: 20 << 30, limit: "the machine")
        let cgroup = MemoryHeadroom(bytes: 300 << 20, limit: "the cgroup")
        #expect(MemoryHeadroom.smallest([machine, cgroup]) == cgroup)
        #expect(MemoryHeadroom.smallest([machine, MemoryHeadroom(bytes: -5, limit: "over")]) == MemoryHeadroom(bytes: 0, limit: "over"))
        #expect(MemoryHeadroom.smallest([]) == nil)
    }

    @Test("a need over the headroom is an error with both sizes, the limit and the hint; one within passes")
    func require() throws {
        let headroom = MemoryHeadroom(bytes: 512 << 20, limit: "its cgroup /kiosk has a memory.max (MemoryMax=) of 600 MiB")
        #expect(throws: Never.self) { try MemoryHeadroom.require(256 << 20, for: "a picture needs 256 MiB", hint: "use a smaller one", headroom: headroom) }
        let error = try? thrownError {
            try MemoryHeadroom.require(3 << 30, for: "a screen needs about 3.0 GiB", hint: "use a smaller one", headroom: headroom)
        }
        #expect(
            error?.description
                == "a screen needs about 3.0 GiB, but this process may take 512 MiB more: its cgroup /kiosk has a memory.max (MemoryMax=) of 600 MiB — use a smaller one, or raise the limit"
        )
    }

    @Test("on this machine there is a headroom, read from /proc, below the memory it has")
    func current() throws {
        let headroom = try #require(MemoryHeadroom.current())
        #expect(headroom.bytes > 0)
        #expect(headroom.bytes < 1 << 50, "\(headroom)")
        #expect(MemoryHeadroom.size(3 << 29) == "1.5 GiB")
        #expect(MemoryHeadroom.size(256 << 20) == "256 MiB")
    }
}
