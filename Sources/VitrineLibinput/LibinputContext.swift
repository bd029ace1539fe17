import CLibinput
import Glibc
import VitrineCore
import VitrineSystem
import VitrineUdev

/// Opens and closes device nodes for libinput (`open_restricted` / `close_restricted`) and
/// receives its log lines: the Swift object libinput's C callbacks reach through the context's
/// user data (`Unmanaged`, unretained: the owning `LibinputContext` outlives every callback).
final class DeviceAccess {
    let logger: Logger
    /// Told about every node that cannot be opened.
    var onOpenFailure: ((String, SystemError) -> Void)?

    init(logger: Logger) {
        self.logger = logger
    }

    /// Opens `path` with exactly the flags libinput asks for (`O_RDWR|O_NONBLOCK|O_CLOEXEC`,
    /// `evdev_device_create`); returns the fd or a negative errno, as libinput expects.
    func open(_ path: String, flags: Int32) -> Int32 {
        do {
            return try Syscall.retrying("open(\(path))") { Glibc.open(path, flags) }
        } catch {
            self.onOpenFailure?(path, error)
            return -error.errno
        }
    }

    func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// libinput's own messages, at the matching level.
    func log(_ priority: libinput_log_priority, _ message: String) {
        let text = "libinput: " + message.trimmingTrailingNewlines
        switch priority {
        case LIBINPUT_LOG_PRIORITY_ERROR: self.logger.warning(text)
        case LIBINPUT_LOG_PRIORITY_INFO: self.logger.info(text)
        default: self.logger.debug(text)
        }
    }
}

/// A libinput context on the udev backend (`struct libinput`), released with `libinput_unref`.
///
/// It owns what the C side points at for its whole life: the `libinput_interface` (libinput keeps
/// the pointer, not a copy), the `DeviceAccess` its callbacks reach, and the udev context.
final class LibinputContext {
    let raw: OpaquePointer
    let access: DeviceAccess
    private let udev: UdevContext
    private let interface: UnsafeMutablePointer<libinput_interface>

    /// `libinput_udev_create_context`, with the log routed to `logger` at libinput's default
    /// priority (errors only; `VITRINE_LOG_LEVEL=debug` raises it to debug).
    init(udev: UdevContext, logger: Logger) throws(VitrineError) {
        let access = DeviceAccess(logger: logger)
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(
            to: libinput_interface(
                open_restricted: { path, flags, userData in
                    guard let path, let userData else { return -EINVAL }
                    return Unmanaged<DeviceAccess>.fromOpaque(userData).takeUnretainedValue().open(String(cString: path), flags: flags)
                },
                close_restricted: { fd, userData in
                    guard let userData else { return }
                    Unmanaged<DeviceAccess>.fromOpaque(userData).takeUnretainedValue().close(fd)
                }))
        guard let raw = libinput_udev_create_context(interface, Unmanaged.passUnretained(access).toOpaque(), udev.raw) else {
            interface.deallocate()
            throw VitrineError(.unsupported, "cannot create a libinput context", hint: "is libinput installed (libinput10)?")
        }
        self.raw = raw
        self.access = access
        self.udev = udev
        self.interface = interface
        vitrine_libinput_log_to_swift(raw)
        if Log.minimumLevel >= .debug { libinput_log_set_priority(raw, LIBINPUT_LOG_PRIORITY_DEBUG) }
    }

    deinit {
        // Closes every device through close_restricted, so `access` must still be alive: it is,
        // properties are released after this body.
        libinput_unref(self.raw)
        self.interface.deinitialize(count: 1)
        self.interface.deallocate()
    }

    /// `libinput_udev_assign_seat`: enumerates the seat's devices (each becomes a
    /// `DEVICE_ADDED` event) and starts following udev for more.
    func assignSeat(_ seat: String) throws(VitrineError) {
        if libinput_udev_assign_seat(self.raw, seat) != 0 {
            throw VitrineError(
                .unsupported, "libinput cannot assign seat \(seat)",
                hint: "is systemd-udevd running? libinput's udev backend needs it")
        }
    }

    /// The fd to watch: readable whenever `dispatch()` has work.
    var fileDescriptor: Int32 { libinput_get_fd(self.raw) }

    /// `libinput_dispatch`: reads devices and timers and queues events; nil or the failure.
    func dispatch() -> SystemError? {
        let status = libinput_dispatch(self.raw)
        return status < 0 ? SystemError("libinput_dispatch", errno: -status) : nil
    }

    /// The next queued event; the caller destroys it with `libinput_event_destroy`.
    func nextEvent() -> OpaquePointer? { libinput_get_event(self.raw) }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last == "\n" { text = text.dropLast() }
        return String(text)
    }
}

/// libinput's log messages, formatted by CLibinput's shim (its va_list stays in C), to the
/// context's `DeviceAccess`.
@_cdecl("vitrine_libinput_log_text")
func libinputLogText(_ libinput: OpaquePointer?, _ priority: libinput_log_priority, _ text: UnsafePointer<CChar>?) {
    guard let libinput, let text, let userData = libinput_get_user_data(libinput) else { return }
    Unmanaged<DeviceAccess>.fromOpaque(userData).takeUnretainedValue().log(priority, String(cString: text))
}
