/// A jack input device's events, decoded to "headphones in" and "headphones out".
///
/// Sound cards whose driver reports its jack as an input device (HDA codecs, many ASoC boards)
/// send `EV_SW` `SW_HEADPHONE_INSERT` with value 1 when a plug goes in and 0 when it comes out,
/// each change closed by `EV_SYN` `SYN_REPORT` (kernel Documentation/input/event-codes.rst,
/// "EV_SW" and "EV_SYN"). A change counts once its frame is reported; a frame that sets the
/// switch to what it already was changes nothing. After `SYN_DROPPED` the kernel's buffer
/// overflowed: events up to and including the next `SYN_REPORT` are ignored and the device's
/// state must be read again (`EVIOCGSW`), which `resynchronize` takes (same document,
/// "SYN_DROPPED").
///
/// Pure: fed numbers, from the device (`EvdevJackWatch`) or a recording (the tests).
public struct HeadsetSwitchDecoder: Sendable, Equatable {
    /// The codes it reads (linux/input-event-codes.h).
    public static let EV_SYN: UInt16 = 0x00
    public static let EV_SW: UInt16 = 0x05
    public static let SYN_REPORT: UInt16 = 0
    public static let SYN_DROPPED: UInt16 = 3
    public static let SW_HEADPHONE_INSERT: UInt16 = 0x02

    /// Whether headphones are in, as of the last frame.
    public private(set) var plugged: Bool
    /// The switch's value in the frame being read, until its `SYN_REPORT`.
    private var pending: Bool?
    /// After `SYN_DROPPED`, until the `SYN_REPORT` that ends the dropped frame.
    public private(set) var isDropping = false
    /// Set by the `SYN_REPORT` after a `SYN_DROPPED`: the caller reads the state
    /// (`EVIOCGSW`) and hands it to `resynchronize`.
    public private(set) var needsResynchronization = false

    public init(plugged: Bool = false) {
        self.plugged = plugged
    }

    /// Takes one event; returns the new state when this event ended a frame that changed it.
    public mutating func feed(type: UInt16, code: UInt16, value: Int32) -> Bool? {
        switch (type, code) {
        case (Self.EV_SYN, Self.SYN_DROPPED):
            self.isDropping = true
            self.pending = nil
            return nil
        case (Self.EV_SYN, Self.SYN_REPORT):
            if self.isDropping {
                self.isDropping = false
                self.needsResynchronization = true
                return nil
            }
            guard let pending = self.pending else { return nil }
            self.pending = nil
            guard pending != self.plugged else { return nil }
            self.plugged = pending
            return pending
        case (Self.EV_SW, Self.SW_HEADPHONE_INSERT):
            if !self.isDropping { self.pending = value != 0 }
            return nil
        default:
            return nil
        }
    }

    /// The state read from the device after a `SYN_DROPPED` (or at start); returns it when it
    /// differs from what the decoder knew.
    public mutating func resynchronize(plugged: Bool) -> Bool? {
        self.needsResynchronization = false
        self.isDropping = false
        self.pending = nil
        guard plugged != self.plugged else { return nil }
        self.plugged = plugged
        return plugged
    }
}
