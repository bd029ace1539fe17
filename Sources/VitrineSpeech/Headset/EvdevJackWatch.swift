import CVitrineShims
import Glibc
import VitrineCore
import VitrineSystem

/// Headphone jacks that their sound card's driver reports as input devices: every
/// `/dev/input/event*` whose switches (`EVIOCGBIT(EV_SW)`) include `SW_HEADPHONE_INSERT`,
/// read with evdev directly — libinput, which reads the kiosk's touch and keys, reports only the
/// lid and tablet-mode switches (libinput's documentation, "Switches"), so it cannot be the path.
///
/// The state at start comes from `EVIOCGSW`; after that each device's fd is watched on the loop
/// and its events go through a `HeadsetSwitchDecoder`. Devices are found when the watch is
/// made: a jack device belongs to a sound card, there from boot (a USB headset's card plugged
/// later is not followed until the kiosk restarts). A device that cannot be opened is no error:
/// it is named in one warning with what to do (the `input` group), and speech still starts by
/// its key.
public final class EvdevJackWatch {
    /// One followed jack.
    public struct Jack: Sendable, Equatable, CustomStringConvertible {
        /// Its device node: /dev/input/event7.
        public var node: String
        /// The device's name (`EVIOCGNAME`): "HDA Intel PCH Headphone".
        public var name: String
        public var plugged: Bool

        public var description: String { "\(self.node) (\(self.name)): SW_HEADPHONE_INSERT" }
    }

    /// Called on the loop when a jack's state changes (or its device goes away: unplugged).
    public var onChange: ((Jack) -> Void)?
    /// The jacks followed, in device order.
    public var jacks: [Jack] { self.devices.map(\.jack) }
    /// Whether headphones are in any of them.
    public var plugged: Bool { self.devices.contains { $0.jack.plugged } }
    /// What kept devices from being looked at (no permission), as logged.
    public private(set) var problems: [VitrineError] = []

    private var devices: [JackDevice] = []
    private weak var loop: EventLoop?
    private let logger: Logger

    /// Finds the jack devices in `directory` and follows them on `loop`.
    public init(loop: EventLoop, directory: String = "/dev/input", logger: Logger = Logger("speech")) {
        self.loop = loop
        self.logger = logger
        var unreadable: [String] = []
        let names = Directory.entryNames(directory).filter { $0.hasPrefix("event") }
        for name in names.sorted(by: { (Int($0.dropFirst(5)) ?? .max, $0) < (Int($1.dropFirst(5)) ?? .max, $1) }) {
            let node = directory + "/" + name
            let file: OwnedDescriptor
            do {
                file = try OwnedDescriptor.open(node, flags: O_RDONLY | O_NONBLOCK)
            } catch {
                if error.errno == EACCES || error.errno == EPERM { unreadable.append(node) } else { logger.debug("\(node): \(error)") }
                continue
            }
            guard Self.hasHeadphoneSwitch(file) else { continue }
            let device = JackDevice(file: file, node: node, name: Self.name(of: file) ?? name, plugged: Self.headphoneSwitch(of: file) ?? false)
            do {
                device.watch = try loop.watch(fileDescriptor: file.rawValue) { [weak self, unowned device] in self?.read(device) }
            } catch {
                logger.warning("cannot follow the headphone jack \(device.jack): \(error)")
                continue
            }
            self.devices.append(device)
        }
        if !unreadable.isEmpty {
            let error = VitrineError(
                .permissionDenied, "cannot open \(unreadable.joined(separator: ", ")) to look for a headphone jack",
                hint: "add the vitrine user to the input group (its touchscreen and keys need it too); meanwhile speech starts only by its key",
                cause: SystemError("open", errno: EACCES))
            self.problems.append(error)
            logger.warning(error.description)
        }
    }

    deinit { self.stop() }

    /// Stops following every jack.
    public func stop() {
        for device in self.devices {
            if let watch = device.watch { self.loop?.unwatch(watch) }
            device.watch = nil
        }
        self.devices.removeAll()
    }

    private func read(_ device: JackDevice) {
        let size = MemoryLayout<input_event>.stride
        var events = [input_event](repeating: input_event(), count: 64)
        while true {
            let fd = device.file.rawValue
            let count: Int
            do {
                count = try Syscall.retryingSize("read") { events.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            } catch {
                if error.errno == EAGAIN { return }
                self.remove(device, because: error)
                return
            }
            if count < size { return }
            for event in events.prefix(count / size) {
                if let plugged = device.decoder.feed(type: event.type, code: event.code, value: event.value) {
                    self.changed(device, plugged)
                }
                if device.decoder.needsResynchronization,
                    let plugged = device.decoder.resynchronize(plugged: Self.headphoneSwitch(of: device.file) ?? device.decoder.plugged)
                {
                    self.changed(device, plugged)
                }
            }
        }
    }

    private func changed(_ device: JackDevice, _ plugged: Bool) {
        device.jack.plugged = plugged
        self.onChange?(device.jack)
    }

    /// A device that went away (its card was removed): no longer followed, its jack unplugged.
    private func remove(_ device: JackDevice, because error: SystemError) {
        self.logger.notice("the headphone jack \(device.jack) is gone (\(error)); it is no longer followed")
        if let watch = device.watch { self.loop?.unwatch(watch) }
        device.watch = nil
        self.devices.removeAll { $0 === device }
        if device.jack.plugged { self.changed(device, false) }
    }

    // MARK: evdev

    /// The bytes of a switch bitmask: `SW_MAX` / 8 + 1 (linux/input-event-codes.h).
    private static let switchBytes = Int(SW_MAX) / 8 + 1

    /// Whether the device reports `SW_HEADPHONE_INSERT` (false for a file that is no evdev device).
    static func hasHeadphoneSwitch(_ file: OwnedDescriptor) -> Bool {
        var bits = [UInt8](repeating: 0, count: self.switchBytes)
        let request = CVitrineShims_EVIOCGBIT(UInt32(HeadsetSwitchDecoder.EV_SW), UInt32(bits.count))
        guard (try? Syscall.ioctl(file.rawValue, request, &bits, name: "EVIOCGBIT(EV_SW)")) != nil else { return false }
        return self.bit(Int(HeadsetSwitchDecoder.SW_HEADPHONE_INSERT), of: bits)
    }

    /// The switch's state now (`EVIOCGSW`); nil when it cannot be read.
    static func headphoneSwitch(of file: OwnedDescriptor) -> Bool? {
        var bits = [UInt8](repeating: 0, count: self.switchBytes)
        guard (try? Syscall.ioctl(file.rawValue, CVitrineShims_EVIOCGSW(UInt32(bits.count)), &bits, name: "EVIOCGSW")) != nil else { return nil }
        return self.bit(Int(HeadsetSwitchDecoder.SW_HEADPHONE_INSERT), of: bits)
    }

    /// The device's name (`EVIOCGNAME`).
    static func name(of file: OwnedDescriptor) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard (try? Syscall.ioctl(file.rawValue, CVitrineShims_EVIOCGNAME(UInt32(buffer.count - 1)), &buffer, name: "EVIOCGNAME")) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func bit(_ index: Int, of bits: [UInt8]) -> Bool {
        index / 8 < bits.count && bits[index / 8] & (1 << UInt8(index % 8)) != 0
    }
}

/// One followed jack device: its fd, its decoder, its loop watch.
private final class JackDevice {
    let file: OwnedDescriptor
    var jack: EvdevJackWatch.Jack
    var decoder: HeadsetSwitchDecoder
    var watch: WatchID?

    init(file: OwnedDescriptor, node: String, name: String, plugged: Bool) {
        self.file = file
        self.jack = EvdevJackWatch.Jack(node: node, name: name, plugged: plugged)
        self.decoder = HeadsetSwitchDecoder(plugged: plugged)
    }
}
