import VitrineCore

extension VitrineError.Code {
    /// A recording or touch script that cannot be replayed.
    public static let invalidRecording = VitrineError.Code("invalid-recording")
}

/// One kernel input event (`struct input_event`) from a recording, with the line it came from.
public struct EvdevEvent: Equatable, Sendable {
    /// Microseconds since the recording's first event.
    public var time: Int64
    public var type: UInt16
    public var code: UInt16
    public var value: Int32
    public var line: Int

    public init(time: Int64, type: UInt16, code: UInt16, value: Int32, line: Int = 0) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
        self.line = line
    }

    public var isSynReport: Bool { self.type == EvdevCode.EV_SYN && self.code == EvdevCode.SYN_REPORT }
}

/// A `libinput record` file, version 1 (`man libinput-record`, "FILE FORMAT"; research/input.md
/// §2). Only what touch replay needs is read — `devices[].evdev` (name, id, absinfo, codes),
/// `devices[].udev.properties` and the `evdev` entries of `devices[].events`; every other key is
/// ignored, as the format requires of parsers.
public struct LibinputRecording: Sendable {
    /// One recorded device.
    public struct Device: Sendable {
        public var node: String
        public var name: String
        /// `[bustype, vendor, product, version]` of `struct input_id`.
        public var bus: Int
        public var vendor: Int
        public var product: Int
        /// `struct input_absinfo` per ABS code.
        public var absinfo: [UInt16: AbsoluteAxis]
        /// Event codes per type, when the recording lists them.
        public var codes: [UInt16: Set<UInt16>]
        /// The udev properties recorded (`ID_SERIAL`, `LIBINPUT_CALIBRATION_MATRIX`, …).
        public var udevProperties: [String: String]
        /// The device's events in order: the recording's `evdev` frames, one after another.
        public var events: [EvdevEvent]
        /// The line of the device's entry.
        public var line: Int

        public init(
            node: String = "/dev/input/event0", name: String, bus: Int = 0, vendor: Int = 0, product: Int = 0,
            absinfo: [UInt16: AbsoluteAxis], codes: [UInt16: Set<UInt16>] = [:], udevProperties: [String: String] = [:],
            events: [EvdevEvent] = [], line: Int = 0
        ) {
            self.node = node
            self.name = name
            self.bus = bus
            self.vendor = vendor
            self.product = product
            self.absinfo = absinfo
            self.codes = codes
            self.udevProperties = udevProperties
            self.events = events
            self.line = line
        }

        /// Whether the device declares `code` of `type` (true when the recording lists no codes).
        public func has(_ type: UInt16, _ code: UInt16) -> Bool {
            guard !self.codes.isEmpty else { return type != EvdevCode.EV_ABS || self.absinfo[code] != nil }
            return self.codes[type]?.contains(code) ?? false
        }
    }

    public var devices: [Device]

    public init(devices: [Device]) {
        self.devices = devices
    }

    /// Reads a parsed recording; errors name `file` and the line.
    public static func parse(_ root: YAMLNode, file: String) throws(VitrineError) -> LibinputRecording {
        func fail(_ node: YAMLNode?, _ what: String) -> VitrineError {
            VitrineError(.invalidRecording, "\(file) line \(node?.line ?? root.line): \(what)", hint: "see `man libinput-record`, FILE FORMAT")
        }
        guard root.pairs != nil else { throw fail(root, "expected a libinput record file (a mapping with version and devices)") }
        guard let version = root["version"]?.integer else { throw fail(root, "no version: this is not a libinput record file") }
        guard version == 1 else { throw fail(root["version"], "version \(version) is not supported (only libinput record version 1)") }
        guard let deviceNodes = root["devices"]?.items, !deviceNodes.isEmpty else { throw fail(root["devices"], "no devices") }
        var devices: [Device] = []
        var eventCount = 0
        for node in deviceNodes {
            guard let evdev = node["evdev"] else { throw fail(node, "device has no evdev description") }
            var device = Device(node: node["node"]?.scalar ?? "?", name: evdev["name"]?.scalar ?? "unnamed", absinfo: [:], line: node.line)
            if let id = evdev["id"]?.items {
                let numbers = id.compactMap(\.integer)
                guard numbers.count == 4 else { throw fail(evdev["id"], "id must be [bustype, vendor, product, version]") }
                (device.bus, device.vendor, device.product) = (numbers[0], numbers[1], numbers[2])
            }
            for (key, value) in evdev["absinfo"]?.pairs ?? [] {
                let numbers = value.items?.compactMap(\.integer) ?? []
                guard let code = UInt16(key), code <= EvdevCode.ABS_MAX, numbers.count == 5,
                    let minimum = Int32(exactly: numbers[0]), let maximum = Int32(exactly: numbers[1]), let resolution = Int32(exactly: numbers[4])
                else { throw fail(value, "absinfo \(key) must be [min, max, fuzz, flat, resolution]") }
                guard maximum >= minimum else { throw fail(value, "absinfo \(key): maximum \(maximum) is below minimum \(minimum)") }
                if code == EvdevCode.ABS_MT_SLOT {
                    guard minimum == 0, maximum < Self.maximumSlots else {
                        throw fail(
                            value, "absinfo \(key) (ABS_MT_SLOT) must be [0, n − 1, …] with at most \(Self.maximumSlots) slots; the kernel allows no more")
                    }
                } else if minimum == maximum && code != EvdevCode.ABS_MISC && code != EvdevCode.ABS_MT_TOOL_TYPE {
                    // libinput disables such an axis when both are 0 and the code is in
                    // ABS_MISC ..< ABS_MT_SLOT, and rejects the device otherwise (src/evdev.c,
                    // `evdev_reject_device` and `evdev_check_min_max`); replay does the same.
                    guard minimum == 0, code > EvdevCode.ABS_MISC, code < EvdevCode.ABS_MT_SLOT else {
                        throw fail(value, "absinfo \(key): minimum and maximum are both \(minimum); libinput rejects a device with min == max on an axis")
                    }
                    continue
                }
                device.absinfo[code] = AbsoluteAxis(minimum: minimum, maximum: maximum, resolution: resolution)
            }
            for (key, value) in evdev["codes"]?.pairs ?? [] {
                guard let type = UInt16(key), let list = value.items else { throw fail(value, "codes \(key) must be a list") }
                device.codes[type] = Set(list.compactMap { $0.integer.flatMap(UInt16.init(exactly:)) })
            }
            for property in node["udev"]?["properties"]?.items ?? [] {
                guard let text = property.scalar, let equals = text.firstIndex(of: "=") else { continue }
                device.udevProperties[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            device.events = try self.events(of: node["events"], file: file, before: eventCount, fail: fail)
            eventCount += device.events.count
            devices.append(device)
        }
        return LibinputRecording(devices: devices)
    }

    /// The most multitouch slots a device has: the kernel refuses more than 1024
    /// (`input_mt_init_slots`, drivers/input/input-mt.c: "Arbitrary limit for avoiding too large
    /// memory allocation"), so no real recording declares more. Replay keeps state per slot.
    public static let maximumSlots = 1024

    /// `before`: the events of earlier devices, counted against `InputRecording.maximumEvents`.
    private static func events(of node: YAMLNode?, file: String, before: Int, fail: (YAMLNode?, String) -> VitrineError) throws(VitrineError) -> [EvdevEvent] {
        var events: [EvdevEvent] = []
        let longestSeconds = InputRecording.longestDuration / 1_000_000
        for entry in node?.items ?? [] {
            // Other entries (`hid`, `libinput`) are not evdev frames; skip them.
            guard let frame = entry["evdev"] else { continue }
            guard let list = frame.items else { throw fail(frame, "evdev must be a list of [sec, usec, type, code, value]") }
            guard before + events.count + list.count <= InputRecording.maximumEvents else {
                throw fail(frame, "more than \(InputRecording.maximumEvents) events; replay a shorter recording (cut it with a text editor at a SYN_REPORT)")
            }
            for item in list {
                let numbers = item.items?.compactMap(\.integer) ?? []
                guard numbers.count == 5, numbers[0] >= 0, (0..<1_000_000).contains(numbers[1]),
                    let type = UInt16(exactly: numbers[2]), type <= EvdevCode.EV_MAX,
                    let code = UInt16(exactly: numbers[3]), let value = Int32(exactly: numbers[4])
                else { throw fail(item, "an evdev event must be [sec, usec, type, code, value] with usec below 1000000") }
                guard numbers[0] <= longestSeconds else {
                    throw fail(
                        item,
                        "the event's time \(numbers[0]) s is more than \(longestSeconds) s (a week) after the recording started; replay a shorter recording")
                }
                let event = EvdevEvent(time: Int64(numbers[0]) * 1_000_000 + Int64(numbers[1]), type: type, code: code, value: value, line: item.line)
                if let previous = events.last, event.time < previous.time {
                    throw fail(item, "time goes backwards (\(event.time) µs after \(previous.time) µs)")
                }
                events.append(event)
            }
        }
        return events
    }
}

/// The evdev constants replay needs (`linux/input-event-codes.h`, `linux/input.h`).
public enum EvdevCode {
    public static let EV_SYN: UInt16 = 0x00
    public static let EV_KEY: UInt16 = 0x01
    public static let EV_REL: UInt16 = 0x02
    public static let EV_ABS: UInt16 = 0x03
    public static let EV_MAX: UInt16 = 0x1f
    public static let SYN_REPORT: UInt16 = 0
    public static let SYN_DROPPED: UInt16 = 3
    public static let BTN_TOUCH: UInt16 = 0x14a
    public static let ABS_X: UInt16 = 0x00
    public static let ABS_Y: UInt16 = 0x01
    public static let ABS_MISC: UInt16 = 0x28
    public static let ABS_MT_SLOT: UInt16 = 0x2f
    public static let ABS_MT_TOOL_TYPE: UInt16 = 0x37
    public static let ABS_MT_POSITION_X: UInt16 = 0x35
    public static let ABS_MT_POSITION_Y: UInt16 = 0x36
    public static let ABS_MT_TRACKING_ID: UInt16 = 0x39
    public static let ABS_MAX: UInt16 = 0x3f
    /// `ABS_MT_TOOL_TYPE` value of a palm (`MT_TOOL_PALM`).
    public static let MT_TOOL_PALM: Int32 = 0x02
    /// `EV_KEY` values: released, pressed, and the kernel's own autorepeat (which libinput
    /// drops; the source makes its repeats itself).
    public static let KEY_RELEASED: Int32 = 0
    public static let KEY_REPEATED: Int32 = 2

    /// Whether `EV_KEY` `code` is a key of a keyboard or keypad, not a button: everything from
    /// `KEY_ESC` (1) to `KEY_MAX` (0x2ff) except the button ranges `BTN_MISC`…`BTN_GEAR_UP`
    /// (0x100…0x151, mice, joysticks, pens, touch), `BTN_DPAD_UP`…`BTN_DPAD_RIGHT`
    /// (0x220…0x223) and `BTN_TRIGGER_HAPPY`… (0x2c0…0x2e7).
    public static func isKeyboardKey(_ code: UInt16) -> Bool {
        (1...0x2ff).contains(code) && !(0x100...0x151).contains(code) && !(0x220...0x223).contains(code) && !(0x2c0...0x2e7).contains(code)
    }
}
