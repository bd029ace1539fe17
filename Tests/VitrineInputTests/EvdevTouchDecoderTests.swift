import Testing
import VitrineReplay

/// Drives the protocol-B state machine event by event, the way the kernel delivers them.
struct DecoderHarness {
    var decoder: EvdevTouchDecoder
    var seat = SeatSlots()
    var warnings: [ReplayWarning] = []
    var line = 0

    init(slots: Int = 10, toolType: Bool = true) {
        self.decoder = EvdevTouchDecoder(slotCount: slots, hasToolType: toolType)
    }

    /// Feeds `(type, code, value)` events, then a SYN_REPORT; returns what it posted.
    mutating func frame(_ events: [(UInt16, UInt16, Int32)]) -> [DecodedTouch] {
        for (type, code, value) in events {
            self.line += 1
            let none = self.decoder.process(
                EvdevEvent(time: 0, type: type, code: code, value: value, line: self.line), seat: &self.seat, warnings: &self.warnings)
            precondition(none.isEmpty, "only SYN_REPORT posts")
        }
        self.line += 1
        return self.decoder.process(EvdevEvent(time: 0, type: 0, code: 0, value: 0, line: self.line), seat: &self.seat, warnings: &self.warnings)
    }
}

let abs: UInt16 = 3
let key: UInt16 = 1
let slot: UInt16 = 47
let trackingID: UInt16 = 57
let positionX: UInt16 = 53
let positionY: UInt16 = 54
let toolType: UInt16 = 55
let btnTouch: UInt16 = 330

@Suite("Protocol-B state machine")
struct EvdevTouchDecoderTests {
    @Test("a tracking id starts a contact at its position; positions move it; -1 lifts it")
    func lifecycle() {
        var h = DecoderHarness()
        #expect(
            h.frame([(abs, slot, 0), (abs, trackingID, 7), (abs, positionX, 100), (abs, positionY, 200), (key, btnTouch, 1)])
                == [.down(seatSlot: 0, x: 100, y: 200)])
        #expect(h.frame([(abs, positionX, 110)]) == [.motion(seatSlot: 0, x: 110, y: 200)])
        #expect(h.frame([(abs, trackingID, -1), (key, btnTouch, 0)]) == [.up(seatSlot: 0)])
        #expect(h.frame([]) == [])
        #expect(h.warnings.isEmpty)
    }

    @Test("the slot stays selected across frames, and changed slots post in slot order")
    func slots() {
        var h = DecoderHarness()
        _ = h.frame([
            (abs, slot, 1), (abs, trackingID, 20), (abs, positionX, 10), (abs, positionY, 10),
            (abs, slot, 0), (abs, trackingID, 21), (abs, positionX, 50), (abs, positionY, 50)
        ])
        // Slot 1 went down first but slot 0 is posted first, and seat slots follow that order.
        #expect(h.decoder.activeSeatSlots == [0, 1])
        // Slot 0 is still selected: this position belongs to it.
        #expect(h.frame([(abs, positionY, 60)]) == [.motion(seatSlot: 0, x: 50, y: 60)])
        #expect(
            h.frame([(abs, slot, 1), (abs, positionX, 12), (abs, slot, 0), (abs, trackingID, -1)])
                == [.up(seatSlot: 0), .motion(seatSlot: 1, x: 12, y: 10)])
    }

    @Test("seat slots are the lowest free ones, shared by every device of the seat")
    func seatSlotsAcrossDevices() {
        var first = DecoderHarness()
        var second = DecoderHarness()
        _ = first.frame([(abs, slot, 0), (abs, trackingID, 1), (abs, positionX, 1), (abs, positionY, 1)])
        second.seat = first.seat
        #expect(
            second.frame([(abs, slot, 0), (abs, trackingID, 9), (abs, positionX, 2), (abs, positionY, 2)])
                == [.down(seatSlot: 1, x: 2, y: 2)])
        first.seat = second.seat
        #expect(first.frame([(abs, trackingID, -1)]) == [.up(seatSlot: 0)])
        second.seat = first.seat
        #expect(
            second.frame([(abs, slot, 1), (abs, trackingID, 10), (abs, positionX, 3), (abs, positionY, 3)])
                == [.down(seatSlot: 0, x: 3, y: 3)])
    }

    @Test("a contact that turns into a palm is cancelled, and its later motion and lift say nothing")
    func palmCancels() {
        var h = DecoderHarness()
        _ = h.frame([(abs, slot, 0), (abs, trackingID, 1), (abs, toolType, 0), (abs, positionX, 5), (abs, positionY, 5)])
        #expect(h.frame([(abs, toolType, 2), (abs, positionX, 6)]) == [.cancel(seatSlot: 0)])
        #expect(h.frame([(abs, positionX, 7)]) == [])
        #expect(h.frame([(abs, toolType, 0)]) == [])
        #expect(h.frame([(abs, trackingID, -1)]) == [])
        #expect(h.seat.inUse == 0)
    }

    @Test("a touch that starts as a palm never begins; a finger in another slot does")
    func palmFromTheStart() {
        var h = DecoderHarness()
        #expect(h.frame([(abs, slot, 0), (abs, trackingID, 1), (abs, toolType, 2), (abs, positionX, 5), (abs, positionY, 5)]) == [])
        #expect(h.frame([(abs, trackingID, -1)]) == [])
        #expect(
            h.frame([(abs, slot, 1), (abs, trackingID, 2), (abs, toolType, 0), (abs, positionX, 8), (abs, positionY, 9)])
                == [.down(seatSlot: 0, x: 8, y: 9)])
    }

    @Test("a new touch in a slot whose tool type still says palm is ignored, as libinput ignores it")
    func palmSlotReused() {
        // libinput reads the slot's tool type when the tracking id arrives ("new touch, no cancel
        // needed"): the kernel sends the finger's ABS_MT_TOOL_TYPE after it, too late.
        var h = DecoderHarness()
        _ = h.frame([(abs, slot, 0), (abs, trackingID, 1), (abs, toolType, 2), (abs, positionX, 5), (abs, positionY, 5)])
        _ = h.frame([(abs, trackingID, -1)])
        #expect(h.frame([(abs, trackingID, 2), (abs, toolType, 0), (abs, positionX, 8)]) == [])
        #expect(h.frame([(abs, positionX, 9)]) == [])
        #expect(h.frame([(abs, trackingID, -1)]) == [])
        #expect(h.frame([(abs, trackingID, 3), (abs, positionX, 10)]) == [.down(seatSlot: 0, x: 10, y: 5)])
    }

    @Test("a slot outside the device's slots is ignored like the kernel ignores it, with a warning naming the line")
    func slotOutOfRange() {
        var h = DecoderHarness(slots: 2)
        _ = h.frame([(abs, slot, 0), (abs, trackingID, 1), (abs, positionX, 5), (abs, positionY, 5)])
        #expect(h.frame([(abs, slot, 5), (abs, positionX, 9)]) == [.motion(seatSlot: 0, x: 9, y: 5)])
        #expect(
            h.warnings == [ReplayWarning(line: 6, message: "ABS_MT_SLOT 5 is outside the device's slots 0…1; ignored, as the kernel ignores it (recovered)")])
    }

    @Test("a new tracking id on a slot that never lifted keeps the old contact, as libinput does")
    func trackingIDReused() {
        var h = DecoderHarness()
        _ = h.frame([(abs, slot, 0), (abs, trackingID, 1), (abs, positionX, 5), (abs, positionY, 5)])
        #expect(h.frame([(abs, trackingID, 2), (abs, positionX, 50)]) == [])
        #expect(h.frame([(abs, positionX, 51)]) == [.motion(seatSlot: 0, x: 51, y: 5)])
        #expect(h.frame([(abs, trackingID, -1)]) == [.up(seatSlot: 0)])
        #expect(h.warnings.map(\.line) == [6])
        #expect(h.warnings.first?.message.hasPrefix("tracking id 2 starts in slot 0 while its contact never lifted") == true)
    }

    @Test("a 33rd simultaneous contact on the seat is dropped, and the other 32 keep their ids")
    func seatFull() {
        var h = DecoderHarness(slots: 40)
        var events: [(UInt16, UInt16, Int32)] = []
        for n in 0..<33 { events += [(abs, slot, Int32(n)), (abs, trackingID, Int32(n)), (abs, positionX, Int32(n)), (abs, positionY, 0)] }
        let posted = h.frame(events)
        #expect(posted.count == 32)
        #expect(posted.last == .down(seatSlot: 31, x: 31, y: 0))
        #expect(h.frame([(abs, positionX, 99)]) == [])
        #expect(h.warnings.count == 1)
    }

    @Test("a single-touch device goes down with BTN_TOUCH at ABS_X/ABS_Y, moves with them and lifts")
    func singleTouch() {
        var h = DecoderHarness(slots: 0, toolType: false)
        #expect(h.frame([(abs, 0, 10), (abs, 1, 20), (key, btnTouch, 1)]) == [.down(seatSlot: 0, x: 10, y: 20), .motion(seatSlot: 0, x: 10, y: 20)])
        #expect(h.frame([(abs, 0, 11)]) == [.motion(seatSlot: 0, x: 11, y: 20)])
        #expect(h.frame([(key, btnTouch, 0)]) == [.up(seatSlot: 0)])
        #expect(h.frame([(abs, 0, 12)]) == [])
    }

    @Test("a device that goes away gives back its seat slots and cancels its contacts")
    func releaseAll() {
        var h = DecoderHarness()
        _ = h.frame([
            (abs, slot, 0), (abs, trackingID, 1), (abs, positionX, 5), (abs, positionY, 5),
            (abs, slot, 1), (abs, trackingID, 2), (abs, positionX, 6), (abs, positionY, 6)
        ])
        #expect(h.decoder.releaseAll(seat: &h.seat) == [.cancel(seatSlot: 0), .cancel(seatSlot: 1)])
        #expect(h.seat.inUse == 0)
        #expect(h.frame([(abs, slot, 0), (abs, positionX, 7)]) == [])
    }
}
