/// What one touch did at a `SYN_REPORT`, in libinput's terms: the touch events its fallback
/// dispatch would post, keyed by seat slot, with the raw (uncalibrated) sensor position.
public enum DecodedTouch: Equatable, Sendable {
    case down(seatSlot: Int, x: Int32, y: Int32)
    case motion(seatSlot: Int, x: Int32, y: Int32)
    case up(seatSlot: Int)
    case cancel(seatSlot: Int)
}

/// A recording problem that replay recovered from, with the line it is on.
public struct ReplayWarning: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(self.line): \(self.message)" }
}

/// The kernel's multitouch protocol B (`Documentation/input/multi-touch-protocol.rst`), decoded
/// the way libinput 1.22's fallback dispatch does (`src/evdev-fallback.c`), so replay emits the
/// touch events libinput would for the same device events:
///
/// - `ABS_MT_SLOT` selects a slot; `ABS_MT_TRACKING_ID` ≥ 0 starts a contact in it, −1 ends it;
///   `ABS_MT_POSITION_X/Y` move it; `SYN_REPORT` posts every changed slot, in slot order.
/// - `ABS_MT_TOOL_TYPE` = `MT_TOOL_PALM` on a contact that is down cancels it; a contact that
///   starts as a palm never begins; it stays ignored until it lifts.
/// - Single-touch devices (no MT axes): `BTN_TOUCH` 1/0 is down/up, `ABS_X/Y` move.
///
/// Faults are recovered as the kernel and libinput would recover, each with a `ReplayWarning`:
/// an `ABS_MT_SLOT` outside the device's slots is ignored (the kernel drops it,
/// `input_handle_abs_event`); a new tracking id on a slot whose contact never lifted keeps the
/// old contact (libinput: "driver sent multiple touch down for the same slot"); a 33rd touch on
/// the seat is dropped. libinput's hysteresis for axes with a fuzz is not modelled (see
/// Docs/input.md).
public struct EvdevTouchDecoder: Sendable {
    /// libinput's `SLOT_STATE_*`.
    enum Lifecycle: Sendable { case none, begin, update, end }
    /// libinput's `FB_PALM_*`: a palm must be cancelled once, then ignored until it lifts.
    enum Palm: Sendable { case none, new, isPalm, wasPalm }

    struct Slot: Sendable {
        var lifecycle = Lifecycle.none
        var palm = Palm.none
        var toolType: Int32 = 0
        var x: Int32 = 0
        var y: Int32 = 0
        var dirty = false
        var seatSlot: Int? = nil
    }

    /// What a single-touch device has pending until `SYN_REPORT`.
    struct SingleTouchPending: Sendable {
        var down = false
        var motion = false
        var up = false
    }

    public let isMultitouch: Bool
    private let hasToolType: Bool
    private var slots: [Slot]
    private var current = 0
    private var single = Slot()
    private var pending = SingleTouchPending()
    private var warnedSeatFull = false

    /// - Parameters:
    ///   - slotCount: `ABS_MT_SLOT`'s maximum + 1; 0 for a single-touch device.
    ///   - hasToolType: whether the device has `ABS_MT_TOOL_TYPE` (palm detection).
    public init(slotCount: Int, hasToolType: Bool) {
        self.isMultitouch = slotCount > 0
        self.hasToolType = hasToolType
        self.slots = Array(repeating: Slot(), count: max(slotCount, 0))
    }

    /// Feeds one event. At `SYN_REPORT` it returns the touches to post (empty when none: then no
    /// frame, as libinput sends `TOUCH_FRAME` only after a touch event).
    public mutating func process(_ event: EvdevEvent, seat: inout SeatSlots, warnings: inout [ReplayWarning]) -> [DecodedTouch] {
        switch event.type {
        case EvdevCode.EV_ABS where self.isMultitouch:
            self.processMultitouch(event, warnings: &warnings)
        case EvdevCode.EV_ABS:
            if event.code == EvdevCode.ABS_X || event.code == EvdevCode.ABS_Y {
                if event.code == EvdevCode.ABS_X { self.single.x = event.value } else { self.single.y = event.value }
                self.pending.motion = true
            }
        case EvdevCode.EV_KEY where event.code == EvdevCode.BTN_TOUCH && !self.isMultitouch && event.value != 2:
            if event.value != 0 { self.pending.down = true } else { self.pending.up = true }
        case EvdevCode.EV_SYN where event.code == EvdevCode.SYN_REPORT:
            return self.isMultitouch
                ? self.flushMultitouch(seat: &seat, warnings: &warnings, line: event.line)
                : self.flushSingleTouch(seat: &seat, warnings: &warnings, line: event.line)
        case EvdevCode.EV_SYN where event.code == EvdevCode.SYN_DROPPED:
            warnings.append(ReplayWarning(line: event.line, message: "SYN_DROPPED: the kernel's buffer overflowed while recording; events are missing here"))
        default:
            break
        }
        return []
    }

    /// The seat slots of contacts that are down, for cancelling them when the device goes away.
    public var activeSeatSlots: [Int] {
        (self.slots + [self.single]).compactMap(\.seatSlot).sorted()
    }

    /// Forgets every contact (the device went away), giving their seat slots back.
    public mutating func releaseAll(seat: inout SeatSlots) -> [DecodedTouch] {
        let cancelled = self.activeSeatSlots.map { DecodedTouch.cancel(seatSlot: $0) }
        for seatSlot in self.activeSeatSlots { seat.release(seatSlot) }
        for index in self.slots.indices { self.slots[index] = Slot() }
        self.single = Slot()
        self.pending = SingleTouchPending()
        return cancelled
    }

    // MARK: - Protocol B

    private mutating func processMultitouch(_ event: EvdevEvent, warnings: inout [ReplayWarning]) {
        if event.code == EvdevCode.ABS_MT_SLOT {
            guard event.value >= 0 && Int(event.value) < self.slots.count else {
                warnings.append(
                    ReplayWarning(
                        line: event.line,
                        message:
                            "ABS_MT_SLOT \(event.value) is outside the device's slots 0…\(self.slots.count - 1); ignored, as the kernel ignores it (recovered)")
                )
                return
            }
            self.current = Int(event.value)
            return
        }
        var slot = self.slots[self.current]
        switch event.code {
        case EvdevCode.ABS_MT_TRACKING_ID where event.value >= 0:
            if slot.seatSlot != nil && slot.lifecycle != .end {
                warnings.append(
                    ReplayWarning(
                        line: event.line,
                        message:
                            "tracking id \(event.value) starts in slot \(self.current) while its contact never lifted; the old contact continues, as libinput keeps it (recovered)"
                    ))
            }
            slot.lifecycle = .begin
            slot.palm = self.hasToolType && slot.toolType == EvdevCode.MT_TOOL_PALM ? .wasPalm : .none
        case EvdevCode.ABS_MT_TRACKING_ID:
            slot.lifecycle = .end
        case EvdevCode.ABS_MT_POSITION_X:
            slot.x = event.value
        case EvdevCode.ABS_MT_POSITION_Y:
            slot.y = event.value
        case EvdevCode.ABS_MT_TOOL_TYPE:
            slot.toolType = event.value
            if event.value == EvdevCode.MT_TOOL_PALM {
                if slot.palm == .none { slot.palm = .new }
            } else if slot.palm == .isPalm {
                slot.palm = .wasPalm
            }
        default:
            return
        }
        slot.dirty = true
        self.slots[self.current] = slot
    }

    private mutating func flushMultitouch(seat: inout SeatSlots, warnings: inout [ReplayWarning], line: Int) -> [DecodedTouch] {
        var touches: [DecodedTouch] = []
        for index in self.slots.indices where self.slots[index].dirty {
            var slot = self.slots[index]
            slot.dirty = false
            switch slot.palm {
            case .new:
                // A contact that turned into a palm is cancelled; one that started as a palm never began.
                if slot.lifecycle != .begin, let seatSlot = slot.seatSlot {
                    touches.append(.cancel(seatSlot: seatSlot))
                    seat.release(seatSlot)
                    slot.seatSlot = nil
                }
                slot.palm = .isPalm
            case .none:
                if let touch = self.post(&slot, seat: &seat, warnings: &warnings, line: line) { touches.append(touch) }
            case .isPalm, .wasPalm:
                break
            }
            switch slot.lifecycle {
            case .begin: slot.lifecycle = .update
            case .end: slot.lifecycle = .none
            case .update, .none: break
            }
            self.slots[index] = slot
        }
        return touches
    }

    /// `fallback_flush_mt_down/motion/up` for one dirty slot.
    private mutating func post(_ slot: inout Slot, seat: inout SeatSlots, warnings: inout [ReplayWarning], line: Int) -> DecodedTouch? {
        switch slot.lifecycle {
        case .begin:
            guard slot.seatSlot == nil else { return nil }
            guard let seatSlot = seat.take() else {
                if !self.warnedSeatFull {
                    warnings.append(ReplayWarning(line: line, message: "more than 32 contacts on the seat; the extra ones are dropped, as libinput drops them"))
                    self.warnedSeatFull = true
                }
                return nil
            }
            slot.seatSlot = seatSlot
            return .down(seatSlot: seatSlot, x: slot.x, y: slot.y)
        case .update:
            return slot.seatSlot.map { .motion(seatSlot: $0, x: slot.x, y: slot.y) }
        case .end:
            guard let seatSlot = slot.seatSlot else { return nil }
            slot.seatSlot = nil
            seat.release(seatSlot)
            return .up(seatSlot: seatSlot)
        case .none:
            return nil
        }
    }

    // MARK: - Single touch

    private mutating func flushSingleTouch(seat: inout SeatSlots, warnings: inout [ReplayWarning], line: Int) -> [DecodedTouch] {
        var touches: [DecodedTouch] = []
        let pending = self.pending
        self.pending = SingleTouchPending()
        if pending.down {
            if self.single.seatSlot != nil {
                warnings.append(
                    ReplayWarning(line: line, message: "BTN_TOUCH 1 while the contact is already down; ignored, as libinput ignores it (recovered)"))
            } else {
                var single = self.single
                single.lifecycle = .begin
                if let touch = self.post(&single, seat: &seat, warnings: &warnings, line: line) { touches.append(touch) }
                self.single = single
            }
        }
        if pending.motion, let seatSlot = self.single.seatSlot {
            touches.append(.motion(seatSlot: seatSlot, x: self.single.x, y: self.single.y))
        }
        if pending.up {
            var single = self.single
            single.lifecycle = .end
            if let touch = self.post(&single, seat: &seat, warnings: &warnings, line: line) { touches.append(touch) }
            self.single = single
        }
        self.single.lifecycle = .none
        return touches
    }
}
