import CLibinput
import VitrineCalibration
import VitrineCore
import VitrineKeys
import VitrineUdev

/// Touch from libinput on a seat (udev backend): the `InputSource` of a real panel.
///
/// libinput's fd sits in the run loop; when it is readable, `libinput_dispatch` runs and every
/// queued event is handled at once — no thread, no polling. Devices may come and go at any time
/// (libinput follows udev). Touch events are collected per device in a `TouchContactTable` and
/// become a `TouchFrame` at each `TOUCH_FRAME`; positions come from `get_x/y_transformed` with the
/// output's native size, then `TouchTransform` turns and scales them into logical points. A mouse
/// (or a single-touch device libinput drives as a pointer) is one contact,
/// `TouchContact.pointerID`, down while the left button is. When a device goes away its contacts
/// are cancelled (libinput already does this when it suspends the device; any left are cancelled
/// here), so nothing stays stuck.
///
/// Keyboards on the seat (keypads, barcode scanners; hotplugged ones too) go through `Keyboards`:
/// each keyboard's keys are decoded with the configured keymap, scans are told from typing, and
/// held keys repeat (libinput makes no repeats). A keyboard unplugged mid-word leaves no key
/// repeating and no scan half-read.
public final class LibinputSource: InputSource {
    /// The seat libinput serves when nothing else is configured (udev `ID_SEAT` default).
    public static let defaultSeat = "seat0"
    /// `BTN_LEFT` (`linux/input-event-codes.h`): the mouse button that stands for a finger.
    static let leftButton: UInt32 = 0x110

    private struct TrackedDevice {
        let device: OpaquePointer
        var info: InputDeviceInfo
        var table: TouchContactTable
    }

    public var onFrame: ((TouchFrame) -> Void)?
    public var onDeviceEvent: ((InputDeviceEvent) -> Void)?
    public var onKey: ((KeyEvent) -> Void)?
    public var onScan: ((ScanEvent) -> Void)?
    public var transform: TouchTransform {
        didSet { self.pointer.clamp(to: self.transform) }
    }
    public let seat: String

    private let context: LibinputContext
    private var calibrations: CalibrationStore
    private let loop: EventLoop
    private let logger: Logger
    private var watch: WatchID?
    private var tracked: [UInt: TrackedDevice] = [:]
    private var pointer: PointerContact
    private let keyboards: Keyboards
    private var started = false

    /// Creates the libinput context for `seat`; nothing is opened before `start()`.
    /// - Parameters:
    ///   - calibrations: the calibration directory, read already (`CalibrationStore.load`).
    ///   - keymap: the layout keyboards type with (compiled when the first keyboard appears).
    ///   - scanners: the keyboards that are barcode scanners whatever their timing.
    public init(
        seat: String = defaultSeat, transform: TouchTransform, calibrations: CalibrationStore, keymap: KeymapNames = KeymapNames(),
        scanners: [ScannerMatch] = [], detectScanners: Bool = true, loop: EventLoop, logger: Logger = Logger("input")
    ) throws(VitrineError) {
        let udev = try UdevContext()
        self.context = try LibinputContext(udev: udev, logger: logger)
        self.seat = seat
        self.transform = transform
        self.calibrations = calibrations
        self.loop = loop
        self.logger = logger
        self.pointer = PointerContact(transform: transform)
        self.keyboards = Keyboards(keymap: keymap, scanners: scanners, detectScanners: detectScanners, clock: loop, logger: logger)
        self.context.access.onOpenFailure = { [weak self] path, error in self?.openFailed(path, error) }
        self.keyboards.onKey = { [weak self] in self?.onKey?($0) }
        self.keyboards.onScan = { [weak self] in self?.onScan?($0) }
        self.keyboards.onDeviceEvent = { [weak self] in self?.onDeviceEvent?($0) }
        // A key already in libinput's queue counts before a scanner's pause or a repeat is judged.
        self.keyboards.beforeTimer = { [weak self] in self?.dispatch() }
    }

    deinit {
        if let watch = self.watch { self.loop.unwatch(watch) }
    }

    /// The devices on the seat now, in node order.
    public var devices: [InputDeviceInfo] {
        self.tracked.values.map(\.info).sorted { UdevDevice.numberedNameOrder($0.node) < UdevDevice.numberedNameOrder($1.node) }
    }

    /// Assigns the seat (every device present is reported as added, or cannot be opened and is
    /// reported as an error), registers libinput's fd in the loop, and says once when the seat
    /// has no touchscreen or mouse.
    public func start() throws(VitrineError) {
        guard !self.started else { return }
        self.started = true
        for problem in self.calibrations.problems { self.onDeviceEvent?(.warning(problem)) }
        try self.context.assignSeat(self.seat)
        self.dispatch()
        do {
            self.watch = try self.loop.watch(fileDescriptor: self.context.fileDescriptor) { [weak self] in self?.dispatch() }
        } catch {
            throw VitrineError(.ioFailure, "cannot wait for touch and mouse events on seat \(self.seat): the run loop refused libinput's fd", cause: error)
        }
        if !self.tracked.values.contains(where: { $0.info.capabilities.producesContacts }) {
            self.onDeviceEvent?(.warning(InputErrors.noDevice(seat: self.seat)))
        }
    }

    /// Makes every device present run with the calibration `calibrations` gives it (a re-read
    /// calibration directory, `CalibrationDirectoryWatch`): set through libinput at once, reported
    /// as `.calibrationChanged` for each device whose calibration changed. Devices added later use
    /// it too.
    public func apply(_ calibrations: CalibrationStore) {
        self.calibrations = calibrations
        for problem in calibrations.problems { self.onDeviceEvent?(.warning(problem)) }
        let keys = self.tracked.keys.sorted {
            UdevDevice.numberedNameOrder(self.tracked[$0]!.info.node) < UdevDevice.numberedNameOrder(self.tracked[$1]!.info.node)
        }
        for key in keys {
            guard var entry = self.tracked[key], let previous = entry.info.calibration else { continue }
            let (calibration, reports) = LibinputDevice.calibrate(
                entry.device, name: entry.info.name, key: entry.info.calibrationKey, calibrations: calibrations)
            for report in reports { self.onDeviceEvent?(report) }
            guard let calibration, calibration != previous else { continue }
            entry.info.calibration = calibration
            self.tracked[key] = entry
            self.logger.notice("touch device \(entry.info.name) (\(entry.info.node)) now runs with calibration \(calibration)")
            self.onDeviceEvent?(.calibrationChanged(entry.info))
        }
    }

    /// Runs the touch device at `node` (or named `node`) with the identity matrix, whatever its
    /// file or udev property says: `vitrine calibrate` needs the raw sensor positions, which
    /// libinput gives only through an identity matrix (research/input.md §1.5). It lasts for this
    /// context only; other processes and the files are untouched.
    /// - Throws: when no such device is present or libinput refuses.
    public func resetCalibrationToIdentity(node: String) throws(VitrineError) {
        guard let (key, entry) = self.tracked.first(where: { $0.value.info.node == node || $0.value.info.name == node }),
            entry.info.calibration != nil
        else {
            throw VitrineError(.notFound, "no touch device \(node) on \(self.seat) that can be calibrated")
        }
        if let refusal = LibinputDevice.setMatrix(entry.device, .identity, name: entry.info.name) { throw refusal }
        self.tracked[key]?.info.calibration = .identity
    }

    /// Runs libinput and handles everything it queued.
    private func dispatch() {
        if let failure = self.context.dispatch() {
            self.logger.warning("libinput could not read its devices: \(failure)")
        }
        while let event = self.context.nextEvent() {
            self.handle(event)
            libinput_event_destroy(event)
        }
    }

    private func handle(_ event: OpaquePointer) {
        guard let device = libinput_event_get_device(event) else { return }
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(device)))
        let type = libinput_event_get_type(event)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            let (info, reports) = LibinputDevice.describeAndCalibrate(device, calibrations: self.calibrations)
            self.tracked[key] = TrackedDevice(device: device, info: info, table: TouchContactTable(device: info.name))
            let keyboard = info.capabilities.contains(.keyboard)
            let scanner = keyboard && self.keyboards.isConfiguredScanner(name: info.name, vendor: info.vendor, product: info.product)
            self.logger.info("input device added: \(info.name) (\(info.node)): \(info.summary)\(scanner ? ", scanner (configured)" : "")")
            self.onDeviceEvent?(.added(info))
            for report in reports { self.onDeviceEvent?(report) }
            // After `.added`: a keymap problem (said when the first keyboard comes) follows it.
            if keyboard { self.keyboards.add(Self.keyboardID(key), name: info.name, vendor: info.vendor, product: info.product) }
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            guard var entry = self.tracked.removeValue(forKey: key) else { return }
            let now = UInt64(max(0, self.loop.now.microseconds))
            if let frame = entry.table.cancelAll(timestamp: now) { self.onFrame?(frame) }
            if let frame = self.pointer.cancel(ifFrom: key, device: entry.info.name, timestamp: now) { self.onFrame?(frame) }
            self.keyboards.remove(Self.keyboardID(key))
            self.logger.info("input device removed: \(entry.info.name) (\(entry.info.node))")
            self.onDeviceEvent?(.removed(entry.info))
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL,
            LIBINPUT_EVENT_TOUCH_FRAME:
            self.handleTouch(type, libinput_event_get_touch_event(event), device: key)
        case LIBINPUT_EVENT_POINTER_MOTION, LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE, LIBINPUT_EVENT_POINTER_BUTTON:
            guard let name = self.tracked[key]?.info.name, let pointerEvent = libinput_event_get_pointer_event(event) else { return }
            if let frame = self.pointer.handle(type, pointerEvent, device: key, name: name, transform: self.transform) { self.onFrame?(frame) }
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            guard let keyEvent = libinput_event_get_keyboard_event(event) else { return }
            self.keyboards.key(
                Self.keyboardID(key), code: libinput_event_keyboard_get_key(keyEvent),
                pressed: libinput_event_keyboard_get_key_state(keyEvent) == LIBINPUT_KEY_STATE_PRESSED,
                timestamp: libinput_event_keyboard_get_time_usec(keyEvent))
        default:
            break
        }
    }

    /// The device's key in `Keyboards`: its `libinput_device` pointer, as in `tracked`.
    private static func keyboardID(_ key: UInt) -> Int { Int(bitPattern: key) }

    private func handleTouch(_ type: libinput_event_type, _ event: OpaquePointer?, device key: UInt) {
        guard let event, var entry = self.tracked[key] else { return }
        if type == LIBINPUT_EVENT_TOUCH_FRAME {
            let frame = entry.table.frame(timestamp: libinput_event_touch_get_time_usec(event))
            self.tracked[key] = entry
            if let frame { self.onFrame?(frame) }
            return
        }
        // Only down, motion, up and cancel carry a seat slot (libinput calls it a client bug otherwise).
        let id = Int(libinput_event_touch_get_seat_slot(event))
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let size = self.transform.nativeSize
            let point = self.transform.logicalPoint(
                nativeX: libinput_event_touch_get_x_transformed(event, UInt32(size.width)),
                nativeY: libinput_event_touch_get_y_transformed(event, UInt32(size.height)))
            if type == LIBINPUT_EVENT_TOUCH_DOWN {
                entry.table.down(id: id, x: point.x, y: point.y)
            } else {
                entry.table.motion(id: id, x: point.x, y: point.y)
            }
        case LIBINPUT_EVENT_TOUCH_UP:
            entry.table.up(id: id)
        default:
            entry.table.cancel(id: id)
        }
        self.tracked[key] = entry
    }

    private func openFailed(_ path: String, _ error: SystemError) {
        let failure = InputErrors.cannotOpen(path, error)
        if failure.code == .notFound {
            self.logger.debug(failure.description)
        } else {
            self.onDeviceEvent?(.error(failure))
        }
    }
}
