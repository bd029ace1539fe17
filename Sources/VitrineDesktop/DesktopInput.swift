import VitrineCore

/// The preview window's mouse and touch as an `InputSource`: the mouse with its left button
/// down is one finger (`TouchContact.pointerID`), each SDL touch is a finger. Frames keep the
/// `InputSource` contract: every frame lists every contact that is down (`stationary` when it
/// did not change) and the one that ended, sorted by id.
public final class DesktopInput: InputSource {
    public var onFrame: ((TouchFrame) -> Void)?
    public var onDeviceEvent: ((InputDeviceEvent) -> Void)?
    public var onKey: ((KeyEvent) -> Void)?
    public var onScan: ((ScanEvent) -> Void)?
    /// Window pixels become points by `transform.scale`; rotation does not apply, because the
    /// window already shows the panel upright.
    public var transform: TouchTransform
    public let devices: [InputDeviceInfo]

    private let window: DesktopWindow
    private let clock: Clock
    /// Contacts down now: id → position in points.
    private var down: [Int: (x: Double, y: Double)] = [:]

    public init(window: DesktopWindow, transform: TouchTransform, clock: Clock) {
        self.window = window
        self.transform = transform
        self.clock = clock
        self.devices = [InputDeviceInfo(name: "preview window \(window.title)", node: "sdl", capabilities: [.pointer, .touch])]
    }

    public func start() throws(VitrineError) {
        for device in self.devices { self.onDeviceEvent?(.added(device)) }
        self.window.onContact = { [weak self] contact in self?.handle(contact) }
    }

    func handle(_ contact: DesktopWindow.Contact) {
        let x = contact.x / self.transform.scale
        let y = contact.y / self.transform.scale
        var contacts: [TouchContact] = []
        for (id, position) in self.down where id != contact.id {
            contacts.append(TouchContact(id: id, phase: .stationary, x: position.x, y: position.y))
        }
        switch contact.phase {
        case .began, .moved, .stationary:
            let phase: TouchContact.Phase = self.down[contact.id] == nil ? .began : contact.phase == .began ? .moved : contact.phase
            self.down[contact.id] = (x, y)
            contacts.append(TouchContact(id: contact.id, phase: phase, x: x, y: y))
        case .ended, .cancelled:
            guard self.down.removeValue(forKey: contact.id) != nil else { return }
            contacts.append(TouchContact(id: contact.id, phase: contact.phase, x: x, y: y))
        }
        contacts.sort { $0.id < $1.id }
        let microseconds = UInt64(max(0, self.clock.now.nanoseconds / 1000))
        self.onFrame?(TouchFrame(timestamp: microseconds, contacts: contacts, device: self.devices[0].name))
    }
}
