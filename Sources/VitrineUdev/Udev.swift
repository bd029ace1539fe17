import CUdev
import Glibc
import VitrineCore

/// A libudev context (`struct udev`), released with the last reference.
///
/// Shared by the display (card discovery, hotplug) and input (libinput's udev backend takes the
/// same context), hence its own module.
public final class UdevContext {
    /// The `struct udev *`, for other C wrappers in this package (libinput's udev backend).
    package let raw: OpaquePointer

    public init() throws(VitrineError) {
        guard let raw = udev_new() else {
            throw VitrineError(.unsupported, "cannot create a udev context", cause: SystemError("udev_new", errno: errno))
        }
        self.raw = raw
    }

    deinit { udev_unref(self.raw) }

    /// The device nodes of a subsystem whose sysname matches `sysnamePattern` (a glob), with their
    /// properties, sorted by sysname number (`card0` before `card1` before `card10`).
    public func devices(subsystem: String, sysnamePattern: String) -> [UdevDevice] {
        guard let enumerate = udev_enumerate_new(self.raw) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, subsystem)
        udev_enumerate_add_match_sysname(enumerate, sysnamePattern)
        udev_enumerate_scan_devices(enumerate)
        var result: [UdevDevice] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            if let syspath = udev_list_entry_get_name(current), let device = udev_device_new_from_syspath(self.raw, syspath) {
                result.append(UdevDevice(device))
                udev_device_unref(device)
            }
            entry = udev_list_entry_get_next(current)
        }
        return result.sorted { $0.sysnameOrder < $1.sysnameOrder }
    }
}

/// A snapshot of one udev device's identity and properties.
public struct UdevDevice: Sendable, Equatable {
    public var sysname: String
    public var syspath: String
    public var devnode: String?
    public var action: String?
    public var properties: [String: String]

    public init(sysname: String, syspath: String, devnode: String?, action: String?, properties: [String: String]) {
        self.sysname = sysname
        self.syspath = syspath
        self.devnode = devnode
        self.action = action
        self.properties = properties
    }

    /// Copies what Vitrine reads from a `struct udev_device *`; the caller keeps its reference.
    package init(_ device: OpaquePointer) {
        func text(_ p: UnsafePointer<CChar>?) -> String? { p.map { String(cString: $0) } }
        self.sysname = text(udev_device_get_sysname(device)) ?? ""
        self.syspath = text(udev_device_get_syspath(device)) ?? ""
        self.devnode = text(udev_device_get_devnode(device))
        self.action = text(udev_device_get_action(device))
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let name = text(udev_list_entry_get_name(current)) {
                properties[name] = text(udev_list_entry_get_value(current)) ?? ""
            }
            entry = udev_list_entry_get_next(current)
        }
        self.properties = properties
    }

    /// Sorts `card2` before `card10`.
    var sysnameOrder: (String, Int) { Self.numberedNameOrder(self.sysname) }

    /// A sort key that orders names ending in a number by that number: `event2` before
    /// `event10`, `/dev/input/event2` before `/dev/input/event10`.
    public static func numberedNameOrder(_ name: String) -> (String, Int) {
        let digits = name.reversed().prefix { $0.isNumber }
        return (String(name.dropLast(digits.count)), Int(String(digits.reversed())) ?? -1)
    }
}

/// Listens to udev events of one subsystem on the run loop (netlink, no thread, no polling).
///
/// Uses the "udev" source, i.e. events after udevd processed them — udevd must run, as on any
/// systemd system. Hardening must keep `AF_NETLINK` and must not set `PrivateNetwork=` or the
/// events never arrive (systemd#15931; Docs/deployment.md).
public final class UdevMonitor {
    private let context: UdevContext
    private let monitor: OpaquePointer
    private var watch: WatchID?
    private weak var loop: EventLoop?

    public init(subsystem: String, context: UdevContext, loop: EventLoop, handler: @escaping (UdevDevice) -> Void) throws(VitrineError) {
        guard let monitor = udev_monitor_new_from_netlink(context.raw, "udev") else {
            throw VitrineError(
                .unsupported, "cannot listen to udev events", hint: "is systemd-udevd running?",
                cause: SystemError("udev_monitor_new_from_netlink", errno: errno))
        }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, subsystem, nil)
        let status = udev_monitor_enable_receiving(monitor)
        if status < 0 {
            udev_monitor_unref(monitor)
            throw VitrineError(.unsupported, "cannot listen to udev events", cause: SystemError("udev_monitor_enable_receiving", errno: -status))
        }
        self.context = context
        self.monitor = monitor
        self.loop = loop
        let fd = udev_monitor_get_fd(monitor)
        do {
            self.watch = try loop.watch(fileDescriptor: fd) { [weak self] in
                guard let self else { return }
                while let device = udev_monitor_receive_device(self.monitor) {
                    let snapshot = UdevDevice(device)
                    udev_device_unref(device)
                    handler(snapshot)
                }
            }
        } catch {
            throw VitrineError(.unsupported, "cannot listen to udev \(subsystem) events: the run loop refused the monitor's fd", cause: error)
        }
    }

    deinit {
        if let watch = self.watch { self.loop?.unwatch(watch) }
        udev_monitor_unref(self.monitor)
    }
}
