/// One finger (or a mouse standing in for one) in a `TouchFrame`.
public struct TouchContact: Equatable, Sendable, CustomStringConvertible {
    /// Where a contact is in its life.
    public enum Phase: String, Sendable, Equatable {
        /// Touched down in this frame.
        case began
        /// Moved in this frame.
        case moved
        /// Down, but unchanged in this frame.
        case stationary
        /// Lifted in this frame (the position is where it was last seen).
        case ended
        /// Taken away without a lift (palm rejection, device unplugged, arbitration): gestures
        /// must abort, not act (libinput `TOUCH_CANCEL`).
        case cancelled
    }

    /// Stable for the contact's life: libinput's seat slot (0–31), unique across the seat; a
    /// mouse standing in for a finger is `TouchContact.pointerID`.
    public var id: Int
    public var phase: Phase
    /// Position in logical screen points (rotation and scale applied).
    public var x: Double
    public var y: Double

    public init(id: Int, phase: Phase, x: Double, y: Double) {
        self.id = id
        self.phase = phase
        self.x = x
        self.y = y
    }

    /// The one contact a mouse (or a single-touch device libinput treats as a pointer) drives:
    /// just past the seat slots, so it never collides with a finger.
    public static let pointerID = TouchFrame.maximumContacts

    public var isActive: Bool { self.phase != .ended && self.phase != .cancelled }
    public var description: String { "#\(self.id) \(self.phase) (\(String(fixed: self.x, decimals: 2)), \(String(fixed: self.y, decimals: 2)))" }
}

/// Every contact of one device at one sample time (libinput `TOUCH_FRAME`).
///
/// It lists all contacts that are down (`stationary` when unchanged) plus those that ended or
/// were cancelled in this frame, sorted by id. A seat carries at most 32 contacts, the size of
/// libinput's seat-slot map (`src/libinput-private.h`, research/input.md §1.1).
public struct TouchFrame: Equatable, Sendable, CustomStringConvertible {
    /// The most contacts one seat can carry.
    public static let maximumContacts = 32

    /// Monotonic time of the sample, in microseconds (libinput `get_time_usec`).
    public var timestamp: UInt64
    public var contacts: [TouchContact]
    /// The device that produced it (its name or node), for logs and per-device state.
    public var device: String

    public init(timestamp: UInt64, contacts: [TouchContact], device: String = "") {
        self.timestamp = timestamp
        self.contacts = contacts
        self.device = device
    }

    public var time: MonotonicTime { MonotonicTime(microseconds: Int64(self.timestamp)) }

    public func contact(_ id: Int) -> TouchContact? { self.contacts.first { $0.id == id } }

    public var description: String {
        "t=\(self.timestamp)us " + self.contacts.map(\.description).joined(separator: " ")
    }
}

/// Produces touch frames on the run loop: libinput on a panel (`LibinputSource`), a recording or
/// script in tests (`ReplaySource`).
///
/// Contract (both implementations keep it, and their tests check it):
/// - nothing is delivered before `start()`; `start()` reports every device present as `.added`;
/// - frames arrive on the loop, in time order, one per device sample; ids are stable for a
///   contact's life, and every contact that began ends with exactly one `ended` or `cancelled`
///   — a device that goes away cancels its contacts first, so nothing stays stuck;
/// - positions are in logical points of `transform` at the time of the sample.
public protocol InputSource: AnyObject {
    /// Called on the loop for each frame, in order.
    var onFrame: ((TouchFrame) -> Void)? { get set }
    /// Called on the loop when a device comes or goes, or something needs the user's attention.
    var onDeviceEvent: ((InputDeviceEvent) -> Void)? { get set }
    /// Called on the loop for each key of a keyboard or keypad, decoded with the keymap (held
    /// keys repeat, bounded); a scanner's keys never come here.
    var onKey: ((KeyEvent) -> Void)? { get set }
    /// Called on the loop for each code a barcode or QR scanner read.
    var onScan: ((ScanEvent) -> Void)? { get set }
    /// The devices present now.
    var devices: [InputDeviceInfo] { get }
    /// Where touch lands; set it when the display mode or rotation changes.
    var transform: TouchTransform { get set }
    /// Starts delivering devices and frames.
    func start() throws(VitrineError)
}
