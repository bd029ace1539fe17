import CLibinput
import VitrineCore

/// The one contact a seat's mice drive, so a kiosk can be tried with a mouse: down while the left
/// button is held (seat-wide, `libinput_event_pointer_get_seat_button_count`), moving with the
/// pointer, id `TouchContact.pointerID`.
///
/// Relative motion moves it across the upright, logical screen (a mouse is not mounted on the
/// panel, so rotation does not turn it); absolute motion — a single-touch panel or a tablet that
/// libinput drives as a pointer — is on the panel, so it goes through the `TouchTransform` like
/// touch does.
struct PointerContact {
    /// Whether the button is held, and on which device it went down.
    enum Button {
        case up
        case down(device: UInt)
    }

    private(set) var x: Double
    private(set) var y: Double
    private(set) var button = Button.up

    /// Starts in the middle of the screen.
    init(transform: TouchTransform) {
        let size = transform.logicalSize
        self.x = size.width / 2
        self.y = size.height / 2
    }

    /// Keeps the position on the screen after a size or rotation change.
    mutating func clamp(to transform: TouchTransform) {
        let size = transform.logicalSize
        self.x = min(max(self.x, 0), size.width)
        self.y = min(max(self.y, 0), size.height)
    }

    /// Follows one pointer event; returns a frame when the contact began, moved or ended.
    mutating func handle(_ type: libinput_event_type, _ event: OpaquePointer, device: UInt, name: String, transform: TouchTransform) -> TouchFrame? {
        let timestamp = libinput_event_pointer_get_time_usec(event)
        switch type {
        case LIBINPUT_EVENT_POINTER_MOTION:
            self.x += libinput_event_pointer_get_dx(event) / transform.scale
            self.y += libinput_event_pointer_get_dy(event) / transform.scale
            self.clamp(to: transform)
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let size = transform.nativeSize
            let point = transform.logicalPoint(
                nativeX: libinput_event_pointer_get_absolute_x_transformed(event, UInt32(size.width)),
                nativeY: libinput_event_pointer_get_absolute_y_transformed(event, UInt32(size.height)))
            (self.x, self.y) = (point.x, point.y)
        case LIBINPUT_EVENT_POINTER_BUTTON:
            guard libinput_event_pointer_get_button(event) == LibinputSource.leftButton else { return nil }
            let pressed = libinput_event_pointer_get_button_state(event) == LIBINPUT_BUTTON_STATE_PRESSED
            let held = libinput_event_pointer_get_seat_button_count(event)
            switch (self.button, pressed) {
            case (.up, true) where held == 1:
                self.button = .down(device: device)
                return self.frame(.began, timestamp: timestamp, device: name)
            case (.down, false) where held == 0:
                self.button = .up
                return self.frame(.ended, timestamp: timestamp, device: name)
            default:
                return nil
            }
        default:
            return nil
        }
        guard case .down = self.button else { return nil }
        return self.frame(.moved, timestamp: timestamp, device: name)
    }

    /// Cancels the contact when the device whose button holds it goes away.
    mutating func cancel(ifFrom device: UInt, device name: String, timestamp: UInt64) -> TouchFrame? {
        guard case .down(let holder) = self.button, holder == device else { return nil }
        self.button = .up
        return self.frame(.cancelled, timestamp: timestamp, device: name)
    }

    private func frame(_ phase: TouchContact.Phase, timestamp: UInt64, device: String) -> TouchFrame {
        TouchFrame(timestamp: timestamp, contacts: [TouchContact(id: TouchContact.pointerID, phase: phase, x: self.x, y: self.y)], device: device)
    }
}
