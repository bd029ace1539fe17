/// libinput's seat-wide contact ids: each new touch takes the lowest free bit of a 32-bit map,
/// `ffs(~seat->slot_map) - 1` (`src/evdev-fallback.c`, `fallback_flush_mt_down`), shared by every
/// touch device of the seat. A 33rd simultaneous touch gets none and is dropped, as libinput
/// drops it (research/input.md §1.1).
public struct SeatSlots: Sendable, Equatable {
    private var map: UInt32 = 0

    public init() {}

    /// Takes the lowest free seat slot, or nil when all 32 are taken.
    public mutating func take() -> Int? {
        let free = ~self.map
        guard free != 0 else { return nil }
        let slot = free.trailingZeroBitCount
        self.map |= 1 << UInt32(slot)
        return slot
    }

    public mutating func release(_ slot: Int) {
        self.map &= ~(1 << UInt32(slot))
    }

    public var inUse: Int { self.map.nonzeroBitCount }
}
