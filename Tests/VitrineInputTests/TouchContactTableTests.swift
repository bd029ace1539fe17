import Testing
import VitrineCore

@Suite("Touch contact table")
struct TouchContactTableTests {
    @Test("a frame lists every contact that is down, unchanged ones as stationary, sorted by id")
    func stationary() {
        var table = TouchContactTable(device: "panel")
        table.down(id: 3, x: 30, y: 30)
        table.down(id: 1, x: 10, y: 10)
        #expect(table.frame(timestamp: 1)?.description == "t=1us #1 began (10.00, 10.00) #3 began (30.00, 30.00)")
        table.motion(id: 3, x: 31, y: 30)
        #expect(table.frame(timestamp: 2)?.description == "t=2us #1 stationary (10.00, 10.00) #3 moved (31.00, 30.00)")
        #expect(table.frame(timestamp: 3) == nil)
    }

    @Test("ended and cancelled contacts are reported once at their last position, then forgotten")
    func endings() {
        var table = TouchContactTable(device: "panel")
        table.down(id: 0, x: 1, y: 2)
        table.down(id: 1, x: 3, y: 4)
        _ = table.frame(timestamp: 1)
        table.up(id: 0)
        table.cancel(id: 1)
        #expect(table.frame(timestamp: 2)?.description == "t=2us #0 ended (1.00, 2.00) #1 cancelled (3.00, 4.00)")
        #expect(table.activeIDs.isEmpty)
        table.up(id: 0)
        #expect(table.frame(timestamp: 3) == nil)
    }

    @Test("cancelAll cancels what is down and says nothing when nothing is")
    func cancelAll() {
        var table = TouchContactTable(device: "panel")
        #expect(table.cancelAll(timestamp: 1) == nil)
        table.down(id: 4, x: 5, y: 6)
        _ = table.frame(timestamp: 2)
        let frame = table.cancelAll(timestamp: 3)
        #expect(frame?.description == "t=3us #4 cancelled (5.00, 6.00)")
        #expect(frame?.device == "panel")
        #expect(!table.hasActiveContacts)
    }

    @Test("a contact that begins and lifts within one sample is never reported")
    func tooShort() {
        var table = TouchContactTable(device: "panel")
        table.down(id: 0, x: 1, y: 1)
        table.up(id: 0)
        #expect(table.frame(timestamp: 1) == nil)
    }
}
