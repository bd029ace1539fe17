/// The contacts of one device between two frames: libinput's `TOUCH_DOWN`, `TOUCH_MOTION`,
/// `TOUCH_UP` and `TOUCH_CANCEL`, collected until `TOUCH_FRAME` turns them into a `TouchFrame`.
///
/// Both input sources feed it — libinput's events on a panel, the protocol-B decoder in replay —
/// so both produce frames the same way: every contact that is down (`stationary` when unchanged),
/// plus those that ended or were cancelled since the last frame, sorted by id.
public struct TouchContactTable: Sendable {
    /// The device name frames carry.
    public let device: String
    private var contacts: [Int: TouchContact] = [:]

    public init(device: String) {
        self.device = device
    }

    /// The ids of contacts that are down (including ones that began since the last frame).
    public var activeIDs: [Int] { self.contacts.values.filter(\.isActive).map(\.id).sorted() }
    public var hasActiveContacts: Bool { self.contacts.values.contains(where: \.isActive) }

    /// Where contact `id` was last seen, if it is known.
    public func position(of id: Int) -> (x: Double, y: Double)? {
        self.contacts[id].map { ($0.x, $0.y) }
    }

    /// A contact touched down. A second down for an id that is still down restarts it as a new
    /// contact (libinput never sends that; scripts are checked before they get here).
    public mutating func down(id: Int, x: Double, y: Double) {
        self.contacts[id] = TouchContact(id: id, phase: .began, x: x, y: y)
    }

    /// A contact moved; ignored for an id that is not down.
    public mutating func motion(id: Int, x: Double, y: Double) {
        guard var contact = self.contacts[id], contact.isActive else { return }
        contact.x = x
        contact.y = y
        if contact.phase != .began { contact.phase = .moved }
        self.contacts[id] = contact
    }

    /// A contact lifted, at its last position.
    public mutating func up(id: Int) {
        self.finish(id: id, as: .ended)
    }

    /// A contact was taken away (palm, unplug): gestures must abort, not act.
    public mutating func cancel(id: Int) {
        self.finish(id: id, as: .cancelled)
    }

    /// Cancels every contact that is down (the device went away) and returns the frame that says
    /// so, or nil when none was down.
    public mutating func cancelAll(timestamp: UInt64) -> TouchFrame? {
        for id in self.activeIDs { self.cancel(id: id) }
        return self.frame(timestamp: timestamp)
    }

    /// The frame for everything since the last one, or nil when nothing changed. Ended and
    /// cancelled contacts are reported once, then forgotten; the rest become `stationary`.
    public mutating func frame(timestamp: UInt64) -> TouchFrame? {
        guard self.contacts.values.contains(where: { $0.phase != .stationary }) else { return nil }
        let frame = TouchFrame(timestamp: timestamp, contacts: self.contacts.values.sorted { $0.id < $1.id }, device: self.device)
        for (id, contact) in self.contacts {
            if contact.isActive {
                self.contacts[id]?.phase = .stationary
            } else {
                self.contacts[id] = nil
            }
        }
        return frame
    }

    private mutating func finish(id: Int, as phase: TouchContact.Phase) {
        guard let contact = self.contacts[id], contact.isActive else { return }
        if contact.phase == .began {
            // Down and gone within one sample: nobody saw it begin, so nobody hears of it.
            self.contacts[id] = nil
        } else {
            self.contacts[id]?.phase = phase
        }
    }
}
